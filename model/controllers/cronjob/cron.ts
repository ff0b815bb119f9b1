/**
 * The cron schedules CronJobs use: robfig/cron v3's ParseStandard (minute hour day-of-month
 * month day-of-week, the @descriptors, an optional TZ= prefix) with its error texts, which the
 * API server returns word for word for a bad schedule, and SpecSchedule.Next, which the
 * CronJob controller asks for the next time to run.
 */

/** One field's allowed values; `star` when written as * or ? (day matching treats that apart). */
interface Field {
  values: Set<number>;
  star: boolean;
}

export interface CronSchedule {
  minute: Field;
  hour: Field;
  dom: Field;
  month: Field;
  dow: Field;
  /** @every: a constant delay instead of fields. */
  everyMs?: number;
  /** The IANA zone of a TZ= prefix, if any. */
  timeZone?: string;
}

export interface Bounds {
  min: number;
  max: number;
  names?: Record<string, number>;
}

const MINUTES: Bounds = { min: 0, max: 59 };
const HOURS: Bounds = { min: 0, max: 23 };
const DOM: Bounds = { min: 1, max: 31 };
const MONTHS: Bounds = { min: 1, max: 12, names: { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 } };
const DOW: Bounds = { min: 0, max: 6, names: { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 } };

export class CronError extends Error {}

/** Go's strings.Fields: split on runs of white space. */
const goFields = (s: string) => s.split(/[ \t\n\v\f\r]+/).filter((x) => x !== '');

/** cron.ParseStandard: throws CronError with robfig/cron v3's message. */
export function parseStandard(spec: string): CronSchedule {
  if (spec.length === 0) throw new CronError('empty spec string');
  let timeZone: string | undefined;
  if (spec.startsWith('TZ=') || spec.startsWith('CRON_TZ=')) {
    const i = spec.indexOf(' ');
    const eq = spec.indexOf('=');
    const name = i < 0 ? spec.slice(eq + 1) : spec.slice(eq + 1, i);
    const err = loadLocationError(name);
    if (err) throw new CronError(`provided bad location ${name}: ${err}`);
    timeZone = name;
    spec = i < 0 ? '' : spec.slice(i).trim();
  }
  if (spec.startsWith('@')) return { ...descriptor(spec), timeZone };
  const fields = goFields(spec);
  if (fields.length !== 5) throw new CronError(`expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`);
  return { minute: field(fields[0], MINUTES), hour: field(fields[1], HOURS), dom: field(fields[2], DOM), month: field(fields[3], MONTHS), dow: field(fields[4], DOW), timeZone };
}

function all(b: Bounds, star: boolean): Field {
  const values = new Set<number>();
  for (let i = b.min; i <= b.max; i++) values.add(i);
  return { values, star };
}
const only = (v: number): Field => ({ values: new Set([v]), star: false });

function descriptor(spec: string): CronSchedule {
  const base = { minute: only(0), hour: only(0), dom: all(DOM, true), month: all(MONTHS, true), dow: all(DOW, true) };
  switch (spec) {
    case '@yearly':
    case '@annually':
      return { ...base, dom: only(1), month: only(1) };
    case '@monthly':
      return { ...base, dom: only(1) };
    case '@weekly':
      return { ...base, dow: only(0) };
    case '@daily':
    case '@midnight':
      return base;
    case '@hourly':
      return { ...base, hour: all(HOURS, true) };
  }
  if (spec.startsWith('@every ')) {
    const text = spec.slice('@every '.length);
    const ms = goDurationMs(text);
    if (ms === undefined) throw new CronError(`failed to parse duration ${spec}: time: invalid duration ${goQuote(text)}`);
    // Every(): at least a second, rounded down to whole seconds.
    return { ...base, everyMs: Math.max(1000, ms - (ms % 1000)) };
  }
  throw new CronError(`unrecognized descriptor: ${spec}`);
}

/** getField: a comma-separated list of ranges. */
export function field(text: string, b: Bounds): Field {
  const out: Field = { values: new Set(), star: false };
  for (const expr of text.split(',').filter((x) => x !== '')) {
    const r = range(expr, b);
    for (const v of r.values) out.values.add(v);
    out.star ||= r.star;
  }
  return out;
}

/** getRange: number | number "-" number [ "/" number ], or * and ? for the whole range. */
export function range(expr: string, b: Bounds): Field {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0].split('-');
  const single = lowAndHigh.length === 1;
  let start: number;
  let end: number;
  let star = false;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = b.min;
    end = b.max;
    star = true;
  } else {
    start = intOrName(lowAndHigh[0], b.names);
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) end = intOrName(lowAndHigh[1], b.names);
    else throw new CronError(`too many hyphens: ${expr}`);
  }
  let step = 1;
  if (rangeAndStep.length === 2) {
    step = parseNonNegative(rangeAndStep[1]);
    // "N/step" means "N-max/step".
    if (single) end = b.max;
    if (step > 1) star = false;
  } else if (rangeAndStep.length > 2) throw new CronError(`too many slashes: ${expr}`);
  if (start < b.min) throw new CronError(`beginning of range (${start}) below minimum (${b.min}): ${expr}`);
  if (end > b.max) throw new CronError(`end of range (${end}) above maximum (${b.max}): ${expr}`);
  if (start > end) throw new CronError(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) throw new CronError(`step of range should be a positive number: ${expr}`);
  const values = new Set<number>();
  for (let i = start; i <= end; i += step) values.add(i);
  return { values, star };
}

function intOrName(expr: string, names?: Record<string, number>): number {
  const named = names?.[expr.toLowerCase()];
  return named ?? parseNonNegative(expr);
}

/** mustParseInt: strconv.Atoi's errors, then no negative numbers. */
function parseNonNegative(expr: string): number {
  if (!/^[+-]?\d+$/.test(expr)) throw new CronError(`failed to parse int from ${expr}: strconv.Atoi: parsing ${goQuote(expr)}: invalid syntax`);
  const n = Number(expr);
  if (!Number.isSafeInteger(n) || Math.abs(n) > 2 ** 63 - 1) throw new CronError(`failed to parse int from ${expr}: strconv.Atoi: parsing ${goQuote(expr)}: value out of range`);
  if (n < 0) throw new CronError(`negative number (${n}) not allowed: ${expr}`);
  return n;
}

const goQuote = (s: string) => JSON.stringify(s);

/** A Go duration ("1h30m", "90s") in ms, or undefined when time.ParseDuration refuses it. */
function goDurationMs(s: string): number | undefined {
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60000, h: 3600000 };
  if (s === '0') return 0;
  const m = /^([+-]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h))+$/.test(s);
  if (!m) return undefined;
  let total = 0;
  for (const part of s.replace(/^[+-]/, '').matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g)) total += Number(part[1]) * units[part[2]];
  return s.startsWith('-') ? -total : total;
}

/** time.LoadLocation's error for a zone name, or undefined when the zone exists. */
export function loadLocationError(name: string): string | undefined {
  if (name === '' || name === 'UTC') return undefined;
  if (name === 'Local') return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    // Intl accepts some aliases Go's zoneinfo lacks in other cases ("utc"); Go's names are case-sensitive.
    if (name !== name.trim() || /^[a-z]+$/.test(name)) return `unknown time zone ${name}`;
    return undefined;
  } catch {
    return `unknown time zone ${name}`;
  }
}

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC (ms) at an instant. */
function offsetMs(zone: string | undefined, t: number): number {
  // Local is the controller manager's own zone: UTC, as every component of the model runs in.
  if (!zone || zone === 'UTC' || zone === 'Local') return 0;
  let f = formatters.get(zone);
  if (!f) formatters.set(zone, (f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })));
  const parts = f.formatToParts(new Date(t));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - (t - (t % 1000));
}

/**
 * SpecSchedule.Next: the first time after `t` (epoch ms) the schedule fires, or undefined when
 * none within five years (robfig/cron's limit; Go's zero time). It walks instants, reading each
 * one's wall clock in the schedule's zone (or `zone`, the zone of the time asked about), as Go's
 * time does: days and months move by the calendar (time.Date, which picks an offset for a wall
 * time a DST change skips or repeats), hours and minutes by the clock, so a 1am job runs twice
 * when DST ends and a 2am job is skipped when it starts.
 */
export function nextAfter(s: CronSchedule, t: number, zone?: string): number | undefined {
  if (s.everyMs !== undefined) return t - (t % 1000) + s.everyMs;
  const tz = s.timeZone ?? zone;
  // The wall clock at an instant (read through the UTC getters).
  const wall = (ms: number) => new Date(ms + offsetMs(tz, ms));
  // time.Date(y, mo, d, h, mi, sec, 0, loc): the offset in force at the wall time, looked up twice.
  const date = (y: number, mo: number, d: number, h = 0, mi = 0, sec = 0) => {
    const w = Date.UTC(y, mo, d, h, mi, sec);
    return w - offsetMs(tz, w - offsetMs(tz, w));
  };
  // The upcoming whole second.
  let ms = t - (t % 1000) + 1000;
  const yearLimit = wall(ms).getUTCFullYear() + 5;
  let added = false;
  const dayMatches = (d: Date) => {
    const domMatch = s.dom.values.has(d.getUTCDate());
    const dowMatch = s.dow.values.has(d.getUTCDay());
    return s.dom.star || s.dow.star ? domMatch && dowMatch : domMatch || dowMatch;
  };
  // One pass of robfig/cron's WRAP loop; true when a field wrapped around and the walk restarts
  // at the month (a function, not a labelled loop: Stryker's instrumenter breaks labelled continues).
  const pass = (): boolean => {
    let f = wall(ms);
    while (!s.month.values.has(f.getUTCMonth() + 1)) {
      if (!added) {
        added = true;
        f = wall((ms = date(f.getUTCFullYear(), f.getUTCMonth(), 1)));
      }
      f = wall((ms = date(f.getUTCFullYear(), f.getUTCMonth() + 1, f.getUTCDate(), f.getUTCHours(), f.getUTCMinutes(), f.getUTCSeconds())));
      if (f.getUTCMonth() === 0) return true;
    }
    while (!dayMatches(f)) {
      if (!added) {
        added = true;
        f = wall((ms = date(f.getUTCFullYear(), f.getUTCMonth(), f.getUTCDate())));
      }
      f = wall((ms = date(f.getUTCFullYear(), f.getUTCMonth(), f.getUTCDate() + 1, f.getUTCHours(), f.getUTCMinutes(), f.getUTCSeconds())));
      // Where DST moves midnight, the day starts at 1am or 11pm: back to midnight's side.
      const h = f.getUTCHours();
      if (h !== 0) f = wall((ms += (h > 12 ? 24 - h : -h) * 3600_000));
      if (f.getUTCDate() === 1) return true;
    }
    while (!s.hour.values.has(f.getUTCHours())) {
      if (!added) {
        added = true;
        f = wall((ms = date(f.getUTCFullYear(), f.getUTCMonth(), f.getUTCDate(), f.getUTCHours())));
      }
      f = wall((ms += 3600_000));
      if (f.getUTCHours() === 0) return true;
    }
    while (!s.minute.values.has(f.getUTCMinutes())) {
      if (!added) {
        added = true;
        ms -= ms % 60_000;
      }
      f = wall((ms += 60_000));
      if (f.getUTCMinutes() === 0) return true;
    }
    // The standard parser's seconds field is "0".
    while (f.getUTCSeconds() !== 0) {
      added = true;
      f = wall((ms += 1000));
      if (f.getUTCSeconds() === 0) return true;
    }
    return false;
  };
  for (;;) {
    if (wall(ms).getUTCFullYear() > yearLimit) return undefined;
    if (!pass()) return ms;
  }
}
