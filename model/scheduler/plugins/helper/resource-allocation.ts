import type { NodeInfo, PodInfo } from '../../framework/types';

/**
 * noderesources' resourceAllocationScorer, for the default resources (cpu and memory, weight
 * 1 each): gathers (requested, allocatable) per resource for a node with the Pod added, and
 * hands them to a scoring strategy. `useRequested` picks the node's real requests (balanced
 * allocation) instead of the non-zero ones (least allocated).
 */
export interface ResourceAmounts {
  requested: number[];
  allocatable: number[];
}

/**
 * Fills and returns one shared scratch pair (scoring runs for every feasible node of every
 * cycle; the caller reads it before the next call).
 */
export function resourceAmounts(pod: PodInfo, node: NodeInfo, useRequested: boolean): ResourceAmounts {
  const nodeCPU = useRequested ? node.requested.milliCPU : node.nonZeroRequested.milliCPU;
  const nodeMem = useRequested ? node.requested.memory : node.nonZeroRequested.memory;
  const podCPU = useRequested ? pod.requests.milliCPU : pod.nonZero.milliCPU;
  const podMem = useRequested ? pod.requests.memory : pod.nonZero.memory;
  const { requested, allocatable } = scratch;
  allocatable[0] = node.allocatable.milliCPU;
  allocatable[1] = node.allocatable.memory;
  // A resource the node has none of is left out of the score.
  requested[0] = allocatable[0] ? nodeCPU + podCPU : 0;
  requested[1] = allocatable[1] ? nodeMem + podMem : 0;
  return scratch;
}

const scratch: ResourceAmounts = { requested: [0, 0], allocatable: [0, 0] };
