/**
 * Upstream's monitorNodeHealth tests (fixtures/upstream/nodelifecycle.json) on the model's
 * NodeLifecycleController: node0 and pod0 in an API server whose clock starts at upstream's
 * 2012 creation time, each iteration one monitorNodeHealth pass at upstream's time, the
 * controller's status updates and Pod status updates read from its recorded requests.
 */
import type { KObject } from '../../model/api/meta';
import { NodeLifecycleController } from '../../model/controllers/nodelifecycle/controller';
import { FakeControlPlane } from './harness';
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
function createPod(cp: FakeControlPlane): void {
  const pod: KObject = { apiVersion: 'v1', kind: 'Pod', metadata: { namespace: 'default', name: 'pod0' }, spec: { nodeName: 'node0', containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.10' }] } };
  const created = cp.create('pods', pod);
  cp.admin.updateStatus('pods', 'default', { ...created, status: { ...created.status, conditions: [{ type: 'Ready', status: 'True' }] } });
}

const pick = (c: any) => Object.fromEntries(CONDITION_FIELDS.filter((k) => c[k] !== undefined && c[k] !== '').map((k) => [k, c[k]]));

function runCase(c: any): string | undefined {
  const cp = new FakeControlPlane(['default', 'kube-node-lease'], EPOCH);
  advanceTo(cp, c.created);
  cp.create('nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node0' } });
  createPod(cp);
  const ctx = cp.component();
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

/** TestApplyNoExecuteTaints: several Nodes, monitor passes and the NoExecute tainting loop's ticks. */
function taintsCase(c: any): string | undefined {
  const cp = new FakeControlPlane(['default', 'kube-node-lease'], EPOCH);
  advanceTo(cp, c.created);
  for (const name of Object.keys(c.nodes)) cp.create('nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name } });
  const setConditions = (name: string, conditions: any[]) => {
    const node = cp.admin.get('nodes', undefined, name);
    cp.admin.updateStatus('nodes', undefined, { ...node, status: { ...node.status, conditions } });
  };
  advanceTo(cp, new Date(Date.parse(c.now) - 1000).toISOString());
  for (const [name, conds] of Object.entries(c.nodes)) setConditions(name, conds as any[]);
  advanceTo(cp, c.now);
  const ctx = cp.component();
  const nlc = new NodeLifecycleController(ctx, TEST_RATES);
  const start = cp.sim.clock.nowMs();
  ctx.informers.start();
  while (!nlc.nodeInformer.hasSynced() || !nlc.leaseInformer.hasSynced() || !nlc.podInformer.hasSynced()) cp.advance(1);
  const taintsOf = (name: string): any[] => cp.admin.get('nodes', undefined, name).spec?.taints ?? [];
  for (const [i, s] of c.steps.entries()) {
    const at = `step ${i + 1}`;
    if (s.monitor) {
      // Just after a tick of the tainting loop: what the test writes next lands before the next one.
      cp.advance(100 - ((cp.sim.clock.nowMs() - start) % 100) + 1);
      nlc.monitorNodeHealth();
    } else if (s.taintPass) cp.advance(100);
    else if (s.setConditions) {
      for (const [name, conds] of Object.entries(s.setConditions)) setConditions(name, conds as any[]);
      cp.advance(20);
    } else if (s.expectNoExecute) {
      for (const [name, key] of Object.entries(s.expectNoExecute))
        if (!taintsOf(name).some((t) => t.key === key && t.effect === 'NoExecute')) return `${at}: no ${key}:NoExecute on ${name}: ${JSON.stringify(taintsOf(name))}`;
    } else if (s.expectNoTaints) {
      for (const name of s.expectNoTaints) if (taintsOf(name).length) return `${at}: ${name} has taints ${JSON.stringify(taintsOf(name))}`;
    } else throw new Error(`unknown step ${JSON.stringify(s)}`);
  }
  if (cp.sim.failures.length) return `model failures: ${cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  return undefined;
}

export const NODE_LIFECYCLE_TABLES: Record<string, () => string[]> = {
  monitorNodeHealth: () => failuresOf(upstreamTable(FILE, 'monitorNodeHealth'), runCase),
  taints: () => failuresOf(upstreamTable(FILE, 'taints'), taintsCase),
};
