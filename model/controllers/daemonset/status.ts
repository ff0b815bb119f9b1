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
  const counts = emptyCounts();
  countNodes(counts, ds, nodes, nodeToPods, hash, generation, nowMs);
  return statusFromCounts(ds, counts);
}

/** What calculateStatus counts, node by node (a sum: the nodes may be counted in any order, in parts). */
export interface StatusCounts {
  desired: number;
  current: number;
  ready: number;
  available: number;
  updated: number;
  misscheduled: number;
}

export const emptyCounts = (): StatusCounts => ({ desired: 0, current: 0, ready: 0, available: 0, updated: 0, misscheduled: 0 });

/** Adds the given nodes' share of the status to `counts`. */
export function countNodes(counts: StatusCounts, ds: KObject, nodes: Iterable<KObject>, nodeToPods: Map<string, KObject[]>, hash: string, generation: string, nowMs: number): void {
  const shouldRunOn = daemonPodPredicate(ds);
  for (const node of nodes) {
    const { shouldRun } = shouldRunOn(node);
    const pods = nodeToPods.get(node.metadata.name!) ?? [];
    if (!shouldRun) {
      if (pods.length) counts.misscheduled++;
      continue;
    }
    counts.desired++;
    if (pods.length === 0) continue;
    counts.current++;
    const pod = oldest(pods);
    if (isPodReady(pod)) {
      counts.ready++;
      if (isPodAvailable(pod, ds.spec?.minReadySeconds ?? 0, nowMs)) counts.available++;
    }
    if (isPodUpdated(pod, hash, generation)) counts.updated++;
  }
}

/** The status calculateStatus writes, from the counts over every node. */
export function statusFromCounts(ds: KObject, c: StatusCounts): any {
  const status: any = {
    currentNumberScheduled: c.current,
    desiredNumberScheduled: c.desired,
    numberMisscheduled: c.misscheduled,
    numberReady: c.ready,
    observedGeneration: ds.metadata.generation,
  };
  // updatedNumberScheduled, numberAvailable and numberUnavailable are omitempty in apps/v1: a 0 is not sent.
  if (c.updated) status.updatedNumberScheduled = c.updated;
  if (c.available) status.numberAvailable = c.available;
  if (c.desired - c.available) status.numberUnavailable = c.desired - c.available;
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
