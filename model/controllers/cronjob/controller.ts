/**
 * The CronJob controller v2 (pkg/controller/cronjob/cronjob_controllerv2.go, 1.32) on virtual
 * time: each sync reconciles the CronJob's active list with its Jobs, creates the Job of the
 * most recent unmet scheduled time (named `<cronjob>-<scheduled time in minutes since the
 * epoch>`) unless it is too late (startingDeadlineSeconds), suspended, or forbidden by the
 * concurrency policy (Forbid skips, Replace deletes the running ones), trims finished Jobs to
 * the history limits, and requeues itself for the next scheduled time.
 */
import { controllerOf, deepCopy, keyOf, type KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { ComponentContext } from '../../component';
import type { EventRecorder } from '../../client/events';
import type { Informer } from '../../client/informer';
import { WorkQueue } from '../../client/workqueue';
import { BY_CONTROLLER_UID, ensureIndexes } from '../util/indexes';
import { newControllerRef, sortedRecord, timeMs, withKind } from '../util/objects';
import { CronError, loadLocationError, parseStandard, type CronSchedule } from './cron';
import { mostRecentScheduleTime, nextScheduleDelay } from './schedule';

export const SCHEDULED_TIMESTAMP_ANNOTATION = 'batch.kubernetes.io/cronjob-scheduled-timestamp';

const finishedType = (job: KObject): 'Complete' | 'Failed' | undefined =>
  (job.status?.conditions ?? []).find((c: any) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True')?.type;

export class CronJobController {
  readonly cronJobInformer: Informer;
  readonly jobInformer: Informer;
  readonly queue: WorkQueue;
  private readonly recorder: EventRecorder;
  /** The CronJob status as the API server has it, for this sync: a status that differs from it is written. */
  private statusBaseline = '';

  constructor(private readonly ctx: ComponentContext) {
    this.cronJobInformer = ctx.informers.get('cronjobs');
    this.jobInformer = ctx.informers.get('jobs');
    ensureIndexes(this.jobInformer, BY_CONTROLLER_UID);
    this.recorder = ctx.recorder('cronjob-controller');
    this.queue = new WorkQueue(ctx.proc, 'cronjob', (key) => {
      this.sync(key);
      this.queue.forget(key);
    }, { synced: () => this.cronJobInformer.hasSynced() && this.jobInformer.hasSynced() });
    this.cronJobInformer.addEventHandler({
      onAdd: (cj) => this.queue.add(keyOf(cj)),
      onUpdate: (old, cj) => this.updateCronJob(old, cj),
      onDelete: (cj) => this.queue.add(keyOf(cj)),
    });
    const jobChanged = (job: KObject) => {
      const ref = controllerOf(job);
      if (ref?.kind !== 'CronJob') return;
      const cj = this.cronJobInformer.getByName(job.metadata.namespace, ref.name);
      if (cj && cj.metadata.uid === ref.uid) this.queue.add(keyOf(cj));
    };
    this.jobInformer.addEventHandler({ onAdd: jobChanged, onUpdate: (_o, j) => jobChanged(j), onDelete: jobChanged });
  }

  /**
   * updateCronJob: a changed schedule or time zone queues the CronJob for the new schedule's next
   * time (the sync loop is a no-op for a key still queued for the old one); an unparseable one
   * gets a warning and no sync; any other change queues it at once.
   */
  private updateCronJob(old: KObject, cj: KObject): void {
    if (old.spec?.schedule === cj.spec?.schedule && (old.spec?.timeZone ?? undefined) === (cj.spec?.timeZone ?? undefined)) {
      this.queue.add(keyOf(cj));
      return;
    }
    let sched: CronSchedule;
    try {
      sched = parseStandard(formatSchedule(cj));
    } catch (e) {
      if (!(e instanceof CronError)) throw e;
      this.recorder.event(cj, 'Warning', 'UnParseableCronJobSchedule', `unparseable schedule for cronjob: ${cj.spec?.schedule ?? ''}`);
      return;
    }
    // A schedule that never fires: Go's zero time minus now, a negative delay, is an add now.
    this.queue.addAfter(keyOf(cj), nextScheduleDelay(cj, this.ctx.sim.clock.nowMs(), sched) ?? 0);
  }

  private sync(key: string): void {
    const cached = this.cronJobInformer.get(key);
    if (!cached) return;
    const cj = withKind(deepCopy(cached), 'batch/v1', 'CronJob');
    const jobs = this.jobInformer.byIndex(BY_CONTROLLER_UID, cj.metadata.uid!);
    const status: any = cj.status ?? (cj.status = {});
    this.statusBaseline = JSON.stringify(status);
    let requeue: number | undefined;
    let error: unknown;
    try {
      requeue = this.syncCronJob(cj, jobs);
    } catch (e) {
      error = e;
    }
    this.cleanupFinishedJobs(cj, jobs);
    if (JSON.stringify(cj.status) !== this.statusBaseline) {
      if (cj.status.active && cj.status.active.length === 0) delete cj.status.active;
      this.ctx.client.updateStatus('cronjobs', cj.metadata.namespace, cj);
    }
    if (requeue !== undefined) this.queue.addAfter(key, requeue);
    if (error) throw error;
  }

  /** syncCronJob: returns how long until the next look, if any. */
  private syncCronJob(cj: KObject, jobs: KObject[]): number | undefined {
    const now = this.ctx.sim.clock.nowMs();
    const status = cj.status;
    const active = (): any[] => (status.active = status.active ?? []);
    const inActive = (uid: string) => (status.active ?? []).some((r: any) => r.uid === uid);
    const children = new Set<string>();
    for (const j of jobs) {
      children.add(j.metadata.uid!);
      const finished = finishedType(j);
      if (!inActive(j.metadata.uid!) && !finished) {
        // The cache may be older than the status that listed it: ask the API server before complaining.
        const fresh = this.ctx.client.tryGet('cronjobs', cj.metadata.namespace, cj.metadata.name!);
        if ((fresh?.status?.active ?? []).some((r: any) => r.uid === j.metadata.uid)) {
          // syncCronJob goes on with the fresh copy: the status the API server has is nothing to write back.
          cj.metadata.resourceVersion = fresh!.metadata.resourceVersion;
          // (Upstream takes the fresh copy whole; no status field the cache has can be missing from a fresher one.)
          Object.assign(status, deepCopy(fresh!.status));
          this.statusBaseline = JSON.stringify(status);
          continue;
        }
        // Or the Job is already gone (a Job this controller replaced, whose DELETED event is still on its way).
        if (this.ctx.client.tryGet('jobs', j.metadata.namespace, j.metadata.name!)?.metadata.uid !== j.metadata.uid) continue;
        this.recorder.event(cj, 'Warning', 'UnexpectedJob', `Saw a job that the controller did not create or forgot: ${j.metadata.name}`);
      } else if (inActive(j.metadata.uid!) && finished) {
        status.active = active().filter((r: any) => r.uid !== j.metadata.uid);
        this.recorder.event(cj, 'Normal', 'SawCompletedJob', `Saw completed job: ${j.metadata.name}, condition: ${finished}`);
      }
      if (finished === 'Complete' && j.status?.completionTime && timeMs(j.status.completionTime) > timeMs(status.lastSuccessfulTime)) status.lastSuccessfulTime = j.status.completionTime;
    }
    // A Job in the active list that is gone for good.
    for (const r of [...(status.active ?? [])]) {
      if (children.has(r.uid)) continue;
      if (this.ctx.client.tryGet('jobs', r.namespace, r.name)) continue;
      this.recorder.event(cj, 'Normal', 'MissingJob', `Active job went missing: ${r.name}`);
      status.active = active().filter((x: any) => x.uid !== r.uid);
    }
    if (cj.metadata.deletionTimestamp) return undefined;
    const tz: string | undefined = cj.spec?.timeZone ?? undefined;
    if (tz !== undefined) {
      const err = loadLocationError(tz);
      if (err) {
        this.recorder.event(cj, 'Warning', 'UnknownTimeZone', `invalid timeZone: ${JSON.stringify(tz)}: ${err}`);
        return undefined;
      }
    }
    if (cj.spec?.suspend === true) return undefined;
    let sched: CronSchedule;
    try {
      if ((cj.spec?.schedule ?? '').includes('TZ'))
        this.recorder.event(cj, 'Warning', 'UnsupportedSchedule', `CRON_TZ or TZ used in schedule ${JSON.stringify(cj.spec?.schedule)} is not officially supported, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details`);
      sched = parseStandard(formatSchedule(cj));
    } catch (e) {
      if (!(e instanceof CronError)) throw e;
      this.recorder.event(cj, 'Warning', 'UnparseableSchedule', `unparseable schedule: ${JSON.stringify(cj.spec?.schedule)} : ${e.message}`);
      return undefined;
    }
    const recent = mostRecentScheduleTime(cj, now, sched, true);
    if (recent.error) {
      this.recorder.event(cj, 'Warning', 'InvalidSchedule', `invalid schedule: ${cj.spec?.schedule} : ${recent.error}`);
      return undefined;
    }
    const scheduled = recent.mostRecent;
    const later = () => nextScheduleDelay(cj, now, sched);
    if (scheduled === undefined) return later();
    if (recent.missed === 'many')
      this.recorder.event(cj, 'Warning', 'TooManyMissedTimes', 'too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew');
    // Upstream's tooLate check (startingDeadlineSeconds passed since the scheduled time: a MissSchedule
    // warning) cannot fire: mostRecentScheduleTime already moved the earliest time to now minus the
    // deadline, and every time it returns is after that. Nor can lastScheduleTime equal the scheduled
    // time (a time after the earliest, which is at least lastScheduleTime): only the name check is left.
    const name = `${cj.metadata.name}-${Math.floor(scheduled / 60_000)}`;
    if ((status.active ?? []).some((r: any) => r.name === name)) return later();
    const policy = cj.spec?.concurrencyPolicy ?? 'Allow';
    if (policy === 'Forbid' && (status.active ?? []).length > 0) {
      this.recorder.event(cj, 'Normal', 'JobAlreadyActive', 'Not starting job because prior execution is running and concurrency policy is Forbid');
      return later();
    }
    if (policy === 'Replace')
      for (const r of [...(status.active ?? [])]) {
        const job = this.ctx.client.tryGet('jobs', r.namespace, r.name);
        // A Job that cannot be deleted is not replaced: the sync fails and is retried (upstream's "could not replace job").
        const failed = job && this.deleteJob(cj, job);
        if (failed) throw failed;
      }
    let created: KObject;
    try {
      created = this.ctx.client.create('jobs', cj.metadata.namespace, this.jobFromTemplate(cj, scheduled, tz));
      this.recorder.event(cj, 'Normal', 'SuccessfulCreate', `Created job ${created.metadata.name}`);
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      if (e.status.reason !== 'AlreadyExists') {
        this.recorder.event(cj, 'Warning', 'FailedCreate', `Error creating job: ${e.message}`);
        throw e;
      }
      // Made by another actor: ours only if it is controlled by this CronJob.
      created = this.ctx.client.get('jobs', cj.metadata.namespace, name);
      if (controllerOf(created)?.uid !== cj.metadata.uid || inActive(created.metadata.uid!)) return undefined;
    }
    active().push({ apiVersion: 'batch/v1', kind: 'Job', name: created.metadata.name, namespace: created.metadata.namespace, resourceVersion: created.metadata.resourceVersion, uid: created.metadata.uid });
    status.lastScheduleTime = new Date(scheduled).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return later();
  }

  /** getJobFromTemplate2: the template's labels and annotations, the scheduled time, a controller reference. */
  private jobFromTemplate(cj: KObject, scheduled: number, tz: string | undefined): KObject {
    const t = cj.spec?.jobTemplate ?? {};
    const annotations = { ...(t.metadata?.annotations ?? {}), [SCHEDULED_TIMESTAMP_ANNOTATION]: scheduledTimestamp(scheduled, tz) };
    const metadata: KObject['metadata'] = { name: `${cj.metadata.name}-${Math.floor(scheduled / 60_000)}`, annotations: sortedRecord(annotations), ownerReferences: [newControllerRef(cj, 'batch/v1', 'CronJob')] };
    if (t.metadata?.labels) metadata.labels = sortedRecord(t.metadata.labels);
    return { apiVersion: 'batch/v1', kind: 'Job', metadata, spec: deepCopy(t.spec ?? {}) };
  }

  /** deleteJob: the error when the Job could not be deleted (a FailedDelete event), else undefined. */
  private deleteJob(cj: KObject, job: KObject): StatusError | undefined {
    try {
      this.ctx.client.delete('jobs', job.metadata.namespace, job.metadata.name!, { propagationPolicy: 'Background' });
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      // Already gone (the cache lags behind this controller's own delete): nothing to report.
      if (e.status.reason === 'NotFound') {
        cj.status.active = (cj.status.active ?? []).filter((r: any) => r.uid !== job.metadata.uid);
        return undefined;
      }
      this.recorder.event(cj, 'Warning', 'FailedDelete', `Deleted job: ${e.message}`);
      return e;
    }
    cj.status.active = (cj.status.active ?? []).filter((r: any) => r.uid !== job.metadata.uid);
    this.recorder.event(cj, 'Normal', 'SuccessfulDelete', `Deleted job ${job.metadata.name}`);
    return undefined;
  }

  /** cleanupFinishedJobs: the oldest finished Jobs beyond successfulJobsHistoryLimit / failedJobsHistoryLimit. */
  private cleanupFinishedJobs(cj: KObject, jobs: KObject[]): void {
    for (const [type, limit] of [['Complete', cj.spec?.successfulJobsHistoryLimit], ['Failed', cj.spec?.failedJobsHistoryLimit]] as const) {
      if (typeof limit !== 'number') continue;
      const finished = jobs.filter((j) => finishedType(j) === type && !j.metadata.deletionTimestamp).sort(byJobStartTime);
      for (const job of finished.slice(0, Math.max(0, finished.length - limit))) this.deleteJob(cj, job);
    }
  }
}

/**
 * byJobStartTime (utils.go): the earliest start first, Jobs that have not started (no
 * status.startTime) last, equal start times by name.
 */
export function byJobStartTime(a: KObject, b: KObject): number {
  const sa = a.status?.startTime;
  const sb = b.status?.startTime;
  if (!sa !== !sb) return sa ? -1 : 1;
  return timeMs(sa) - timeMs(sb) || (a.metadata.name! < b.metadata.name! ? -1 : a.metadata.name! > b.metadata.name! ? 1 : 0);
}

/** formatSchedule (utils.go): a schedule naming its own TZ as is, else prefixed with a loadable spec.timeZone. */
function formatSchedule(cj: KObject): string {
  const schedule: string = cj.spec?.schedule ?? '';
  const tz: string | undefined = cj.spec?.timeZone ?? undefined;
  if (schedule.includes('TZ') || tz === undefined || loadLocationError(tz)) return schedule;
  return `TZ=${tz} ${schedule}`;
}

/** The scheduled time in the CronJob's zone, RFC 3339 (UTC as "Z"). */
function scheduledTimestamp(ms: number, tz: string | undefined): string {
  // UTC and Etc/UTC take the zone path below as well: offset 0 prints as Z there too. Local is the
  // controller manager's own zone, UTC in the model (and Intl knows no zone of that name).
  if (!tz || tz === 'Local') return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(ms));
  const g = (t: string) => parts.find((p) => p.type === t)!.value;
  const wall = Date.UTC(+g('year'), +g('month') - 1, +g('day'), +g('hour'), +g('minute'), +g('second'));
  // Scheduled times are whole seconds (robfig/cron's Next); the rounding absorbs any fraction anyway.
  const off = Math.round((wall - ms) / 60_000);
  const sign = off < 0 ? '-' : '+';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${g('year')}-${g('month')}-${g('day')}T${g('hour')}:${g('minute')}:${g('second')}${off === 0 ? 'Z' : `${sign}${p(Math.floor(Math.abs(off) / 60))}:${p(Math.abs(off) % 60)}`}`;
}
