/**
 * Which Pods a ReplicaSet deletes first when it scales down (controller.ActivePodsWithRanks and
 * getPodsToDelete): the ones that cost least to lose. Unassigned before assigned; Pending before
 * Unknown before Running; not ready before ready; lower pod-deletion-cost first; Pods doubled
 * up on a node with more of their siblings first; the most recently ready first (in
 * logarithmic buckets, LogarithmicScaleDown); more container restarts first; the newest first.
 */
import type { KObject } from '../../api/meta';
import { isPodActive, isPodReady, maxContainerRestarts, podReadyCondition } from '../util/podutil';
import { timeMs } from '../util/objects';

const PHASE_ORDINAL: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

/** The diff Pods to delete, ranked among the active Pods; relatedPods are those of sibling ReplicaSets. */
export function podsToDelete(active: KObject[], related: KObject[], diff: number, nowMs: number): KObject[] {
  if (diff >= active.length) return active.slice(0, diff);
  const onNode = new Map<string, number>();
  for (const p of related) if (isPodActive(p)) onNode.set(p.spec?.nodeName ?? '', (onNode.get(p.spec?.nodeName ?? '') ?? 0) + 1);
  const ranked = active.map((pod) => ({ pod, rank: onNode.get(pod.spec?.nodeName ?? '') ?? 0 }));
  ranked.sort((a, b) => (less(a, b, nowMs) ? -1 : less(b, a, nowMs) ? 1 : 0));
  return ranked.slice(0, diff).map((r) => r.pod);
}

/** A Pod and the number of its siblings on its node. */
export type Ranked = { pod: KObject; rank: number };

/** ActivePodsWithRanks.Less: true when a should be deleted before b. */
export function less(a: Ranked, b: Ranked, nowMs: number): boolean {
  const pi = a.pod;
  const pj = b.pod;
  const ni = pi.spec?.nodeName ?? '';
  const nj = pj.spec?.nodeName ?? '';
  if (ni !== nj && (ni === '' || nj === '')) return ni === '';
  const oi = PHASE_ORDINAL[pi.status?.phase] ?? 0;
  const oj = PHASE_ORDINAL[pj.status?.phase] ?? 0;
  if (oi !== oj) return oi < oj;
  const ri = isPodReady(pi);
  const rj = isPodReady(pj);
  if (ri !== rj) return !ri;
  const ci = deletionCost(pi);
  const cj = deletionCost(pj);
  if (ci !== cj) return ci < cj;
  if (a.rank !== b.rank) return a.rank > b.rank;
  if (ri && rj) {
    const ti = timeMs(podReadyCondition(pi)?.lastTransitionTime);
    const tj = timeMs(podReadyCondition(pj)?.lastTransitionTime);
    if (ti !== tj) return byLogRank(ti, tj, pi, pj, nowMs);
  }
  // compareMaxContainerRestarts: regular containers' restarts first, then sidecars'.
  const xi = maxContainerRestarts(pi);
  const xj = maxContainerRestarts(pj);
  if (xi.regular !== xj.regular) return xi.regular > xj.regular;
  if (xi.sidecar !== xj.sidecar) return xi.sidecar > xj.sidecar;
  const ki = timeMs(pi.metadata.creationTimestamp);
  const kj = timeMs(pj.metadata.creationTimestamp);
  if (ki !== kj) return byLogRank(ki, kj, pi, pj, nowMs);
  return false;
}

/** controller.kubernetes.io/pod-deletion-cost (PodDeletionCost, on by default). */
function deletionCost(pod: KObject): number {
  const v = Number(pod.metadata.annotations?.['controller.kubernetes.io/pod-deletion-cost']);
  return Number.isInteger(v) ? v : 0;
}

/** Newer (or zero) first, compared by log2 of their age in nanoseconds, ties broken by UID. */
function byLogRank(t1: number, t2: number, p1: KObject, p2: KObject, nowMs: number): boolean {
  if (!t1 || !t2) return !t1;
  const r = (t: number) => {
    const d = (nowMs - t) * 1e6;
    return d > 0 ? Math.floor(Math.log2(d)) : -1;
  };
  const diff = r(t1) - r(t2);
  if (diff === 0) return (p1.metadata.uid ?? '') < (p2.metadata.uid ?? '');
  return diff < 0;
}
