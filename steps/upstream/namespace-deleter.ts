/**
 * The namespace deleter's sync rows (steps/fixtures/upstream/namespace.json, table "deleter"):
 * the model's NamespaceController on a FakeControlPlane, the Namespaces and their content made by
 * the test's client, failures injected as the fake clientsets' reactors inject them (per verb,
 * resource and namespace), and every request the controller sent recorded, reads too.
 */
import type { KObject } from '../../model/api/meta';
import { errors } from '../../model/api/status';
import { NamespaceController } from '../../model/controllers/namespace/controller';
import { same } from './apps-fakes';
import { FakeControlPlane, recordQueue } from './harness';

interface Failure {
  verb: string;
  resource: string;
  subresource?: string;
  namespace?: string;
  reason: 'NotFound' | 'Conflict' | 'InternalError' | 'MethodNotAllowed' | 'Bug';
  times: number;
  /** A Conflict's cause: the Namespace finalized (gone) and made again under its name (a new uid) before the answer. */
  recreate?: boolean;
}

interface Sent {
  verb: string;
  resource: string;
  subresource?: string;
  namespace?: string;
  name?: string;
  query?: any;
}

/** The answer a failure gives: an API error, or (Bug) an exception of no API kind, as a bug in the model throws it. */
function failureFor(f: Failure, name: string | undefined): Error {
  const r = { resource: f.resource, group: '' } as any;
  if (f.reason === 'NotFound') return errors.notFound(r, name ?? '');
  if (f.reason === 'Conflict') return errors.conflict(r, name ?? '');
  if (f.reason === 'MethodNotAllowed') return errors.methodNotAllowed('the server does not allow this method on the requested resource');
  if (f.reason === 'Bug') return new Error('injected bug');
  return errors.internal('injected');
}

/** A Conflict's recreate: the Namespace finalized by the test's client (so the API server removes it), then made again. */
function recreate(cp: FakeControlPlane, name: string): void {
  const ns = cp.admin.get('namespaces', undefined, name);
  cp.admin.request({ verb: 'update', resource: 'namespaces', subresource: 'finalize', name, body: { ...ns, spec: { finalizers: [] } } });
  cp.admin.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
}

/** An object of a row: [resource, namespace, name] and how it is held (finalizers, a node, a grace period, a phase). */
function objectOf(o: any): KObject {
  const kind = { pods: 'Pod', configmaps: 'ConfigMap', secrets: 'Secret' }[o.resource as string];
  const obj: KObject = { apiVersion: 'v1', kind: kind!, metadata: { name: o.name, namespace: o.namespace, finalizers: o.finalizers } };
  if (o.resource === 'pods') obj.spec = { nodeName: o.nodeName, terminationGracePeriodSeconds: o.grace, containers: [{ name: 'c', image: 'nginx' }] };
  return obj;
}

export function runDeleter(c: any): string | undefined {
  const names: string[] = c.namespaces ?? ['test'];
  const cp = new FakeControlPlane(['default']);
  for (const name of names) cp.admin.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name, finalizers: c.hold ? ['example.com/hold'] : undefined } });
  for (const o of c.objects ?? []) {
    const created = cp.create(o.resource, objectOf(o));
    if (o.phase) cp.admin.updateStatus(o.resource, o.namespace, { ...created, status: { ...created.status, phase: o.phase } });
  }
  // complete-finalize: the Namespace's spec.finalizers emptied before its delete, a metadata finalizer holding it.
  for (const name of c.finalizedBefore ?? []) {
    const ns = cp.admin.get('namespaces', undefined, name);
    cp.admin.request({ verb: 'update', resource: 'namespaces', subresource: 'finalize', name, body: { ...ns, spec: { finalizers: [] } } });
  }
  const ctx = cp.component();
  const sent: Sent[] = [];
  const fails: Failure[] = (c.fail ?? []).map((f: Failure) => ({ ...f }));
  const inner = ctx.client.request.bind(ctx.client);
  ctx.client.request = (req) => {
    if (req.resource !== 'namespaces' || req.name) sent.push({ verb: req.verb, resource: req.resource, subresource: req.subresource, namespace: req.namespace, name: req.name, query: req.query });
    const f = fails.find((x) => x.times > 0 && x.verb === req.verb && x.resource === req.resource && x.subresource === req.subresource && (!x.namespace || x.namespace === req.namespace));
    if (!f) return inner(req);
    f.times--;
    if (f.recreate) recreate(cp, req.name!);
    throw failureFor(f, req.name);
  };
  const nc = new NamespaceController(ctx);
  const delays: number[] = [];
  recordQueue(nc.queue, [], delays);
  ctx.informers.start();
  while (!nc.nsInformer.hasSynced()) cp.advance(1);
  for (const name of c.delete ?? []) cp.admin.delete('namespaces', undefined, name);
  cp.advance(c.advanceMs ?? 6000);
  return check(c.want, cp, sent, delays);
}

function check(want: any, cp: FakeControlPlane, sent: Sent[], delays: number[]): string | undefined {
  const writes = (ns: string) => [...new Set(sent.filter((a) => a.resource === 'namespaces' && a.name === ns && a.verb !== 'get').map((a) => `${a.verb}/${a.subresource ?? ''}`))].sort();
  for (const [ns, w] of Object.entries(want.namespaceWrites ?? {})) {
    const p = same(writes(ns), w);
    if (p) return `writes to the Namespace ${ns}: ${p}`;
  }
  for (const [ns, n] of Object.entries(want.finalizes ?? {})) {
    const p = same(sent.filter((a) => a.resource === 'namespaces' && a.name === ns && a.subresource === 'finalize').length, n);
    if (p) return `finalize requests for ${ns}: ${p}`;
  }
  for (const r of want.deleteCollection ?? []) if (!sent.some((a) => a.verb === 'deletecollection' && a.resource === r && a.namespace === 'test')) return `no deletecollection of ${r}`;
  for (const [key, verbs] of Object.entries(want.requests ?? {})) {
    const [resource, ns] = key.split('/');
    const p = same(sent.filter((a) => a.resource === resource && a.namespace === ns).map((a) => a.verb), verbs);
    if (p) return `requests on ${key}: ${p}`;
  }
  if (want.deleteCollectionQuery) {
    const q = sent.find((a) => a.verb === 'deletecollection')?.query;
    const p = same(q, want.deleteCollectionQuery);
    if (p) return `deletecollection query: ${p}`;
  }
  for (const [ns, gone] of Object.entries(want.gone ?? {})) {
    const p = same(cp.admin.tryGet('namespaces', undefined, ns) === undefined, gone);
    if (p) return `Namespace ${ns} gone: ${p}`;
  }
  if (want.conditions || want.phase) {
    const ns = cp.admin.get('namespaces', undefined, 'test');
    if (want.phase && ns.status?.phase !== want.phase) return `phase ${ns.status?.phase}, want ${want.phase}`;
    for (const [type, w] of Object.entries(want.conditions ?? {})) {
      const got = (ns.status?.conditions ?? []).find((x: any) => x.type === type);
      const p = same(got ? [got.status, got.reason, got.message] : undefined, w);
      if (p) return `condition ${type}: ${p}`;
    }
  }
  if (want.recheckAfterMs) {
    const p = same(delays.filter((d) => d !== 5000 && d > 1000), want.recheckAfterMs);
    if (p) return `rechecks: ${p}`;
  }
  if (want.delays) {
    const p = same(delays, want.delays);
    if (p) return `queue delays: ${p}`;
  }
  const p = same(
    cp.sim.failures.map((f) => (f.error as Error).message),
    want.modelFailures ?? [],
  );
  if (p) return `model failures: ${p}`;
  return undefined;
}
