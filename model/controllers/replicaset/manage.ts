/**
 * manageReplicas: create or delete Pods until the ReplicaSet has spec.replicas active Pods.
 * Creates go in slow-start batches (1, 2, 4, ...) that stop at the first failure, so a quota
 * or admission error costs one request, not hundreds. Every create and delete is recorded in
 * the expectations before it is made.
 */
import { deepCopy, keyOf, type KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { ApiClient } from '../../client/client';
import type { EventRecorder } from '../../client/events';
import type { ControllerExpectations } from '../util/expectations';
import { internal } from '../util/controllerref';
import { newControllerRef, reasonOf, sortedRecord, withKind } from '../util/objects';
import { mutant } from '../../sim/mutants';

/** rsc.burstReplicas: at most this many creates or deletes per sync. */
export const BURST_REPLICAS = 500;
/** controller.SlowStartInitialBatchSize. */
export const SLOW_START_INITIAL_BATCH_SIZE = 1;

export interface ManageContext {
  client: ApiClient;
  recorder: EventRecorder;
  expectations: ControllerExpectations;
  nowMs: number;
  /** The Pods of sibling ReplicaSets (same Deployment), for ranking deletions. */
  relatedPods: () => KObject[];
  rank: (active: KObject[], related: KObject[], diff: number, nowMs: number) => KObject[];
}

/**
 * Returns the error that stopped it (reported in status and retried), or undefined. The active
 * Pods come as their number and, for a scale-down that ranks them, their list in creation order:
 * most syncs only count them.
 */
export function manageReplicas(c: ManageContext, rs: KObject, activeCount: number, activePods: () => KObject[]): StatusError | undefined {
  const key = keyOf(rs);
  const rsRef = withKind(rs, 'apps/v1', 'ReplicaSet');
  let diff = activeCount - (rs.spec?.replicas ?? 1);
  if (diff < 0) {
    diff = Math.min(-diff, BURST_REPLICAS);
    c.expectations.expectCreations(key, diff);
    const { successes, error } = slowStartBatch(diff, SLOW_START_INITIAL_BATCH_SIZE, () => createPod(c, rs, rsRef));
    // Creates that were never attempted (or failed) will not be observed: stop expecting them.
    for (let i = successes; i < diff; i++) c.expectations.creationObserved(key);
    return error;
  }
  if (diff > 0) {
    diff = Math.min(diff, BURST_REPLICAS);
    const victims = c.rank(activePods(), c.relatedPods(), diff, c.nowMs);
    c.expectations.expectDeletions(key, victims.map((p) => keyOf(p)));
    let firstError: StatusError | undefined;
    for (const pod of victims) {
      try {
        c.client.delete('pods', pod.metadata.namespace, pod.metadata.name!);
        c.recorder.event(rsRef, 'Normal', 'SuccessfulDelete', `Deleted pod: ${pod.metadata.name}`);
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        c.expectations.deletionObserved(key, keyOf(pod));
        if (reasonOf(e) === 'NotFound') continue;
        c.recorder.event(rsRef, 'Warning', 'FailedDelete', `Error deleting: ${e.message}`);
        firstError ??= new StatusError({ ...e.status, message: `unable to delete pods: ${e.message}` });
      }
    }
    return firstError;
  }
  return undefined;
}

/** controller.slowStartBatch: batches of 1, 2, 4, ... calls; stops after a batch with an error. */
export function slowStartBatch(count: number, initial: number, fn: () => void): { successes: number; error?: StatusError } {
  let remaining = count;
  let successes = 0;
  for (let batch = Math.min(remaining, initial); batch > 0; batch = Math.min(2 * batch, remaining)) {
    let error: StatusError | undefined;
    for (let i = 0; i < batch; i++) {
      try {
        fn();
        successes++;
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        error ??= e;
      }
    }
    if (error && !mutant('rs-unbounded-burst')) return { successes, error };
    remaining -= batch;
  }
  return { successes };
}

/** RealPodControl.CreatePods with controller.GetPodFromTemplate: `<rs>-` + 5 random characters. */
function createPod(c: ManageContext, rs: KObject, rsRef: KObject): void {
  const t = rs.spec?.template ?? {};
  const metadata: KObject['metadata'] = { generateName: `${rs.metadata.name}-`, labels: sortedRecord(t.metadata?.labels) };
  if (t.metadata?.annotations) metadata.annotations = sortedRecord(t.metadata.annotations);
  if (t.metadata?.finalizers) metadata.finalizers = [...t.metadata.finalizers];
  if (!mutant('rs-no-owner-reference')) metadata.ownerReferences = [newControllerRef(rs, 'apps/v1', 'ReplicaSet')];
  const pod: KObject = { apiVersion: 'v1', kind: 'Pod', metadata, spec: deepCopy(t.spec ?? {}) };
  if (Object.keys(metadata.labels ?? {}).length === 0) throw internal('unable to create pods, no labels');
  try {
    const created = c.client.create('pods', rs.metadata.namespace, pod);
    c.recorder.event(rsRef, 'Normal', 'SuccessfulCreate', `Created pod: ${created.metadata.name}`);
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    c.recorder.event(rsRef, 'Warning', 'FailedCreate', `Error creating: ${e.message}`);
    throw e;
  }
}
