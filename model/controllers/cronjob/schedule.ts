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

/** mostRecentScheduleTime: the last scheduled time in (earliest, now], approximated as upstream does. */
export function mostRecentScheduleTime(cj: KObject, nowMs: number, s: CronSchedule, withStartingDeadline: boolean): MostRecent {
  let earliest = timeMs(cj.status?.lastScheduleTime) || timeMs(cj.metadata.creationTimestamp);
  const deadline = cj.spec?.startingDeadlineSeconds;
  if (withStartingDeadline && typeof deadline === 'number') earliest = Math.max(earliest, nowMs - deadline * 1000);
  const t1 = nextAfter(s, earliest);
  const t2 = t1 === undefined ? undefined : nextAfter(s, t1);
  if (t1 === undefined || nowMs < t1) return { earliest, missed: 'none' };
  if (t2 === undefined || nowMs < t2) return { earliest, mostRecent: t1, missed: 'none' };
  // Fields like "59 23 31 2 *" parse but never fire twice a minute apart.
  const between = Math.round((t2 - t1) / 60_000) * 60;
  if (between < 1) return { earliest, missed: 'none', error: 'time difference between two schedules is less than 1 second' };
  const elapsed = Math.floor((nowMs - t1) / 1000);
  const missedCount = Math.floor(elapsed / between) + 1;
  const mostRecent = (Math.floor(t1 / 1000) + (missedCount - 1) * between) * 1000;
  return { earliest, mostRecent: mostRecent > nowMs ? undefined : mostRecent, missed: missedCount > 100 ? 'many' : 'few' };
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
