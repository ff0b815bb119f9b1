import { MAX_NODE_SCORE, type CycleState, type ScorePlugin } from '../framework/interface';
import type { NodeInfo, PodInfo } from '../framework/types';
import { resourceAmounts } from './helper/resource-allocation';

/**
 * plugins/noderesources BalancedAllocation: prefers nodes whose cpu and memory would be used
 * in similar proportions once the Pod is added (score 100 * (1 - standard deviation of the
 * used fractions)). Uses the real requests, not the non-zero defaults.
 */
export const NAME = 'NodeResourcesBalancedAllocation';

/** balancedResourceScorer. */
export function balancedResourceScore(requested: number[], allocatable: number[]): number {
  const fractions: number[] = [];
  let total = 0;
  for (let i = 0; i < requested.length; i++) {
    if (allocatable[i] === 0) continue;
    const f = Math.min(1, requested[i] / allocatable[i]);
    total += f;
    fractions.push(f);
  }
  let std = 0;
  if (fractions.length === 2) std = Math.abs((fractions[0] - fractions[1]) / 2);
  else if (fractions.length > 2) {
    const mean = total / fractions.length;
    std = Math.sqrt(fractions.reduce((s, f) => s + (f - mean) * (f - mean), 0) / fractions.length);
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
