/**
 * Which Pods the Pod garbage collector counts as terminated or terminating, and the order it
 * deletes them in (pkg/controller/podgc/gc_controller.go: isPodTerminated, isPodTerminating,
 * byEvictionAndCreationTimestamp; eviction.PodIsEvicted).
 */
import type { KObject } from '../../api/meta';

/** isPodTerminated: any phase but Pending, Running and Unknown (an empty phase counts as terminated). */
export function isPodTerminated(pod: KObject): boolean {
  const phase = pod.status?.phase ?? '';
  return phase !== 'Pending' && phase !== 'Running' && phase !== 'Unknown';
}

/** isPodTerminating: the Pod has a deletionTimestamp. */
export function isPodTerminating(pod: KObject): boolean {
  return !!pod.metadata.deletionTimestamp;
}

/** eviction.PodIsEvicted: Failed with reason Evicted (the kubelet's eviction manager's mark). */
export function isPodEvicted(pod: KObject): boolean {
  return pod.status?.phase === 'Failed' && pod.status?.reason === 'Evicted';
}

const created = (pod: KObject) => Date.parse(pod.metadata.creationTimestamp ?? '') || 0;

/**
 * byEvictionAndCreationTimestamp: evicted Pods first (so that the terminated Pods of controllers
 * go last), then the oldest, the name breaking a tie.
 */
export function byEvictionAndCreationTimestamp(a: KObject, b: KObject): number {
  const ae = isPodEvicted(a);
  const be = isPodEvicted(b);
  if (ae !== be) return ae ? -1 : 1;
  const ca = created(a);
  const cb = created(b);
  if (ca === cb) return a.metadata.name! < b.metadata.name! ? -1 : a.metadata.name! > b.metadata.name! ? 1 : 0;
  return ca - cb;
}
