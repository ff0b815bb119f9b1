/**
 * When a CronJob runs next (pkg/controller/cronjob/utils.go, 1.32): the most recent scheduled
 * time not yet started, how many were missed, and how long to sleep until the next one (plus
 * upstream's 100 ms nextScheduleDelta).
 */
import type { KObject } from '../../api/meta';
import { timeMs } from '../util/objects';
import { nextAfter, type CronSchedule } from './cron';

export const NEXT_SCHEDULE_DELTA_MS = 100;

export interface MostRecent {
  earliest: number;
  mostRecent?: number;
  missed: 'none' | 'few' | 'many';
  error?: string;
}

/** Go's zero time, what robfig/cron's Next returns for a schedule that never fires. */
const GO_ZERO_TIME_MS = -62135596800000;

/**
 * mostRecentScheduleTime: the last scheduled time in (earliest, now]. The number missed is
 * upstream's rough count (the time since the first one over the gap between the first two); the
 * time itself is found by walking the schedule from two gaps before the estimate, so that an
 * irregular schedule ("30 6-16/4 * * 1-5") lands on a real slot.
 */
export function mostRecentScheduleTime(cj: KObject, nowMs: number, s: CronSchedule, withStartingDeadline: boolean): MostRecent {
  let earliest = timeMs(cj.status?.lastScheduleTime) || timeMs(cj.metadata.creationTimestamp);
  const deadline = cj.spec?.startingDeadlineSeconds;
  if (withStartingDeadline && typeof deadline === 'number') earliest = Math.max(earliest, nowMs - deadline * 1000);
  const t1 = nextAfter(s, earliest) ?? GO_ZERO_TIME_MS;
  const t2 = nextAfter(s, t1) ?? GO_ZERO_TIME_MS;
  if (nowMs < t1) return { earliest, missed: 'none' };
  if (nowMs < t2) return { earliest, mostRecent: t1, missed: 'none' };
  // Fields like "59 23 31 2 *" parse but never fire: both times are Go's zero time.
  const between = Math.round((t2 - t1) / 1000);
  if (between < 1) return { earliest, missed: 'none', error: 'time difference between two schedules is less than 1 second' };
  const missedCount = Math.floor(Math.floor((nowMs - t1) / 1000) / between) + 1;
  let mostRecent: number | undefined;
  for (let t = nextAfter(s, t1 + (missedCount - 2) * between * 1000); t !== undefined && t <= nowMs; t = nextAfter(s, t)) mostRecent = t;
  return { earliest, mostRecent, missed: missedCount > 100 ? 'many' : 'few' };
}

/** nextScheduleTimeDuration: how long until the schedule's next time after the most recent one. */
export function nextScheduleDelay(cj: KObject, nowMs: number, s: CronSchedule): number | undefined {
  const r = mostRecentScheduleTime(cj, nowMs, s, false);
  let from: number;
  if (r.error) from = nowMs;
  else if (r.mostRecent === undefined) from = r.missed === 'none' ? r.earliest : nowMs;
  else from = r.mostRecent;
  const next = nextAfter(s, from);
  return next === undefined ? undefined : next + NEXT_SCHEDULE_DELTA_MS - nowMs;
}
