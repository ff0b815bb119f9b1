import type { KObject } from '../../api/meta';
import { Code, Status, type CycleState, type FilterPlugin, type NodeChange, type NodeScore, type PreScorePlugin, type ScorePlugin } from '../framework/interface';
import type { NodeInfo, PodInfo } from '../framework/types';
import { defaultNormalizeScore } from './helper/normalize-score';
import { findMatchingUntoleratedTaint, type Taint, type Toleration, tolerationsTolerateTaint } from '../../componenthelpers/scheduling/corev1/helpers';
import { mutant } from '../../sim/mutants';

/**
 * plugins/tainttoleration: NoSchedule and NoExecute taints a Pod does not tolerate keep it
 * off a node; untolerated PreferNoSchedule taints only lower the node's score.
 */
export const NAME = 'TaintToleration';

/** helper.DoNotScheduleTaintsFilterFunc: the effects that keep new Pods off a node. */
export const doNotScheduleTaints = (t: Taint): boolean => t.effect === 'NoSchedule' || t.effect === 'NoExecute';

/** The first NoSchedule/NoExecute taint of the node the Pod does not tolerate, if any. */
export function untoleratedTaint(pod: KObject, node: KObject): Taint | undefined {
  if (mutant('scheduler-ignores-taints')) return undefined;
  return findMatchingUntoleratedTaint(node.spec?.taints, pod.spec?.tolerations, doNotScheduleTaints);
}

export function fits(pod: KObject, node: KObject): boolean {
  return untoleratedTaint(pod, node) === undefined;
}

/** The filter's reason: `node(s) had untolerated taint {<key>: <value>}`. */
export function errReason(taint: Taint): string {
  return `node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`;
}

/** How many PreferNoSchedule taints the Pod's PreferNoSchedule (or effect-less) tolerations leave untolerated. */
export function countIntolerableTaintsPreferNoSchedule(taints: Taint[] | null | undefined, tolerations: Toleration[] | null | undefined): number {
  if (!taints) return 0;
  let n = 0;
  for (const t of taints) {
    if (t.effect !== 'PreferNoSchedule') continue;
    if (!tolerationsTolerateTaint(tolerations, t)) n++;
  }
  return n;
}

const STATE_KEY = 'PreScore' + NAME;

export class TaintToleration implements FilterPlugin, PreScorePlugin, ScorePlugin {
  readonly name = NAME;
  readonly nodeEvents: ReadonlySet<NodeChange> = new Set<NodeChange>(['add', 'taints']);

  filter(_state: CycleState, pod: PodInfo, node: NodeInfo): Status | null {
    // Most nodes have no taints: nothing to tolerate (this runs for every node of every cycle).
    if (!node.node!.spec?.taints?.length) return null;
    const taint = untoleratedTaint(pod.pod, node.node!);
    return taint ? new Status(Code.UnschedulableAndUnresolvable, errReason(taint)) : null;
  }

  isSchedulableAfterNodeChange(pod: KObject, oldNode: KObject | undefined, newNode: KObject): boolean {
    return fits(pod, newNode) && (!oldNode || !fits(pod, oldNode));
  }

  /**
   * Upstream keeps only the PreferNoSchedule and effect-less tolerations here, to match fewer;
   * the match compares effects anyway, so the model keeps them all (the count is the same).
   */
  preScore(state: CycleState, pod: PodInfo): Status | null {
    state.set(STATE_KEY, pod.pod.spec?.tolerations);
    return null;
  }

  score(state: CycleState, _pod: PodInfo, node: NodeInfo): number {
    return countIntolerableTaintsPreferNoSchedule(node.node!.spec?.taints, state.get(STATE_KEY) as Toleration[] | undefined);
  }

  normalizeScore(_state: CycleState, _pod: PodInfo, scores: NodeScore[]): void {
    defaultNormalizeScore(true, scores);
  }
}
