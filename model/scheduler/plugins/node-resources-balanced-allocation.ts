import { MAX_NODE_SCORE, type CycleState, type ScorePlugin } from '../framework/interface';
import type { NodeInfo, PodInfo } from '../framework/types';
import { resourceAmounts } from './helper/resource-allocation';

/**
 * plugins/noderesources BalancedAllocation: prefers nodes whose cpu and memory would be used
 * in similar proportions once the Pod is added (score 100 * (1 - standard deviation of the
 * used fractions)). Uses the real requests, not the non-zero defaults.
 */
export const NAME = 'NodeResourcesBalancedAllocation';

/**
 * balancedResourceScorer. Runs for every feasible node of every cycle, so it keeps no list of
 * the fractions: the standard deviation of two is half their difference, of more it takes a
 * second pass (summed in the same order as a list would be, so the result is the same).
 */
export function balancedResourceScore(requested: number[], allocatable: number[]): number {
  let count = 0;
  let total = 0;
  let first = 0;
  let second = 0;
  for (let i = 0; i < requested.length; i++) {
    if (allocatable[i] === 0) continue;
    const f = Math.min(1, requested[i] / allocatable[i]);
    total += f;
    if (count === 0) first = f;
    else if (count === 1) second = f;
    count++;
  }
  let std = 0;
  if (count === 2) std = Math.abs((first - second) / 2);
  else if (count > 2) {
    const mean = total / count;
    let sum = 0;
    for (let i = 0; i < requested.length; i++) {
      if (allocatable[i] === 0) continue;
      const f = Math.min(1, requested[i] / allocatable[i]);
      sum += (f - mean) * (f - mean);
    }
    std = Math.sqrt(sum / count);
  }
  return Math.trunc((1 - std) * MAX_NODE_SCORE);
}

export class NodeResourcesBalancedAllocation implements ScorePlugin {
  readonly name = NAME;

  score(_state: CycleState, pod: PodInfo, node: NodeInfo): number {
    const { requested, allocatable } = resourceAmounts(pod, node, true);
    return balancedResourceScore(requested, allocatable);
  }
}
