/**
 * The node lifecycle controller (pkg/controller/nodelifecycle): every node-monitor-period (5 s)
 * it checks each Node's heartbeats (its Lease in kube-node-lease and its Ready condition). A
 * Node not heard from for node-monitor-grace-period (40 s) gets its Ready and pressure conditions
 * set to Unknown ("Kubelet stopped posting node status.", or "Kubelet never posted node status."
 * for one never posted; a Node that never posted Ready at all gets node-startup-grace-period,
 * 60 s from its creation), its Pods marked not ready, and the
 * node.kubernetes.io/unreachable taints (NoSchedule: no new Pods; NoExecute: the taint eviction
 * controller evicts Pods once their toleration runs out). A Node whose kubelet reports
 * Ready=False gets the not-ready taints; a Ready Node loses both.
 */
import type { KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { EventRecorder } from '../../client/events';
import { byNodeName, type Informer } from '../../client/informer';
import type { ComponentContext } from '../../component';
import { withKind } from '../util/objects';
import { readinessTaintKey, sameTaints, TAINT_NOT_READY, TAINT_UNREACHABLE, withReadinessTaints, withUnschedulableTaint, type NodeTaint } from './taints';
import { mutant } from '../../sim/mutants';
import { observeHealth, readyChanged, unknownConditions, type NodeHealth } from './health';

/** --node-monitor-period. */
export const NODE_MONITOR_PERIOD_MS = 5_000;
export { NODE_MONITOR_GRACE_PERIOD_MS } from './health';
const BY_NODE = 'byNodeName';
/** scheduler.NodeEvictionPeriod: how often doNoExecuteTaintingPass works through its queue. */
const NODE_EVICTION_PERIOD_MS = 100;

export class NodeLifecycleController {
  readonly nodeInformer: Informer;
  readonly leaseInformer: Informer;
  readonly podInformer: Informer;
  private readonly recorder: EventRecorder;
  private readonly health = new Map<string, NodeHealth>();
  /** zoneNoExecuteTainter: Nodes waiting for their NoExecute taint. */
  private readonly toTaint = new Set<string>();
  private readonly start: number;

  constructor(private readonly ctx: ComponentContext) {
    this.recorder = ctx.recorder('node-controller');
    this.nodeInformer = ctx.informers.get('nodes');
    this.leaseInformer = ctx.informers.get('leases', { namespace: 'kube-node-lease' });
    this.podInformer = ctx.informers.get('pods');
    this.podInformer.addIndexer(BY_NODE, byNodeName);
    this.start = ctx.sim.clock.nowMs();
    const readyOf = (n: KObject) => (n.status?.conditions ?? []).find((c: any) => c.type === 'Ready')?.status;
    this.nodeInformer.addEventHandler({
      onDelete: (n) => this.health.delete(n.metadata.name!),
      // The NoSchedule pass runs on Node updates (nodeUpdateQueue): a cordon or a Ready change gets its taint at once.
      onUpdate: (old, n) => {
        if (!!old.spec?.unschedulable !== !!n.spec?.unschedulable || readyOf(old) !== readyOf(n))
          this.ctx.proc.schedule(0, 'no-schedule tainting pass', () => this.taintPass(n.metadata.name!));
      },
    });
  }

  /** Run: the periodic monitorNodeHealth loop. */
  run(): void {
    const tick = () => {
      if (this.nodeInformer.hasSynced() && this.leaseInformer.hasSynced()) this.monitorNodeHealth();
      this.ctx.proc.schedule(NODE_MONITOR_PERIOD_MS, 'monitor node health', tick);
    };
    this.ctx.proc.schedule(NODE_MONITOR_PERIOD_MS, 'monitor node health', tick);
  }

  /** One pass over every Node (upstream's unit tests call it directly too). */
  monitorNodeHealth(): void {
    for (const node of this.nodeInformer.list()) {
      try {
        this.checkNode(node);
      } catch (e) {
        if (!(e instanceof StatusError)) throw e; // conflict or API server away: next period
      }
    }
  }

  /**
   * tryUpdateNodeHealth and what monitorNodeHealth does with its result: past the grace period
   * the monitored conditions go Unknown; a Node that was Ready gets the NodeNotReady event and
   * its Pods marked not ready.
   */
  private checkNode(node: KObject): void {
    const name = node.metadata.name!;
    const now = this.ctx.sim.clock.nowMs();
    const observed = (node.status?.conditions ?? []).find((c: any) => c.type === 'Ready');
    // Stryker disable next-line ConditionalExpression: a bug-zoo switch (model/sim/mutants.ts), false outside npm run mutants, so the 'false' mutant is the code as it runs
    if (!observed && mutant('nodelifecycle-skips-nodes-never-ready')) return;
    const lease = this.leaseInformer.getByName('kube-node-lease', name);
    const { health, gracePeriodMs } = observeHealth(node, this.health.get(name), lease?.spec?.renewTime, now);
    this.health.set(name, health);

    let current = node;
    if (now > health.probeTimestamp + gracePeriodMs) {
      const conditions = unknownConditions(node, this.ctx.sim.clock.nowRFC3339());
      const ready = conditions.find((c) => c.type === 'Ready');
      // A Node without Ready is compared with the one upstream makes up: Unknown since its creation.
      const before = observed ?? { type: 'Ready', status: 'Unknown', lastHeartbeatTime: node.metadata.creationTimestamp, lastTransitionTime: node.metadata.creationTimestamp };
      if (readyChanged(before, ready)) {
        current = this.ctx.client.updateStatus('nodes', undefined, withKind({ ...node, status: { ...node.status, conditions } }, 'v1', 'Node'));
        this.health.set(name, { ...health, ready: { lastHeartbeatTime: ready.lastHeartbeatTime } });
        if (before.status === 'True') {
          this.recorder.event(withKind(current, 'v1', 'Node'), 'Normal', 'NodeNotReady', `Node ${name} status is now: NodeNotReady`);
          this.markPodsNotReady(name);
        }
      }
    }
    if (!observed) return;
    // The NoSchedule taints follow the Node's events; a conflict there is retried here.
    this.processTaintBaseEviction(this.noScheduleTaintingPass(current), observed.status);
  }

  /**
   * processTaintBaseEviction: the NoExecute taint follows the Ready status this pass observed,
   * before its own update: a Node it just marked Unknown is queued for the unreachable taint on
   * the next pass, five seconds later. Ready again: the NoExecute taints go at once; the other
   * readiness taint present: swapped at once; otherwise the tainting queue adds it.
   */
  private processTaintBaseEviction(node: KObject, observed: string): void {
    const name = node.metadata.name!;
    const taints: NodeTaint[] = node.spec?.taints ?? [];
    const now = this.ctx.sim.clock.nowRFC3339();
    const hasNoExecute = (key: string) => taints.some((t) => t.key === key && t.effect === 'NoExecute');
    const key = readinessTaintKey(observed);
    if (!key) {
      this.toTaint.delete(name);
      if (hasNoExecute(TAINT_UNREACHABLE) || hasNoExecute(TAINT_NOT_READY)) this.updateTaints(node, withReadinessTaints(taints, undefined, now, ['NoExecute']));
      return;
    }
    const opposite = key === TAINT_UNREACHABLE ? TAINT_NOT_READY : TAINT_UNREACHABLE;
    if (hasNoExecute(opposite)) this.updateTaints(node, withReadinessTaints(taints, key, now, ['NoExecute']));
    else if (!hasNoExecute(key)) this.enqueueTainting(name);
  }

  /** markNodeForTainting: the Node gets its NoExecute taint on the tainting loop's next tick. */
  private enqueueTainting(name: string): void {
    if (this.toTaint.has(name)) return;
    this.toTaint.add(name);
    const now = this.ctx.sim.clock.nowMs();
    this.ctx.proc.schedule(NODE_EVICTION_PERIOD_MS - ((now - this.start) % NODE_EVICTION_PERIOD_MS), 'no-execute tainting pass', () => {
      if (!this.toTaint.delete(name)) return;
      const node = this.nodeInformer.getByName(undefined, name);
      // The taint follows the Node's Ready condition as it is now (Ready again: nothing to do).
      const ready = (node?.status?.conditions ?? []).find((c: any) => c.type === 'Ready');
      const key = readinessTaintKey(ready?.status);
      if (!node || !key) return;
      try {
        this.updateTaints(node, withReadinessTaints(node.spec?.taints ?? [], key, this.ctx.sim.clock.nowRFC3339(), ['NoExecute']));
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        this.enqueueTainting(name);
      }
    });
  }

  /** MarkPodsNotReady: the Ready condition of each Pod on the node goes False (Endpoints drop them). */
  private markPodsNotReady(nodeName: string): void {
    if (mutant('nodelifecycle-keeps-pods-ready')) return;
    const now = this.ctx.sim.clock.nowRFC3339();
    for (const pod of this.podInformer.byIndex(BY_NODE, nodeName)) {
      const conds: any[] = pod.status?.conditions ?? [];
      if (!conds.some((c) => c.type === 'Ready' && c.status !== 'False')) continue;
      const conditions = conds.map((c) => (c.type === 'Ready' ? { ...c, status: 'False', lastTransitionTime: now } : c));
      try {
        const p = this.ctx.client.updateStatus('pods', pod.metadata.namespace, withKind({ ...pod, status: { ...pod.status, conditions } }, 'v1', 'Pod'));
        this.recorder.event(withKind(p, 'v1', 'Pod'), 'Warning', 'NodeNotReady', 'Node is not ready');
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
      }
    }
  }

  /** The NoSchedule tainting pass for one Node, from the cache (a conflict waits for the next period). */
  private taintPass(name: string): void {
    const node = this.nodeInformer.getByName(undefined, name);
    if (!node) return;
    try {
      this.noScheduleTaintingPass(node);
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
    }
  }

  /** doNoScheduleTaintingPass: the NoSchedule taints the Ready condition and spec.unschedulable call for. */
  private noScheduleTaintingPass(node: KObject): KObject {
    const ready = (node.status?.conditions ?? []).find((c: any) => c.type === 'Ready');
    const now = this.ctx.sim.clock.nowRFC3339();
    return this.updateTaints(node, withUnschedulableTaint(withReadinessTaints(node.spec?.taints ?? [], readinessTaintKey(ready?.status), now, ['NoSchedule']), !!node.spec?.unschedulable, now));
  }

  /** Writes the Node's taints when they changed (a conflict: the kubelet wrote meanwhile); the Node as it now is. */
  private updateTaints(node: KObject, want: NodeTaint[]): KObject {
    if (sameTaints(node.spec?.taints ?? [], want)) return node;
    return this.ctx.client.update('nodes', undefined, withKind({ ...node, spec: { ...node.spec, taints: want.length ? want : undefined } }, 'v1', 'Node'));
  }
}
