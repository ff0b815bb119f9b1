import { canonicalJSON, type KObject } from '../../api/meta';

/** framework.QueuedPodInfo: a Pod waiting to be scheduled, and its history in the queue. */
export interface QueuedPodInfo {
  pod: KObject;
  /** When it last entered the queue (activeQ order, back-off start, the 5-minute flush). */
  timestamp: number;
  /** Scheduling attempts so far (the back-off doubles with each). */
  attempts: number;
  /** Filter plugins that rejected it last time: only events they care about requeue it. */
  unschedulablePlugins: Set<string>;
  /** Held by spec.schedulingGates (the SchedulingGates plugin's PreEnqueue). */
  gated: boolean;
  /** Insertion order, to break ties deterministically. */
  seq: number;
}

/** Default back-off: podInitialBackoffSeconds 1, podMaxBackoffSeconds 10. */
export const POD_INITIAL_BACKOFF_MS = 1000;
export const POD_MAX_BACKOFF_MS = 10_000;

/** podMaxInUnschedulablePodsDuration: after this, a Pod is retried whatever happened. */
export const POD_MAX_IN_UNSCHEDULABLE_PODS_MS = 5 * 60 * 1000;

/**
 * calculateBackoffDuration: the initial back-off (1 s), doubled per further attempt, capped at
 * the maximum (10 s); none before the first attempt. The cap is checked by subtraction, as
 * upstream does, so that doubling never overflows.
 */
export function backoffDuration(attempts: number, initialMs = POD_INITIAL_BACKOFF_MS, maxMs = POD_MAX_BACKOFF_MS): number {
  if (attempts === 0) return 0;
  let d = initialMs;
  for (let i = 1; i < attempts; i++) {
    if (d > maxMs - d) return maxMs;
    d += d;
  }
  return d;
}

export function backoffExpiry(p: QueuedPodInfo): number {
  return p.timestamp + backoffDuration(p.attempts);
}

/** The queue's key for a Pod: namespace/name, as the real queue keys it. */
export function queueKey(pod: KObject): string {
  return `${pod.metadata.namespace}/${pod.metadata.name}`;
}

/** PrioritySort: higher spec.priority first, then earlier timestamp. */
export function prioritySortLess(a: QueuedPodInfo, b: QueuedPodInfo): boolean {
  const pa = a.pod.spec?.priority ?? 0;
  const pb = b.pod.spec?.priority ?? 0;
  if (pa !== pb) return pa > pb;
  if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp;
  return a.seq < b.seq;
}

/**
 * isPodUpdated: did anything but status, resourceVersion, generation, managedFields or
 * finalizers change? (The scheduler's own status patch must not requeue a Pod.)
 */
export function isPodUpdated(oldPod: KObject, newPod: KObject): boolean {
  const strip = (p: KObject) => {
    const { resourceVersion: _rv, generation: _g, managedFields: _m, finalizers: _f, ...meta } = p.metadata;
    return canonicalJSON({ ...p, metadata: meta, status: undefined });
  };
  return strip(oldPod) !== strip(newPod);
}
