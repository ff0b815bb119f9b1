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

/**
 * maxContainerRestarts: the highest restartCount of the Pod's regular containers, and of its
 * sidecars (init containers with restartPolicy Always); other init containers do not count.
 */
export function maxContainerRestarts(pod: KObject): { regular: number; sidecar: number } {
  let regular = 0;
  let sidecar = 0;
  for (const s of pod.status?.containerStatuses ?? []) regular = Math.max(regular, s?.restartCount ?? 0);
  const sidecars = new Set((pod.spec?.initContainers ?? []).filter((c: any) => c?.restartPolicy === 'Always').map((c: any) => c.name));
  for (const s of pod.status?.initContainerStatuses ?? []) if (sidecars.has(s?.name)) sidecar = Math.max(sidecar, s?.restartCount ?? 0);
  return { regular, sidecar };
}
