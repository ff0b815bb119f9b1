import type { KObject } from '../../api/meta';
import { Code, Status, type CycleState, type FilterPlugin, type NodeChange, type NodeScore, type PreScorePlugin, type ScorePlugin } from '../framework/interface';
import type { NodeInfo, PodInfo } from '../framework/types';
import { defaultNormalizeScore } from './helper/normalize-score';
import { matchesNodeSelector, matchesNodeSelectorTerm, matchesNodeSelectorTerms, type NodeSelectorTerm } from './helper/node-selector';
import { mutant } from '../../sim/mutants';

/**
 * plugins/nodeaffinity: spec.nodeSelector and requiredDuringSchedulingIgnoredDuringExecution
 * must match the node; preferredDuringSchedulingIgnoredDuringExecution terms add their
 * weights to the score of the nodes they match.
 */
export const NAME = 'NodeAffinity';

/** ErrReasonPod. */
export const ERR_REASON_POD = "node(s) didn't match Pod's node affinity/selector";

/** GetRequiredNodeAffinity(pod).Match(node). */
export function fits(pod: KObject, node: KObject): boolean {
  if (!mutant('scheduler-ignores-node-selector') && !matchesNodeSelector(pod.spec?.nodeSelector, node)) return false;
  const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (!required) return true;
  return matchesNodeSelectorTerms(required.nodeSelectorTerms, node);
}

interface PreferredTerm {
  weight: number;
  preference: NodeSelectorTerm;
}

/** The sum of the weights of the preferred terms that match the node. */
export function preferredScore(terms: PreferredTerm[], node: KObject): number {
  let sum = 0;
  for (const t of terms) if (t.weight && matchesNodeSelectorTerm(t.preference, node)) sum += t.weight;
  return sum;
}

const STATE_KEY = 'PreScore' + NAME;

export class NodeAffinity implements FilterPlugin, PreScorePlugin, ScorePlugin {
  readonly name = NAME;
  readonly nodeEvents: ReadonlySet<NodeChange> = new Set<NodeChange>(['add', 'labels']);

  filter(_state: CycleState, pod: PodInfo, node: NodeInfo): Status | null {
    return fits(pod.pod, node.node!) ? null : new Status(Code.UnschedulableAndUnresolvable, ERR_REASON_POD);
  }

  isSchedulableAfterNodeChange(pod: KObject, oldNode: KObject | undefined, newNode: KObject): boolean {
    return fits(pod, newNode) && (!oldNode || !fits(pod, oldNode));
  }

  /** Skips scoring for Pods without preferred terms (every node would score 0). */
  preScore(state: CycleState, pod: PodInfo): Status | null {
    const terms: PreferredTerm[] = (pod.pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []).filter((t: PreferredTerm) => t?.weight);
    if (terms.length === 0) return new Status(Code.Skip);
    state.set(STATE_KEY, terms);
    return null;
  }

  score(state: CycleState, _pod: PodInfo, node: NodeInfo): number {
    return preferredScore((state.get(STATE_KEY) as PreferredTerm[]) ?? [], node.node!);
  }

  normalizeScore(_state: CycleState, _pod: PodInfo, scores: NodeScore[]): void {
    defaultNormalizeScore(false, scores);
  }
}
