/**
 * updateDaemonSetStatus: what `kubectl get daemonset` prints. Per node that should run the
 * daemon Pod: DESIRED; CURRENT if it has one; READY and AVAILABLE by its oldest Pod's Ready
 * condition (and minReadySeconds); UP-TO-DATE if that Pod has the current template. Nodes with
 * a daemon Pod that should not run one are misscheduled.
 */
import { canonicalJSON, type KObject } from '../../api/meta';
import type { ApiClient } from '../../client/client';
import { isPodAvailable, isPodReady } from '../util/podutil';
import { daemonPodPredicate, isPodUpdated } from './podtemplate';

export function calculateStatus(ds: KObject, nodes: KObject[], nodeToPods: Map<string, KObject[]>, hash: string, generation: string, nowMs: number): any {
  let desired = 0,
    current = 0,
    ready = 0,
    available = 0,
    updated = 0,
    misscheduled = 0;
  const shouldRunOn = daemonPodPredicate(ds);
  for (const node of nodes) {
    const { shouldRun } = shouldRunOn(node);
    const pods = nodeToPods.get(node.metadata.name!) ?? [];
    if (!shouldRun) {
      if (pods.length) misscheduled++;
      continue;
    }
    desired++;
    if (pods.length === 0) continue;
    current++;
    const pod = oldest(pods);
    if (isPodReady(pod)) {
      ready++;
      if (isPodAvailable(pod, ds.spec?.minReadySeconds ?? 0, nowMs)) available++;
    }
    if (isPodUpdated(pod, hash, generation)) updated++;
  }
  const status: any = {
    currentNumberScheduled: current,
    desiredNumberScheduled: desired,
    numberMisscheduled: misscheduled,
    numberReady: ready,
    observedGeneration: ds.metadata.generation,
    updatedNumberScheduled: updated,
  };
  if (available) status.numberAvailable = available;
  if (desired - available) status.numberUnavailable = desired - available;
  if (ds.status?.collisionCount !== undefined) status.collisionCount = ds.status.collisionCount;
  return status;
}

/** Writes the status when it changed (storeDaemonSetStatus). */
export function updateDaemonSetStatus(client: ApiClient, ds: KObject, status: any): void {
  if (canonicalJSON(ds.status ?? {}) === canonicalJSON(status)) return;
  client.updateStatus('daemonsets', ds.metadata.namespace, { ...ds, apiVersion: 'apps/v1', kind: 'DaemonSet', status });
}

/** The first Pod in podByCreationTimestampAndPhase order, without sorting them all. */
function oldest(pods: KObject[]): KObject {
  let first = pods[0];
  for (let i = 1; i < pods.length; i++) if (byCreationAndPhase(pods[i], first) < 0) first = pods[i];
  return first;
}

/** podByCreationTimestampAndPhase: Pods bound to a node first, then oldest first. */
export function byCreationAndPhase(a: KObject, b: KObject): number {
  const ra = a.spec?.nodeName ? 0 : 1;
  const rb = b.spec?.nodeName ? 0 : 1;
  if (ra !== rb) return ra - rb;
  const ta = a.metadata.creationTimestamp ?? '';
  const tb = b.metadata.creationTimestamp ?? '';
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.metadata.name! < b.metadata.name! ? -1 : 1;
}
