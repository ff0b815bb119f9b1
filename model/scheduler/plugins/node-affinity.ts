import type { KObject } from '../../api/meta';
import { Code, PreFilterResult, Status, type CycleState, type FilterPlugin, type NodeChange, type NodeScore, type PreFilterPlugin, type PreScorePlugin, type ScorePlugin } from '../framework/interface';
import type { NodeInfo, PodInfo } from '../framework/types';
import { defaultNormalizeScore } from './helper/normalize-score';
import { aggregateMessage, getRequiredNodeAffinity, newPreferredSchedulingTerms, type PreferredSchedulingTerms, type RequiredNodeAffinity } from '../../componenthelpers/scheduling/corev1/nodeaffinity';
import { mutant } from '../../sim/mutants';

/**
 * plugins/nodeaffinity: spec.nodeSelector and requiredDuringSchedulingIgnoredDuringExecution
 * must match the node; preferredDuringSchedulingIgnoredDuringExecution terms add their
 * weights to the score of the nodes they match. A required term that does not parse matches
 * no node (its errors are ignored, for compatibility); a preferred one fails PreScore.
 */
export const NAME = 'NodeAffinity';

/** ErrReasonPod. */
export const ERR_REASON_POD = "node(s) didn't match Pod's node affinity/selector";

/** errReasonConflict: every required term names nodes, and none is left once they are intersected. */
export const ERR_REASON_CONFLICT = 'pod affinity terms conflict';

/** The bug zoo's mutant: spec.nodeSelector is not checked (the required affinity still is). */
function requiredOf(pod: KObject): RequiredNodeAffinity {
  if (!mutant('scheduler-ignores-node-selector')) return getRequiredNodeAffinity(pod);
  return getRequiredNodeAffinity({ ...pod, spec: { ...pod.spec, nodeSelector: undefined } });
}

/** GetRequiredNodeAffinity(pod).Match(node), parse errors ignored. */
export function fits(pod: KObject, node: KObject): boolean {
  return requiredOf(pod).match(node).matches;
}

const PRE_FILTER_KEY = 'PreFilter' + NAME;
const PRE_SCORE_KEY = 'PreScore' + NAME;

export class NodeAffinity implements PreFilterPlugin, FilterPlugin, PreScorePlugin, ScorePlugin {
  readonly name = NAME;
  readonly nodeEvents: ReadonlySet<NodeChange> = new Set<NodeChange>(['add', 'labels']);

  /**
   * Skip when the Pod has neither a nodeSelector nor a required node affinity: every node
   * matches. A Pod whose every required term names nodes with a `metadata.name In` field
   * requirement (a DaemonSet's Pod, pinned to its node) may go only to those nodes: the union
   * over the terms (ORed) of each term's intersection (its requirements are ANDed); none left
   * means the terms conflict.
   */
  preFilter(state: CycleState, pod: PodInfo): Status | PreFilterResult | null {
    const spec = pod.pod.spec;
    const required = spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
    if ((required === undefined || required === null) && (spec?.nodeSelector === undefined || spec?.nodeSelector === null)) return new Status(Code.Skip);
    state.set(PRE_FILTER_KEY, requiredOf(pod.pod));
    const terms: unknown = required?.nodeSelectorTerms;
    if (!Array.isArray(terms) || terms.length === 0) return null;
    let nodeNames: Set<string> | undefined;
    for (const term of terms) {
      let termNames: Set<string> | undefined;
      for (const r of Array.isArray(term?.matchFields) ? term.matchFields : []) {
        if (r?.key !== 'metadata.name' || r?.operator !== 'In') continue;
        const values = new Set<string>(Array.isArray(r.values) ? r.values : []);
        termNames = termNames ? new Set([...termNames].filter((n) => values.has(n))) : values;
      }
      // A term without a node name allows every node: the terms are ORed.
      if (!termNames) return null;
      nodeNames = new Set([...(nodeNames ?? []), ...termNames]);
    }
    if (nodeNames && nodeNames.size === 0) return new Status(Code.UnschedulableAndUnresolvable, ERR_REASON_CONFLICT);
    return nodeNames && nodeNames.size > 0 ? new PreFilterResult(nodeNames) : null;
  }

  /** The Pod's selector is parsed once a cycle (PreFilter's state), then matched per node. */
  filter(state: CycleState, pod: PodInfo, node: NodeInfo): Status | null {
    let required = state.get(PRE_FILTER_KEY) as RequiredNodeAffinity | undefined;
    if (!required) state.set(PRE_FILTER_KEY, (required = requiredOf(pod.pod)));
    return required.match(node.node!).matches ? null : new Status(Code.UnschedulableAndUnresolvable, ERR_REASON_POD);
  }

  isSchedulableAfterNodeChange(pod: KObject, oldNode: KObject | undefined, newNode: KObject): boolean {
    return fits(pod, newNode) && (!oldNode || !fits(pod, oldNode));
  }

  /** Skips Pods without preferred terms; preferred terms that do not parse are an error. */
  preScore(state: CycleState, pod: PodInfo, nodes: NodeInfo[]): Status | null {
    if (nodes.length === 0) return null;
    const preferred = pod.pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution;
    if (preferred === undefined || preferred === null) return new Status(Code.Skip);
    const { terms, errors } = newPreferredSchedulingTerms(preferred);
    if (!terms) return new Status(Code.Error, aggregateMessage(errors));
    state.set(PRE_SCORE_KEY, terms);
    return null;
  }

  score(state: CycleState, _pod: PodInfo, node: NodeInfo): number {
    const terms = state.get(PRE_SCORE_KEY) as PreferredSchedulingTerms | undefined;
    return terms ? terms.score(node.node!) : 0;
  }

  normalizeScore(_state: CycleState, _pod: PodInfo, scores: NodeScore[]): void {
    defaultNormalizeScore(false, scores);
  }
}
