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

interface Bounds {
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
function field(text: string, b: Bounds): Field {
  const out: Field = { values: new Set(), star: false };
  for (const expr of text.split(',').filter((x) => x !== '')) {
    const r = range(expr, b);
    for (const v of r.values) out.values.add(v);
    out.star ||= r.star;
  }
  return out;
}

/** getRange: number | number "-" number [ "/" number ], or * and ? for the whole range. */
function range(expr: string, b: Bounds): Field {
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

/** The zone's offset from UTC (ms) at an instant. */
function offsetMs(zone: string | undefined, t: number): number {
  if (!zone || zone === 'UTC') return 0;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(t));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - (t - (t % 1000));
}

/**
 * SpecSchedule.Next: the first time after `t` (epoch ms) the schedule fires, or undefined when
 * none within five years (robfig/cron's limit). Walks the wall clock of the schedule's zone:
 * month, then day, hour and minute, each reset to its start when a larger one moves.
 */
export function nextAfter(s: CronSchedule, t: number, zone?: string): number | undefined {
  if (s.everyMs !== undefined) return t - (t % 1000) + s.everyMs;
  const tz = s.timeZone ?? zone;
  const off = offsetMs(tz, t);
  // The wall time as if it were UTC; whole seconds, at least one second later.
  let w = new Date(t + off - (((t + off) % 1000) + 1000) % 1000 + 1000);
  const yearLimit = w.getUTCFullYear() + 5;
  let added = false;
  const dayMatches = (d: Date) => {
    const domMatch = s.dom.values.has(d.getUTCDate());
    const dowMatch = s.dow.values.has(d.getUTCDay());
    return s.dom.star || s.dow.star ? domMatch && dowMatch : domMatch || dowMatch;
  };
  wrap: for (;;) {
    if (w.getUTCFullYear() > yearLimit) return undefined;
    while (!s.month.values.has(w.getUTCMonth() + 1)) {
      if (!added) {
        added = true;
        w = new Date(Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), 1));
      }
      w = new Date(Date.UTC(w.getUTCFullYear(), w.getUTCMonth() + 1, 1));
      if (w.getUTCMonth() === 0) continue wrap;
    }
    while (!dayMatches(w)) {
      if (!added) {
        added = true;
        w = new Date(Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate()));
      }
      w = new Date(Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate() + 1));
      if (w.getUTCDate() === 1) continue wrap;
    }
    while (!s.hour.values.has(w.getUTCHours())) {
      if (!added) {
        added = true;
        w = new Date(Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate(), w.getUTCHours()));
      }
      w = new Date(w.getTime() + 3600000);
      if (w.getUTCHours() === 0) continue wrap;
    }
    while (!s.minute.values.has(w.getUTCMinutes())) {
      if (!added) {
        added = true;
        w = new Date(w.getTime() - (w.getTime() % 60000));
      }
      w = new Date(w.getTime() + 60000);
      if (w.getUTCMinutes() === 0) continue wrap;
    }
    // The standard parser's seconds field is "0".
    if (w.getUTCSeconds() !== 0) {
      if (!added) added = true;
      w = new Date(w.getTime() - (w.getTime() % 60000) + 60000);
      if (w.getUTCMinutes() === 0) continue wrap;
      continue wrap;
    }
    break;
  }
  const local = w.getTime();
  return local - offsetMs(tz, local - off);
}
