/** The taints the node lifecycle controller keeps in line with a Node's Ready condition. */
export const TAINT_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_NOT_READY = 'node.kubernetes.io/not-ready';
/** TaintNodeByCondition's taint for a cordoned Node (spec.unschedulable). */
export const TAINT_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';

export interface NodeTaint {
  key: string;
  value?: string;
  effect: string;
  timeAdded?: string;
}

/** The taint key a Ready condition status calls for: False → not-ready, Unknown → unreachable, True → none. */
export function readinessTaintKey(readyStatus: string | undefined): string | undefined {
  if (readyStatus === 'False') return TAINT_NOT_READY;
  if (readyStatus === 'Unknown') return TAINT_UNREACHABLE;
  return undefined;
}

/**
 * The Node's taints with the readiness taints of the given effects replaced by `key`'s (none
 * when key is undefined); a taint already there keeps its timeAdded.
 */
export function withReadinessTaints(taints: NodeTaint[], key: string | undefined, now: string, effects: string[] = ['NoSchedule', 'NoExecute']): NodeTaint[] {
  const isReadiness = (t: NodeTaint) => (t.key === TAINT_UNREACHABLE || t.key === TAINT_NOT_READY) && effects.includes(t.effect);
  const kept = taints.filter((t) => !isReadiness(t) || t.key === key);
  if (!key) return kept;
  for (const effect of effects) if (!kept.some((t) => t.key === key && t.effect === effect)) kept.push({ key, effect, timeAdded: now });
  return kept;
}

/** Whether two taint lists hold the same taints (order aside). */
export function sameTaints(a: NodeTaint[], b: NodeTaint[]): boolean {
  const k = (t: NodeTaint) => `${t.key}=${t.value ?? ''}:${t.effect}`;
  const sa = a.map(k).sort().join(',');
  return sa === b.map(k).sort().join(',');
}

/**
 * doNoScheduleTaintingPass for spec.unschedulable: a cordoned Node carries
 * node.kubernetes.io/unschedulable:NoSchedule (added with its timeAdded), an uncordoned one not.
 */
export function withUnschedulableTaint(taints: NodeTaint[], unschedulable: boolean, now: string): NodeTaint[] {
  const isIt = (t: NodeTaint) => t.key === TAINT_UNSCHEDULABLE && t.effect === 'NoSchedule';
  if (!unschedulable) return taints.filter((t) => !isIt(t));
  return taints.some(isIt) ? taints : [...taints, { key: TAINT_UNSCHEDULABLE, effect: 'NoSchedule', timeAdded: now }];
}
