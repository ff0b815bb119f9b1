/**
 * The node lifecycle controller (pkg/controller/nodelifecycle): every node-monitor-period (5 s)
 * it checks each Node's heartbeats (its Lease in kube-node-lease and its Ready condition). A
 * Node not heard from for node-monitor-grace-period (40 s) gets its conditions set to Unknown
 * ("Kubelet stopped posting node status."), its Pods marked not ready, and the
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
import { readinessTaintKey, sameTaints, withReadinessTaints, withUnschedulableTaint, type NodeTaint } from './taints';
import { mutant } from '../../sim/mutants';

/** --node-monitor-period. */
export const NODE_MONITOR_PERIOD_MS = 5_000;
/** --node-monitor-grace-period. */
export const NODE_MONITOR_GRACE_PERIOD_MS = 40_000;
const BY_NODE = 'byNodeName';

/** What the controller saw of a Node's heartbeats, and when it last saw them change (nodeHealthData). */
interface NodeHealth {
  probeTimestamp: number;
  heartbeat?: string;
  leaseRenew?: string;
}

export class NodeLifecycleController {
  readonly nodeInformer: Informer;
  readonly leaseInformer: Informer;
  readonly podInformer: Informer;
  private readonly recorder: EventRecorder;
  private readonly health = new Map<string, NodeHealth>();

  constructor(private readonly ctx: ComponentContext) {
    this.recorder = ctx.recorder('node-controller');
    this.nodeInformer = ctx.informers.get('nodes');
    this.leaseInformer = ctx.informers.get('leases', { namespace: 'kube-node-lease' });
    this.podInformer = ctx.informers.get('pods');
    this.podInformer.addIndexer(BY_NODE, byNodeName);
    this.nodeInformer.addEventHandler({
      onDelete: (n) => this.health.delete(n.metadata.name!),
      // The NoSchedule pass runs on Node updates (nodeUpdateQueue): a cordon gets its taint at once.
      onUpdate: (old, n) => {
        if (!!old.spec?.unschedulable !== !!n.spec?.unschedulable) this.ctx.proc.schedule(0, 'no-schedule tainting pass', () => this.taintPass(n.metadata.name!));
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

  private monitorNodeHealth(): void {
    for (const node of this.nodeInformer.list()) {
      try {
        this.checkNode(node);
      } catch (e) {
        if (!(e instanceof StatusError)) throw e; // conflict or API server away: next period
      }
    }
  }

  private checkNode(node: KObject): void {
    const name = node.metadata.name!;
    const now = this.ctx.sim.clock.nowMs();
    const conds: any[] = node.status?.conditions ?? [];
    const ready = conds.find((c) => c.type === 'Ready');
    const lease = this.leaseInformer.getByName('kube-node-lease', name);
    const renew: string | undefined = lease?.spec?.renewTime;
    // A heartbeat counts when the controller sees it change, on its own clock (probeTimestamp).
    let h = this.health.get(name);
    if (!h) this.health.set(name, (h = { probeTimestamp: now, heartbeat: ready?.lastHeartbeatTime, leaseRenew: renew }));
    if (ready?.lastHeartbeatTime !== h.heartbeat) (h.heartbeat = ready?.lastHeartbeatTime), (h.probeTimestamp = now);
    if (renew !== h.leaseRenew) (h.leaseRenew = renew), (h.probeTimestamp = now);

    let current = node;
    if (ready && ready.status !== 'Unknown' && now > h.probeTimestamp + NODE_MONITOR_GRACE_PERIOD_MS / (mutant('nodelifecycle-short-grace-period') ? 2 : 1)) current = this.markUnknown(node, ready.status === 'True');
    this.reconcileTaints(current);
  }

  /** tryUpdateNodeHealth: every condition Unknown, NodeStatusUnknown, heartbeat times kept. */
  private markUnknown(node: KObject, wasReady: boolean): KObject {
    const now = this.ctx.sim.clock.nowRFC3339();
    const conditions = (node.status?.conditions ?? []).map((c: any) =>
      c.status === 'Unknown' ? c : { ...c, status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastTransitionTime: now },
    );
    const updated = this.ctx.client.updateStatus('nodes', undefined, withKind({ ...node, status: { ...node.status, conditions } }, 'v1', 'Node'));
    if (wasReady) {
      this.recorder.event(withKind(updated, 'v1', 'Node'), 'Normal', 'NodeNotReady', `Node ${node.metadata.name} status is now: NodeNotReady`);
      this.markPodsNotReady(node.metadata.name!);
    }
    return updated;
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

  /** The tainting pass for one Node, from the cache (a conflict waits for the next period). */
  private taintPass(name: string): void {
    const node = this.nodeInformer.getByName(undefined, name);
    if (!node) return;
    try {
      this.reconcileTaints(node);
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
    }
  }

  /** doNoScheduleTaintingPass + doNoExecuteTaintingPass, for the readiness and unschedulable taints. */
  private reconcileTaints(node: KObject): void {
    const ready = (node.status?.conditions ?? []).find((c: any) => c.type === 'Ready');
    const taints: NodeTaint[] = node.spec?.taints ?? [];
    const now = this.ctx.sim.clock.nowRFC3339();
    const want = withUnschedulableTaint(withReadinessTaints(taints, readinessTaintKey(ready?.status), now), !!node.spec?.unschedulable, now);
    if (sameTaints(taints, want)) return;
    // A conflict (the kubelet wrote meanwhile) is retried next period.
    this.ctx.client.update('nodes', undefined, withKind({ ...node, spec: { ...node.spec, taints: want.length ? want : undefined } }, 'v1', 'Node'));
  }
}
