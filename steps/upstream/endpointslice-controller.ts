/**
 * Upstream's EndpointSlice controller, reconciler and tracker tests (kubernetes v1.32:
 * pkg/controller/endpointslice/endpointslice_controller_test.go, staging/src/k8s.io/endpointslice's
 * reconciler_test.go and util/endpointslice_tracker_test.go; steps/fixtures/upstream/
 * endpointslice-controller.json says how they are encoded and what was left out). The controller
 * tables run the model's EndpointSliceController on a FakeControlPlane: the objects go through the
 * API, the controller starts, and the checks read the writes it sent and the slices it left. The
 * reconciler tables call the model's reconcile and finalize on a FakeControlPlane's API with
 * upstream's Service, Pods and slices; the tracker tables call the model's SliceTracker.
 */
import { Then } from '@cucumber/cucumber';
import { canonicalJSON, type KObject } from '../../model/api/meta';
import { EndpointSliceController, type EndpointSliceControllerOptions, StaleInformerCacheError } from '../../model/controllers/endpointslice/controller';
import { podToEndpoint } from '../../model/controllers/endpointslice/endpoints';
import { LABEL_SERVICE_NAME } from '../../model/controllers/endpointslice/labels';
import { finalize, LAST_CHANGE_TRIGGER_TIME, newEndpointSlice, placeholderSliceEqual, reconcile, ReconcileError } from '../../model/controllers/endpointslice/reconciler';
import { SliceTracker } from '../../model/controllers/endpointslice/slice-tracker';
import { upstreamFixture } from './apps-fakes';
import { eachCase, same, upstreamTable } from './fixtures';
import { FakeControlPlane, recordQueue } from './harness';

const FILE = 'endpointslice-controller';
const table = (name: string) => upstreamTable(FILE, name);
/** Long enough for the controller to settle: its 1 s delayed looks at slices, and a retry or two. */
const SETTLE_MS = 5000;

// ---------------------------------------------------------------------------------------------
// What the tables expect of the slices after a sync or a reconcile.

interface Observed {
  writes: string[];
  slices: KObject[];
  /** The trigger time the slices should carry: a time, or '*' for any. */
  triggerTime?: string;
  tracker?: SliceTracker;
  error?: unknown;
}

const ports = (s: KObject) => canonicalJSON(s.ports ?? []);
const sortedJSON = (xs: unknown[]) => xs.map((x) => canonicalJSON(x)).sort();

/** Each of the row's `want` checks (see the fixture's "source"), the first that fails. */
function checkWant(w: any, o: Observed): string | undefined {
  const endpoints = o.slices.flatMap((s) => s.endpoints ?? []);
  const checks: [string, () => string | undefined][] = [
    ['writes', () => same(o.writes, w.writes)],
    ['writeCount', () => same(o.writes.length, w.writeCount)],
    ['lastWrites', () => same(o.writes.slice(-w.lastWrites.length), w.lastWrites)],
    [
      'changes',
      () => {
        const count = (verb: string) => o.writes.filter((v) => v === verb).length;
        const got = Object.fromEntries(['create', 'update', 'delete'].map((v) => [v, count(v)]).filter(([, n]) => n));
        return same(got, w.changes);
      },
    ],
    ['lengths', () => same(o.slices.map((s) => (s.endpoints ?? []).length).sort(), [...w.lengths].sort())],
    ['slices', () => same(o.slices.length, w.slices)],
    ['endpoints', () => same(endpoints.length, w.endpoints)],
    ['endpointCount', () => same(endpoints.length, w.endpointCount)],
    ['namePrefix', () => same(o.slices.filter((s) => !s.metadata.name!.startsWith(w.namePrefix)).map((s) => s.metadata.name), [])],
    ['labelServiceName', () => same(o.slices.map((s) => s.metadata.labels?.[LABEL_SERVICE_NAME]), o.slices.map(() => w.labelServiceName))],
    ['labels', () => same(o.slices.map((s) => canonicalJSON(s.metadata.labels)), o.slices.map(() => canonicalJSON(w.labels)))],
    ['sliceLabels', () => same(o.slices.map((s) => Object.keys(w.sliceLabels).map((k) => s.metadata.labels?.[k])), o.slices.map(() => Object.values(w.sliceLabels)))],
    [
      'triggerTime',
      () => {
        const got = o.slices.map((s) => s.metadata.annotations?.[LAST_CHANGE_TRIGGER_TIME]);
        return o.triggerTime === '*' ? same(got.filter((t) => !t), []) : same(got, o.slices.map(() => o.triggerTime));
      },
    ],
    ['addressTypes', () => same(o.slices.map((s) => s.addressType).sort(), [...w.addressTypes].sort())],
    ['endpoint', () => same(canonicalJSON(o.slices[0]?.endpoints?.[0]), canonicalJSON(w.endpoint))],
    ['tracked', () => same(o.slices.filter((s) => o.tracker!.versionFor(`${s.metadata.namespace}/${s.metadata.labels?.[LABEL_SERVICE_NAME]}`, s.metadata.uid!) !== Number(s.metadata.resourceVersion)).map((s) => s.metadata.name), [])],
    ['placeholder', () => same(o.slices.filter((s) => (s.ports ?? []).length || (s.endpoints ?? []).length).map((s) => s.metadata.name), [])],
    ['allReady', () => same(endpoints.filter((e: any) => e.conditions?.ready !== true).length, 0)],
    ['ports', () => same(o.slices.map(ports).sort(), sortedJSON(w.ports))],
    ['targetRef', () => same(endpoints.map((e: any) => ({ kind: e.targetRef?.kind, namespace: e.targetRef?.namespace, name: e.targetRef?.name })), [w.targetRef])],
    ['error', () => same(o.error !== undefined, w.error)],
  ];
  for (const [field, check] of checks) {
    if (w[field] === undefined) continue;
    const problem = check();
    if (problem) return `${field}: ${problem}`;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The controller on a FakeControlPlane.

const DEFAULT = 'default';

/** A Pod's status with these IPs and conditions. */
function podStatus(ips: string[], conditions: Record<string, string>): any {
  return { podIP: ips[0], podIPs: ips.map((ip) => ({ ip })), conditions: Object.entries(conditions).map(([type, status]) => ({ type, status })) };
}

class ControllerRun {
  readonly cp = new FakeControlPlane([DEFAULT]);
  esc!: EndpointSliceController;
  readonly queued: string[] = [];
  readonly delayed: number[] = [];

  constructor() {
    this.cp.admin.create('nodes', undefined, { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1' } });
  }

  /** A Service (a port 80 where upstream's has none; an ExternalName one its name), being deleted when asked. */
  service(s: any): KObject {
    const spec: any = { ports: (s.ports ?? [{ targetPort: 80, protocol: 'TCP' }]).map((p: any) => ({ port: p.targetPort, ...p })) };
    if (s.selector) spec.selector = s.selector;
    if (s.type === 'ExternalName') Object.assign(spec, { type: 'ExternalName', externalName: 'foo.example.com' });
    const metadata: any = { name: s.name, namespace: DEFAULT };
    if (s.deleting) metadata.finalizers = ['kubespec.test/hold'];
    const svc = this.cp.admin.create('services', DEFAULT, { apiVersion: 'v1', kind: 'Service', metadata, spec });
    if (s.deleting) this.cp.admin.delete('services', DEFAULT, s.name);
    return svc;
  }

  /**
   * upstream's newPod(n, "default", ready, 0, terminating) (pod<n> labelled foo=bar on node-1, IP
   * 1.2.3.<4+n>) or the row's Pod, made through the API, then given its status, and deleted
   * (gracefully: it stays, terminating) when terminating.
   */
  pod(p: any): KObject {
    const name = p.name ?? `pod${p.n}`;
    const pod = this.cp.admin.create('pods', DEFAULT, {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: DEFAULT, labels: p.labels ?? { foo: 'bar' } },
      spec: { containers: [{ name: 'container-1', image: 'nginx' }], nodeName: 'node-1' },
    });
    const ips = p.ips ?? [`1.2.3.${4 + p.n}`];
    const saved = this.cp.admin.updateStatus('pods', DEFAULT, { ...pod, status: { ...pod.status, ...podStatus(ips, p.conditions ?? { Ready: p.ready === false ? 'False' : 'True' }) } });
    if (p.terminating) this.cp.admin.delete('pods', DEFAULT, name);
    return saved;
  }

  /** An EndpointSlice with no endpoints or ports, owned by the Service or not, being deleted when asked. */
  slice(s: any, owner?: KObject): KObject {
    const metadata: any = { name: s.name, namespace: DEFAULT, labels: s.labels };
    if (s.owned) metadata.ownerReferences = [{ apiVersion: 'v1', kind: 'Service', name: owner!.metadata.name, uid: owner!.metadata.uid, controller: true, blockOwnerDeletion: true }];
    if (s.deleting) metadata.finalizers = ['kubespec.test/hold'];
    const slice = this.cp.admin.create('endpointslices', DEFAULT, { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata, addressType: 'IPv4', endpoints: null, ports: null });
    if (s.deleting) this.cp.admin.delete('endpointslices', DEFAULT, s.name);
    return slice;
  }

  start(opts: EndpointSliceControllerOptions = {}): void {
    const ctx = this.cp.component();
    this.esc = new EndpointSliceController(ctx, opts);
    recordQueue(this.esc.queue, this.queued, this.delayed);
    ctx.informers.start();
    this.cp.advance(SETTLE_MS);
  }

  writes(): string[] {
    return this.cp.verbsOn('endpointslices');
  }

  slices(): KObject[] {
    return this.cp.admin.list('endpointslices', DEFAULT).items;
  }
}

/** The endpoint as upstream's tests write it: their Pods have no UID. */
const withoutUID = (e: any) => ({ ...e, targetRef: { ...e.targetRef, uid: undefined } });

const CONTROLLER_CHECKS: Record<string, (c: any) => string | undefined> = {
  syncServiceWrites: (c) => {
    const run = new ControllerRun();
    const svc = run.service(c.service);
    for (const p of c.pods ?? []) run.pod(p);
    for (const s of c.slices ?? []) run.slice(s, svc);
    run.start();
    const before = run.writes();
    const problem = checkWant(c.want, { writes: before, slices: run.slices(), triggerTime: '*' });
    if (problem || !c.after) return problem;
    run.cp.clearActions();
    for (const s of c.after.slices ?? []) run.slice(s, svc);
    run.cp.advance(SETTLE_MS);
    return same(run.writes(), c.want.writesAfter);
  },
  syncService: (c) => {
    const run = new ControllerRun();
    const svc = run.service(c.service);
    for (const p of c.pods) run.pod(p);
    run.start();
    const slices = run.slices();
    return (
      checkWant({ lastWrites: ['create'], slices: 1 }, { writes: run.writes(), slices }) ??
      same(slices[0].metadata.annotations?.[LAST_CHANGE_TRIGGER_TIME], svc.metadata.creationTimestamp) ??
      same(sortedJSON(slices[0].ports ?? []), sortedJSON(c.wantPorts)) ??
      same(sortedJSON((slices[0].endpoints ?? []).map(withoutUID)), sortedJSON(c.wantEndpoints))
    );
  },
  syncServiceMissing: (c) => {
    const run = new ControllerRun();
    run.service({ name: c.existing, selector: { foo: 'bar' } });
    run.start();
    const missing = `${DEFAULT}/${c.missing}`;
    // Upstream puts a state for the missing Service in the tracker; here a sync of it once did.
    run.esc.triggers.compute(missing, { metadata: { name: c.missing, namespace: DEFAULT, creationTimestamp: '2024-01-01T00:00:00Z' } }, []);
    run.cp.clearActions();
    run.esc.syncService(missing);
    return same({ writes: run.writes(), missing: run.esc.triggers.tracks(missing), existing: run.esc.triggers.tracks(`${DEFAULT}/${c.existing}`) }, { writes: [], missing: false, existing: true });
  },
  onEndpointSliceUpdate: (c) => {
    const run = new ControllerRun();
    run.slice(c.slice);
    run.start();
    run.queued.length = 0;
    const cur = run.cp.admin.get('endpointslices', DEFAULT, c.slice.name);
    run.cp.admin.update('endpointslices', DEFAULT, { ...cur, metadata: { ...cur.metadata, labels: { ...cur.metadata.labels, ...c.update } } });
    run.cp.advance(SETTLE_MS);
    return same(run.queued, c.wantQueued);
  },
  podBatching: (c) => {
    const run = new ControllerRun();
    run.service({ name: 'foo', selector: { foo: 'bar' } });
    for (let i = 0; i < (c.podsCount ?? 0); i++) run.pod({ n: i });
    run.start({ updatesBatchPeriodMs: c.batchPeriodMs });
    run.cp.clearActions();
    for (const [i, s] of c.steps.entries()) {
      run.cp.advance(s.delay);
      if (c.change === 'add') run.pod({ n: i });
      else if (c.change === 'delete') run.cp.admin.delete('pods', DEFAULT, s.pod, { gracePeriodSeconds: 0 });
      else {
        const pod = run.cp.admin.get('pods', DEFAULT, s.pod);
        const podIPs = [{ ip: s.podIP }, ...pod.status.podIPs.slice(1)];
        run.cp.admin.updateStatus('pods', DEFAULT, { ...pod, status: { ...pod.status, podIP: s.podIP, podIPs } });
      }
    }
    run.cp.advance(c.finalDelay);
    return same(run.writes().length, c.wantWrites);
  },
  staleInformer: (c) => {
    const run = new ControllerRun();
    run.service({ name: 'testing-1', selector: { foo: 'bar' } });
    run.start();
    const [slice] = run.slices();
    const rv = Number(slice.metadata.resourceVersion);
    run.esc.tracker.update({ ...slice, metadata: { ...slice.metadata, resourceVersion: String(rv + c.trackerGeneration - c.informerGeneration) } });
    let stale = false;
    try {
      run.esc.syncService(`${DEFAULT}/testing-1`);
    } catch (e) {
      if (!(e instanceof StaleInformerCacheError)) throw e;
      stale = true;
    }
    return same(stale, c.wantStale);
  },
};

// ---------------------------------------------------------------------------------------------
// The tracker.

/** A slice of the tracker tables: only its namespace, UID, version and service-name label count. */
function trackerSlice(name: string): KObject {
  const d = upstreamFixture(`${FILE}.json`, 'slices')[name];
  return { metadata: { name: 'example-1', namespace: d.namespace, uid: d.uid, resourceVersion: String(d.rv), labels: { [LABEL_SERVICE_NAME]: d.service } } };
}

const TRACKER_CHECKS: Record<string, (c: any) => string | undefined> = {
  trackerUpdate: (c) => {
    const t = new SliceTracker();
    t.update(trackerSlice(c.update));
    const check = trackerSlice(c.check);
    return same({ has: t.has(check), shouldSync: t.shouldSync(check), tracked: t.versionFor('ns1/svc1', 'original') }, { has: c.has, shouldSync: c.shouldSync, tracked: c.tracked });
  },
  trackerStaleSlices: (c) => {
    const t = new SliceTracker();
    if (c.tracked) {
      // An entry for the Service, empty until its slices are tracked.
      const s = trackerSlice('epSlice1');
      t.update(s);
      t.handleDeletion(s);
      for (const [uid, v] of Object.entries(c.tracked)) {
        const slice = { ...s, metadata: { ...s.metadata, uid, resourceVersion: String(v) } };
        if (v === 'deleted') t.expectDeletion(slice);
        else t.update(slice);
      }
    }
    return same(t.staleSlices('ns1/svc1', c.slices.map(trackerSlice)), c.stale);
  },
  trackerDeletion: (c) => {
    const t = new SliceTracker();
    const original = trackerSlice('epSlice1');
    t.update(original);
    t.expectDeletion(trackerSlice(c.expectDeletion));
    const check = trackerSlice(c.check);
    const got = { has: t.has(check), shouldSync: t.shouldSync(check), handleDeletion: t.handleDeletion(original), hasAfter: t.has(original) };
    return same(got, { has: c.has, shouldSync: c.shouldSync, handleDeletion: c.handleDeletion, hasAfter: false });
  },
  trackerDeleteService: (c) => {
    const t = new SliceTracker();
    const s = trackerSlice('epSlice1');
    t.update(s);
    t.deleteService(c.deleteService);
    const got: any = { has: t.has(s), shouldSync: t.shouldSync(s) };
    if (c.tracked !== undefined) got.tracked = t.versionFor('ns1/svc1', 'original');
    const want: any = { has: c.has, shouldSync: c.shouldSync };
    if (c.tracked !== undefined) want.tracked = c.tracked;
    return same(got, want);
  },
};

// ---------------------------------------------------------------------------------------------
// The reconciler.

const NS = 'test';

/** newServiceAndEndpointMeta(name, "test") with the row's changes. */
function service(mods: any = {}): KObject {
  const name = mods.name ?? 'foo';
  const spec: any = {
    ports: mods.ports ?? [{ targetPort: mods.targetPort ?? 80, protocol: 'TCP', name }],
    selector: { foo: 'bar' },
  };
  if (mods.ipFamilies !== null) spec.ipFamilies = mods.ipFamilies ?? ['IPv4'];
  if (mods.clusterIP) spec.clusterIP = mods.clusterIP;
  if (mods.publishNotReadyAddresses) spec.publishNotReadyAddresses = true;
  const metadata: any = { name, namespace: NS, uid: `${NS}-${name}` };
  if (mods.labels) metadata.labels = { ...mods.labels };
  return { apiVersion: 'v1', kind: 'Service', metadata, spec };
}

/** upstream's newPod(n, "test", ready, 1, false), with the row's node, IPs, hostname or named port. */
function newPod(n: number, p: any = {}): KObject {
  const container: any = { name: 'container-1' };
  if (p.namedPort) container.ports = [{ name: p.namedPort.name, containerPort: p.namedPort.base + (n % p.namedPort.mod), protocol: 'TCP' }];
  const ready = p.notReadyEvery ? n % p.notReadyEvery !== 0 : p.ready !== false;
  const pod: KObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { namespace: NS, name: `pod${n}`, labels: { foo: 'bar' }, resourceVersion: String(n) },
    spec: { containers: [container], nodeName: p.nodeName ?? 'node-1' },
    status: { podIP: `1.2.3.${4 + n}`, podIPs: (p.podIPs ?? [`1.2.3.${4 + n}`]).map((ip: string) => ({ ip })), conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
  };
  if (p.hostname) pod.spec.hostname = p.hostname;
  return pod;
}

/** A list of pod numbers, or a range {from, to (exclusive), step}. */
const numbers = (r: any): number[] => {
  if (Array.isArray(r)) return r;
  const out: number[] = [];
  for (let i = r.from; i < r.to; i += r.step ?? 1) out.push(i);
  return out;
};

const podsOf = (specs: any[]): KObject[] => specs.flatMap((s) => (s.n !== undefined ? [newPod(s.n, s)] : numbers(s).map((n) => newPod(n, s))));
const podNumber = (p: KObject) => Number(p.metadata.name!.slice('pod'.length));

/** newEmptyEndpointSlice(n, "test", endpointMeta, svc) with the endpoints of the row's Pods, or the reconciler's own placeholder. */
function existingSlice(e: any, svc: KObject, pods: KObject[]): KObject {
  if (e.placeholder) return newEndpointSlice(svc, []);
  const name = svc.metadata.name!;
  const wanted = new Set(e.endpointsOf ? numbers(e.endpointsOf) : []);
  const slice: KObject = {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: `${name}-${e.n}`, namespace: NS, ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name, uid: e.ownerUID ?? svc.metadata.uid, controller: true, blockOwnerDeletion: true }] },
    addressType: e.addressType ?? 'IPv4',
    ports: [{ name, port: 80, protocol: 'TCP' }],
    endpoints: pods.filter((p) => wanted.has(podNumber(p))).map((p) => podToEndpoint(p, undefined, svc)),
  };
  if (e.labels) slice.metadata.labels = { ...e.labels };
  return slice;
}

/** A node of the row (default node-1), with its labels. */
const nodesOf = (specs: any[] | undefined) => new Map((specs ?? [{ name: 'node-1' }]).map((n: any): [string, KObject] => [n.name, { apiVersion: 'v1', kind: 'Node', metadata: { name: n.name, labels: n.labels } }]));

function runReconcile(c: any): string | undefined {
  const cp = new FakeControlPlane([NS]);
  const ctx = cp.component();
  let svc = service(c.service);
  const pods = podsOf(c.pods ?? []);
  const nodes = nodesOf(c.nodes);
  for (const e of c.existing ?? []) cp.admin.create('endpointslices', NS, existingSlice(e, svc, pods));
  const tracker = new SliceTracker();
  const rc = { client: ctx.client, tracker, nodeNamed: (n: string) => nodes.get(n), maxEndpointsPerSlice: c.maxEndpointsPerSlice };
  for (const [i, step] of c.reconciles.entries()) {
    if (step.service) svc = service({ ...c.service, ...step.service });
    for (const p of pods) if (step.notReady?.includes(podNumber(p))) p.status.conditions = [{ type: 'Ready', status: 'False' }];
    if (step.addPods) pods.push(...podsOf(step.addPods));
    const subset = step.podsSubset ? new Set(numbers(step.podsSubset)) : undefined;
    const triggerTime = new Date(cp.sim.clock.nowMs() + i * 1000).toISOString();
    cp.clearActions();
    let error: unknown;
    try {
      reconcile(
        rc,
        svc,
        pods.filter((p) => !subset || subset.has(podNumber(p))),
        cp.admin.list('endpointslices', NS).items,
        triggerTime,
      );
    } catch (e) {
      if (!(e instanceof ReconcileError)) throw e;
      error = e;
    }
    const problem = checkWant(step.want, { writes: cp.verbsOn('endpointslices'), slices: cp.admin.list('endpointslices', NS).items, triggerTime, tracker, error });
    if (problem) return `reconcile ${i + 1}: ${problem}`;
  }
  return undefined;
}

/** A slice of TestPlaceHolderSliceCompare: only the fields the row sets. */
function compareSlice(d: any): KObject | undefined {
  if (d === null) return undefined;
  const metadata: any = {};
  for (const k of ['name', 'labels', 'creationTimestamp']) if (d[k] !== undefined) metadata[k] = d[k];
  const s: KObject = { metadata };
  if (d.addressType) s.addressType = d.addressType;
  return s;
}

/** TestReconcilerFinalizeSvcDeletionTimestamp: "to-create", "to-update" and "to-delete" handed to finalize. */
function runFinalize(c: any): string | undefined {
  const cp = new FakeControlPlane([NS]);
  const svc = service();
  if (c.deleting) svc.metadata.deletionTimestamp = new Date(cp.sim.clock.nowMs()).toISOString();
  const ownerReferences = [{ apiVersion: 'v1', kind: 'Service', name: 'foo', uid: svc.metadata.uid!, controller: true, blockOwnerDeletion: true }];
  const slice = (name: string): KObject => ({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name, namespace: NS, ownerReferences }, addressType: 'IPv4', ports: [{ name: 'foo', port: 80, protocol: 'TCP' }] });
  const toUpdate = { ...cp.admin.create('endpointslices', NS, slice('to-update')), endpoints: [{ addresses: ['10.2.3.4'] }] };
  const toDelete = cp.admin.create('endpointslices', NS, slice('to-delete'));
  const rc = { client: cp.component().client, tracker: new SliceTracker(), nodeNamed: () => undefined };
  finalize(
    rc,
    svc,
    { create: c.attempt.includes('create') ? [slice('to-create')] : [], update: c.attempt.includes('update') ? [toUpdate] : [], delete: c.attempt.includes('delete') ? [toDelete] : [] },
    new Date(cp.sim.clock.nowMs()).toISOString(),
  );
  const byName = new Map(cp.admin.list('endpointslices', NS).items.map((s): [string, KObject] => [s.metadata.name!, s]));
  const got = { created: byName.has('to-create'), updated: byName.has('to-update'), deleted: byName.has('to-delete') };
  const endpoints = byName.get('to-update')?.endpoints?.length ?? 0;
  return same(got, c.want) ?? (c.attempt.includes('update') ? same(endpoints, toUpdate.endpoints.length) : undefined);
}

const RECONCILER_CHECKS: Record<string, (c: any) => string | undefined> = {
  reconcile: runReconcile,
  placeholderSliceCompare: (c) => same(placeholderSliceEqual(compareSlice(c.x), compareSlice(c.y)), c.want),
  finalize: runFinalize,
};

const CHECKS: Record<string, (c: any) => string | undefined> = { ...CONTROLLER_CHECKS, ...TRACKER_CHECKS, ...RECONCILER_CHECKS };

Then("every case of upstream's EndpointSlice controller test {word} holds on the model", function (name: string) {
  const check = CHECKS[name];
  if (!check) throw new Error(`no check for upstream EndpointSlice controller table "${name}"`);
  eachCase(table(name), check);
});
