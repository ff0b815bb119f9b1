/**
 * One pass of the StatefulSet controller over one set (stateful_set_control.go
 * updateStatefulSet, without the MaxUnavailableStatefulSet gate, off in 1.32). The Pods split
 * into the replicas [start, start+replicas) and the condemned beyond. Under OrderedReady
 * ("monotonic") each replica is handled in ordinal order and the pass stops at the first one
 * it creates or that is not yet Running and Ready (and available for minReadySeconds); the
 * condemned go one at a time from the highest ordinal, only while every other Pod is healthy.
 * Parallel acts on every replica and every condemned Pod at once. A failed or succeeded Pod is
 * deleted to be made again. Then a RollingUpdate deletes the highest-ordinal Pod that is not at
 * the update revision, down to the partition, waiting for each to come back healthy; OnDelete
 * leaves Pods alone until someone deletes them.
 */
import { deepCopy, type KObject } from '../../api/meta';
import { mutant } from '../../sim/mutants';
import { reasonOf } from '../util/objects';
import {
  identityMatches,
  inOrdinalRange,
  isCreated,
  isFailed,
  isHealthy,
  isPending,
  isRunningAndAvailable,
  isRunningAndReady,
  isSucceeded,
  isTerminating,
  newStatefulSetPod,
  ordinalOf,
  podRevision,
  startOrdinal,
  storageMatches,
  withIdentityAndStorage,
} from './identity';
import type { StatefulPodControl } from './pod-control';
import { applyRevision } from './revisions';

export interface StatefulSetStatus {
  observedGeneration?: number;
  replicas: number;
  readyReplicas: number;
  currentReplicas: number;
  updatedReplicas: number;
  currentRevision: string;
  updateRevision: string;
  collisionCount: number;
  availableReplicas: number;
}

/** computeReplicaStatus over every list given. */
export function countReplicas(status: StatefulSetStatus, minReadySeconds: number, nowMs: number, ...lists: KObject[][]): void {
  status.replicas = status.readyReplicas = status.availableReplicas = status.currentReplicas = status.updatedReplicas = 0;
  for (const list of lists)
    for (const pod of list) {
      if (!pod) continue;
      if (isCreated(pod)) status.replicas++;
      if (isRunningAndReady(pod)) {
        status.readyReplicas++;
        if (isRunningAndAvailable(pod, minReadySeconds, nowMs)) status.availableReplicas++;
      }
      if (isCreated(pod) && !isTerminating(pod)) {
        const rev = podRevision(pod);
        if (rev === status.currentRevision) status.currentReplicas++;
        if (rev === status.updateRevision) status.updatedReplicas++;
      }
    }
}

/** newVersionedStatefulSetPod: ordinals below the partition (or the current count) keep the current revision. */
function newVersionedPod(currentSet: KObject, updateSet: KObject, currentRevision: string, updateRevision: string, ordinal: number, currentReplicas: number): KObject {
  const us = currentSet.spec?.updateStrategy ?? {};
  const start = startOrdinal(currentSet);
  const keepCurrent =
    (us.type === 'RollingUpdate' && !us.rollingUpdate && ordinal < start + currentReplicas) || (us.rollingUpdate && ordinal < start + (us.rollingUpdate.partition ?? 0));
  return keepCurrent ? newStatefulSetPod(currentSet, ordinal, currentRevision) : newStatefulSetPod(updateSet, ordinal, updateRevision);
}

export interface ControlContext {
  pods: StatefulPodControl;
  nowMs: number;
}

/**
 * runForAll: in order, stopping at the first that says stop (monotonic); or all of them, stopping
 * only on an error (burst).
 */
function runForAll(list: KObject[], fn: (i: number) => boolean, monotonic: boolean): boolean {
  if (monotonic) {
    for (let i = 0; i < list.length; i++) if (fn(i)) return true;
    return false;
  }
  let firstError: unknown;
  for (let i = 0; i < list.length; i++) {
    try {
      fn(i);
    } catch (e) {
      firstError ??= e;
    }
  }
  if (firstError) throw firstError;
  return false;
}

/** updateStatefulSet: acts, and returns the status to write. */
export function updateStatefulSet(c: ControlContext, set: KObject, current: KObject, update: KObject, collisionCount: number, pods: KObject[]): StatefulSetStatus {
  const currentSet = applyRevision(set, current);
  const updateSet = applyRevision(set, update);
  const minReady = set.spec?.minReadySeconds ?? 0;
  const status: StatefulSetStatus = {
    observedGeneration: set.metadata.generation,
    replicas: 0,
    readyReplicas: 0,
    currentReplicas: 0,
    updatedReplicas: 0,
    currentRevision: current.metadata.name!,
    updateRevision: update.metadata.name!,
    collisionCount,
    availableReplicas: 0,
  };
  countReplicas(status, minReady, c.nowMs, pods);
  const start = startOrdinal(set);
  const replicaCount = set.spec?.replicas ?? 1;
  const replicas: KObject[] = new Array(replicaCount);
  const condemned: KObject[] = [];
  for (const pod of pods) {
    if (inOrdinalRange(pod, set)) replicas[ordinalOf(pod) - start] = pod;
    else if (ordinalOf(pod) >= 0) condemned.push(pod);
  }
  for (let i = 0; i < replicaCount; i++)
    if (!replicas[i]) replicas[i] = newVersionedPod(currentSet, updateSet, current.metadata.name!, update.metadata.name!, start + i, set.status?.currentReplicas ?? 0);
  condemned.sort((a, b) => ordinalOf(b) - ordinalOf(a));

  let firstUnhealthy: KObject | undefined;
  for (const p of replicas) if (!isHealthy(p)) firstUnhealthy ??= p;
  for (let i = condemned.length - 1; i >= 0; i--) if (!isHealthy(condemned[i])) firstUnhealthy ??= condemned[i];

  const done = () => {
    countReplicas(status, minReady, c.nowMs, replicas, condemned);
    return status;
  };
  if (set.metadata.deletionTimestamp) return status;
  // The bug zoo's ordering bug: every policy acts as Parallel.
  const monotonic = (set.spec?.podManagementPolicy ?? 'OrderedReady') !== 'Parallel' && !mutant('statefulset-skips-ordering');

  const processReplica = (i: number): boolean => {
    const pod = replicas[i];
    if (isFailed(pod) || isSucceeded(pod)) {
      // A finished Pod is deleted; the next pass makes it again.
      if (!pod.metadata.deletionTimestamp) c.pods.deletePod(set, pod);
      return true;
    }
    if (!isCreated(pod)) {
      c.pods.createPod(set, pod);
      return monotonic;
    }
    if (isPending(pod)) c.pods.createMissingClaims(set, pod);
    if (isTerminating(pod) && monotonic) return true;
    if (!isRunningAndReady(pod) && monotonic) return true;
    if (!isRunningAndAvailable(pod, minReady, c.nowMs) && monotonic) return true;
    if (set.spec?.persistentVolumeClaimRetentionPolicy) c.pods.fixClaimRefs(updateSet, pod);
    if (identityMatches(set, pod) && storageMatches(set, pod)) return false;
    c.pods.updatePod(updateSet, withIdentityAndStorage(updateSet, pod));
    return false;
  };
  if (runForAll(replicas, processReplica, monotonic)) return done();

  // Claims of Pods about to go: owned by the Pod when whenScaled is Delete.
  if (runForAll(condemned, (i) => (c.pods.fixClaimRefs(updateSet, condemned[i]), false), monotonic)) return done();

  const processCondemned = (i: number): boolean => {
    const pod = condemned[i];
    if (isTerminating(pod)) return monotonic;
    if (!isRunningAndReady(pod) && monotonic && pod !== firstUnhealthy) return true;
    if (!isRunningAndAvailable(pod, minReady, c.nowMs) && monotonic && pod !== firstUnhealthy) return true;
    c.pods.deletePod(set, pod);
    return true;
  };
  if (runForAll(condemned, processCondemned, monotonic)) return done();
  done();

  if (set.spec?.updateStrategy?.type === 'OnDelete') return status;
  const updateMin = set.spec?.updateStrategy?.rollingUpdate?.partition ?? 0;
  for (let target = replicas.length - 1; target >= updateMin; target--) {
    const pod = replicas[target];
    if (podRevision(pod) !== update.metadata.name && !isTerminating(pod)) {
      try {
        c.pods.deletePod(set, pod);
      } catch (e) {
        if (reasonOf(e) !== 'NotFound') throw e;
      }
      status.currentReplicas--;
      return status;
    }
    if (!isHealthy(pod)) return status;
  }
  return status;
}

/** completeRollingUpdate: once every replica is updated and ready, the update revision is current. */
export function completeRollingUpdate(set: KObject, status: StatefulSetStatus): void {
  if (set.spec?.updateStrategy?.type === 'RollingUpdate' && status.updatedReplicas === status.replicas && status.readyReplicas === status.replicas) {
    status.currentReplicas = status.updatedReplicas;
    status.currentRevision = status.updateRevision;
  }
}

/** The status as apps/v1 serializes it (omitempty fields dropped, replicas and availableReplicas always). */
export function statusJSON(s: StatefulSetStatus, old: any): any {
  const out: any = {};
  if (s.observedGeneration) out.observedGeneration = s.observedGeneration;
  out.replicas = s.replicas;
  if (s.readyReplicas) out.readyReplicas = s.readyReplicas;
  if (s.currentReplicas) out.currentReplicas = s.currentReplicas;
  if (s.updatedReplicas) out.updatedReplicas = s.updatedReplicas;
  if (s.currentRevision) out.currentRevision = s.currentRevision;
  if (s.updateRevision) out.updateRevision = s.updateRevision;
  out.collisionCount = s.collisionCount;
  if (old?.conditions) out.conditions = deepCopy(old.conditions);
  out.availableReplicas = s.availableReplicas;
  return out;
}
