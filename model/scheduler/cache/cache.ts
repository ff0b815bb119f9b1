import type { KObject } from '../../api/meta';
import { NodeInfo, newPodInfo, podKey, type PodInfo } from '../framework/types';
import { NodeTree } from './node-tree';

interface PodState {
  pod: KObject;
  node: string;
  /** Still only assumed: bound (or being bound) by this scheduler, not yet seen from the API server. */
  assumed: boolean;
  bindingFinished: boolean;
  /** When an assumed Pod whose binding finished expires (none: the ttl is 0). */
  deadline?: number;
}

/** Thrown for cache misuse the real cache reports as an error (the caller logs it). */
export class CacheError extends Error {}

/**
 * internal/cache: NodeInfo for every node, kept current one event at a time from the pod and
 * node informers, plus "assumed" Pods: those this scheduler decided to bind, counted against
 * their node right away so the next cycle does not hand out the same room twice. An assumed
 * Pod whose binding finished expires after the ttl (kube-scheduler 1.32 passes 0: never;
 * upstream's cache tests use 10 s).
 */
export class SchedulerCache {
  private readonly nodes = new Map<string, NodeInfo>();
  private readonly tree = new NodeTree();
  private readonly podStates = new Map<string, PodState>();
  private listCache?: NodeInfo[];

  constructor(private readonly ttlMs = 0) {}

  // ------------------------------------------------------------ nodes

  addNode(node: KObject): NodeInfo {
    const ni = this.nodeInfo(node.metadata.name!);
    ni.setNode(node);
    this.tree.add(node);
    this.listCache = undefined;
    return ni;
  }

  updateNode(_old: KObject, node: KObject): NodeInfo {
    return this.addNode(node);
  }

  /** The NodeInfo stays while Pods still name the node (they are removed by their own events). */
  removeNode(node: KObject): void {
    const name = node.metadata.name!;
    const ni = this.nodes.get(name);
    if (!ni) throw new CacheError(`node ${name} is not found`);
    ni.removeNode();
    this.tree.remove(name);
    if (ni.pods.size === 0) this.nodes.delete(name);
    this.listCache = undefined;
  }

  /** The snapshot's node list: nodes with a Node object, in node tree order. */
  nodeList(): NodeInfo[] {
    if (!this.listCache) this.listCache = this.tree.list().map((n) => this.nodes.get(n)!);
    return this.listCache;
  }

  getNodeInfo(name: string): NodeInfo | undefined {
    return this.nodes.get(name);
  }

  private nodeInfo(name: string): NodeInfo {
    let ni = this.nodes.get(name);
    if (!ni) this.nodes.set(name, (ni = new NodeInfo(name)));
    return ni;
  }

  // ------------------------------------------------------------ pods

  /**
   * AssumePod: `pod` already carries the chosen spec.nodeName; `requestsOf` is the cycle's
   * PodInfo of the same Pod, whose requests are reused rather than computed again.
   */
  assumePod(pod: KObject, requestsOf?: PodInfo): void {
    const key = podKey(pod);
    if (this.podStates.has(key)) throw new CacheError(`pod ${key}(${pod.metadata.namespace}/${pod.metadata.name}) is in the cache, so can't be assumed`);
    this.nodeInfo(pod.spec.nodeName).addPod(requestsOf ? { pod, requests: requestsOf.requests, nonZero: requestsOf.nonZero } : newPodInfo(pod));
    this.podStates.set(key, { pod, node: pod.spec.nodeName, assumed: true, bindingFinished: false });
  }

  /** FinishBinding: from now on the assumed Pod may expire (at now + ttl, when there is a ttl). */
  finishBinding(pod: KObject, now = 0): void {
    const st = this.podStates.get(podKey(pod));
    if (!st?.assumed) return;
    st.deadline = this.ttlMs === 0 ? undefined : now + this.ttlMs;
    st.bindingFinished = true;
  }

  /** cleanupAssumedPods: assumed Pods whose binding finished and whose deadline passed are removed. */
  cleanupAssumedPods(now: number): void {
    for (const [key, st] of [...this.podStates]) {
      if (!st.assumed || !st.bindingFinished) continue;
      if (this.ttlMs !== 0 && st.deadline !== undefined && now > st.deadline) {
        this.removeFromNode(st.pod, st.node);
        this.podStates.delete(key);
      }
    }
  }

  /** ForgetPod: the binding failed; give the room back. Only an assumed Pod can be forgotten. */
  forgetPod(pod: KObject): void {
    const key = podKey(pod);
    const st = this.podStates.get(key);
    const ref = `${pod.metadata.namespace}/${pod.metadata.name}`;
    if (st && st.node !== pod.spec?.nodeName) throw new CacheError(`pod ${key}(${ref}) was assumed on ${pod.spec?.nodeName} but assigned to ${st.node}`);
    if (!st?.assumed) throw new CacheError(`pod ${key}(${ref}) wasn't assumed so cannot be forgotten`);
    this.removeFromNode(st.pod, st.node);
    this.podStates.delete(key);
  }

  isAssumedPod(pod: KObject): boolean {
    return this.podStates.get(podKey(pod))?.assumed === true;
  }

  /** AddPod: an assigned Pod from the informer; confirms an assumed one. */
  addPod(pod: KObject): void {
    const key = podKey(pod);
    const st = this.podStates.get(key);
    if (st?.assumed) {
      if (st.node !== pod.spec.nodeName) {
        // Bound elsewhere than assumed (another scheduler won): move it.
        this.removeFromNode(st.pod, st.node);
        this.addToNode(pod);
      }
      this.podStates.set(key, { pod, node: pod.spec.nodeName, assumed: false, bindingFinished: true });
      return;
    }
    if (st) throw new CacheError(`pod ${key}(${pod.metadata.namespace}/${pod.metadata.name}) was already in added state`);
    this.addToNode(pod);
    this.podStates.set(key, { pod, node: pod.spec.nodeName, assumed: false, bindingFinished: true });
  }

  updatePod(oldPod: KObject, pod: KObject): void {
    const key = podKey(pod);
    const st = this.podStates.get(key);
    if (!st) throw new CacheError(`pod ${key}(${oldPod.metadata.namespace}/${oldPod.metadata.name}) is not added to scheduler cache, so cannot be updated`);
    // An assumed Pod has no Update before its Add (which turns it into an added one).
    if (st.assumed) throw new CacheError(`assumed pod ${key}(${oldPod.metadata.namespace}/${oldPod.metadata.name}) should not be updated`);
    this.removeFromNode(oldPod, st.node);
    this.addToNode(pod);
    this.podStates.set(key, { pod, node: pod.spec.nodeName, assumed: false, bindingFinished: true });
  }

  removePod(pod: KObject): void {
    const key = podKey(pod);
    const st = this.podStates.get(key);
    if (!st) throw new CacheError(`pod ${key}(${pod.metadata.namespace}/${pod.metadata.name}) is not found in scheduler cache, so cannot be removed from it`);
    this.removeFromNode(st.pod, st.node);
    this.podStates.delete(key);
  }

  get podCount(): number {
    return this.podStates.size;
  }

  private addToNode(pod: KObject): void {
    this.nodeInfo(pod.spec.nodeName).addPod(newPodInfo(pod));
  }

  private removeFromNode(pod: KObject, node: string): void {
    const ni = this.nodes.get(node);
    if (!ni) return;
    ni.removePod(pod);
    // A NodeInfo without its Node and without Pods is gone.
    if (!ni.node && ni.pods.size === 0) this.nodes.delete(node);
  }
}
