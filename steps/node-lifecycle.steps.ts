/**
 * Reading a path off kubectl's output: the timestamps a table prints (a condition's
 * lastTransitionTime, a taint's timeAdded …) as seconds after the earliest of those the
 * scenario looks at, so that it can say "tainted 5 s after it went Unknown, the next 10 s later".
 */
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import { NodeLifecycleController } from '../model/controllers/nodelifecycle/controller';
import { FakeControlPlane } from './upstream/harness';
import type { KubespecWorld } from './world';

const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

Then('the times in the output are, in seconds after the earliest of them:', function (this: KubespecWorld, table: DataTable) {
  const [header, ...rows] = table.raw();
  const lines = this.output.trimEnd().split('\n').map((l) => l.trim().split(/\s+/));
  const columns = lines[0];
  const index = header.map((h) => columns.indexOf(h));
  header.forEach((h, i) => {
    if (index[i] < 0) throw new Error(`no column ${h} in the output's header: ${columns.join(' ')}`);
  });
  const picked = rows.map((row) => {
    const line = lines.slice(1).find((l) => l[index[0]] === row[0]);
    if (!line) throw new Error(`no row ${row[0]} in the output:\n${this.output}`);
    return header.map((_, i) => line[index[i]]);
  });
  const times = picked.flatMap((r) => r.slice(1)).filter((v) => RFC3339.test(v)).map((v) => Date.parse(v));
  if (!times.length) throw new Error(`no times in the chosen cells of the output:\n${this.output}`);
  const earliest = Math.min(...times);
  const got = picked.map((r) => [r[0], ...r.slice(1).map((v) => (RFC3339.test(v) ? `${(Date.parse(v) - earliest) / 1000}` : v))]);
  expect(got).toEqual(rows);
});

/**
 * A zone too large for a kind cluster: Nodes without kubelets in a control plane of their own,
 * whose heartbeats (their Leases) the scenario renews every 10 s for as long as it lets them
 * live, as the kubelets' lease controllers would; the node lifecycle controller runs as in
 * kube-controller-manager, with its default rates.
 */
interface LeaseZone {
  cp: FakeControlPlane;
  names: string[];
  stopped: Set<string>;
}

const LEASE_RENEW_MS = 10_000;
const ZONE_EPOCH = Date.parse('2026-01-01T10:00:00Z');

Given('a control plane with {int} Nodes in one zone, their kubelets renewing their Leases every 10s', function (this: KubespecWorld, n: number) {
  const cp = new FakeControlPlane(['default', 'kube-node-lease'], ZONE_EPOCH);
  const names = Array.from({ length: n }, (_, i) => `node-${i + 1}`);
  const labels = { 'topology.kubernetes.io/region': 'eu-west-1', 'topology.kubernetes.io/zone': 'eu-west-1a' };
  for (const name of names) {
    const node = cp.create('nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name, labels } });
    const now = cp.sim.clock.nowRFC3339();
    cp.admin.updateStatus('nodes', undefined, { ...node, status: { conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status', lastHeartbeatTime: now, lastTransitionTime: now }] } });
    cp.create('leases', { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { namespace: 'kube-node-lease', name }, spec: { holderIdentity: name, leaseDurationSeconds: 40, renewTime: cp.sim.clock.nowMicro() } });
  }
  const ctx = cp.component();
  const nlc = new NodeLifecycleController(ctx);
  ctx.informers.start();
  nlc.run();
  (this as any).leaseZone = { cp, names, stopped: new Set() } satisfies LeaseZone;
  passWithLeases(this, 60_000);
});

/** Lets time pass in 10 s steps, renewing the Leases of the Nodes whose kubelets still run. */
function passWithLeases(world: KubespecWorld, ms: number): void {
  const z: LeaseZone = (world as any).leaseZone;
  if (!z) throw new Error('no control plane with Nodes in one zone: start with "a control plane with N Nodes in one zone …"');
  for (let left = ms; left > 0; left -= LEASE_RENEW_MS) {
    z.cp.advance(Math.min(LEASE_RENEW_MS, left));
    for (const name of z.names) {
      if (z.stopped.has(name)) continue;
      const lease = z.cp.admin.get('leases', 'kube-node-lease', name);
      z.cp.admin.update('leases', 'kube-node-lease', { ...lease, spec: { ...lease.spec, renewTime: z.cp.sim.clock.nowMicro() } });
    }
  }
}

When('the kubelets of the first {int} of them stop and {int}m pass', function (this: KubespecWorld, n: number, minutes: number) {
  const z: LeaseZone = (this as any).leaseZone;
  for (const name of z.names.slice(0, n)) z.stopped.add(name);
  passWithLeases(this, minutes * 60_000);
});

Then('the Nodes tainted NoExecute were tainted, in seconds after the first of them: {string}', function (this: KubespecWorld, want: string) {
  const z: LeaseZone = (this as any).leaseZone;
  const added = z.names
    .map((name) => (z.cp.admin.get('nodes', undefined, name).spec?.taints ?? []).find((t: any) => t.effect === 'NoExecute')?.timeAdded)
    .filter((t): t is string => !!t)
    .map((t) => Date.parse(t))
    .sort((a, b) => a - b);
  if (!added.length) throw new Error('no Node was tainted NoExecute');
  expect(added.map((t) => (t - added[0]) / 1000).join(', ')).toBe(want);
  expect(z.cp.sim.failures.map((f) => String(f.error))).toEqual([]);
});
