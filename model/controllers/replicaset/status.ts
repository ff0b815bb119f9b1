/**
 * A ReplicaSet's status from the Pods it owns (replica_set_utils.go calculateStatus and
 * updateReplicaSetStatus).
 */
import { canonicalJSON, deepCopy, type KObject } from '../../api/meta';
import { matchesLabels, type Selector } from '../../api/selectors';
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

/** Counts the active owned Pods; a failed create/delete shows as a ReplicaFailure condition. */
export function calculateStatus(rs: KObject, pods: KObject[], manageError: Error | undefined, nowRFC3339: string, nowMs: number): ReplicaSetStatus {
  const templateLabels: Selector = Object.entries(rs.spec?.template?.metadata?.labels ?? {}).map(([k, v]) => ({ key: k, op: '=' as const, values: [v as string] as [string] }));
  let fullyLabeled = 0;
  let ready = 0;
  let available = 0;
  for (const pod of pods) {
    if (matchesLabels(templateLabels, pod.metadata.labels)) fullyLabeled++;
    if (isPodReady(pod)) {
      ready++;
      if (isPodAvailable(pod, rs.spec?.minReadySeconds ?? 0, nowMs)) available++;
    }
  }
  let conditions: any[] = deepCopy(rs.status?.conditions ?? []);
  const failure = conditions.find((c) => c.type === 'ReplicaFailure');
  if (manageError && !failure) {
    const diff = pods.length - (rs.spec?.replicas ?? 1);
    const reason = diff < 0 ? 'FailedCreate' : diff > 0 ? 'FailedDelete' : '';
    conditions.push({ type: 'ReplicaFailure', status: 'True', lastTransitionTime: nowRFC3339, reason, message: manageError.message });
  } else if (!manageError && failure) {
    conditions = conditions.filter((c) => c.type !== 'ReplicaFailure');
  }
  return omitEmpty(
    {
      replicas: pods.length,
      fullyLabeledReplicas: fullyLabeled,
      readyReplicas: ready,
      availableReplicas: available,
      observedGeneration: rs.status?.observedGeneration,
      conditions: conditions.length ? conditions : undefined,
    },
    ['replicas'],
  );
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
