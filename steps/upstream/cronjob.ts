/**
 * robfig/cron v3's parser and schedule tests and the CronJob controller's utils_test.go tables
 * (steps/fixtures/upstream/cronjob.json) run against the model's cron parser, its Next, and its
 * mostRecentScheduleTime / nextScheduleTimeDuration.
 */
import { Then } from '@cucumber/cucumber';
import type { KObject } from '../../model/api/meta';
import { CronError, field, nextAfter, parseStandard, range, type CronSchedule } from '../../model/controllers/cronjob/cron';
import { mostRecentScheduleTime, nextScheduleDelay, NEXT_SCHEDULE_DELTA_MS } from '../../model/controllers/cronjob/schedule';
import { runCases, same, upstreamFixture } from './apps-fakes';

const FILE = 'cronjob.json';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * spec_test.go's getTime: "Mon Jul 9 15:04 2012" (seconds and a fraction optional) in UTC, or
 * "2012-03-11T00:00:00-0500"; a "TZ=zone " prefix names the time's own zone. Returns epoch ms
 * and that zone ('' for a zero time).
 */
function getTime(value: string): { ms: number; zone?: string } {
  if (value === '') return { ms: NaN };
  let zone: string | undefined;
  const tz = /^TZ=(\S+) (.*)$/.exec(value);
  if (tz) [, zone, value] = tz;
  const wall = /^\w{3} (\w{3}) (\d+) (\d+):(\d+)(?::(\d+)(\.\d+)?)? (\d{4})$/.exec(value);
  if (wall) {
    const [, mon, day, h, m, s, frac, year] = wall;
    return { ms: Date.UTC(+year, MONTHS.indexOf(mon), +day, +h, +m, +(s ?? 0)) + Math.round(Number(frac ?? 0) * 1000), zone };
  }
  const iso = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)([+-]\d\d)(\d\d)$/.exec(value);
  if (!iso) throw new Error(`cannot read time ${value}`);
  return { ms: Date.parse(`${iso[1]}${iso[2]}:${iso[3]}`), zone };
}

/** A Go duration of the fixtures ("-10m", "24h31m", "2s") in ms. */
function duration(d: string): number {
  const units: Record<string, number> = { h: 3600_000, m: 60_000, s: 1000 };
  let total = 0;
  for (const [, n, u] of d.matchAll(/(\d+)([hms])/g)) total += Number(n) * units[u];
  return d.startsWith('-') ? -total : total;
}

const TOP: number = Date.parse(upstreamFixture(FILE, 'topOfTheHour'));
const at = (offset: string) => TOP + duration(offset);
const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

/** utils_test.go's CronJob: a creation time, an optional lastScheduleTime and startingDeadlineSeconds. */
function cronJob(c: any): KObject {
  const cj: KObject = { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'mycronjob', namespace: 'default', uid: '1a2b3c', creationTimestamp: iso(at(c.created))! }, spec: { schedule: c.schedule } };
  if (c.sds !== undefined) cj.spec.startingDeadlineSeconds = c.sds;
  if (c.last !== undefined) cj.status = { lastScheduleTime: iso(at(c.last)) };
  return cj;
}

const sorted = (f: { values: Set<number> }) => [...f.values].sort((a, b) => a - b);

/** A field of TestStandardSpecSchedule: its values, or "all" for the whole range with the star bit. */
function fieldIs(f: { values: Set<number>; star: boolean }, want: number[] | 'all', size: number): boolean {
  if (want === 'all') return f.star && f.values.size === size;
  return !f.star && JSON.stringify(sorted(f)) === JSON.stringify(want);
}

const CHECKS: Record<string, (c: any) => string | undefined> = {
  // getRange: the values (and the star bit), or an error containing upstream's words.
  range: (c) => {
    try {
      const f = range(c.expr, { min: c.min, max: c.max });
      if (c.err) return `no error, want one containing "${c.err}"`;
      return same({ values: sorted(f), star: f.star }, { values: c.values, star: c.star ?? false });
    } catch (e) {
      if (!(e instanceof CronError)) throw e;
      return c.err && e.message.includes(c.err) ? undefined : `error "${e.message}", want ${c.err ? `one containing "${c.err}"` : 'none'}`;
    }
  },
  field: (c) => same(sorted(field(c.expr, { min: c.min, max: c.max })), c.values),
  parseErrors: (c) => {
    try {
      parseStandard(c.spec);
      return 'no error';
    } catch (e) {
      if (!(e instanceof CronError)) throw e;
      return e.message.includes(c.err) ? undefined : `error "${e.message}", want one containing "${c.err}"`;
    }
  },
  standardSpecSchedule: (c) => {
    const s: CronSchedule = parseStandard(c.spec);
    if (c.everyMs !== undefined) return same(s.everyMs, c.everyMs);
    const sizes = { minute: 60, hour: 24, dom: 31, month: 12, dow: 7 };
    for (const k of Object.keys(sizes) as (keyof typeof sizes)[])
      if (!fieldIs(s[k], c[k], sizes[k])) return `${k}: got ${JSON.stringify(sorted(s[k]))} (star ${s[k].star}), want ${JSON.stringify(c[k])}`;
    return same(s.timeZone ?? null, c.timeZone ?? null) ?? same(s.everyMs, undefined);
  },
  // sched.Next(t - 1s) is t exactly when the schedule fires at t.
  activation: (c) => {
    const t = getTime(c.time);
    const fires = nextAfter(parseStandard(c.spec), t.ms - 1000) === t.ms;
    return same(fires, c.expected);
  },
  next: (c) => {
    const t = getTime(c.time);
    return same(iso(nextAfter(parseStandard(c.spec), t.ms, t.zone)), c.expected === '' ? null : iso(getTime(c.expected).ms));
  },
  constantDelayNext: (c) => same(iso(nextAfter(parseStandard(c.spec), getTime(c.time).ms)), iso(getTime(c.expected).ms)),
  // nextScheduleTime asks mostRecentScheduleTime with the starting deadline and passes its error up.
  nextScheduleTime: (c) => {
    const r = mostRecentScheduleTime(cronJob(c), at(c.now), parseStandard(c.schedule), true);
    if (c.wantErr) return r.error ? same(r.mostRecent, undefined) : 'no error';
    if (r.error) return `error ${r.error}`;
    if (c.recent === 'any') return r.mostRecent === undefined ? 'no schedule time' : undefined;
    return same(iso(r.mostRecent), c.recent === null ? null : iso(at(c.recent)));
  },
  mostRecentScheduleTime: (c) => {
    const r = mostRecentScheduleTime(cronJob(c), at(c.now), parseStandard(c.schedule), c.includeSDS === true);
    if (c.wantErr) return r.error ? undefined : 'no error';
    if (r.error) return `error ${r.error}`;
    return same(
      { earliest: iso(r.earliest), recent: iso(r.mostRecent), missed: r.missed },
      { earliest: iso(at(c.earliest)), recent: c.recent === null ? null : iso(at(c.recent)), missed: c.missed },
    );
  },
  nextScheduleTimeDuration: (c) => same(nextScheduleDelay(cronJob(c), at(c.now), parseStandard(c.schedule)), duration(c.duration) + NEXT_SCHEDULE_DELTA_MS),
};

Then('every case of upstream\'s cronjob test {word} holds on the model', function (table: string) {
  const check = CHECKS[table];
  if (!check) throw new Error(`no check for cronjob table ${table}`);
  runCases(FILE, table, check);
});
