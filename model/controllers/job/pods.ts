/**
 * What the Job controller reads from and does to its Pods: which are active, terminating,
 * succeeded or failed (a Pod deleted before it succeeded counts as failed, as with
 * podReplacementPolicy TerminatingOrFailed), when one finished, and the Pods it creates
 * (from the template, with the job-tracking finalizer and a controller reference) and deletes.
 */
import { deepCopy, type KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { ApiClient } from '../../client/client';
import type { EventRecorder } from '../../client/events';
import { newControllerRef, sortedRecord, timeMs } from '../util/objects';

/** batch.kubernetes.io/job-tracking: a Pod keeps it until its finish is counted in the Job's status. */
export const JOB_TRACKING_FINALIZER = 'batch.kubernetes.io/job-tracking';

export const hasTrackingFinalizer = (pod: KObject) => (pod.metadata.finalizers ?? []).includes(JOB_TRACKING_FINALIZER);

const phase = (pod: KObject) => pod.status?.phase;

/** Neither finished nor being deleted. */
export const isActive = (pod: KObject) => phase(pod) !== 'Succeeded' && phase(pod) !== 'Failed' && !pod.metadata.deletionTimestamp;

/** Being deleted before it finished (the Job's status.terminating). */
export const isTerminating = (pod: KObject) => !!pod.metadata.deletionTimestamp && phase(pod) !== 'Succeeded' && phase(pod) !== 'Failed';

export const isSucceeded = (pod: KObject) => phase(pod) === 'Succeeded';

/** isPodFailed: Failed, or deleted before it succeeded (an orphan never gets to Failed). */
export function isFailed(job: KObject, pod: KObject): boolean {
  if (phase(pod) === 'Failed') return true;
  if (job.spec?.podFailurePolicy || job.spec?.podReplacementPolicy === 'Failed') return false;
  return !!pod.metadata.deletionTimestamp && phase(pod) !== 'Succeeded';
}

/**
 * getFinishedTime: when every container (init containers too: a sidecar stops last) terminated,
 * the last finish; else when the Pod turned not Ready; else when it was asked to go (its
 * deletionTimestamp less the grace period); else its creation.
 */
export function finishedTime(pod: KObject): number {
  return fromContainers(pod) ?? fromReadyFalse(pod) ?? fromDeletion(pod) ?? timeMs(pod.metadata.creationTimestamp);
}

/** latestFinishTime: none as soon as one container has not terminated (or has no finish time). */
function fromContainers(pod: KObject): number | undefined {
  let last: number | undefined;
  for (const statuses of [pod.status?.containerStatuses, pod.status?.initContainerStatuses]) {
    for (const s of statuses ?? []) {
      const at = timeMs(s.state?.terminated?.finishedAt);
      if (!at) return undefined;
      if (last === undefined || last < at) last = at;
    }
  }
  return last;
}

function fromReadyFalse(pod: KObject): number | undefined {
  const c = (pod.status?.conditions ?? []).find((x: any) => x.type === 'Ready');
  return c?.status === 'False' && timeMs(c.lastTransitionTime) ? timeMs(c.lastTransitionTime) : undefined;
}

function fromDeletion(pod: KObject): number | undefined {
  if (!pod.metadata.deletionTimestamp) return undefined;
  return timeMs(pod.metadata.deletionTimestamp) - (pod.metadata.deletionGracePeriodSeconds ?? 0) * 1000;
}

/** Container restarts of the Pods still running (pastBackoffLimitOnFailure counts them). */
export function activeRestarts(pods: KObject[]): number {
  let n = 0;
  for (const pod of pods)
    if (phase(pod) === 'Running' || phase(pod) === 'Pending')
      for (const s of [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])]) n += s.restartCount ?? 0;
  return n;
}

/** RealPodControl.CreatePodsWithGenerateName: `<job>-` and five random characters. */
export function createJobPod(client: ApiClient, recorder: EventRecorder, job: KObject, jobRef: KObject, indexed?: { template: any; generateName: string }): void {
  // An Indexed Job's Pod has its own template (its index) and name prefix (indexed.ts).
  const t = indexed?.template ?? job.spec?.template ?? {};
  const metadata: KObject['metadata'] = { generateName: indexed?.generateName ?? `${job.metadata.name}-`, labels: sortedRecord(t.metadata?.labels) };
  if (t.metadata?.annotations) metadata.annotations = sortedRecord(t.metadata.annotations);
  metadata.finalizers = [...(t.metadata?.finalizers ?? []), JOB_TRACKING_FINALIZER];
  metadata.ownerReferences = [newControllerRef(job, 'batch/v1', 'Job')];
  const pod: KObject = { apiVersion: 'v1', kind: 'Pod', metadata, spec: deepCopy(t.spec ?? {}) };
  try {
    const created = client.create('pods', job.metadata.namespace, pod);
    recorder.event(jobRef, 'Normal', 'SuccessfulCreate', `Created pod: ${created.metadata.name}`);
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    recorder.event(jobRef, 'Warning', 'FailedCreate', `Error creating: ${e.message}`);
    throw e;
  }
}

/** RealPodControl.DeletePod, with its events; a Pod already gone is fine. */
export function deleteJobPod(client: ApiClient, recorder: EventRecorder, jobRef: KObject, pod: KObject): void {
  try {
    client.delete('pods', pod.metadata.namespace, pod.metadata.name!);
    recorder.event(jobRef, 'Normal', 'SuccessfulDelete', `Deleted pod: ${pod.metadata.name}`);
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    if (e.status.reason === 'NotFound') return;
    recorder.event(jobRef, 'Warning', 'FailedDelete', `Error deleting: ${e.message}`);
    throw e;
  }
}

/**
 * removeTrackingFinalizerPatch: a strategic merge patch that takes only the job-tracking
 * finalizer out of the list, whatever else changed on the Pod meanwhile (no resourceVersion:
 * a Pod deleted in the same sync must still lose it).
 */
export function removeTrackingFinalizer(client: ApiClient, pod: KObject): void {
  if (!hasTrackingFinalizer(pod)) return;
  try {
    client.patch('pods', pod.metadata.namespace, pod.metadata.name!, 'strategic', { metadata: { '$deleteFromPrimitiveList/finalizers': [JOB_TRACKING_FINALIZER] } });
  } catch (e) {
    if (e instanceof StatusError && e.status.reason === 'NotFound') return;
    throw e;
  }
}
