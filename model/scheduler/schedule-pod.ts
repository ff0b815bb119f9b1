import type { Rng } from '../sim/rng';
import type { Framework, NodePluginScores } from './framework/framework';
import { Status, type CycleState, type FilterPlugin } from './framework/interface';
import type { NodeInfo, PodInfo } from './framework/types';

/** minFeasibleNodesToFind / minFeasibleNodesPercentageToFind. */
const MIN_FEASIBLE_NODES_TO_FIND = 100;
const MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5;

/**
 * numFeasibleNodesToFind with the default percentageOfNodesToScore (0: adaptive): small
 * clusters are searched whole; in large ones the search stops once 50% - nodes/125 (at least
 * 5%, and at least 100 nodes) were found feasible.
 */
export function numFeasibleNodesToFind(numAllNodes: number): number {
  if (numAllNodes < MIN_FEASIBLE_NODES_TO_FIND) return numAllNodes;
  let percentage = 50 - Math.trunc(numAllNodes / 125);
  if (percentage < MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND) percentage = MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND;
  const n = Math.trunc((numAllNodes * percentage) / 100);
  return n < MIN_FEASIBLE_NODES_TO_FIND ? MIN_FEASIBLE_NODES_TO_FIND : n;
}

/** ScheduleResult. */
export interface ScheduleResult {
  suggestedHost: string;
  evaluatedNodes: number;
  feasibleNodes: number;
}

/** The filter verdict of a cycle in which no node fit (Diagnosis). */
export interface Diagnosis {
  nodeToStatus: Map<string, Status>;
  unschedulablePlugins: Set<string>;
}

/**
 * findNodesThatFitPod: runs the filters over the nodes, starting where the previous cycle
 * stopped (nextStartNodeIndex) so that every node gets examined in turn, until enough
 * feasible nodes were found.
 */
export function findNodesThatFitPod(
  fwk: Framework,
  state: CycleState,
  pod: PodInfo,
  nodes: NodeInfo[],
  startIndex: number,
  filters: FilterPlugin[] = fwk.filterPlugins,
): { feasible: NodeInfo[]; diagnosis: Diagnosis; processed: number } {
  const want = numFeasibleNodesToFind(nodes.length);
  const feasible: NodeInfo[] = [];
  const diagnosis: Diagnosis = { nodeToStatus: new Map(), unschedulablePlugins: new Set() };
  let processed = 0;
  for (let i = 0; i < nodes.length && feasible.length < want; i++) {
    const node = nodes[(startIndex + i) % nodes.length];
    processed++;
    const s = fwk.runFilterPlugins(state, pod, node, filters);
    if (s.isSuccess()) feasible.push(node);
    else {
      diagnosis.nodeToStatus.set(node.name, s);
      if (s.isRejected()) diagnosis.unschedulablePlugins.add(s.plugin);
    }
  }
  return { feasible, diagnosis, processed };
}

/**
 * selectHost: the highest total score; ties are broken by reservoir sampling with the
 * simulation's seeded generator, so every tied node is equally likely and a seed replays.
 */
export function selectHost(scores: NodePluginScores[], rng: Rng): string {
  let selected = scores[0].name;
  let max = scores[0].totalScore;
  let count = 1;
  for (let i = 1; i < scores.length; i++) {
    const ns = scores[i];
    if (ns.totalScore > max) {
      max = ns.totalScore;
      selected = ns.name;
      count = 1;
    } else if (ns.totalScore === max) {
      count++;
      if (rng.int(count) === 0) selected = ns.name;
    }
  }
  return selected;
}
