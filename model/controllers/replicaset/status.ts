/**
 * A ReplicaSet's status from the Pods it owns (replica_set_utils.go calculateStatus and
 * updateReplicaSetStatus).
 */
import { canonicalJSON, deepCopy, type KObject } from '../../api/meta';
import type { ApiClient } from '../../client/client';
import { isPodAvailable, isPodReady } from '../util/podutil';
import { omitEmpty } from '../util/objects';

export interface ReplicaSetStatus {
  replicas: number;
  fullyLabeledReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  observedGeneration?: number;
  conditions?: any[];
}

/** What a ReplicaSet's status counts of its active owned Pods. */
export interface PodCounts {
  replicas: number;
  fullyLabeled: number;
  ready: number;
  available: number;
}

/** Counts the active owned Pods; a failed create/delete shows as a ReplicaFailure condition. */
export function calculateStatus(rs: KObject, pods: KObject[], manageError: Error | undefined, nowRFC3339: string, nowMs: number): ReplicaSetStatus {
  return statusFromCounts(rs, countPods(rs, pods, nowMs), manageError, nowRFC3339);
}

/** The counts of calculateStatus, in one pass over the Pods. */
export function countPods(rs: KObject, pods: KObject[], nowMs: number): PodCounts {
  const templateLabels = Object.entries(rs.spec?.template?.metadata?.labels ?? {});
  const minReadySeconds = rs.spec?.minReadySeconds ?? 0;
  let fullyLabeled = 0;
  let ready = 0;
  let available = 0;
  for (const pod of pods) {
    if (hasAllLabels(pod.metadata.labels, templateLabels)) fullyLabeled++;
    if (isPodReady(pod)) {
      ready++;
      if (isPodAvailable(pod, minReadySeconds, nowMs)) available++;
    }
  }
  return { replicas: pods.length, fullyLabeled, ready, available };
}

/** calculateStatus from counts already made (model/controllers/replicaset/pod-tally.ts keeps them). */
export function statusFromCounts(rs: KObject, counts: PodCounts, manageError: Error | undefined, nowRFC3339: string): ReplicaSetStatus {
  let conditions: any[] = deepCopy(rs.status?.conditions ?? []);
  const failure = conditions.find((c) => c.type === 'ReplicaFailure');
  if (manageError && !failure) {
    const diff = counts.replicas - (rs.spec?.replicas ?? 1);
    const reason = diff < 0 ? 'FailedCreate' : diff > 0 ? 'FailedDelete' : '';
    conditions.push({ type: 'ReplicaFailure', status: 'True', lastTransitionTime: nowRFC3339, reason, message: manageError.message });
  } else if (!manageError && failure) {
    conditions = conditions.filter((c) => c.type !== 'ReplicaFailure');
  }
  return omitEmpty(
    {
      replicas: counts.replicas,
      fullyLabeledReplicas: counts.fullyLabeled,
      readyReplicas: counts.ready,
      availableReplicas: counts.available,
      observedGeneration: rs.status?.observedGeneration,
      conditions: conditions.length ? conditions : undefined,
    },
    ['replicas'],
  );
}

/** labels.SelectorFromSet(want).Matches(labels): every key present with its value (null reads as ""). */
export function hasAllLabels(labels: Record<string, unknown> | undefined, want: [string, unknown][]): boolean {
  for (const [k, v] of want) {
    if (!labels || !Object.prototype.hasOwnProperty.call(labels, k)) return false;
    const have = labels[k];
    if ((have === null || have === undefined ? '' : String(have)) !== v) return false;
  }
  return true;
}

/**
 * Writes the status unless nothing changed and the generation was already observed; on a
 * conflict it re-reads the ReplicaSet once and retries (statusUpdateRetries = 1).
 */
export function updateReplicaSetStatus(client: ApiClient, rs: KObject, status: ReplicaSetStatus): KObject {
  const cur = rs.status ?? {};
  const same = (k: keyof ReplicaSetStatus) => (cur[k] ?? 0) === (status[k] ?? 0);
  if (
    same('replicas') &&
    same('fullyLabeledReplicas') &&
    same('readyReplicas') &&
    same('availableReplicas') &&
    rs.metadata.generation === cur.observedGeneration &&
    canonicalJSON(cur.conditions ?? []) === canonicalJSON(status.conditions ?? [])
  )
    return rs;
  const next: ReplicaSetStatus = { ...status, observedGeneration: rs.metadata.generation };
  let target = rs;
  for (let i = 0; ; i++) {
    try {
      return client.updateStatus('replicasets', target.metadata.namespace, { ...deepCopy(target), status: next });
    } catch (e) {
      if (i >= 1) throw e;
      target = client.get('replicasets', rs.metadata.namespace, rs.metadata.name!);
    }
  }
}
