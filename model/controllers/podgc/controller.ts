/**
 * The Pod garbage collector (pkg/controller/podgc, kube-controller-manager's
 * "pod-garbage-collector-controller"). Every gcCheckPeriod (20 s), once its caches have synced,
 * it force-deletes (markFailedAndDeletePod: Failed first, then grace period 0):
 *  - gcTerminated: the oldest terminated Pods (evicted ones first) beyond
 *    --terminated-pod-gc-threshold (12500; 0 turns this off);
 *  - gcTerminating: terminating Pods on a Node that is not Ready and carries the
 *    node.kubernetes.io/out-of-service taint (any value and effect);
 *  - gcOrphaned: Pods bound to a Node that does not exist: a name the node informer does not know
 *    is quarantined for 40 s and then looked up with a GET; if the Node is still not found, each
 *    of its Pods gets the DisruptionTarget condition (DeletionByPodGC) with phase Failed, and goes;
 *  - gcUnscheduledTerminating: terminating Pods bound to no node.
 * It writes no events, only log lines (at kube-controller-manager's default verbosity, those of
 * klog level 0).
 */
import type { KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { Informer } from '../../client/informer';
import type { ComponentContext } from '../../component';
import { markFailedAndDeletePod, type PodCondition } from './force-delete';
import { byEvictionAndCreationTimestamp, isPodTerminated, isPodTerminating } from './order';
import { NodeQuarantine } from './quarantine';

/** gcCheckPeriod. */
export const GC_CHECK_PERIOD_MS = 20_000;
/** quarantineTime. */
export const QUARANTINE_MS = 40_000;
/** --terminated-pod-gc-threshold's default (PodGCControllerConfiguration). */
export const TERMINATED_POD_GC_THRESHOLD = 12_500;
/** v1.TaintNodeOutOfService. */
export const TAINT_NODE_OUT_OF_SERVICE = 'node.kubernetes.io/out-of-service';

const LOGGER = 'pod-garbage-collector-controller';

/** The node lister the collector reads (the shared informer's; a test may give its own). */
export interface NodeLister {
  list(): KObject[];
  get(name: string): KObject | undefined;
}

export interface PodGCOptions {
  /** --terminated-pod-gc-threshold. */
  terminatedPodThreshold?: number;
  quarantineMs?: number;
  nodeLister?: NodeLister;
}

/** nodeutil.IsNodeReady: its Ready condition is True. */
function isNodeReady(node: KObject): boolean {
  return (node.status?.conditions ?? []).some((c: any) => c.type === 'Ready' && c.status === 'True');
}

const podRef = (pod: KObject) => `${pod.metadata.namespace}/${pod.metadata.name}`;

export class PodGCController {
  readonly podInformer: Informer;
  readonly nodeInformer: Informer;
  private readonly nodes: NodeLister;
  private readonly threshold: number;
  readonly quarantine: NodeQuarantine;

  constructor(
    private readonly ctx: ComponentContext,
    opts: PodGCOptions = {},
  ) {
    this.podInformer = ctx.informers.get('pods');
    this.nodeInformer = ctx.informers.get('nodes');
    this.nodes = opts.nodeLister ?? { list: () => this.nodeInformer.list(), get: (name) => this.nodeInformer.getByName(undefined, name) };
    this.threshold = opts.terminatedPodThreshold ?? TERMINATED_POD_GC_THRESHOLD;
    this.quarantine = new NodeQuarantine(() => ctx.sim.clock.nowMs(), opts.quarantineMs ?? QUARANTINE_MS);
  }

  /** wait.UntilWithContext(gc, gcCheckPeriod): once now, then 20 s after each pass. */
  start(): void {
    this.gc();
    this.ctx.proc.schedule(GC_CHECK_PERIOD_MS, 'pod gc', () => this.start());
  }

  /** One pass over the cached Pods and Nodes. */
  gc(): void {
    const pods = this.podInformer.list();
    if (this.threshold > 0) this.gcTerminated(pods);
    this.gcTerminating(pods);
    this.gcOrphaned(pods, this.nodes.list());
    this.gcUnscheduledTerminating(pods);
  }

  /** markFailedAndDeletePod; a failure goes to utilruntime.HandleError. Whether it succeeded. */
  private forceDelete(pod: KObject, at: string, condition?: PodCondition): boolean {
    try {
      markFailedAndDeletePod(this.ctx, LOGGER, pod, condition);
      return true;
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      this.ctx.log.error(at, 'Unhandled Error', { err: e.message, logger: 'UnhandledError' });
      return false;
    }
  }

  /** gcTerminated: the terminated Pods beyond the threshold, evicted and oldest first. */
  gcTerminated(pods: KObject[]): void {
    const terminated = pods.filter(isPodTerminated);
    const deleteCount = terminated.length - this.threshold;
    if (deleteCount <= 0) return;
    this.ctx.log.info('gc_controller.go:204', 'Garbage collecting pods', { logger: LOGGER, numPods: deleteCount });
    for (const pod of terminated.sort(byEvictionAndCreationTimestamp).slice(0, deleteCount)) this.forceDelete(pod, 'gc_controller.go:214');
  }

  /** gcTerminating: terminating Pods on a NotReady Node tainted out-of-service. */
  gcTerminating(pods: KObject[]): void {
    const terminating: KObject[] = [];
    for (const pod of pods) {
      if (!isPodTerminating(pod)) continue;
      const nodeName: string = pod.spec?.nodeName ?? '';
      const node = this.nodes.get(nodeName);
      if (!node) {
        // The lister's NotFound names the resource in the singular.
        this.ctx.log.error('gc_controller.go:151', 'Failed to get node', { err: `node "${nodeName}" not found`, logger: LOGGER, node: nodeName });
        continue;
      }
      if (!isNodeReady(node) && (node.spec?.taints ?? []).some((t: any) => t?.key === TAINT_NODE_OUT_OF_SERVICE)) terminating.push(pod);
    }
    for (const pod of terminating.sort(byEvictionAndCreationTimestamp)) this.forceDelete(pod, 'gc_controller.go:180');
  }

  /** gcOrphaned: Pods bound to a Node that is still missing after the quarantine. */
  gcOrphaned(pods: KObject[], nodes: KObject[]): void {
    const existing = new Set(nodes.map((n) => n.metadata.name!));
    for (const pod of pods) {
      const nodeName = pod.spec?.nodeName;
      if (nodeName && !existing.has(nodeName)) this.quarantine.addAfter(nodeName);
    }
    const deleted = this.discoverDeletedNodes(existing);
    const condition: PodCondition = { type: 'DisruptionTarget', status: 'True', reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists' };
    for (const pod of pods) {
      if (!deleted.has(pod.spec?.nodeName)) continue;
      if (this.forceDelete(pod, 'gc_controller.go:255', condition)) this.ctx.log.info('gc_controller.go:258', 'Forced deletion of orphaned Pod succeeded', { logger: LOGGER, pod: podRef(pod) });
    }
  }

  /** discoverDeletedNodes: each quarantined name still unknown is looked up; NotFound means deleted. */
  private discoverDeletedNodes(existing: Set<string>): Set<string | undefined> {
    const deleted = new Set<string | undefined>();
    for (const name of this.quarantine.takeReady()) {
      if (existing.has(name)) continue;
      try {
        this.ctx.client.get('nodes', undefined, name);
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        if (e.reason === 'NotFound') deleted.add(name);
        // Another error: the name is quarantined again by a later pass if it is still missing.
        else this.ctx.log.error('gc_controller.go:276', 'Error while getting node', { err: e.message, logger: LOGGER, node: name });
      }
    }
    return deleted;
  }

  /** gcUnscheduledTerminating: terminating Pods bound to no node. */
  gcUnscheduledTerminating(pods: KObject[]): void {
    for (const pod of pods) {
      if (!pod.metadata.deletionTimestamp || pod.spec?.nodeName) continue;
      if (this.forceDelete(pod, 'gc_controller.go:307')) this.ctx.log.info('gc_controller.go:310', 'Forced deletion of unscheduled terminating Pod succeeded', { logger: LOGGER, pod: podRef(pod) });
    }
  }
}
