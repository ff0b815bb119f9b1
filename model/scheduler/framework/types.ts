import type { KObject } from '../../api/meta';
import { emptyResource, podNonZeroRequest, podResource, resourceFromList, type Resource } from './resource';

/**
 * framework.PodInfo: a Pod with what the scheduler derives from it once (its requests), so
 * that adding it to or removing it from a node is O(1).
 */
export interface PodInfo {
  pod: KObject;
  /** Requests as written (0 where missing): what filtering and the node's Requested use. */
  requests: Resource;
  /** cpu/memory with the 100m / 200Mi non-zero defaults: what scoring uses. */
  nonZero: { milliCPU: number; memory: number };
}

export function newPodInfo(pod: KObject): PodInfo {
  return { pod, requests: podResource(pod), nonZero: podNonZeroRequest(pod) };
}

/** The key the scheduler cache files a Pod under (framework.GetPodKey: its UID). */
export function podKey(pod: KObject): string {
  return pod.metadata.uid ?? `${pod.metadata.namespace}/${pod.metadata.name}`;
}

/**
 * framework.NodeInfo: a node and the running total of what its Pods (including "assumed"
 * Pods, bound by this scheduler but not yet seen back from the API server) request. Kept up
 * to date one Pod at a time; never recomputed by scanning Pods.
 */
export class NodeInfo {
  /** Undefined while Pods for a node are known but the Node object is not (or is gone). */
  node?: KObject;
  readonly pods = new Map<string, PodInfo>();
  allocatable: Resource = emptyResource();
  readonly requested: Resource = emptyResource();
  /** Requested with the non-zero defaults (scoring spreads request-less Pods with it). */
  readonly nonZeroRequested = { milliCPU: 0, memory: 0 };

  constructor(readonly name: string) {}

  setNode(node: KObject): void {
    this.node = node;
    // The API server defaults allocatable to capacity when a kubelet reports none.
    this.allocatable = resourceFromList(node.status?.allocatable ?? node.status?.capacity);
  }

  removeNode(): void {
    this.node = undefined;
  }

  addPod(pi: PodInfo): void {
    this.pods.set(podKey(pi.pod), pi);
    this.update(pi, 1);
  }

  /** A Pod not on this node changes nothing (the cache checked its state before). */
  removePod(pod: KObject): void {
    const key = podKey(pod);
    const pi = this.pods.get(key);
    if (!pi) return;
    this.pods.delete(key);
    this.update(pi, -1);
  }

  private update(pi: PodInfo, sign: 1 | -1): void {
    const r = this.requested;
    r.milliCPU += sign * pi.requests.milliCPU;
    r.memory += sign * pi.requests.memory;
    r.ephemeralStorage += sign * pi.requests.ephemeralStorage;
    for (const [k, v] of Object.entries(pi.requests.scalar)) r.scalar[k] = (r.scalar[k] ?? 0) + sign * v;
    this.nonZeroRequested.milliCPU += sign * pi.nonZero.milliCPU;
    this.nonZeroRequested.memory += sign * pi.nonZero.memory;
  }
}
