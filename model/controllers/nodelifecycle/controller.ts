/**
 * The node lifecycle controller (pkg/controller/nodelifecycle, v1.32): every node-monitor-period
 * (5 s) it checks each Node's heartbeats (its Lease in kube-node-lease and its Ready condition).
 * A Node not heard from for node-monitor-grace-period (40 s) gets its Ready and pressure
 * conditions set to Unknown ("Kubelet stopped posting node status.", or "Kubelet never posted
 * node status." for one never posted; a Node that never posted Ready at all gets
 * node-startup-grace-period, 60 s from its creation) and its Pods marked not ready.
 * Taints follow the conditions: the NoSchedule ones (not-ready, unreachable, the pressure ones,
 * network-unavailable, and unschedulable for a cordoned Node) at once on each Node event; the
 * NoExecute readiness ones, which make the taint eviction controller evict Pods, through a
 * per-zone queue whose rate depends on how much of the zone is down (disruption.ts).
 */
import type { KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { EventRecorder } from '../../client/events';
import { byNodeName, type Informer } from '../../client/informer';
import type { ComponentContext } from '../../component';
import { withKind } from '../util/objects';
import { conditionTaintKeys, readinessTaintKey, sameTaints, TAINT_NOT_READY, TAINT_UNREACHABLE, withNoScheduleTaints, withReadinessTaints, type NodeTaint } from './taints';
import { mutant } from '../../sim/mutants';
import { observeHealth, readyChanged, unknownConditions, type NodeHealth } from './health';
import { DEFAULT_EVICTION_RATES, ZoneTainters, type EvictionRates } from './disruption';
import { isExcludedFromDisruptionChecks, zoneKeyOf } from './zones';
import type { RateLimitedTimedQueue } from './rate-limited-queue';

/** --node-monitor-period. */
export const NODE_MONITOR_PERIOD_MS = 5_000;
export { NODE_MONITOR_GRACE_PERIOD_MS } from './health';
const BY_NODE = 'byNodeName';
/** scheduler.NodeEvictionPeriod: how often doNoExecuteTaintingPass works through the queues. */
const NODE_EVICTION_PERIOD_MS = 100;
/** scheduler.NodeHealthUpdateRetry: how many times a Node's health update is tried in a pass. */
const NODE_HEALTH_UPDATE_RETRY = 5;
/** How often a taint write is tried again on a conflict (RetryOnConflict's default back-off steps). */
const TAINT_WRITE_ATTEMPTS = 5;

const readyOf = (n: KObject): any => (n.status?.conditions ?? []).find((c: any) => c.type === 'Ready');

export class NodeLifecycleController {
  readonly nodeInformer: Informer;
  readonly leaseInformer: Informer;
  readonly podInformer: Informer;
  /** zoneStates and zoneNoExecuteTainter. */
  readonly zones: ZoneTainters;
  private readonly recorder: EventRecorder;
  private readonly health = new Map<string, NodeHealth>();
  /** knownNodeSet. */
  private readonly known = new Set<string>();
  /** nodesToRetry: Nodes whose Pods could not all be marked not ready; tried again on the next pass while not Ready. */
  private readonly nodesToRetry = new Set<string>();
  /** The tainting loop's tick grid: start + k × 100 ms. */
  private readonly start: number;
  /** When the tainting loop next has something to do (its ticks in between are skipped). */
  private wakeAt: number | undefined;

  constructor(
    private readonly ctx: ComponentContext,
    rates: EvictionRates = DEFAULT_EVICTION_RATES,
  ) {
    this.recorder = ctx.recorder('node-controller');
    this.nodeInformer = ctx.informers.get('nodes');
    this.leaseInformer = ctx.informers.get('leases', { namespace: 'kube-node-lease' });
    this.podInformer = ctx.informers.get('pods');
    this.podInformer.addIndexer(BY_NODE, byNodeName);
    // Upstream's two loops drift apart (each waits its period after its own work); here the
    // tainting ticks stay half a tick off the monitor passes, so that a pass never runs in the
    // instant a taint write is still on its way to the cache (and queues the Node again).
    this.start = ctx.sim.clock.nowMs() + NODE_EVICTION_PERIOD_MS / 2;
    this.zones = new ZoneTainters({
      markReachable: (n) => this.markNodeAsReachable(n),
      resetProbeTimestamps: (nodes) => {
        const now = this.ctx.sim.clock.nowMs();
        for (const n of nodes) {
          const h = this.health.get(n.metadata.name!);
          if (h) this.health.set(n.metadata.name!, { ...h, probeTimestamp: now });
        }
      },
      now: () => this.ctx.sim.clock.nowMs(),
    }, rates);
    const taintKeys = (n: KObject) => conditionTaintKeys(n).join(',');
    this.nodeInformer.addEventHandler({
      onDelete: (n) => this.health.delete(n.metadata.name!),
      // The NoSchedule pass runs on Node updates (nodeUpdateQueue): a cordon or a condition change
      // gets its taint at once. Upstream queues Node adds too; here a new Node waits for the next
      // monitor pass (at most 5 s), which only a Node registering NotReady can tell apart.
      onUpdate: (old, n) => {
        if (taintKeys(old) !== taintKeys(n)) this.ctx.proc.schedule(0, 'no-schedule tainting pass', () => this.taintPass(n.metadata.name!));
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

  /** One pass over every Node, then the zones' states (upstream's unit tests call it directly too). */
  monitorNodeHealth(): void {
    const nodes = this.nodeInformer.list();
    // classifyNodes: a Node seen for the first time gets its zone's queue and loses stale NoExecute taints.
    for (const node of nodes) {
      const name = node.metadata.name!;
      if (!this.known.has(name)) {
        this.known.add(name);
        this.zones.addForNewZone(node);
        this.markNodeAsReachable(node);
      } else if (!this.zones.states.has(zoneKeyOf(node))) this.zones.addForNewZone(node);
    }
    const names = new Set(nodes.map((n) => n.metadata.name!));
    for (const name of [...this.known]) if (!names.has(name)) this.known.delete(name);

    const zoneToConditions = new Map<string, any[]>();
    for (const listed of nodes) {
      // Upstream polls tryUpdateNodeHealth up to NodeHealthUpdateRetry times, reading the Node
      // anew after each failure (its status update conflicts when the Node changed since it was
      // listed); still failing, or the Node gone: no decision on this Node this period.
      let node = listed;
      let ready: any;
      let decided = false;
      for (let attempt = 1; ; attempt++) {
        try {
          ready = this.checkNode(node);
          decided = true;
          break;
        } catch (e) {
          if (!(e instanceof StatusError)) throw e;
          const fresh = attempt < NODE_HEALTH_UPDATE_RETRY ? this.ctx.client.tryGet('nodes', undefined, node.metadata.name!) : undefined;
          if (!fresh) break;
          node = fresh;
        }
      }
      if (!decided) continue;
      if (isExcludedFromDisruptionChecks(node)) continue;
      const zone = zoneKeyOf(node);
      if (!zoneToConditions.has(zone)) zoneToConditions.set(zone, []);
      zoneToConditions.get(zone)!.push(ready);
    }
    this.zones.handleDisruption(zoneToConditions, nodes);
    this.kickTainting();
  }

  /**
   * tryUpdateNodeHealth and what monitorNodeHealth does with its result: past the grace period
   * the monitored conditions go Unknown; a Node that was Ready gets the NodeNotReady event and
   * its Pods marked not ready. Returns the Node's Ready condition as it now is.
   */
  private checkNode(node: KObject): any {
    const name = node.metadata.name!;
    const now = this.ctx.sim.clock.nowMs();
    const observed = readyOf(node);
    // Stryker disable next-line ConditionalExpression: a bug-zoo switch (model/sim/mutants.ts), false outside npm run mutants, so the 'false' mutant is the code as it runs
    if (!observed && mutant('nodelifecycle-skips-nodes-never-ready')) return undefined;
    const lease = this.leaseInformer.getByName('kube-node-lease', name);
    const { health, gracePeriodMs } = observeHealth(node, this.health.get(name), lease?.spec?.renewTime, now);
    this.health.set(name, health);
    // A Node without Ready is compared with the one upstream makes up: Unknown since its creation.
    const before = observed ?? { type: 'Ready', status: 'Unknown', lastHeartbeatTime: node.metadata.creationTimestamp, lastTransitionTime: node.metadata.creationTimestamp };

    let current = node;
    let ready = observed;
    if (now > health.probeTimestamp + gracePeriodMs) {
      const conditions = unknownConditions(node, this.ctx.sim.clock.nowRFC3339());
      ready = conditions.find((c) => c.type === 'Ready');
      if (readyChanged(before, ready)) {
        current = this.ctx.client.updateStatus('nodes', undefined, withKind({ ...node, status: { ...node.status, conditions } }, 'v1', 'Node'));
        this.health.set(name, { ...health, ready: { lastHeartbeatTime: ready.lastHeartbeatTime } });
      }
    }
    if (!ready) {
      // Upstream's Node add handler runs the NoSchedule pass for a Node that has posted nothing yet
      // too: a stale controller taint goes. Its failure waits for the next pass.
      this.swallow(() => this.noScheduleTaintingPass(current));
      return undefined;
    }
    current = this.processTaintBaseEviction(current, before.status);
    // Ready → not Ready: the NodeNotReady event once, and the Pods marked not ready; a Pod that
    // could not be marked has the Node's Pods marked again on the next passes while it is not Ready.
    const retry = this.nodesToRetry.has(name);
    const becameNotReady = ready.status !== 'True' && before.status === 'True';
    if (becameNotReady) this.recorder.event(withKind(current, 'v1', 'Node'), 'Normal', 'NodeNotReady', `Node ${name} status is now: NodeNotReady`);
    if ((becameNotReady || (retry && before.status !== 'True')) && !this.markPodsNotReady(name)) this.nodesToRetry.add(name);
    else this.nodesToRetry.delete(name);
    // The NoSchedule taints follow the Node's events (doNodeProcessingPassWorker, woken by the
    // status update written above, so after this pass's Pod marking); what failed there is tried
    // again here, and a failure here too waits for the next pass.
    this.swallow(() => this.noScheduleTaintingPass(current));
    return ready;
  }

  /**
   * processTaintBaseEviction: the NoExecute taint follows the Ready status this pass observed,
   * before its own update: a Node it just marked Unknown is queued on the next pass. Ready
   * again: the NoExecute taints go at once; the other readiness taint present: swapped at
   * once; otherwise the Node joins its zone's tainting queue.
   */
  private processTaintBaseEviction(node: KObject, observed: string): KObject {
    const key = readinessTaintKey(observed);
    if (!key) return observed === 'True' ? this.markNodeAsReachable(node) : node;
    const opposite = key === TAINT_UNREACHABLE ? TAINT_NOT_READY : TAINT_UNREACHABLE;
    if (hasNoExecute(node, opposite)) return this.tryWriteTaints(node, (t) => withReadinessTaints(t, key, this.ctx.sim.clock.nowRFC3339(), ['NoExecute'])) ?? node;
    this.markNodeForTainting(node, key);
    return node;
  }

  /** markNodeForTainting: (re)queued unless already tainted for this status; true when newly queued. */
  private markNodeForTainting(node: KObject, key: string): boolean {
    const q = this.zones.queueOf(node);
    if (!hasNoExecute(node, key)) q.remove(node.metadata.name!);
    return q.add(node.metadata.name!, node.metadata.uid);
  }

  /** markNodeAsReachable: the NoExecute readiness taints off, the Node out of its zone's queue. */
  private markNodeAsReachable(node: KObject): KObject {
    let current = node;
    if (hasNoExecute(node, TAINT_UNREACHABLE) || hasNoExecute(node, TAINT_NOT_READY)) {
      const written = this.tryWriteTaints(node, (t) => withReadinessTaints(t, undefined, this.ctx.sim.clock.nowRFC3339(), ['NoExecute']));
      if (!written) return node;
      current = written;
    }
    this.zones.queueOf(node).remove(node.metadata.name!);
    return current;
  }

  /** doNoExecuteTaintingPass: each zone's queue lets through what its rate allows. */
  private noExecuteTaintingPass(): void {
    for (const q of this.zones.queues.values()) q.try((v) => this.taintFromQueue(v.value));
  }

  /** One Node out of a tainting queue: the NoExecute taint its Ready condition now calls for. */
  private taintFromQueue(name: string): [boolean, number] {
    const node = this.nodeInformer.getByName(undefined, name);
    if (!node) return [true, 0];
    const ready = readyOf(node);
    if (!ready) return [false, 50];
    const key = readinessTaintKey(ready.status);
    if (!key) return [true, 0]; // Ready again: nothing to do
    return [this.swallow(() => this.writeTaints(node, (t) => withReadinessTaints(t, key, this.ctx.sim.clock.nowRFC3339(), ['NoExecute']))), 0];
  }

  /**
   * The tainting loop ticks every 100 ms from the controller's start; a tick with nothing queued
   * or no token to spend changes nothing, so only the first tick that can act is scheduled.
   */
  private kickTainting(): void {
    const now = this.ctx.sim.clock.nowMs();
    const first = this.start + (Math.floor((now - this.start) / NODE_EVICTION_PERIOD_MS) + 1) * NODE_EVICTION_PERIOD_MS;
    let best: number | undefined;
    for (const q of this.zones.queues.values()) {
      const t = firstTickThatCanAct(q, first);
      if (t !== undefined && (best === undefined || t < best)) best = t;
    }
    if (best === undefined || (this.wakeAt !== undefined && this.wakeAt <= best)) return;
    const at = best;
    this.wakeAt = at;
    this.ctx.proc.schedule(at - now, 'no-execute tainting pass', () => {
      if (this.wakeAt !== at) return;
      this.wakeAt = undefined;
      this.noExecuteTaintingPass();
      this.kickTainting();
    });
  }

  /**
   * MarkPodsNotReady: the Ready condition of each Pod on the node goes False (Endpoints drop
   * them), each with a NodeNotReady event (also when its update failed, not when the Pod is gone).
   * False when some update failed.
   */
  private markPodsNotReady(nodeName: string): boolean {
    if (mutant('nodelifecycle-keeps-pods-ready')) return true;
    const now = this.ctx.sim.clock.nowRFC3339();
    let ok = true;
    for (const pod of this.podInformer.byIndex(BY_NODE, nodeName)) {
      const conds: any[] = pod.status?.conditions ?? [];
      if (!conds.some((c) => c.type === 'Ready' && c.status !== 'False')) continue;
      const conditions = conds.map((c) => (c.type === 'Ready' ? { ...c, status: 'False', lastTransitionTime: now } : c));
      const updated = withKind({ ...pod, status: { ...pod.status, conditions } }, 'v1', 'Pod');
      try {
        this.ctx.client.updateStatus('pods', pod.metadata.namespace, updated);
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        if (e.code === 404) continue; // gone already: nothing left to do
        ok = false;
      }
      this.recorder.event(updated, 'Warning', 'NodeNotReady', 'Node is not ready');
    }
    return ok;
  }

  /** The NoSchedule tainting pass for one Node, from the cache. */
  private taintPass(name: string): void {
    const node = this.nodeInformer.getByName(undefined, name);
    if (node) this.swallow(() => this.noScheduleTaintingPass(node));
  }

  /** doNoScheduleTaintingPass: the NoSchedule taints the conditions and spec.unschedulable call for. */
  noScheduleTaintingPass(node: KObject): KObject {
    return this.writeTaints(node, (taints, cur) => withNoScheduleTaints(taints, conditionTaintKeys(cur), this.ctx.sim.clock.nowRFC3339()));
  }

  /**
   * Writes the taints `want` makes of the Node's when they differ; on a conflict (the kubelet or
   * someone else wrote meanwhile) reads the Node again and retries. The Node as it now is.
   */
  private writeTaints(node: KObject, want: (taints: NodeTaint[], node: KObject) => NodeTaint[]): KObject {
    let cur = node;
    for (let attempt = 1; ; attempt++) {
      const taints: NodeTaint[] = cur.spec?.taints ?? [];
      const next = want(taints, cur);
      if (sameTaints(taints, next)) return cur;
      try {
        return this.ctx.client.update('nodes', undefined, withKind({ ...cur, spec: { ...cur.spec, taints: next.length ? next : undefined } }, 'v1', 'Node'));
      } catch (e) {
        if (!(e instanceof StatusError) || e.code !== 409 || attempt >= TAINT_WRITE_ATTEMPTS) throw e;
        const fresh = this.ctx.client.tryGet('nodes', undefined, node.metadata.name!);
        if (!fresh) throw e;
        cur = fresh;
      }
    }
  }

  /** writeTaints; an API error (the Node gone, the server away) is undefined: the next period tries again. */
  private tryWriteTaints(node: KObject, want: (taints: NodeTaint[], node: KObject) => NodeTaint[]): KObject | undefined {
    try {
      return this.writeTaints(node, want);
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      return undefined;
    }
  }

  /** Runs a write; an API error (the Node gone, the server away) is false: the next period tries again. */
  private swallow(fn: () => unknown): boolean {
    try {
      fn();
      return true;
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      return false;
    }
  }
}

const hasNoExecute = (node: KObject, key: string) => (node.spec?.taints ?? []).some((t: NodeTaint) => t.key === key && t.effect === 'NoExecute');

/** The first tick from `first` on at which the queue has a value and a token (none while its rate is 0). */
function firstTickThatCanAct(q: RateLimitedTimedQueue, first: number): number | undefined {
  if (!q.hasWaiting()) return undefined;
  if (q.wouldTry(first)) return first;
  // A token bucket is full again within 1/qps seconds: search the ticks up to then (the never
  // limiter accepts at none of them).
  let lo = 0;
  let hi = Math.ceil(1000 / q.qps() / NODE_EVICTION_PERIOD_MS) + 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (q.wouldTry(first + mid * NODE_EVICTION_PERIOD_MS)) hi = mid;
    else lo = mid + 1;
  }
  const at = first + lo * NODE_EVICTION_PERIOD_MS;
  return q.wouldTry(at) ? at : undefined;
}
