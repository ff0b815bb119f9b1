/**
 * Upstream's garbage collector tests (fixtures/upstream/gc.json) on the model's
 * GarbageCollector: attemptToDeleteItem called directly (its requests, gets included, recorded
 * as upstream's fake REST handler records them), the owner-reference patches applied by the
 * model's strategic merge patch, and TestConflictingData's scenarios run to their end on a
 * FakeControlPlane with the collector's informers running.
 */
import type { KObject, OwnerReference } from '../../model/api/meta';
import { strategicMergePatch } from '../../model/api/patch';
import type { ApiRequest } from '../../model/apiserver/request';
import { deleteOwnerRefPatch, unblockOwnerReferencesPatch } from '../../model/controllers/garbagecollector/attempt';
import { GarbageCollector } from '../../model/controllers/garbagecollector/collector';
import { absentOwnerKey, BoundedSet, GraphBuilder } from '../../model/controllers/garbagecollector/graph';
import { etcdKey, resourceByName } from '../../model/api/registry';
import { encode } from '../../model/apiserver/objects';
import { StatusError } from '../../model/api/status';
import { FakeControlPlane, injectFailures } from './harness';
import { failuresOf, same, upstreamTable } from './fixtures';

const FILE = 'gc';
const NAMESPACES = ['ns1', 'ns2'];

/** "resource/namespace/name", '-' for no namespace. */
function parseRef(ref: string): { resource: string; namespace?: string; name: string } {
  const [resource, ns, name] = ref.split('/');
  return { resource, namespace: ns === '-' ? undefined : ns, name };
}

/** A valid object of the resource, metadata only as far as the test is concerned. */
function objectOf(ref: string, ownerReferences: OwnerReference[] | undefined, finalizers?: string[]): KObject {
  const { resource, namespace, name } = parseRef(ref);
  const metadata = { name, ...(namespace ? { namespace } : {}), ...(ownerReferences ? { ownerReferences } : {}), ...(finalizers ? { finalizers } : {}) };
  const pause = { containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.10' }] };
  switch (resource) {
    case 'pods':
      return { apiVersion: 'v1', kind: 'Pod', metadata, spec: pause };
    case 'nodes':
      return { apiVersion: 'v1', kind: 'Node', metadata };
    case 'deployments':
      return { apiVersion: 'apps/v1', kind: 'Deployment', metadata, spec: { selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: pause } } };
    case 'replicasets':
      return { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata, spec: { replicas: 0, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: pause } } };
  }
  throw new Error(`no test object for ${resource}`);
}

class GCTest {
  readonly cp = new FakeControlPlane(NAMESPACES);
  readonly uids = new Map<string, string>();
  /** Every request the collector sent, gets included, as "verb resource ns/name". */
  readonly requests: string[] = [];
  gc?: GarbageCollector;
  ctx?: ReturnType<FakeControlPlane['component']>;
  /** How many of `requests` an expectRequests step has already checked. */
  checked = 0;
  /** How many of `requests` an expectWrites step has already checked. */
  writesChecked = 0;
  /** How many of `requests` an expectReads step has already checked. */
  readsChecked = 0;

  owners(list: any[] | undefined): OwnerReference[] | undefined {
    return list?.map(({ uidOf, uid, ...rest }) => ({ ...rest, uid: uidOf ? this.uids.get(uidOf)! : uid }));
  }

  create(ref: string, owners?: any[], finalizers?: string[]): void {
    const { resource, namespace } = parseRef(ref);
    const o = this.cp.admin.create(resource, namespace, objectOf(ref, this.owners(owners), finalizers));
    this.uids.set(ref, o.metadata.uid!);
  }

  collector(): GarbageCollector {
    const ctx = (this.ctx = this.cp.component());
    const request = ctx.client.request.bind(ctx.client);
    ctx.client.request = (req: Omit<ApiRequest, 'token' | 'userAgent'>) => {
      if (req.verb !== 'watch' && req.verb !== 'list') this.requests.push(`${req.verb} ${req.resource} ${req.namespace ? req.namespace + '/' : ''}${req.name}`);
      return request(req);
    };
    return (this.gc = new GarbageCollector(ctx));
  }

  /** The objects attemptToDeleteItem was called on since the last expectAttempts. */
  attempts: string[] = [];

  /** failLists: lists of the collector's informers that fail first (500); wait: until its graph has synced. */
  start(failLists: { verb: string; resource: string; times: number }[] = [], wait = true): void {
    const gc = this.collector();
    if (failLists.length)
      injectFailures(this.ctx!, failLists.map((f) => ({ ...f })), (req) => new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `injected ${req.verb} failure`, reason: 'InternalError', code: 500 } as any));
    const attempt = gc.attemptToDeleteItem.bind(gc);
    gc.attemptToDeleteItem = (n) => {
      this.attempts.push(`${n.resource}/${n.namespace ?? '-'}/${n.name}`);
      return attempt(n);
    };
    this.ctx!.informers.start();
    while (wait && !gc.graph.hasSynced()) this.cp.advance(1);
  }

  deleted(): string[] {
    return this.cp.actions.filter((a) => a.verb === 'delete').map((a) => `${a.resource}/${a.namespace ?? '-'}/${a.name}`).sort();
  }

  attempt(ref: string): void {
    const { resource, namespace, name } = parseRef(ref);
    this.gc!.attemptToDeleteItem({ resource, namespace, name, uid: this.uids.get(ref)! });
  }
}

function attemptCase(c: any): string | undefined {
  const t = new GCTest();
  for (const o of c.objects) t.create(o.ref, o.owners);
  t.collector();
  for (const ref of c.attempt) t.attempt(ref);
  return same([...new Set(t.requests)].sort(), c.wantRequests);
}

function absentOwnerCacheCase(c: any): string | undefined {
  const t = new GCTest();
  for (const o of c.objects) t.create(o.ref, o.owners);
  const gc = t.collector();
  gc.graph.absentOwners = new BoundedSet(c.cacheSize);
  for (const ref of c.attempt) t.attempt(ref);
  const refOf = (name: string) => c.objects.flatMap((o: any) => o.owners).find((r: any) => r.name === name);
  for (const [name, want] of Object.entries(c.wantCached)) {
    const r = refOf(name);
    const got = gc.graph.absentOwners.has(absentOwnerKey(r, 'ns1'));
    if (got !== want) return `${name} in the absent-owner cache: ${got}, want ${want}`;
  }
  for (const [what, want] of Object.entries(c.wantGets)) {
    const got = t.requests.filter((r) => r === `get ${what}`).length;
    if (got !== want) return `GET ${what} sent ${got} times, want ${want}`;
  }
  return undefined;
}

function patchCase(c: any): string | undefined {
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { uid: c.dependentUID, ownerReferences: c.original } };
  const patch = c.patch === 'deleteOwnerRef' ? deleteOwnerRefPatch(c.dependentUID, c.ownerUIDs) : unblockOwnerReferencesPatch(c.dependentUID, c.original);
  return same(strategicMergePatch(pod, patch, 'Pod').metadata.ownerReferences, c.want);
}

function conflictingDataCase(c: any): string | undefined {
  const t = new GCTest();
  for (const [i, step] of c.steps.entries()) {
    const at = `step ${i + 1}`;
    if (step.create) t.create(step.create, step.owners, step.finalizers);
    else if (step.startGC) t.start(step.failLists, !step.failLists);
    else if (step.setOwners) {
      // The test's own write (a controller adopting or releasing): the list replaced as a whole.
      const { resource, namespace, name } = parseRef(step.setOwners);
      t.cp.admin.patch(resource, namespace, name, 'merge', { metadata: { ownerReferences: t.owners(step.owners) ?? null } });
    } else if (step.removeFinalizers) {
      // Another controller releasing its object: every finalizer dropped.
      const { resource, namespace, name } = parseRef(step.removeFinalizers);
      t.cp.admin.patch(resource, namespace, name, 'merge', { metadata: { finalizers: null } });
    } else if (step.failNext) {
      // The fake clientset's reactor: the collector's next requests of this verb and resource answer 500 (or, with code 409 or 404, Conflict or NotFound).
      injectFailures(t.ctx!, [{ verb: step.failNext.verb, resource: step.failNext.resource, times: step.failNext.times }], (req) => {
        t.requests.push(`${req.verb} ${req.resource} ${req.namespace ? req.namespace + '/' : ''}${req.name}`);
        if (step.failNext.code === 409)
          return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'the object has been modified; please apply your changes to the latest version and try again', reason: 'Conflict', details: { name: req.name, kind: req.resource }, code: 409 } as any);
        if (step.failNext.code === 404)
          return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `${req.resource} "${req.name}" not found`, reason: 'NotFound', details: { name: req.name, kind: req.resource }, code: 404 } as any);
        return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `injected ${req.verb} failure`, reason: 'InternalError', code: 500 } as any);
      });
    } else if (step.rememberUID) {
      // The UID an object has now, kept under another name (an owner about to be recreated).
      t.uids.set(step.as, t.uids.get(step.rememberUID)!);
    } else if (step.touch) {
      // A write that changes no owner reference, finalizer or deletion (a label).
      const { resource, namespace, name } = parseRef(step.touch);
      t.cp.admin.patch(resource, namespace, name, 'merge', { metadata: { labels: { touched: String(i) } } });
    } else if (step.expectAttempts) {
      // The objects the collector's attemptToDelete worker took up since the previous expectAttempts (each once).
      const got = [...new Set(t.attempts)].sort();
      t.attempts = [];
      const p = same(got, [...step.expectAttempts].sort());
      if (p) return `${at}: attemptToDeleteItem ran on: ${p}`;
    } else if (step.expectReads) {
      // How many times the collector read these objects since the previous expectReads (the others' reads not counted).
      const window = t.requests.slice(t.readsChecked);
      t.readsChecked = t.requests.length;
      for (const [ref, want] of Object.entries(step.expectReads)) {
        const { resource, namespace, name } = parseRef(ref);
        const got = window.filter((r) => r === `get ${resource} ${namespace ? namespace + '/' : ''}${name}`).length;
        if (got !== want) return `${at}: the collector read ${ref} ${got} times, want ${want}`;
      }
    } else if (step.expectWrites) {
      // What the collector wrote (every request but its gets) since the previous expectWrites, in any order.
      const got = t.requests.slice(t.writesChecked).filter((r) => !r.startsWith('get ')).sort();
      t.writesChecked = t.requests.length;
      const p = same(got, [...step.expectWrites].sort());
      if (p) return `${at}: the collector's writes: ${p}`;
    } else if (step.expectRequests) {
      // What the collector sent (gets included) since the previous expectRequests, in any order.
      const got = t.requests.slice(t.checked).sort();
      t.checked = t.requests.length;
      const p = same(got, [...step.expectRequests].sort());
      if (p) return `${at}: the collector's requests: ${p}`;
    } else if (step.expectDeletes) {
      // Every delete the collector sent, with its propagationPolicy.
      const got = t.cp.actions.filter((a) => a.verb === 'delete').map((a) => `${a.resource}/${a.namespace ?? '-'}/${a.name} ${a.query?.propagationPolicy ?? '-'}`);
      const p = same(got.sort(), [...step.expectDeletes].sort());
      if (p) return `${at}: the collector's deletes: ${p}`;
    } else if (step.expectGone) {
      const left = step.expectGone.filter((ref: string) => {
        const { resource, namespace, name } = parseRef(ref);
        return t.cp.admin.tryGet(resource, namespace, name);
      });
      if (left.length) return `${at}: still there: ${left.join(', ')}`;
    } else if (step.expectFinalizers) {
      const { ref, finalizers } = step.expectFinalizers;
      const { resource, namespace, name } = parseRef(ref);
      const p = same(t.cp.admin.get(resource, namespace, name).metadata.finalizers ?? [], finalizers);
      if (p) return `${at}: ${ref}'s finalizers: ${p}`;
    } else if (step.expectBlocking) {
      // Which of the object's owner references block their owner's deletion.
      const { ref, uidsOf } = step.expectBlocking;
      const { resource, namespace, name } = parseRef(ref);
      const got = (t.cp.admin.get(resource, namespace, name).metadata.ownerReferences ?? []).filter((r) => r.blockOwnerDeletion).map((r) => r.uid);
      const p = same(got, uidsOf.map((o: string) => t.uids.get(o)));
      if (p) return `${at}: ${ref}'s blocking owner references: ${p}`;
    } else if (step.settle) t.cp.advance(step.settle);
    else if (step.delete) {
      const { resource, namespace, name } = parseRef(step.delete);
      t.cp.admin.delete(resource, namespace, name, { propagationPolicy: step.propagationPolicy });
    } else if (step.expectDeleted) {
      const p = same(t.deleted(), [...step.expectDeleted].sort());
      if (p) return `${at}: the collector deleted ${p}`;
    } else if (step.expectExists) {
      const gone = step.expectExists.filter((ref: string) => {
        const { resource, namespace, name } = parseRef(ref);
        return !t.cp.admin.tryGet(resource, namespace, name);
      });
      if (gone.length) return `${at}: gone: ${gone.join(', ')}`;
    } else if (step.expectOwnerReferences) {
      // null: the field is absent (ObjectMeta.ownerReferences is omitempty), not an empty list.
      const { ref, uidsOf } = step.expectOwnerReferences;
      const { resource, namespace, name } = parseRef(ref);
      const meta = t.cp.admin.get(resource, namespace, name).metadata;
      const got = 'ownerReferences' in meta ? (meta.ownerReferences ?? []).map((r) => r.uid) : null;
      const p = same(got, uidsOf === null ? null : uidsOf.map((o: string) => t.uids.get(o)));
      if (p) return `${at}: ${ref}'s ownerReferences: ${p}`;
    } else throw new Error(`unknown step ${JSON.stringify(step)}`);
  }
  if (t.cp.sim.failures.length) return `model failures: ${t.cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  return undefined;
}

/**
 * TestProcessEvent: Pods with upstream's UIDs ("1".."4") written straight to etcd (the API
 * server would pick its own UIDs), their events fed to a GraphBuilder whose work is only
 * recorded (no collector acts on it), and after each event upstream's verifyGraphInvariants:
 * every owner a live object names lists it among its dependents, and every dependent listed
 * names that owner.
 */
function processEventCase(c: any): string | undefined {
  const cp = new FakeControlPlane(NAMESPACES);
  const ctx = cp.component();
  const graph = new GraphBuilder(ctx.informers, { attemptToDelete: () => undefined, attemptToOrphan: () => undefined });
  ctx.informers.start();
  while (!graph.hasSynced()) cp.advance(1);
  const r = resourceByName('pods')!;
  const live = new Map<string, string[]>();
  for (const [i, e] of c.events.entries()) {
    const key = etcdKey(r, 'ns1', `pod-${e.uid}`);
    if (e.type === 'delete') {
      cp.etcd.deleteIf(key);
      live.delete(e.uid);
    } else {
      const ownerReferences = e.owners.map((o: string) => ({ apiVersion: 'v1', kind: 'Pod', name: `pod-${o}`, uid: o }));
      cp.etcd.put(key, encode({ apiVersion: 'v1', kind: 'Pod', metadata: { namespace: 'ns1', name: `pod-${e.uid}`, uid: e.uid, ownerReferences }, spec: { containers: [{ name: 'c', image: 'pause' }] } }));
      live.set(e.uid, e.owners);
    }
    cp.settle();
    for (const [uid, owners] of live)
      for (const o of owners) if (!graph.dependents(o).some((d) => d.obj.metadata.uid === uid)) return `event ${i + 1}: ${uid} names owner ${o} but is not among its dependents`;
    for (const o of new Set([...[...live.values()].flat(), ...live.keys()]))
      for (const d of graph.dependents(o)) {
        const owners = live.get(d.obj.metadata.uid!);
        if (!owners?.includes(o)) return `event ${i + 1}: ${d.obj.metadata.uid} is listed as a dependent of ${o} but does not name it (${JSON.stringify(owners)})`;
      }
  }
  if (cp.sim.failures.length) return `model failures: ${cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  return undefined;
}

export const GARBAGE_COLLECTOR_TABLES: Record<string, () => string[]> = {
  attemptToDeleteItem: () => failuresOf(upstreamTable(FILE, 'attemptToDeleteItem'), attemptCase),
  absentOwnerCache: () => failuresOf(upstreamTable(FILE, 'absentOwnerCache'), absentOwnerCacheCase),
  patches: () => failuresOf(upstreamTable(FILE, 'patches'), patchCase),
  conflictingData: () => failuresOf(upstreamTable(FILE, 'conflictingData'), conflictingDataCase),
  orphan: () => failuresOf(upstreamTable(FILE, 'orphan'), conflictingDataCase),
  processEvent: () => failuresOf(upstreamTable(FILE, 'processEvent'), processEventCase),
  foreground: () => failuresOf(upstreamTable(FILE, 'foreground'), conflictingDataCase),
  graphChanges: () => failuresOf(upstreamTable(FILE, 'graphChanges'), conflictingDataCase),
  workQueue: () => failuresOf(upstreamTable(FILE, 'workQueue'), conflictingDataCase),
};
