/**
 * Upstream's monitorNodeHealth tests (fixtures/upstream/nodelifecycle.json) on the model's
 * NodeLifecycleController: node0 and pod0 in an API server whose clock starts at upstream's
 * 2012 creation time, each iteration one monitorNodeHealth pass at upstream's time, the
 * controller's status updates and Pod status updates read from its recorded requests.
 */
import type { KObject } from '../../model/api/meta';
import { NodeLifecycleController } from '../../model/controllers/nodelifecycle/controller';
import { AlwaysLimiter, NeverLimiter, RateLimitedTimedQueue, TokenBucket } from '../../model/controllers/nodelifecycle/rate-limited-queue';
import { StatusError } from '../../model/api/status';
import { FakeControlPlane, injectFailures, type InjectedFailure } from './harness';
import { failuresOf, same, upstreamTable } from './fixtures';

const FILE = 'nodelifecycle';
const EPOCH = Date.parse('2012-01-01T00:00:00Z');
const CONDITION_FIELDS = ['type', 'status', 'reason', 'message', 'lastHeartbeatTime', 'lastTransitionTime'];

/** Advances the test's clock to an absolute time (no going back: a time already passed just settles). */
function advanceTo(cp: FakeControlPlane, iso: string): void {
  const wait = Date.parse(iso) - cp.sim.clock.nowMs();
  if (wait > 0) cp.advance(wait);
  else cp.settle();
}

/** The Node's status conditions replaced wholesale, as the test sets Existing[0].Status. */
function setConditions(cp: FakeControlPlane, conditions: any[]): void {
  const node = cp.admin.get('nodes', undefined, 'node0');
  cp.admin.updateStatus('nodes', undefined, { ...node, status: { ...node.status, conditions } });
}

/** createNodeLease: kube-node-lease/node0 with the given renewTime. */
function setLease(cp: FakeControlPlane, renewTime: string): void {
  const cur = cp.admin.tryGet('leases', 'kube-node-lease', 'node0');
  const spec = { holderIdentity: 'node0', leaseDurationSeconds: 40, renewTime };
  if (cur) cp.admin.update('leases', 'kube-node-lease', { ...cur, spec });
  else cp.create('leases', { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { namespace: 'kube-node-lease', name: 'node0' }, spec });
}

/** testutil.NewPod("pod0", "node0"): Ready=True (a container so that it validates). */
function createPod(cp: FakeControlPlane, name = 'pod0', nodeName = 'node0', conditions: any[] = [{ type: 'Ready', status: 'True' }]): void {
  const pod: KObject = { apiVersion: 'v1', kind: 'Pod', metadata: { namespace: 'default', name }, spec: { nodeName, containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.10' }] } };
  const created = cp.create('pods', pod);
  cp.admin.updateStatus('pods', 'default', { ...created, status: { ...created.status, conditions } });
}

/** The Events a component sent, as "Type Reason apiVersion/Kind namespace/name: message". */
function eventsOf(cp: FakeControlPlane): string[] {
  return cp.actions
    .filter((a) => a.resource === 'events' && a.verb === 'create')
    .map((a) => {
      const o = a.body.involvedObject;
      return `${a.body.type} ${a.body.reason} ${o.apiVersion}/${o.kind} ${o.namespace ? o.namespace + '/' : ''}${o.name}: ${a.body.message}`;
    });
}

/** Fails the case's requests as upstream's reactors do ({verb, resource, subresource, times, code}; entries pushed later count too); the failed request is recorded too. */
function failRequests(cp: FakeControlPlane, ctx: ReturnType<FakeControlPlane['component']>, failures: any[] | undefined): void {
  if (!failures) return;
  const list: (InjectedFailure & { code?: number })[] = failures;
  injectFailures(ctx, list, (req) => {
    cp.actions.push({ verb: req.verb, resource: req.resource, subresource: req.subresource, namespace: req.namespace, name: req.name, body: req.body });
    const f = list.find((x) => x.verb === req.verb && x.resource === req.resource && (x.subresource ?? undefined) === (req.subresource ?? undefined));
    const code = f?.code ?? 500;
    const reason = code === 409 ? 'Conflict' : code === 404 ? 'NotFound' : 'InternalError';
    return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `fake ${req.verb} ${req.resource} error`, reason, code } as any);
  });
}

const pick = (c: any) => Object.fromEntries(CONDITION_FIELDS.filter((k) => c[k] !== undefined && c[k] !== '').map((k) => [k, c[k]]));

function runCase(c: any): string | undefined {
  const cp = new FakeControlPlane(['default', 'kube-node-lease'], EPOCH);
  advanceTo(cp, c.created);
  cp.create('nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node0' } });
  if (c.pods) for (const p of c.pods) createPod(cp, p.name, p.node ?? 'node0', p.conditions);
  else createPod(cp);
  const ctx = cp.component();
  failRequests(cp, ctx, c.fail?.map((f: any) => ({ ...f })));
  const nlc = new NodeLifecycleController(ctx, TEST_RATES);
  ctx.informers.start();
  while (!nlc.nodeInformer.hasSynced() || !nlc.leaseInformer.hasSynced() || !nlc.podInformer.hasSynced()) cp.advance(1);
  cp.clearActions();
  for (const it of c.iterations) {
    const before = new Date(Date.parse(it.now) - 1000).toISOString();
    if (Date.parse(before) > cp.sim.clock.nowMs()) advanceTo(cp, before);
    if (it.conditions) setConditions(cp, it.conditions);
    if (it.lease) setLease(cp, it.lease);
    advanceTo(cp, it.now);
    nlc.monitorNodeHealth();
  }
  cp.settle();
  const problems: string[] = [];
  if (c.expectedStatusUpdates) {
    const got = cp.actions.filter((a) => a.resource === 'nodes' && a.subresource === 'status').map((a) => (a.body.status?.conditions ?? []).map(pick));
    const p = same(got, c.expectedStatusUpdates.map((u: any[]) => u.map(pick)));
    if (p) problems.push(`node status updates: ${p}`);
  }
  const podUpdates = cp.actions.filter((a) => a.resource === 'pods' && a.subresource === 'status' && a.verb === 'update').length;
  if (c.expectedPodStatusUpdate !== undefined && podUpdates > 0 !== c.expectedPodStatusUpdate) problems.push(`pod status updated ${podUpdates > 0}, want ${c.expectedPodStatusUpdate}`);
  if (c.expectedPodStatusUpdates !== undefined && podUpdates !== c.expectedPodStatusUpdates) problems.push(`pod status updates ${podUpdates}, want ${c.expectedPodStatusUpdates}`);
  if (c.expectedPodConditions) {
    for (const [name, want] of Object.entries(c.expectedPodConditions)) {
      const got = (cp.admin.get('pods', 'default', name).status?.conditions ?? []).map((x: any) => `${x.type}=${x.status}`);
      const p = same(got, want);
      if (p) problems.push(`${name}'s conditions: ${p}`);
    }
  }
  if (c.expectedEvents) {
    const p = same(eventsOf(cp), c.expectedEvents);
    if (p) problems.push(`events: ${p}`);
  }
  if (cp.sim.failures.length) problems.push(`model failures: ${cp.sim.failures.map((f) => String(f.error)).join('; ')}`);
  return problems.join('; ') || undefined;
}

/**
 * newNodeLifecycleControllerFromClient's rates: testRateLimiterQPS everywhere, large clusters
 * above 20 Nodes. Its 100000/s lets a test's tainting pass through every queued Node, as each
 * fake update takes longer than the 10 µs a token takes; the model's clock stands still during
 * a pass, so the model's stand-in is an unlimited rate.
 */
export const TEST_RATES = { evictionLimiterQPS: Infinity, secondaryEvictionLimiterQPS: Infinity, largeClusterThreshold: 20, unhealthyZoneThreshold: 0.55 };

/**
 * TestApplyNoExecuteTaints and its kin: several Nodes, monitor passes and the NoExecute tainting
 * loop's ticks. A Node is its Ready conditions, or {conditions, labels, taints}; the case's
 * 'rates' replace the tests' unlimited ones; 'fail' steps make the controller's next requests
 * fail (as the fake clientset's reactors do).
 */
function taintsCase(c: any): string | undefined {
  const cp = new FakeControlPlane(['default', 'kube-node-lease'], EPOCH);
  advanceTo(cp, c.created);
  const specOf = (n: any) => (Array.isArray(n) ? { conditions: n } : n);
  const createNode = (name: string, n: any) =>
    cp.create('nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name, ...(n.labels ? { labels: n.labels } : {}) }, ...(n.taints ? { spec: { taints: n.taints } } : {}) });
  for (const [name, n] of Object.entries(c.nodes)) createNode(name, specOf(n));
  const setConditions = (name: string, conditions: any[]) => {
    const node = cp.admin.get('nodes', undefined, name);
    cp.admin.updateStatus('nodes', undefined, { ...node, status: { ...node.status, conditions } });
  };
  advanceTo(cp, new Date(Date.parse(c.now) - 1000).toISOString());
  for (const [name, n] of Object.entries(c.nodes)) if (specOf(n).conditions) setConditions(name, specOf(n).conditions);
  advanceTo(cp, c.now);
  const ctx = cp.component();
  // 'failAtStart': requests failing from the start (a Lease list that never succeeds keeps that cache from syncing).
  const failures: any[] = (c.failAtStart ?? []).map((f: any) => ({ ...f }));
  failRequests(cp, ctx, failures);
  const nlc = new NodeLifecycleController(ctx, c.rates ?? TEST_RATES);
  const start = cp.sim.clock.nowMs();
  ctx.informers.start();
  const synced = () => (c.unsynced === 'leases' ? nlc.nodeInformer.hasSynced() && !nlc.leaseInformer.hasSynced() : nlc.nodeInformer.hasSynced() && nlc.leaseInformer.hasSynced()) && nlc.podInformer.hasSynced();
  while (!synced()) cp.advance(1);
  cp.clearActions();
  const taintsOf = (name: string): any[] => cp.admin.get('nodes', undefined, name).spec?.taints ?? [];
  for (const [i, s] of c.steps.entries()) {
    const at = `step ${i + 1}`;
    if (s.monitor) {
      // Just after a tick of the tainting loop: what the test writes next lands before the next one.
      cp.advance(100 - ((cp.sim.clock.nowMs() - start) % 100) + 1);
      nlc.monitorNodeHealth();
    } else if (s.monitorAfter !== undefined) {
      cp.advance(s.monitorAfter);
      nlc.monitorNodeHealth();
    } else if (s.run) nlc.run();
    else if (s.taintPass) cp.advance(100);
    else if (s.advance !== undefined) cp.advance(s.advance);
    else if (s.setConditions) {
      for (const [name, conds] of Object.entries(s.setConditions)) setConditions(name, conds as any[]);
      cp.advance(20);
    } else if (s.addNodes) {
      for (const [name, n] of Object.entries(s.addNodes)) {
        createNode(name, specOf(n));
        if (specOf(n).conditions) setConditions(name, specOf(n).conditions);
      }
      cp.advance(20);
    } else if (s.setTaints) {
      // Someone else's write of a Node's taints.
      for (const [name, taints] of Object.entries(s.setTaints)) {
        const node = cp.admin.get('nodes', undefined, name);
        cp.admin.update('nodes', undefined, { ...node, spec: { ...node.spec, taints } });
      }
      cp.advance(20);
    } else if (s.deleteNode) {
      cp.admin.delete('nodes', undefined, s.deleteNode);
      cp.advance(20);
    } else if (s.fail) failures.push(...s.fail.map((f: any) => ({ ...f })));
    else if (s.expectNoExecute) {
      for (const [name, key] of Object.entries(s.expectNoExecute))
        if (!taintsOf(name).some((t) => t.key === key && t.effect === 'NoExecute')) return `${at}: no ${key}:NoExecute on ${name}: ${JSON.stringify(taintsOf(name))}`;
    } else if (s.expectNoTaints) {
      for (const name of s.expectNoTaints) if (taintsOf(name).length) return `${at}: ${name} has taints ${JSON.stringify(taintsOf(name))}`;
    } else if (s.expectTaints) {
      // Exactly these taints ("key:Effect"), or only those of the step's effect.
      for (const [name, want] of Object.entries(s.expectTaints)) {
        const got = taintsOf(name)
          .filter((t) => !s.effect || t.effect === s.effect)
          .map((t) => `${t.key}:${t.effect}`)
          .sort();
        const p = same(got, [...(want as string[])].sort());
        if (p) return `${at}: ${name}'s ${s.effect ?? ''} taints: ${p}`;
      }
    } else if (s.expectReady) {
      for (const [name, want] of Object.entries(s.expectReady)) {
        const got = (cp.admin.get('nodes', undefined, name).status?.conditions ?? []).find((x: any) => x.type === 'Ready')?.status ?? 'none';
        if (got !== want) return `${at}: ${name} Ready ${got}, want ${want}`;
      }
    } else if (s.expectNoExecuteCount !== undefined) {
      // How many Nodes carry a NoExecute readiness taint.
      const got = cp.admin.list('nodes', undefined).items.filter((n: any) => (n.spec?.taints ?? []).some((t: any) => t.effect === 'NoExecute' && t.key.startsWith('node.kubernetes.io/'))).length;
      if (got !== s.expectNoExecuteCount) return `${at}: ${got} Nodes tainted NoExecute, want ${s.expectNoExecuteCount}`;
    } else if (s.expectNodeUpdates) {
      for (const [name, want] of Object.entries(s.expectNodeUpdates)) {
        const got = cp.actions.filter((a) => a.resource === 'nodes' && a.verb === 'update' && !a.subresource && a.name === name).length;
        if (got !== want) return `${at}: ${got} updates of ${name}, want ${want}: ${JSON.stringify(cp.actions.filter((a) => a.resource === "nodes" && a.name === name).map((a) => [a.verb, a.subresource, (a.body?.spec?.taints ?? []).map((t: any) => t.key + ":" + t.effect)]))}`;
      }
    } else throw new Error(`unknown step ${JSON.stringify(s)}`);
  }
  if (cp.sim.failures.length) return `model failures: ${cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  return undefined;
}

export const NODE_LIFECYCLE_TABLES: Record<string, () => string[]> = {
  monitorNodeHealth: () => failuresOf(upstreamTable(FILE, 'monitorNodeHealth'), runCase),
  taints: () => failuresOf(upstreamTable(FILE, 'taints'), taintsCase),
  taintsModel: () => failuresOf(upstreamTable(FILE, 'taintsModel'), taintsCase),
};

const FAKE_NOW = Date.parse('2015-01-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** A control plane holding the case's Nodes (labels, then conditions), and a synced controller with the tests' rates. */
function withNodes(nodes: any[], createdAt: number, rates = TEST_RATES): { cp: FakeControlPlane; nlc: NodeLifecycleController } {
  const cp = new FakeControlPlane(['default', 'kube-node-lease'], EPOCH);
  advanceTo(cp, iso(createdAt));
  for (const n of nodes) {
    const created = cp.create('nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: n.name, ...(n.labels ? { labels: n.labels } : {}) } });
    if (n.conditions) cp.admin.updateStatus('nodes', undefined, { ...created, status: { conditions: n.conditions } });
  }
  const ctx = cp.component();
  const nlc = new NodeLifecycleController(ctx, rates);
  ctx.informers.start();
  while (!nlc.nodeInformer.hasSynced() || !nlc.leaseInformer.hasSynced() || !nlc.podInformer.hasSynced()) cp.advance(1);
  return { cp, nlc };
}

const statesOf = (nlc: NodeLifecycleController) => Object.fromEntries([...nlc.zones.states].sort(([a], [b]) => (a < b ? -1 : 1)));
const sorted = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));

/** Each zone's queue's QPS (Infinity written "Inf"). */
const qpsOf = (nlc: NodeLifecycleController) => Object.fromEntries([...nlc.zones.queues].sort(([a], [b]) => (a < b ? -1 : 1)).map(([z, q]) => [z, q.qps() === Infinity ? 'Inf' : q.qps()]));

/**
 * TestMonitorNodeHealth: zoneStates after a pass at fakeNow, and after the first Nodes' statuses
 * change and an hour passes (no second pass without 'updated'); the model's rows may give
 * 'rates' and the zones' queue rates after each pass ('initialQPS', 'followingQPS').
 */
function zoneStatesCase(c: any): string | undefined {
  const { cp, nlc } = withNodes(c.nodes, FAKE_NOW - 2000, c.rates);
  advanceTo(cp, iso(FAKE_NOW));
  nlc.monitorNodeHealth();
  const initial = same(statesOf(nlc), sorted(c.initial));
  if (initial) return `initial states: ${initial}`;
  if (c.initialQPS) {
    const p = same(qpsOf(nlc), sorted(c.initialQPS));
    if (p) return `initial rates: ${p}`;
  }
  if (c.updated) {
    const later = FAKE_NOW + 60 * 60_000;
    advanceTo(cp, iso(later - 1000));
    c.updated.forEach((conditions: any[], i: number) => {
      const node = cp.admin.get('nodes', undefined, c.nodes[i].name);
      cp.admin.updateStatus('nodes', undefined, { ...node, status: { ...node.status, conditions } });
    });
    advanceTo(cp, iso(later));
    nlc.monitorNodeHealth();
    const following = same(statesOf(nlc), sorted(c.following));
    if (following) return `following states: ${following}`;
    if (c.followingQPS) {
      const p = same(qpsOf(nlc), sorted(c.followingQPS));
      if (p) return `following rates: ${p}`;
    }
  }
  if (cp.sim.failures.length) return `model failures: ${cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  return undefined;
}

/** TestTaintsNodeByCondition: node0 replaced by the case's Node, one NoSchedule pass, exactly the expected taints. */
function taintsByConditionCase(c: any): string | undefined {
  const zone1 = { 'topology.kubernetes.io/region': 'region1', 'topology.kubernetes.io/zone': 'zone1', 'failure-domain.beta.kubernetes.io/region': 'region1', 'failure-domain.beta.kubernetes.io/zone': 'zone1' };
  const existing = [{ name: 'node0', labels: zone1, conditions: [{ type: 'Ready', status: 'True', lastHeartbeatTime: '2015-01-01T12:00:00Z', lastTransitionTime: '2015-01-01T12:00:00Z' }] }];
  const { cp, nlc } = withNodes(existing, Date.parse('2017-01-01T12:00:00Z') - 2000);
  cp.clearActions();
  const node = cp.admin.get('nodes', undefined, 'node0');
  const replaced = cp.admin.update('nodes', undefined, { ...node, spec: { ...node.spec, taints: c.taints, unschedulable: c.unschedulable } });
  cp.admin.updateStatus('nodes', undefined, { ...replaced, status: { ...replaced.status, conditions: c.conditions } });
  cp.settle();
  nlc.noScheduleTaintingPass(nlc.nodeInformer.getByName(undefined, 'node0')!);
  cp.settle();
  const taints: any[] = cp.admin.get('nodes', undefined, 'node0').spec?.taints ?? [];
  const got = taints.map((t) => `${t.key}${t.value ? '=' + t.value : ''}:${t.effect}`).sort();
  // The model's rows list every taint ("key[=value]:Effect") and how many writes the controller sent (its Node update handler's included).
  const p = same(got, c.expectedTaints ? [...c.expectedTaints].sort() : c.expected.map((k: string) => `${k}:NoSchedule`).sort());
  if (p || c.expectedWrites === undefined) return p;
  const writes = cp.verbsOn('nodes', 'node0').filter((v) => v === 'update').length;
  return writes === c.expectedWrites ? undefined : `${writes} writes, want ${c.expectedWrites}`;
}

/**
 * rate_limited_queue_test.go: the operations on a queue with the always limiter and a clock that
 * moves on each reading. A case with "clock": "manual" keeps the clock where its last {"at": ms}
 * put it, and may give the queue a token bucket ("limiter": {"tokenBucket": qps}) or the never
 * limiter ("limiter": "never").
 */
function rateLimitedQueueCase(c: any): string | undefined {
  let t = 0;
  let frozen = 0;
  const manual = c.clock === 'manual';
  const clock = () => (manual ? t : frozen > 0 ? (frozen--, t) : ++t);
  const limiter = c.limiter?.tokenBucket !== undefined ? new TokenBucket(c.limiter.tokenBucket === 'Inf' ? Infinity : c.limiter.tokenBucket, clock) : c.limiter === 'never' ? new NeverLimiter() : new AlwaysLimiter();
  const q = new RateLimitedTimedQueue(limiter, clock);
  for (const [i, op] of c.ops.entries()) {
    const at = `op ${i + 1}`;
    if (op.at !== undefined) t = op.at;
    if (op.add !== undefined) {
      const added = q.add(op.add);
      if (op.returns !== undefined && added !== op.returns) return `${at}: add ${op.add} returned ${added}, want ${op.returns}`;
    } else if (op.remove !== undefined) {
      const removed = q.remove(op.remove);
      if (op.returns !== undefined && removed !== op.returns) return `${at}: remove ${op.remove} returned ${removed}, want ${op.returns}`;
    } else if (op.clear) q.clear();
    else if (op.swapLimiter !== undefined) q.swapLimiter(op.swapLimiter);
    else if (op.expectQPS !== undefined) {
      if (q.qps() !== op.expectQPS) return `${at}: qps ${q.qps()}, want ${op.expectQPS}`;
    } else if (op.try) {
      const processed: string[] = [];
      const seen: any[] = [];
      q.try((v) => {
        processed.push(v.value);
        seen.push({ value: v.value, addedAt: v.addedAt, processAt: v.processAt });
        if (processed.length > 100) throw new Error(`Try loops: ${processed.slice(0, 10).join(', ')}…`);
        const r = op.try[v.value];
        if (!r) return [true, 0];
        op.try[v.value] = undefined; // fails once, as the tests' closures do
        if (r.removeDuring) q.remove(v.value);
        if (r.freeze) frozen = r.freeze;
        return [r.done !== false, r.waitMs ?? 0];
      });
      const p = same(processed, op.processed) ?? (op.seen ? same(seen, op.seen) : undefined);
      if (p) return `${at}: processed ${p}`;
    } else if (op.expectQueue) {
      const p = same(q.values(), op.expectQueue) ?? (op.expectSet ? same(q.members().sort(), [...op.expectSet].sort()) : undefined);
      if (p) return `${at}: ${p}`;
    } else if (op.wouldTry !== undefined) {
      if (q.wouldTry(t) !== op.wouldTry || q.hasWaiting() !== (op.hasWaiting ?? op.wouldTry)) return `${at}: wouldTry ${q.wouldTry(t)}, hasWaiting ${q.hasWaiting()}, want ${op.wouldTry}, ${op.hasWaiting ?? op.wouldTry}`;
    } else if (op.at === undefined) throw new Error(`unknown op ${JSON.stringify(op)}`);
  }
  return undefined;
}

NODE_LIFECYCLE_TABLES.zoneStates = () => failuresOf(upstreamTable(FILE, 'zoneStates'), zoneStatesCase);
NODE_LIFECYCLE_TABLES.taintsByCondition = () => failuresOf(upstreamTable(FILE, 'taintsByCondition'), taintsByConditionCase);
NODE_LIFECYCLE_TABLES.rateLimitedQueue = () => failuresOf(upstreamTable(FILE, 'rateLimitedQueue'), rateLimitedQueueCase);
NODE_LIFECYCLE_TABLES.rateLimitedQueueModel = () => failuresOf(upstreamTable(FILE, 'rateLimitedQueueModel'), rateLimitedQueueCase);
NODE_LIFECYCLE_TABLES.monitorNodeHealthModel = () => failuresOf(upstreamTable(FILE, 'monitorNodeHealthModel'), runCase);
NODE_LIFECYCLE_TABLES.zoneStatesModel = () => failuresOf(upstreamTable(FILE, 'zoneStatesModel'), zoneStatesCase);
NODE_LIFECYCLE_TABLES.taintsByConditionModel = () => failuresOf(upstreamTable(FILE, 'taintsByConditionModel'), taintsByConditionCase);
