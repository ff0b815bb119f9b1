import type { KObject } from '../../api/meta';
import { NodeInfo, newPodInfo, podKey } from '../framework/types';
import { NodeTree } from './node-tree';

interface PodState {
  pod: KObject;
  node: string;
  /** Still only assumed: bound (or being bound) by this scheduler, not yet seen from the API server. */
  assumed: boolean;
  bindingFinished: boolean;
}

/** Thrown for cache misuse the real cache reports as an error (the caller logs it). */
export class CacheError extends Error {}

/**
 * internal/cache: NodeInfo for every node, kept current one event at a time from the pod and
 * node informers, plus "assumed" Pods: those this scheduler decided to bind, counted against
 * their node right away so the next cycle does not hand out the same room twice.
 * (v1.32 never expires assumed Pods: durationToExpireAssumedPod is 0.)
 */
export class SchedulerCache {
  private readonly nodes = new Map<string, NodeInfo>();
  private readonly tree = new NodeTree();
  private readonly podStates = new Map<string, PodState>();
  private listCache?: NodeInfo[];

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
    if (!ni) return;
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

  /** AssumePod: `pod` already carries the chosen spec.nodeName. */
  assumePod(pod: KObject): void {
    const key = podKey(pod);
    if (this.podStates.has(key)) throw new CacheError(`pod ${key}(${pod.metadata.namespace}/${pod.metadata.name}) is in the cache, so can't be assumed`);
    this.addToNode(pod);
    this.podStates.set(key, { pod, node: pod.spec.nodeName, assumed: true, bindingFinished: false });
  }

  finishBinding(pod: KObject): void {
    const st = this.podStates.get(podKey(pod));
    if (st?.assumed) st.bindingFinished = true;
  }

  /** ForgetPod: the binding failed; give the room back. */
  forgetPod(pod: KObject): void {
    const key = podKey(pod);
    const st = this.podStates.get(key);
    if (!st) return;
    if (!st.assumed) throw new CacheError(`pod ${key}(${pod.metadata.namespace}/${pod.metadata.name}) was assumed on ${pod.spec?.nodeName} but assigned to ${st.node}`);
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
    if (!st || st.assumed) throw new CacheError(`pod ${key}(${pod.metadata.namespace}/${pod.metadata.name}) is not added to scheduler cache, so cannot be updated`);
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
