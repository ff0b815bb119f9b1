/**
 * W5: 150,000 Pod updates fanned out by the model's watch cache (model/apiserver/watch.ts,
 * watchcache.ts) to 5 cluster-wide watchers and 5,000 node-scoped ones (spec.nodeName=<node>, as
 * kubelets watch), with an etcd compaction half-way. Every update must reach each cluster-wide
 * watcher and its node's watcher exactly once: `lost` and `duplicated` count the exceptions.
 * The updates are written straight to etcd (as the API server's storage layer writes them), so
 * the time is the fan-out's and not the write path's; the same run through the API server's
 * update path gives the end-to-end figure beside it.
 */
import type { KObject } from '../model/api/meta';
import { encode } from '../model/apiserver/objects';
import { type BenchOptions, type BenchResult, Budget, cpu, floorSeconds, Progress, round, scaled, wall } from './common';
import { BareControlPlane } from './control-plane';

const NODES = 5000;
const BROAD = 5;
const UPDATES = 150_000;
const PODS_PER_NODE = 3;
/** Updates between two turns of the simulation (which deliver what was queued). */
const BATCH = 1000;

interface SizeRun {
  nodes: number;
  updates: number;
  expected: number;
  delivered: number;
  lost: number;
  duplicated: number;
  misrouted: number;
  closed: number;
  seconds: number;
  completed: boolean;
}

function pod(name: string, node: string): any {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { app: 'w5' } }, spec: { nodeName: node, containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.10' }] } };
}

type WritePath = 'etcd' | 'api';

function runSize(nodes: number, updates: number, path: WritePath, budget: Budget, progress: Progress): SizeRun {
  const cp = new BareControlPlane();
  const pods: KObject[] = [];
  for (let i = 0; i < nodes * PODS_PER_NODE; i++) pods.push(cp.admin.create('pods', 'default', pod(`w5-${i}`, `node-${i % nodes}`)));
  cp.sim.advance(100);
  const rv = cp.admin.list('pods', 'default').metadata.resourceVersion;
  // What each watcher saw: resourceVersions, per watcher (node watchers keyed by node).
  const broadSeen: Set<string>[] = [];
  const nodeSeen = new Map<string, Set<string>>();
  let delivered = 0;
  let duplicated = 0;
  let misrouted = 0;
  let closed = 0;
  const onClose = () => void closed++;
  for (let b = 0; b < BROAD; b++) {
    const seen = new Set<string>();
    broadSeen.push(seen);
    cp.admin.watch('pods', undefined, { resourceVersion: rv }, (events) => {
      for (const e of events) {
        delivered++;
        const v = e.object.metadata.resourceVersion!;
        if (seen.has(v)) duplicated++;
        else seen.add(v);
      }
    }, onClose);
  }
  for (let n = 0; n < nodes; n++) {
    const node = `node-${n}`;
    const seen = new Set<string>();
    nodeSeen.set(node, seen);
    cp.admin.watch('pods', undefined, { resourceVersion: rv, fieldSelector: `spec.nodeName=${node}` }, (events) => {
      for (const e of events) {
        delivered++;
        if (e.object.spec?.nodeName !== node) misrouted++;
        const v = e.object.metadata.resourceVersion!;
        if (seen.has(v)) duplicated++;
        else seen.add(v);
      }
    }, onClose);
  }
  // The updates: a label bumped on each Pod in turn; each write's resourceVersion is what every watcher must see.
  const written: { rv: string; node: string }[] = [];
  const t0 = cpu();
  let done = 0;
  for (; done < updates && !budget.exceeded; done++) {
    const i = done % pods.length;
    const p = pods[i];
    p.metadata.labels = { ...p.metadata.labels, generation: String(done) };
    if (path === 'api') pods[i] = cp.admin.update('pods', 'default', p);
    else {
      const kv = cp.etcd.put(`/registry/pods/default/${p.metadata.name}`, encode({ ...p, metadata: { ...p.metadata, resourceVersion: undefined } }));
      pods[i] = { ...p, metadata: { ...p.metadata, resourceVersion: String(kv.modRevision) } };
    }
    written.push({ rv: pods[i].metadata.resourceVersion!, node: pods[i].spec.nodeName });
    if (done === Math.floor(updates / 2)) cp.etcd.compact(cp.etcd.currentRevision);
    if ((done + 1) % BATCH === 0) {
      cp.sim.advance(10);
      progress.tick(() => `${done + 1}/${updates} updates through ${path}, ${delivered} deliveries, cpu ${(cpu() - t0).toFixed(0)} s`);
    }
  }
  cp.sim.advance(100);
  const seconds = cpu() - t0;
  let lost = 0;
  for (const w of written) {
    for (const seen of broadSeen) if (!seen.has(w.rv)) lost++;
    if (!nodeSeen.get(w.node)!.has(w.rv)) lost++;
  }
  const expected = written.length * (BROAD + 1);
  progress.tick(() => `${done} updates through ${path} on ${nodes} nodes: ${delivered}/${expected} deliveries, ${lost} lost, ${duplicated} duplicated in ${seconds.toFixed(1)} CPU s`, true);
  return { nodes, updates: done, expected, delivered, lost, duplicated, misrouted, closed, seconds, completed: done >= updates };
}

/** The floor: the same events pushed into one array per watcher. */
function fanoutFloor(nodes: number, updates: number): () => unknown {
  return () => {
    const broad = Array.from({ length: BROAD }, () => [] as unknown[]);
    const byNode = Array.from({ length: nodes }, () => [] as unknown[]);
    const pods = nodes * PODS_PER_NODE;
    for (let u = 0; u < updates; u++) {
      const ev = { type: 'MODIFIED', object: { metadata: { name: `w5-${u % pods}`, resourceVersion: String(u) }, spec: { nodeName: `node-${u % pods % nodes}` } } };
      for (const b of broad) b.push(ev);
      byNode[u % pods % nodes].push(ev);
    }
    return broad[0].length;
  };
}

export function w5(opts: BenchOptions): BenchResult {
  const nodes = scaled(NODES, opts.scale);
  const updates = scaled(UPDATES, opts.scale);
  const budget = new Budget(opts.budgetSeconds);
  const progress = new Progress('W5');
  const floor = floorSeconds(fanoutFloor(nodes, updates));
  const start = wall();
  // A hundredth first, to warm the JIT (else its cost lands on the tenth and flatters S).
  runSize(scaled(NODES, opts.scale / 100), scaled(UPDATES, opts.scale / 100), 'etcd', budget, progress);
  const small = runSize(scaled(NODES, opts.scale / 10), scaled(UPDATES, opts.scale / 10), 'etcd', budget, progress);
  const big = small.completed && !budget.exceeded ? runSize(nodes, updates, 'etcd', budget, progress) : undefined;
  const api = big?.completed && !budget.exceeded ? runSize(nodes, updates, 'api', budget, progress) : undefined;
  const converged = !!big?.completed;
  return {
    workload: 'W5',
    nodes,
    pods: nodes * PODS_PER_NODE,
    converged,
    wallSeconds: round(wall() - start, 2),
    R: converged ? round(big!.seconds / floor, 1) : null,
    S: converged ? round(big!.seconds / big!.delivered / (small.seconds / small.delivered), 2) : null,
    A: null,
    floorSeconds: round(floor, 6),
    updates: big?.updates ?? 0,
    watchers: BROAD + nodes,
    expectedDeliveries: big?.expected ?? null,
    delivered: big?.delivered ?? null,
    lost: big?.lost ?? null,
    duplicated: big?.duplicated ?? null,
    misrouted: big?.misrouted ?? null,
    watchesClosed: big?.closed ?? null,
    deliveriesPerSec: big ? Math.round(big.delivered / big.seconds) : null,
    viaApiServer: api ? { completed: api.completed, updates: api.updates, lost: api.lost, duplicated: api.duplicated, deliveriesPerSec: Math.round(api.delivered / api.seconds), updatesPerSec: Math.round(api.updates / api.seconds) } : null,
    tenth: { nodes: small.nodes, updates: small.updates, delivered: small.delivered, lost: small.lost, duplicated: small.duplicated, seconds: round(small.seconds, 2) },
  };
}
