/**
 * Upstream's Pod GC tests (pkg/controller/podgc/gc_controller_test.go, v1.32; the tables are in
 * features/upstream-podgc.feature) on the model's PodGCController, run on a FakeControlPlane: the
 * fake clientset's Pods and Nodes are created through its API server first (each Pod an hour after
 * the one before), the controller's pod informer syncs, and the node informer is the table's own
 * lister (upstream's tests fill the informer's store and the fake clientset separately). The checks
 * read the deletes and pods/status patches the controller sent, as upstream reads the fake
 * clientset's actions.
 */
import { type DataTable, Then } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KObject } from '../../model/api/meta';
import { PodGCController, TAINT_NODE_OUT_OF_SERVICE } from '../../model/controllers/podgc/controller';
import { StatusError } from '../../model/api/status';
import { FakeControlPlane, injectFailures, type InjectedFailure } from './harness';
import { eachCase, same } from './fixtures';

const HOUR_MS = 3_600_000;
/** Keeps a deleted Pod, so that it stays with its deletionTimestamp. */
const KEEP = 'example.com/keep';
const PHASES = ['Pending', 'Running', 'Succeeded', 'Failed', 'Unknown'];

const list = (cell: string | undefined) =>
  (cell ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

interface PodSpec {
  name: string;
  node?: string;
  phase?: string;
  evicted: boolean;
  deleting: boolean;
  /** `sametime`: created at the same instant as the Pod before it (not an hour later). */
  sametime?: boolean;
  /**
   * `Type=Status` words: conditions in status (lastTransitionTime the Pod's creation);
   * `DisruptionTarget=ByPodGC` is the condition the Pod GC itself writes.
   */
  conditions?: { type: string; status: string; reason?: string; message?: string }[];
}

/** `name@node Phase [Evicted] [deleting]`. */
function parsePod(text: string): PodSpec {
  const [id, ...words] = text.split(/\s+/);
  const [name, node] = id.split('@');
  const isCondition = (w: string) => /^[A-Za-z]+=(True|False)$/.test(w) || w === 'DisruptionTarget=ByPodGC';
  for (const w of words) if (!PHASES.includes(w) && w !== 'Evicted' && w !== 'deleting' && w !== 'sametime' && !isCondition(w)) throw new Error(`unknown word ${w} in pod ${text}`);
  const conditions = words.filter(isCondition).map((w) => {
    const [type, status] = w.split('=');
    if (status === 'ByPodGC') return { type, status: 'True', reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists' };
    return { type, status };
  });
  return { name, node, phase: words.find((w) => PHASES.includes(w)), evicted: words.includes('Evicted'), deleting: words.includes('deleting'), sametime: words.includes('sametime'), ...(conditions.length ? { conditions } : {}) };
}

/** `name Ready|NotReady [+Condition ...] [key[=value]:Effect ...]`; +Condition: another condition, True. */
function parseNode(text: string): KObject {
  const [name, ready, ...rest] = text.split(/\s+/);
  const others = rest.filter((w) => w.startsWith('+')).map((w) => ({ type: w.slice(1), status: 'True' }));
  const taints = rest.filter((w) => !w.startsWith('+'));
  const node: KObject = { apiVersion: 'v1', kind: 'Node', metadata: { name } };
  if (ready) node.status = { conditions: [{ type: 'Ready', status: ready === 'Ready' ? 'True' : 'False' }, ...others] };
  if (taints.length)
    node.spec = {
      taints: taints.map((t) => {
        const [kv, effect] = t.split(':');
        const [key, value] = kv.split('=');
        return { key: key === 'out-of-service' ? TAINT_NODE_OUT_OF_SERVICE : key, ...(value !== undefined ? { value } : {}), effect };
      }),
    };
  return node;
}

/** Creates a Node through the API server (its status written after, as a kubelet would). */
function createNode(cp: FakeControlPlane, node: KObject): KObject {
  const created = cp.create('nodes', { ...node, status: undefined });
  if (!node.status) return created;
  return cp.admin.updateStatus('nodes', undefined, { ...created, status: node.status });
}

/** Creates the Pods in order, an hour apart, with their phase, reason and deletion. */
function createPods(cp: FakeControlPlane, pods: PodSpec[], extra: (p: PodSpec) => Partial<KObject['spec']> = () => ({})): void {
  for (const p of pods) {
    if (!p.sametime) cp.advance(HOUR_MS);
    const pod = cp.create('pods', {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { namespace: 'default', name: p.name, ...(p.deleting ? { finalizers: [KEEP] } : {}) },
      spec: { ...(p.node ? { nodeName: p.node } : {}), containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.10' }], ...extra(p) },
    });
    const conditions = p.conditions?.map((c) => ({ ...c, lastTransitionTime: pod.metadata.creationTimestamp }));
    if ((p.phase && p.phase !== 'Pending') || conditions)
      cp.admin.updateStatus('pods', 'default', { ...pod, status: { ...pod.status, ...(p.phase ? { phase: p.phase } : {}), ...(p.evicted ? { reason: 'Evicted' } : {}), ...(conditions ? { conditions } : {}) } });
    if (p.deleting) cp.admin.delete('pods', 'default', p.name);
  }
}

/** A node lister over a set of Node objects the test changes (the informer's store). */
function storeLister(nodes: KObject[]) {
  const store = new Map(nodes.map((n) => [n.metadata.name!, n]));
  return { store, lister: { list: () => [...store.values()], get: (name: string) => store.get(name) } };
}

/** The controller on the control plane, its pod informer synced. */
function startController(cp: FakeControlPlane, opts: ConstructorParameters<typeof PodGCController>[1]): PodGCController {
  const ctx = cp.component();
  const gcc = new PodGCController(ctx, opts);
  ctx.informers.start();
  while (!gcc.podInformer.hasSynced()) cp.advance(1);
  cp.settle();
  cp.clearActions();
  return gcc;
}

/** The Pods the controller deleted and those whose status it patched, sorted. */
function actionsOn(cp: FakeControlPlane): { deleted: string[]; patched: string[] } {
  const names = (verb: string) => [...new Set(cp.actions.filter((a) => a.resource === 'pods' && a.verb === verb).map((a) => a.name!))].sort();
  return { deleted: names('delete'), patched: names('patch') };
}

const want = (row: Record<string, string>) => ({ deleted: list(row.deleted).sort(), patched: list(row.patched).sort() });

Then('one Pod GC pass with this threshold deletes these Pods:', function (table: DataTable) {
  eachCase(table.hashes(), (row) => {
    const cp = new FakeControlPlane();
    createNode(cp, parseNode('node'));
    createPods(cp, list(row.pods).map(parsePod).map((p) => ({ ...p, node: p.node ?? 'node' })));
    const gcc = startController(cp, { terminatedPodThreshold: Number(row.threshold), nodeLister: storeLister([]).lister });
    gcc.gc();
    return same(actionsOn(cp).deleted, want(row).deleted);
  });
});

Then('two Pod GC passes, `delay` apart, delete and patch these Pods:', function (table: DataTable) {
  eachCase(table.hashes(), (row) => {
    const cp = new FakeControlPlane();
    for (const n of list(row['client nodes'])) createNode(cp, parseNode(n));
    createPods(cp, list(row.pods).map(parsePod));
    const { store, lister } = storeLister(list(row['informer nodes']).map(parseNode));
    const gcc = startController(cp, { terminatedPodThreshold: -1, nodeLister: lister });
    gcc.gc();
    const early = actionsOn(cp).deleted;
    if (early.length) return `deleted ${early} in the first pass`;
    cp.advance(Number(row.delay.replace(/s$/, '')) * 1000);
    const queued = gcc.quarantine.len();
    if (queued !== Number(row.queued)) return `${queued} node names ready in the quarantine, want ${row.queued}`;
    for (const change of list(row.changes)) {
      const [where, op] = change.split(/\s+/);
      const name = op.slice(1);
      if (where === 'client' && op.startsWith('+')) createNode(cp, parseNode(name));
      else if (where === 'client') cp.admin.delete('nodes', undefined, name);
      else if (op.startsWith('+')) store.set(name, parseNode(name));
      else store.delete(name);
    }
    gcc.gc();
    return same(actionsOn(cp), want(row));
  });
});

Then('gcUnscheduledTerminating deletes and patches these Pods:', function (table: DataTable) {
  eachCase(table.hashes(), (row) => {
    const cp = new FakeControlPlane();
    createPods(cp, list(row.pods).map(parsePod));
    const gcc = startController(cp, { terminatedPodThreshold: -1, nodeLister: storeLister([]).lister });
    gcc.gcUnscheduledTerminating(gcc.podInformer.list());
    return same(actionsOn(cp), want(row));
  });
});

Then('one Pod GC pass over these nodes deletes and patches these Pods:', function (table: DataTable) {
  eachCase(table.hashes(), (row) => {
    const cp = new FakeControlPlane();
    const nodes = list(row.nodes).map((n) => createNode(cp, parseNode(n)));
    createPods(cp, list(row.pods).map(parsePod));
    const gcc = startController(cp, { terminatedPodThreshold: -1, nodeLister: storeLister(nodes).lister });
    gcc.gc();
    return same(actionsOn(cp), want(row));
  });
});

Then('one Pod GC pass without quarantine leaves test-pod with this status, deleted with grace period 0:', function (text: string) {
  const cp = new FakeControlPlane();
  createPods(cp, [{ name: 'test-pod', node: 'deleted-node', phase: 'Running', evicted: false, deleting: false }], () => ({}));
  // Ready, as upstream's Pod is; and a finalizer that keeps it once deleted.
  const pod = cp.admin.get('pods', 'default', 'test-pod');
  cp.admin.updateStatus('pods', 'default', { ...pod, status: { ...pod.status, conditions: [{ type: 'Ready', status: 'True' }] } });
  cp.admin.patch('pods', 'default', 'test-pod', 'merge', { metadata: { finalizers: [KEEP] } });
  const gcc = startController(cp, { terminatedPodThreshold: -1, quarantineMs: -1, nodeLister: storeLister([]).lister });
  gcc.gc();
  const after = cp.admin.get('pods', 'default', 'test-pod');
  // cmpopts.IgnoreFields(v1.PodCondition{}, "LastTransitionTime"), and the fields upstream's Pod has not.
  const status = { phase: after.status.phase, conditions: after.status.conditions.map(({ lastTransitionTime: _t, lastProbeTime: _p, ...c }: any) => c) };
  expect(status).toEqual(JSON.parse(text));
  expect(cp.actions.filter((a) => a.verb === 'delete').map((a) => ({ name: a.name, gracePeriodSeconds: a.query?.gracePeriodSeconds }))).toEqual([{ name: 'test-pod', gracePeriodSeconds: 0 }]);
});

/** The controller's log lines without their klog header ("I file.go:N] ..."). */
const logLines = (lines: string[]) => lines.map((l) => l.replace(/^([IWE])\d{4} [\d:.]+ +\d+ /, '$1 '));

Then('Pod GC passes on its own node informer delete, in order, and log:', function (table: DataTable) {
  eachCase(table.hashes(), (row) => {
    const cp = new FakeControlPlane();
    for (const n of list(row.nodes)) createNode(cp, parseNode(n));
    createPods(cp, list(row.pods).map(parsePod));
    const uids = new Map(cp.admin.list('pods', 'default').items.map((p) => [p.metadata.uid, `<uid of ${p.metadata.name}>`]));
    const ctx = cp.component();
    // `fail`: "verb resource" requests of the controller that fail once each (a 500 from the API server).
    const failures: InjectedFailure[] = list(row.fail).map((f) => {
      const [verb, resource, subresource] = f.split(/[\s/]+/);
      return { verb, resource, subresource, times: 1 };
    });
    injectFailures(ctx, failures, (req) => new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `injected ${req.verb} failure`, reason: 'InternalError', code: 500 } as any));
    const gcc = new PodGCController(ctx, { terminatedPodThreshold: Number(row.threshold), quarantineMs: row.quarantine === 'none' ? -1 : undefined });
    ctx.informers.start();
    while (!gcc.podInformer.hasSynced() || !gcc.nodeInformer.hasSynced()) cp.advance(1);
    cp.settle();
    cp.clearActions();
    // Two seconds on, so that a time written now differs from the Pods' creation.
    cp.advance(2000);
    const created = new Set(cp.admin.list('pods', 'default').items.map((p) => p.metadata.creationTimestamp));
    gcc.gc();
    if (row.quarantine && row.quarantine !== 'none') {
      cp.advance(Number(row.quarantine.replace(/s$/, '')) * 1000);
      gcc.gc();
    }
    const deleted = cp.actions.filter((a) => a.resource === 'pods' && a.verb === 'delete').map((a) => a.name!);
    const p = same(deleted, list(row.deleted));
    if (p) return `deleted ${p}`;
    if (row.patch) {
      // The first pods/status patch, its UID and times written as placeholders.
      const patch = cp.actions.find((a) => a.resource === 'pods' && a.verb === 'patch' && a.subresource === 'status');
      const text = JSON.stringify(patch?.body ?? null, (k, v) => (k === 'uid' ? uids.get(v) ?? v : k === 'lastTransitionTime' ? (created.has(v) ? '<creation>' : v === cp.sim.clock.nowRFC3339() ? '<now>' : v) : v));
      const q = same(JSON.parse(text), JSON.parse(row.patch));
      if (q) return `patch ${q}`;
    }
    const lines = logLines(ctx.log.lines);
    for (const want of (row.log ?? '').split(' ;; ').filter(Boolean)) if (!lines.includes(want)) return `no log line ${want} in ${JSON.stringify(lines)}`;
    for (const not of (row['not logged'] ?? '').split(' ;; ').filter(Boolean)) if (lines.some((l) => l.includes(not))) return `logged ${not}: ${JSON.stringify(lines)}`;
    return undefined;
  });
});
