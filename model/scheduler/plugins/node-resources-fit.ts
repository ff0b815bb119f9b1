import type { KObject } from '../../api/meta';
import { Code, MAX_NODE_SCORE, Status, type CycleState, type FilterPlugin, type NodeChange, type ScorePlugin } from '../framework/interface';
import { isExtendedResourceName, podResource, resourceFromList, type Resource } from '../framework/resource';
import { NodeInfo, type PodInfo } from '../framework/types';
import { resourceAmounts } from './helper/resource-allocation';
import { mutant } from '../../sim/mutants';

/**
 * plugins/noderesources Fit: the Pod's requests must fit in what the node's allocatable has
 * left after the requests of its Pods (assumed ones included), and the node must have room
 * for one more Pod. Scores with the default LeastAllocated strategy (cpu and memory, weight 1).
 */
export const NAME = 'NodeResourcesFit';

export interface InsufficientResource {
  resourceName: string;
  reason: string;
  requested: number;
  used: number;
  capacity: number;
}

/** config.NodeResourcesFitArgs' filter half (the default profile sets neither). */
export interface NodeResourcesFitArgs {
  /** Extended resources the filter does not check ("example.com/foo"). */
  ignoredResources?: string[];
  /** Extended resource groups (the part before "/") the filter does not check. */
  ignoredResourceGroups?: string[];
}

/** Whether the filter leaves a requested scalar resource unchecked: only extended ones can be ignored. */
function ignored(name: string, args: NodeResourcesFitArgs): boolean {
  if (!isExtendedResourceName(name)) return false;
  return args.ignoredResources?.includes(name) || args.ignoredResourceGroups?.includes(name.split('/')[0]) || false;
}

/** fitsRequest: every way the node falls short, in the order the real plugin checks them. */
export function fitsRequest(req: Resource, node: NodeInfo, args: NodeResourcesFitArgs = {}): InsufficientResource[] {
  const out: InsufficientResource[] = [];
  if (mutant('scheduler-ignores-resources')) return out;
  const allowedPods = node.allocatable.allowedPodNumber;
  if (node.pods.size + 1 > allowedPods)
    out.push({ resourceName: 'pods', reason: 'Too many pods', requested: 1, used: node.pods.size, capacity: allowedPods });
  const scalarNames = Object.keys(req.scalar);
  if (req.milliCPU === 0 && req.memory === 0 && req.ephemeralStorage === 0 && scalarNames.length === 0) return out;
  const a = node.allocatable;
  const r = node.requested;
  if (req.milliCPU > 0 && req.milliCPU > a.milliCPU - r.milliCPU)
    out.push({ resourceName: 'cpu', reason: 'Insufficient cpu', requested: req.milliCPU, used: r.milliCPU, capacity: a.milliCPU });
  if (req.memory > 0 && req.memory > a.memory - r.memory)
    out.push({ resourceName: 'memory', reason: 'Insufficient memory', requested: req.memory, used: r.memory, capacity: a.memory });
  if (req.ephemeralStorage > 0 && req.ephemeralStorage > a.ephemeralStorage - r.ephemeralStorage)
    out.push({ resourceName: 'ephemeral-storage', reason: 'Insufficient ephemeral-storage', requested: req.ephemeralStorage, used: r.ephemeralStorage, capacity: a.ephemeralStorage });
  // Go ranges over a map here; sorted keeps the model deterministic.
  for (const name of scalarNames.sort()) {
    // A zero request is never short, whatever the node has.
    if (req.scalar[name] === 0 || ignored(name, args)) continue;
    const free = (a.scalar[name] ?? 0) - (r.scalar[name] ?? 0);
    if (req.scalar[name] > free) out.push({ resourceName: name, reason: `Insufficient ${name}`, requested: req.scalar[name], used: r.scalar[name] ?? 0, capacity: a.scalar[name] ?? 0 });
  }
  return out;
}

/** Fits(pod, nodeInfo): true when nothing falls short (allocation-free: runs per node per cycle). */
export function fits(pod: PodInfo, node: NodeInfo, args: NodeResourcesFitArgs = {}): boolean {
  if (mutant('scheduler-ignores-resources')) return true;
  const req = pod.requests;
  const a = node.allocatable;
  const r = node.requested;
  if (node.pods.size + 1 > a.allowedPodNumber) return false;
  if (req.milliCPU > 0 && req.milliCPU > a.milliCPU - r.milliCPU) return false;
  if (req.memory > 0 && req.memory > a.memory - r.memory) return false;
  if (req.ephemeralStorage > 0 && req.ephemeralStorage > a.ephemeralStorage - r.ephemeralStorage) return false;
  for (const name in req.scalar) {
    const q = req.scalar[name];
    if (q > 0 && q > (a.scalar[name] ?? 0) - (r.scalar[name] ?? 0) && !ignored(name, args)) return false;
  }
  return true;
}

/** isFit: would the Pod fit on this node were it empty (the queueing hint's check). */
export function isFit(pod: KObject, node: KObject, args: NodeResourcesFitArgs = {}): boolean {
  const ni = new NodeInfo(node.metadata.name!);
  ni.setNode(node);
  return fitsRequest(podResource(pod), ni, args).length === 0;
}

/**
 * haveAnyRequestedResourcesIncreased: did the node gain room for another Pod, or more of a
 * resource the Pod requests (a zero request is not a request)?
 */
export function haveAnyRequestedResourcesIncreased(pod: KObject, oldNode: KObject, newNode: KObject): boolean {
  const req = podResource(pod);
  const o = resourceFromList(oldNode.status?.allocatable ?? oldNode.status?.capacity);
  const n = resourceFromList(newNode.status?.allocatable ?? newNode.status?.capacity);
  if (n.allowedPodNumber > o.allowedPodNumber) return true;
  if (req.milliCPU > 0 && n.milliCPU > o.milliCPU) return true;
  if (req.memory > 0 && n.memory > o.memory) return true;
  if (req.ephemeralStorage > 0 && n.ephemeralStorage > o.ephemeralStorage) return true;
  return Object.keys(req.scalar).some((k) => req.scalar[k] !== 0 && (n.scalar[k] ?? 0) > (o.scalar[k] ?? 0));
}

/** leastRequestedScore: the free share of a resource, 0..100. */
export function leastRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0 || requested > capacity) return 0;
  return Math.trunc(((capacity - requested) * MAX_NODE_SCORE) / capacity);
}

export class NodeResourcesFit implements FilterPlugin, ScorePlugin {
  readonly name = NAME;
  readonly nodeEvents: ReadonlySet<NodeChange> = new Set<NodeChange>(['add', 'allocatable']);
  readonly requeueOnAssignedPodDelete = true;

  constructor(private readonly args: NodeResourcesFitArgs = {}) {}

  filter(_state: CycleState, pod: PodInfo, node: NodeInfo): Status | null {
    // Fits is the allocation-free check every node gets; only a node it rejects has its shortfalls listed.
    if (fits(pod, node, this.args)) return null;
    // 1.32 reports every shortfall as Unschedulable: preemption might free room.
    return new Status(Code.Unschedulable, ...fitsRequest(pod.requests, node, this.args).map((i) => i.reason));
  }

  isSchedulableAfterNodeChange(pod: KObject, oldNode: KObject | undefined, newNode: KObject): boolean {
    if (!isFit(pod, newNode, this.args)) return false;
    return !oldNode || haveAnyRequestedResourcesIncreased(pod, oldNode, newNode);
  }

  /** LeastAllocated: the weighted mean of each resource's free share after adding the Pod. */
  score(_state: CycleState, pod: PodInfo, node: NodeInfo): number {
    const { requested, allocatable } = resourceAmounts(pod, node, false);
    let sum = 0;
    let weights = 0;
    for (let i = 0; i < requested.length; i++) {
      if (allocatable[i] === 0) continue;
      sum += leastRequestedScore(requested[i], allocatable[i]);
      weights += 1;
    }
    return weights === 0 ? 0 : Math.trunc(sum / weights);
  }
}
