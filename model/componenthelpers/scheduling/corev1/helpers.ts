/**
 * k8s.io/component-helpers/scheduling/corev1 (helpers.go): what the scheduler and the
 * controllers that place or evict Pods (DaemonSet, taint eviction) decide the same way.
 */
import type { KObject } from '../../../api/meta';
import { newLazyErrorNodeSelector, type MatchResult, type NodeSelector } from './nodeaffinity';
import { toleratesTaint, type Taint, type Toleration } from './toleration';

export type { Taint, Toleration } from './toleration';

/** PodPriority: spec.priority, or 0 for a Pod created when no default priority class existed. */
export function podPriority(pod: KObject): number {
  return typeof pod.spec?.priority === 'number' ? pod.spec.priority : 0;
}

/**
 * MatchNodeSelectorTerms: the node matches one of the terms (ORed); a nil or empty term
 * matches nothing; a term that does not parse fails, and its errors come back only when no
 * other term matched.
 */
export function matchNodeSelectorTerms(node: KObject | null | undefined, nodeSelector: NodeSelector | null | undefined): MatchResult {
  if (!node) return { matches: false, errors: [] };
  return newLazyErrorNodeSelector(nodeSelector).match(node);
}

/** TolerationsTolerateTaint: one of the tolerations tolerates the taint. */
export function tolerationsTolerateTaint(tolerations: Toleration[] | null | undefined, taint: Taint): boolean {
  for (const t of tolerations ?? []) if (t && toleratesTaint(t, taint)) return true;
  return false;
}

/**
 * FindMatchingUntoleratedTaint: the first taint (in the node's order) that passes the
 * inclusion filter (all of them without one) and that no toleration tolerates.
 */
export function findMatchingUntoleratedTaint(taints: Taint[] | null | undefined, tolerations: Toleration[] | null | undefined, inclusionFilter?: (t: Taint) => boolean): Taint | undefined {
  for (const taint of taints ?? []) {
    if (!taint || (inclusionFilter && !inclusionFilter(taint))) continue;
    if (!tolerationsTolerateTaint(tolerations, taint)) return taint;
  }
  return undefined;
}
