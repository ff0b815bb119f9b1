/** describeJob and describeCronJob as kubectl v1.32 prints them (pkg/describe/describe.go). */
import { controllerOf, type KObject } from '../../api/meta';
import { humanDuration } from '../../apiserver/printers/age';
import { selectorText } from '../../apiserver/printers/format';
import type { Ctx } from '../kubectl';
import { describePodTemplate } from './containers';
import { describeEvents, searchEvents } from './events';
import { PrefixWriter, printAnnotations, printLabels } from './writer';

/** time.RFC1123Z in UTC, the model's zone: "Thu, 01 Jan 2026 10:00:34 +0000". */
function rfc1123z(t: string): string {
  const d = new Date(t);
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (n: number) => String(n).padStart(2, '0');
  return `${days[d.getUTCDay()]}, ${p(d.getUTCDate())} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

export function describeJob(ctx: Ctx, job: KObject, showEvents: boolean): string {
  const spec = job.spec ?? {};
  const s = job.status ?? {};
  const w = new PrefixWriter();
  w.write(0, `Name:\t${job.metadata.name}\n`);
  w.write(0, `Namespace:\t${job.metadata.namespace}\n`);
  w.write(0, `Selector:\t${selectorText(spec.selector)}\n`);
  printLabels(w, 'Labels', job.metadata.labels);
  printAnnotations(w, 'Annotations', job.metadata.annotations);
  const ref = controllerOf(job);
  if (ref) w.write(0, `Controlled By:\t${ref.kind}/${ref.name}\n`);
  if (spec.parallelism !== undefined) w.write(0, `Parallelism:\t${spec.parallelism}\n`);
  w.write(0, `Completions:\t${spec.completions ?? '<unset>'}\n`);
  if (spec.completionMode !== undefined) w.write(0, `Completion Mode:\t${spec.completionMode}\n`);
  if (spec.suspend !== undefined) w.write(0, `Suspend:\t${spec.suspend}\n`);
  if (spec.backoffLimit !== undefined) w.write(0, `Backoff Limit:\t${spec.backoffLimit}\n`);
  if (spec.ttlSecondsAfterFinished !== undefined) w.write(0, `TTL Seconds After Finished:\t${spec.ttlSecondsAfterFinished}\n`);
  if (s.startTime) w.write(0, `Start Time:\t${rfc1123z(s.startTime)}\n`);
  if (s.completionTime) w.write(0, `Completed At:\t${rfc1123z(s.completionTime)}\n`);
  if (s.startTime && s.completionTime) w.write(0, `Duration:\t${humanDuration(Date.parse(s.completionTime) - Date.parse(s.startTime))}\n`);
  if (spec.activeDeadlineSeconds !== undefined) w.write(0, `Active Deadline Seconds:\t${spec.activeDeadlineSeconds}s\n`);
  const counts = `${s.active ?? 0} Active${s.ready === undefined ? '' : ` (${s.ready} Ready)`} / ${s.succeeded ?? 0} Succeeded / ${s.failed ?? 0} Failed`;
  w.write(0, `Pods Statuses:\t${counts}\n`);
  if (spec.completionMode === 'Indexed') w.write(0, `Completed Indexes:\t${capIndexesListOrNone(s.completedIndexes ?? '', 50)}\n`);
  describePodTemplate(w, spec.template);
  describeEvents(w, showEvents ? searchEvents(ctx, job, { kind: 'Job' }) : undefined, ctx.now());
  return w.toString();
}

export function describeCronJob(ctx: Ctx, cj: KObject, showEvents: boolean): string {
  const spec = cj.spec ?? {};
  const unset = (v: unknown, suffix = '') => (v === undefined || v === null ? '<unset>' : `${v}${suffix}`);
  const w = new PrefixWriter();
  w.write(0, `Name:\t${cj.metadata.name}\n`);
  w.write(0, `Namespace:\t${cj.metadata.namespace}\n`);
  printLabels(w, 'Labels', cj.metadata.labels);
  printAnnotations(w, 'Annotations', cj.metadata.annotations);
  w.write(0, `Schedule:\t${spec.schedule ?? ''}\n`);
  w.write(0, `Concurrency Policy:\t${spec.concurrencyPolicy ?? ''}\n`);
  w.write(0, `Suspend:\t${spec.suspend === undefined ? '<unset>' : spec.suspend ? 'True' : 'False'}\n`);
  w.write(0, `Successful Job History Limit:\t${unset(spec.successfulJobsHistoryLimit)}\n`);
  w.write(0, `Failed Job History Limit:\t${unset(spec.failedJobsHistoryLimit)}\n`);
  w.write(0, `Starting Deadline Seconds:\t${unset(spec.startingDeadlineSeconds, 's')}\n`);
  // describeJobTemplate
  const jt = spec.jobTemplate?.spec ?? {};
  w.write(0, `Selector:\t${jt.selector ? selectorText(jt.selector) : '<unset>'}\n`);
  w.write(0, `Parallelism:\t${unset(jt.parallelism)}\n`);
  w.write(0, `Completions:\t${unset(jt.completions)}\n`);
  if (jt.activeDeadlineSeconds !== undefined) w.write(0, `Active Deadline Seconds:\t${jt.activeDeadlineSeconds}s\n`);
  describePodTemplate(w, jt.template);
  w.write(0, `Last Schedule Time:\t${cj.status?.lastScheduleTime ? rfc1123z(cj.status.lastScheduleTime) : '<unset>'}\n`);
  const active: any[] = cj.status?.active ?? [];
  w.write(0, `Active Jobs:\t${active.length ? active.map((j) => j.name).join(', ') : '<none>'}\n`);
  describeEvents(w, showEvents ? searchEvents(ctx, cj, { kind: 'CronJob' }) : undefined, ctx.now());
  return w.toString();
}

/** capIndexesListOrNone: "<none>", or the list cut at the first comma from softLimit on, with "...". */
function capIndexesListOrNone(indexes: string, softLimit: number): string {
  if (indexes.length === 0) return '<none>';
  let ix = softLimit;
  while (ix < indexes.length && indexes[ix] !== ',') ix++;
  return ix >= indexes.length ? indexes : indexes.slice(0, ix + 1) + '...';
}
