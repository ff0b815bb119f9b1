/**
 * The Job controller (pkg/controller/job, 1.32): runs a Job's Pods to completion. Handlers turn
 * Job and Pod events into Job keys (Pod events batched for a second, as syncJobBatchPeriod);
 * syncJob re-reads the Job and the Pods it owns, creates Pods up to min(parallelism, remaining
 * completions) with the back-off after failures, counts finished Pods through
 * status.uncountedTerminatedPods and the job-tracking finalizer, and finishes the Job: Complete
 * when enough Pods succeeded, Failed past backoffLimit or activeDeadlineSeconds.
 *
 * Indexed Jobs (indexed.ts) give each Pod an index and count the indexes that succeeded.
 *
 * Simplified: no backoffLimitPerIndex, podFailurePolicy or successPolicy, no adoption of
 * orphans, no ttlSecondsAfterFinished.
 */
import { controllerOf, deepCopy, keyOf, type KObject } from '../../api/meta';
import type { ComponentContext } from '../../component';
import type { EventRecorder } from '../../client/events';
import type { Informer } from '../../client/informer';
import { WorkQueue } from '../../client/workqueue';
import { mutant } from '../../sim/mutants';
import { ControllerExpectations } from '../util/expectations';
import { BY_CONTROLLER_UID, ensureIndexes } from '../util/indexes';
import { withKind } from '../util/objects';
import { isPodReady } from '../util/podutil';
import { slowStartBatch } from '../replicaset/manage';
import { nextBackoffRecord, remainingBackoffMs, type BackoffRecord } from './backoff';
import { activePodsOrder, calculateSucceededIndexes, completionIndex, duplicatedIndexPodsForRemoval, firstPendingIndexes, type Intervals, isIndexedJob, templateForIndex, withCompletionIndexEnv } from './indexed';
import { activeRestarts, createJobPod, deleteJobPod, finishedTime, hasTrackingFinalizer, isActive, isFailed, isSucceeded, isTerminating, removeTrackingFinalizer } from './pods';
import { FINISH, findCondition, isFinished, newCondition, setCondition, writeStatus, type JobCondition } from './status';

/** syncJobBatchPeriod: Pod events are handled together, a second later. */
const SYNC_JOB_BATCH_PERIOD_MS = 1000;
/** MaxPodCreateDeletePerSync. */
const MAX_POD_CREATE_DELETE_PER_SYNC = 500;
const ORPHAN = 'orphan:';

export class JobController {
  readonly jobInformer: Informer;
  readonly podInformer: Informer;
  readonly queue: WorkQueue;
  private readonly expectations: ControllerExpectations;
  private readonly recorder: EventRecorder;
  private readonly backoffs = new Map<string, BackoffRecord>();
  /** Pods whose finalizer this controller removed and whose update the cache has not shown yet. */
  private readonly finalizersRemoved = new Map<string, Set<string>>();
  /**
   * The resourceVersion of the last status this controller wrote, per Job. A cached Job older than
   * that has not caught up with our own write (its counts would miss the Pods whose finalizers we
   * already released), so a sync on it waits for the newer object, whose update queues the Job.
   */
  private readonly lastWritten = new Map<string, number>();
  /** The Pods whose finalizer deleteJobPods removed in the sync under way. */
  private readonly releasedThisSync = new Set<string>();

  constructor(private readonly ctx: ComponentContext) {
    this.jobInformer = ctx.informers.get('jobs');
    this.podInformer = ctx.informers.get('pods');
    ensureIndexes(this.podInformer, BY_CONTROLLER_UID);
    this.recorder = ctx.recorder('job-controller');
    this.expectations = new ControllerExpectations(ctx.sim);
    this.queue = new WorkQueue(ctx.proc, 'job', (key) => {
      if (key.startsWith(ORPHAN)) this.syncOrphanPod(key.slice(ORPHAN.length));
      else this.syncJob(key);
      this.queue.forget(key);
    }, { synced: () => this.jobInformer.hasSynced() && this.podInformer.hasSynced() });
    this.jobInformer.addEventHandler({
      onAdd: (job) => this.queue.add(keyOf(job)),
      onUpdate: (_old, job) => this.queue.add(keyOf(job)),
      onDelete: (job) => {
        this.expectations.delete(keyOf(job));
        this.queue.add(keyOf(job));
      },
    });
    this.podInformer.addEventHandler({
      onAdd: (pod) => this.podEvent(pod, 'add'),
      onUpdate: (old, pod) => old.metadata.resourceVersion !== pod.metadata.resourceVersion && this.podEvent(pod, 'update'),
      onDelete: (pod) => this.podEvent(pod, 'delete'),
    });
  }

  /** A Pod changed: its Job syncs a batch period later; an orphan with our finalizer is released. */
  private podEvent(pod: KObject, kind: 'add' | 'update' | 'delete'): void {
    const ref = controllerOf(pod);
    // addPod/updatePod: a Pod no one controls is an orphan, released if it has our finalizer
    // (even when a Job owns it without controlling it); one another kind controls is not ours.
    if (!ref) {
      if (kind !== 'delete' && hasTrackingFinalizer(pod)) this.queue.add(ORPHAN + keyOf(pod));
      return;
    }
    if (ref.kind !== 'Job' || ref.apiVersion !== 'batch/v1') return;
    const job = this.jobInformer.getByName(pod.metadata.namespace, ref.name);
    if (!job || job.metadata.uid !== ref.uid) {
      if (kind !== 'delete' && hasTrackingFinalizer(pod)) this.queue.add(ORPHAN + keyOf(pod));
      return;
    }
    const key = keyOf(job);
    if (kind === 'add') this.expectations.creationObserved(key);
    if (kind === 'delete' || !hasTrackingFinalizer(pod)) this.finalizersRemoved.get(key)?.delete(pod.metadata.uid!);
    this.queue.addAfter(key, SYNC_JOB_BATCH_PERIOD_MS);
  }

  /** syncOrphanPod: a Pod whose Job is gone (or finished) keeps no job-tracking finalizer. */
  private syncOrphanPod(podKey: string): void {
    const pod = this.podInformer.get(podKey);
    if (!pod || !hasTrackingFinalizer(pod)) return;
    const ref = controllerOf(pod);
    const job = ref && this.jobInformer.getByName(pod.metadata.namespace, ref.name);
    if (job && job.metadata.uid === ref!.uid && !isFinished(job)) return;
    removeTrackingFinalizer(this.ctx.client, pod);
  }

  /** syncJob: one level-based pass over one Job. */
  syncJob(key: string): void {
    const cached = this.jobInformer.get(key);
    if (!cached) {
      this.backoffs.delete(key);
      this.finalizersRemoved.delete(key);
      this.lastWritten.delete(key);
      return;
    }
    if (Number(cached.metadata.resourceVersion) < (this.lastWritten.get(key) ?? 0)) return;
    let job = withKind(cached, 'batch/v1', 'Job');
    const pods = this.podInformer.byIndex(BY_CONTROLLER_UID, job.metadata.uid!);
    if (isFinished(job)) {
      // Pods that finished after the Job did are not counted; they only lose the finalizer.
      for (const pod of pods) if (hasTrackingFinalizer(pod) && !isActive(pod)) removeTrackingFinalizer(this.ctx.client, pod);
      return;
    }
    const client = this.ctx.client;
    const nowMs = this.ctx.sim.clock.nowMs();
    const now = this.ctx.sim.clock.nowRFC3339();
    const spec = job.spec ?? {};
    const status: any = deepCopy(job.status ?? {});
    const uncounted = { succeeded: [...(status.uncountedTerminatedPods?.succeeded ?? [])], failed: [...(status.uncountedTerminatedPods?.failed ?? [])] };
    const removed = this.finalizersRemoved.get(key) ?? new Set<string>();
    this.releasedThisSync.clear();
    const counting = (p: KObject) => hasTrackingFinalizer(p) && !removed.has(p.metadata.uid!) && !uncounted.succeeded.includes(p.metadata.uid!) && !uncounted.failed.includes(p.metadata.uid!);
    let newSucceeded = pods.filter((p) => counting(p) && isSucceeded(p));
    let newFailed = pods.filter((p) => counting(p) && !isSucceeded(p) && isFailed(job, p));
    // The bug zoo: a failed Pod counted as a success.
    if (mutant('job-counts-failed-as-succeeded')) [newSucceeded, newFailed] = [[...newSucceeded, ...newFailed], []];
    // An Indexed Job counts indexes, not Pods: a succeeded Pod adds its index to completedIndexes
    // (once, whatever its number of Pods); a Pod without a valid index counts neither way.
    const indexed = isIndexedJob(job);
    const completions = spec.completions ?? 0;
    const validIndex = (p: KObject) => completionIndex(p) >= 0 && completionIndex(p) < completions;
    let succeededIndexes: Intervals | undefined;
    if (indexed) {
      newFailed = newFailed.filter(validIndex);
      succeededIndexes = calculateSucceededIndexes(job, pods, counting).all;
      newSucceeded = [];
    }
    const succeeded = indexed ? succeededIndexes!.total() : (status.succeeded ?? 0) + uncounted.succeeded.length + newSucceeded.length;
    const failed = (status.failed ?? 0) + uncounted.failed.length + newFailed.length;
    let active = pods.filter(isActive);
    let activeCount = active.length;
    let terminating = pods.filter(isTerminating).length;
    const backoff = nextBackoffRecord(this.backoffs.get(key) ?? { failuresAfterLastSuccess: 0 }, newSucceeded.map(finishedTime), newFailed.map(finishedTime));

    const suspended = spec.suspend === true;
    if (!suspended && !status.startTime) {
      status.startTime = now;
      if (typeof spec.activeDeadlineSeconds === 'number') this.queue.addAfter(key, spec.activeDeadlineSeconds * 1000);
    }

    // Why the Job is finishing, if it is: an interim condition already set, or one found now.
    let finishing: JobCondition | undefined = findCondition(job, 'FailureTarget') ?? findCondition(job, 'SuccessCriteriaMet');
    if (!finishing) {
      const limit = spec.backoffLimit ?? 6;
      const restarts = activeRestarts(pods);
      const onFailureLimit = spec.template?.spec?.restartPolicy === 'OnFailure' && (limit === 0 ? restarts > 0 : restarts >= limit);
      if (failed > limit || onFailureLimit) finishing = newCondition('FailureTarget', FINISH.backoff, now);
      // pastActiveDeadline: never while suspended.
      else if (!suspended && typeof spec.activeDeadlineSeconds === 'number' && status.startTime && nowMs - Date.parse(status.startTime) >= spec.activeDeadlineSeconds * 1000)
        finishing = newCondition('FailureTarget', FINISH.deadline, now);
    }

    let manageError: unknown;
    // A Job being deleted gets no new Pods and is neither suspended nor resumed.
    const deleting = !!job.metadata.deletionTimestamp;
    if (finishing?.type === 'FailureTarget') {
      // deleteActivePods: the running Pods go, keeping their finalizers until they are counted below.
      for (const pod of active) deleteJobPod(client, this.recorder, job, pod);
      terminating += active.length;
      active = [];
      activeCount = 0;
    } else if (!finishing) {
      const manageCalled = this.expectations.satisfied(key) && !deleting;
      if (manageCalled) {
        try {
          if (suspended) {
            // manageJob on a suspended Job: every active Pod goes.
            const removed = this.deleteJobPods(job, active);
            terminating += removed.length;
            active = active.filter((p) => !removed.includes(p));
            activeCount = active.length;
          } else {
            let removed: number;
            [active, activeCount, removed] = this.manageJob(key, job, active, pods.filter(isTerminating), succeeded, backoff, nowMs, succeededIndexes);
            terminating += removed;
          }
        } catch (e) {
          manageError = e;
        }
      }
      // This kind of Job is complete when enough Pods succeeded and none still runs.
      const enough = typeof spec.completions === 'number' ? succeeded >= spec.completions : succeeded > 0;
      if (enough && activeCount === 0) finishing = newCondition('SuccessCriteriaMet', FINISH.completions, now);
      else if (manageCalled && suspended) {
        if (!findCondition(job, 'Suspended')) {
          setCondition(status, newCondition('Suspended', { reason: 'JobSuspended', message: 'Job suspended' }, now));
          this.recorder.event(job, 'Normal', 'Suspended', 'Job suspended');
        }
        // startTime stays: upstream resets it only when the Job is resumed.
      } else if (manageCalled && findCondition(job, 'Suspended')) {
        setCondition(status, newCondition('Suspended', { reason: 'JobResumed', message: 'Job resumed' }, now, 'False'));
        this.recorder.event(job, 'Normal', 'Resumed', 'Job resumed');
        // A resumed Job's activeDeadlineSeconds counts from now.
        status.startTime = now;
        if (typeof spec.activeDeadlineSeconds === 'number') this.queue.addAfter(key, spec.activeDeadlineSeconds * 1000);
      }
    }

    // trackJobStatusAndRemoveFinalizers: which Pods give up their finalizer now, and which of
    // them are counted. Every Pod when the Job is being deleted or finishing; else the
    // succeeded ones and those considered failed. Once the Job is finishing other than by
    // success, a Pod not yet terminated counts as failed.
    for (const uid of this.releasedThisSync) removed.add(uid);
    const toRelease: KObject[] = [];
    for (const pod of pods) {
      if (!hasTrackingFinalizer(pod) || removed.has(pod.metadata.uid!)) continue;
      const considerFailed = isFailed(job, pod);
      if (!(deleting || finishing || isSucceeded(pod) || considerFailed)) continue;
      toRelease.push(pod);
      const uid = pod.metadata.uid!;
      if (isSucceeded(pod) && !uncounted.failed.includes(uid)) {
        // An Indexed Job counts its succeeded indexes instead.
        if (!indexed && !uncounted.succeeded.includes(uid) && !newSucceeded.includes(pod)) newSucceeded.push(pod);
      } else if (considerFailed || (finishing && finishing.type !== 'SuccessCriteriaMet')) {
        if (!uncounted.failed.includes(uid) && !newFailed.includes(pod) && (!indexed || validIndex(pod))) newFailed.push(pod);
      }
    }

    status.active = activeCount || undefined;
    status.ready = active.filter(isPodReady).length;
    status.terminating = terminating;
    // Flush 1: the newly finished Pods as uncounted (and an interim condition) before any finalizer goes.
    uncounted.succeeded.push(...newSucceeded.map((p) => p.metadata.uid!));
    uncounted.failed.push(...newFailed.map((p) => p.metadata.uid!));
    status.uncountedTerminatedPods = { ...(uncounted.succeeded.length ? { succeeded: uncounted.succeeded } : {}), ...(uncounted.failed.length ? { failed: uncounted.failed } : {}) };
    if (indexed) {
      // omitempty: no index done yet is no field at all.
      if (succeededIndexes!.total()) status.completedIndexes = succeededIndexes!.toString();
      if (succeeded) status.succeeded = succeeded;
    }
    if (finishing && !findCondition(job, finishing.type)) setCondition(status, finishing);
    if (status.active === undefined) delete status.active;
    job = writeStatus(client, job, status);
    this.lastWritten.set(key, Number(job.metadata.resourceVersion));

    // Remove the finalizers of what is now recorded, then move the uncounted Pods into the counts.
    for (const pod of toRelease) {
      removeTrackingFinalizer(client, pod);
      removed.add(pod.metadata.uid!);
    }
    if (removed.size) this.finalizersRemoved.set(key, removed);
    const next: any = deepCopy(job.status ?? {});
    next.succeeded = (next.succeeded ?? 0) + uncounted.succeeded.length || undefined;
    next.failed = (next.failed ?? 0) + uncounted.failed.length || undefined;
    if (next.succeeded === undefined) delete next.succeeded;
    if (next.failed === undefined) delete next.failed;
    next.uncountedTerminatedPods = {};
    this.backoffs.set(key, backoff);

    // enactJobFinished: the terminal condition once nothing is terminating.
    let finished: JobCondition | undefined;
    if (finishing && terminating === 0) {
      finished = newCondition(finishing.type === 'FailureTarget' ? 'Failed' : 'Complete', finishing, now);
      setCondition(next, finished);
      if (finished.type === 'Complete') next.completionTime = now;
    }
    this.lastWritten.set(key, Number(writeStatus(client, job, next).metadata.resourceVersion));
    if (finished?.type === 'Complete') this.recorder.event(job, 'Normal', 'Completed', 'Job completed');
    else if (finished) this.recorder.event(job, 'Warning', finished.reason, finished.message);
    if (manageError) throw manageError;
  }

  /**
   * manageJob: as many active Pods as parallelism and the remaining completions allow. An
   * Indexed Job first removes Pods with a duplicated or invalid index, and starts the lowest
   * pending indexes.
   */
  private manageJob(key: string, job: KObject, active: KObject[], terminating: KObject[], succeeded: number, backoff: BackoffRecord, nowMs: number, succeededIndexes?: Intervals): [KObject[], number, number] {
    const spec = job.spec ?? {};
    const parallelism = spec.parallelism ?? 1;
    let want: number;
    if (typeof spec.completions !== 'number') want = succeeded > 0 ? active.length : parallelism;
    else want = Math.max(0, Math.min(parallelism, spec.completions - succeeded));
    if (succeededIndexes) {
      // activePodsForRemoval: the duplicates and strays first, then the least advanced.
      const { rm, left } = duplicatedIndexPodsForRemoval(active, spec.completions);
      const rmAtLeast = Math.max(0, active.length - want);
      if (rm.length < rmAtLeast) rm.push(...[...left].sort(activePodsOrder).slice(0, rmAtLeast - rm.length));
      const victims = rm.slice(0, MAX_POD_CREATE_DELETE_PER_SYNC);
      if (victims.length) {
        const gone = this.deleteJobPods(job, victims);
        const rest = active.filter((p) => !gone.includes(p));
        return [rest, rest.length, gone.length];
      }
    }
    if (active.length > want) {
      // activePodsForRemoval: the not-yet-running and the newest go first.
      const victims = [...active].sort(activePodsOrder).slice(0, Math.min(active.length - want, MAX_POD_CREATE_DELETE_PER_SYNC));
      const gone = this.deleteJobPods(job, victims);
      const rest = active.filter((p) => !gone.includes(p));
      return [rest, rest.length, gone.length];
    }
    if (active.length < want) {
      const wait = remainingBackoffMs(backoff, nowMs);
      if (wait > 0) {
        this.queue.addAfter(key, wait);
        return [active, active.length, 0];
      }
      // onlyReplaceFailedPods (podReplacementPolicy Failed, or a podFailurePolicy): no new Pod
      // while one is still terminating, nor one for a terminating Pod's index.
      const onlyFailed = spec.podReplacementPolicy === 'Failed' || !!spec.podFailurePolicy;
      let diff = Math.max(0, Math.min(want - active.length - (onlyFailed ? terminating.length : 0), MAX_POD_CREATE_DELETE_PER_SYNC));
      let make = () => createJobPod(this.ctx.client, this.recorder, job, job);
      if (succeededIndexes) {
        const indexes = firstPendingIndexes(onlyFailed ? [...active, ...terminating] : active, succeededIndexes, diff, spec.completions);
        diff = indexes.length;
        const template = withCompletionIndexEnv(spec.template);
        let i = 0;
        make = () => createJobPod(this.ctx.client, this.recorder, job, job, templateForIndex(job, template, indexes[i++]));
      }
      if (diff === 0) return [active, active.length, 0];
      this.expectations.expectCreations(key, diff);
      const { successes, error } = slowStartBatch(diff, 1, make);
      for (let i = successes; i < diff; i++) this.expectations.creationObserved(key);
      if (error) throw error;
      return [active, active.length + successes, 0];
    }
    return [active, active.length, 0];
  }

  /**
   * deleteJobPods: each Pod first loses its job-tracking finalizer (it will never be counted),
   * then is deleted. Returns the Pods removed; the first error is thrown after the others.
   */
  private deleteJobPods(job: KObject, pods: KObject[]): KObject[] {
    const gone: KObject[] = [];
    let firstError: unknown;
    for (const pod of pods) {
      try {
        if (hasTrackingFinalizer(pod)) {
          removeTrackingFinalizer(this.ctx.client, pod);
          this.releasedThisSync.add(pod.metadata.uid!);
        }
        deleteJobPod(this.ctx.client, this.recorder, job, pod);
        gone.push(pod);
      } catch (e) {
        firstError ??= e;
      }
    }
    if (firstError) throw firstError;
    return gone;
  }
}
