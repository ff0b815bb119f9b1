/**
 * Pod predicates the workload controllers share (k8s.io/kubernetes/pkg/api/v1/pod and
 * pkg/controller's IsPodActive).
 */
import type { KObject } from '../../api/meta';

/** The Pod's Ready condition, if it has one. */
export function podReadyCondition(pod: KObject): { status: string; lastTransitionTime?: string } | undefined {
  return (pod.status?.conditions ?? []).find((c: any) => c?.type === 'Ready');
}

/** podutil.IsPodReady: the Ready condition is True. */
export function isPodReady(pod: KObject): boolean {
  return podReadyCondition(pod)?.status === 'True';
}

/**
 * podutil.IsPodAvailable: Ready, and Ready for at least minReadySeconds (strictly before now,
 * as Go's Time.Before).
 */
export function isPodAvailable(pod: KObject, minReadySeconds: number, nowMs: number): boolean {
  const c = podReadyCondition(pod);
  if (c?.status !== 'True') return false;
  if (!minReadySeconds) return true;
  const since = c.lastTransitionTime ? Date.parse(c.lastTransitionTime) : NaN;
  return !Number.isNaN(since) && since + minReadySeconds * 1000 < nowMs;
}

/** controller.IsPodActive: not Succeeded, not Failed, not being deleted. */
export function isPodActive(pod: KObject): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && !pod.metadata.deletionTimestamp;
}

/** The highest restartCount among the Pod's containers (compareMaxContainerRestarts). */
export function maxContainerRestarts(pod: KObject): number {
  let max = 0;
  for (const s of pod.status?.containerStatuses ?? []) max = Math.max(max, s?.restartCount ?? 0);
  for (const s of pod.status?.initContainerStatuses ?? []) max = Math.max(max, s?.restartCount ?? 0);
  return max;
}
