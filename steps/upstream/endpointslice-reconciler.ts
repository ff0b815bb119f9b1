/**
 * Upstream's EndpointSlice reconciler tests (kubernetes v1.32, staging/src/k8s.io/endpointslice
 * reconciler_test.go, and util/controller_utils_test.go's TestEndpointsEqualBeyondHash;
 * steps/fixtures/upstream/endpointslice-controller.json): the model's reconcile and finalize
 * called on a FakeControlPlane's API with upstream's Service, Pods and slices.
 */
import { canonicalJSON, type KObject } from '../../model/api/meta';
import { endpointsEqualBeyondHash } from '../../model/controllers/endpointslice/endpoint-set';
import { podToEndpoint } from '../../model/controllers/endpointslice/endpoints';
import { finalize, newEndpointSlice, placeholderSliceEqual, reconcile, ReconcileError } from '../../model/controllers/endpointslice/reconciler';
import { SliceTracker } from '../../model/controllers/endpointslice/slice-tracker';
import { same } from './fixtures';
import { FakeControlPlane, injectFailures } from './harness';
import { injectedError } from './endpointslice-run';
import { checkWant } from './endpointslice-want';


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
  if (p.noNode) delete pod.spec.nodeName;
  if (p.hostname) pod.spec.hostname = p.hostname;
  if (p.subdomain) pod.spec.subdomain = p.subdomain;
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

/** The Pod's endpoint, under the row's own hostname or target namespace if it gives one. */
function endpointOf(p: KObject, svc: KObject, e: any): any {
  const ep: any = podToEndpoint(p, undefined, svc);
  if (e.endpointHostname) ep.hostname = e.endpointHostname;
  if (e.endpointNamespace) ep.targetRef = { ...ep.targetRef, namespace: e.endpointNamespace };
  return ep;
}

/**
 * newEmptyEndpointSlice(n, "test", endpointMeta, svc) with the endpoints of the row's Pods, or the
 * reconciler's own placeholder; its owner reference of another kind or API version, after
 * another owner's, its own ports and an endpoint hostname or target namespace of its own when the
 * row says so.
 */
function existingSlice(e: any, svc: KObject, pods: KObject[]): KObject {
  // `wire`: as the controller writes it, its empty lists null.
  if (e.placeholder) return { ...newEndpointSlice(svc, []), ...(e.wire ? { endpoints: null, ports: null } : {}) };
  const name = svc.metadata.name!;
  const wanted = new Set(e.endpointsOf ? numbers(e.endpointsOf) : []);
  const owner = { apiVersion: e.ownerAPIVersion ?? 'v1', kind: e.ownerKind ?? 'Service', name, uid: e.ownerUID ?? svc.metadata.uid, controller: true, blockOwnerDeletion: true };
  const slice: KObject = {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: `${name}-${e.n}`, namespace: NS, ownerReferences: e.otherOwnerFirst ? [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'other', uid: 'other-uid' }, owner] : [owner] },
    addressType: e.addressType ?? 'IPv4',
    ports: e.ports ?? [{ name, port: 80, protocol: 'TCP' }],
    endpoints: pods.filter((p) => wanted.has(podNumber(p))).map((p) => endpointOf(p, svc, e)),
  };
  if (e.labels) slice.metadata.labels = { ...e.labels };
  return slice;
}

/** A node of the row (default node-1), with its labels. */
const nodesOf = (specs: any[] | undefined) => new Map((specs ?? [{ name: 'node-1' }]).map((n: any): [string, KObject] => [n.name, { apiVersion: 'v1', kind: 'Node', metadata: { name: n.name, labels: n.labels } }]));

/**
 * The row's reconciles. Existing slices marked `gone` are deleted once listed: the first reconcile
 * is handed them as a cache that lags behind. `terminating`: the namespace is being deleted once
 * the slices are made. A step's `failures` make the API refuse those requests.
 */
function runReconcile(c: any): string | undefined {
  const cp = new FakeControlPlane([NS]);
  const ctx = cp.component();
  let svc = service(c.service);
  const pods = podsOf(c.pods ?? []);
  const nodes = nodesOf(c.nodes);
  for (const e of c.existing ?? []) cp.admin.create('endpointslices', NS, existingSlice(e, svc, pods));
  let lagging: KObject[] | undefined = cp.admin.list('endpointslices', NS).items;
  for (const e of c.existing ?? []) if (e.gone) cp.admin.delete('endpointslices', NS, `${svc.metadata.name}-${e.n}`);
  if (!(c.existing ?? []).some((e: any) => e.gone)) lagging = undefined;
  if (c.terminating) cp.admin.delete('namespaces', undefined, NS);
  const failures: any[] = [];
  injectFailures(ctx, failures, injectedError);
  const tracker = new SliceTracker();
  const rc = { client: ctx.client, tracker, nodeNamed: (n: string) => nodes.get(n), maxEndpointsPerSlice: c.maxEndpointsPerSlice };
  for (const [i, step] of c.reconciles.entries()) {
    if (step.service) svc = service({ ...c.service, ...step.service });
    for (const p of pods) if (step.notReady?.includes(podNumber(p))) p.status.conditions = [{ type: 'Ready', status: 'False' }];
    if (step.addPods) pods.push(...podsOf(step.addPods));
    const subset = step.podsSubset ? new Set(numbers(step.podsSubset)) : undefined;
    const triggerTime = new Date(cp.sim.clock.nowMs() + i * 1000).toISOString();
    cp.clearActions();
    failures.splice(0, failures.length, ...(step.failures ?? []).map((f: any) => ({ ...f })));
    const existing = lagging ?? cp.admin.list('endpointslices', NS).items;
    lagging = undefined;
    const cached = canonicalJSON(existing);
    let error: unknown;
    try {
      reconcile(
        rc,
        svc,
        pods.filter((p) => !subset || subset.has(podNumber(p))),
        existing,
        triggerTime,
      );
    } catch (e) {
      if (!(e instanceof ReconcileError)) throw e;
      error = e;
    }
    const observed = { writes: cp.verbsOn('endpointslices'), slices: cp.admin.list('endpointslices', NS).items, triggerTime, tracker, error, cacheUnchanged: canonicalJSON(existing) === cached };
    const problem = checkWant(step.want, observed);
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
  if (d.ports) s.ports = d.ports;
  return s;
}

/** TestReconcilerFinalizeSvcDeletionTimestamp: "to-create", "to-update" and "to-delete" handed to finalize. */
function runFinalize(c: any): string | undefined {
  const cp = new FakeControlPlane([NS]);
  const svc = service();
  if (c.deleting) svc.metadata.deletionTimestamp = new Date(cp.sim.clock.nowMs()).toISOString();
  const ownerReferences = [{ apiVersion: 'v1', kind: 'Service', name: 'foo', uid: svc.metadata.uid!, controller: true, blockOwnerDeletion: true }];
  const slice = (name: string, addressType = 'IPv4'): KObject => ({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name, namespace: NS, ownerReferences }, addressType, ports: [{ name: 'foo', port: 80, protocol: 'TCP' }] });
  const toUpdate = { ...cp.admin.create('endpointslices', NS, slice('to-update')), endpoints: [{ addresses: ['10.2.3.4'] }] };
  const toDelete = cp.admin.create('endpointslices', NS, slice('to-delete', c.deleteAddressType));
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

/** TestEndpointsEqualBeyondHash: two endpoints as the row writes them (ready, and the rest as given). */
function endpoint(e: any): Record<string, unknown> {
  const { ready, serving, terminating, ...rest } = e;
  return { ...rest, conditions: { ready, serving, terminating } };
}

export const RECONCILER_CHECKS: Record<string, (c: any) => string | undefined> = {
  reconcile: runReconcile,
  placeholderSliceCompare: (c) => same(placeholderSliceEqual(compareSlice(c.x), compareSlice(c.y)), c.want),
  finalize: runFinalize,
  endpointsEqualBeyondHash: (c) => same(endpointsEqualBeyondHash(endpoint(c.ep1), endpoint(c.ep2)), c.want),
};
