/**
 * The root CA certificate publisher's tests (kubernetes v1.32,
 * pkg/controller/certificates/rootcacertpublisher; steps/fixtures/upstream/rootcacertpublisher.json)
 * run against the model's publisher: its ConfigMap store filled, one of its handlers called and
 * its work queue left to run, or one namespace synced directly, on a FakeControlPlane.
 */
import { Then } from '@cucumber/cucumber';
import type { KObject } from '../../model/api/meta';
import { errors } from '../../model/api/status';
import type { ComponentContext } from '../../model/component';
import { RootCACertPublisher } from '../../model/controllers/rootcacertpublisher/publisher';
import { runCases, same, upstreamFixture } from './apps-fakes';
import { type Action, FakeControlPlane, injectFailures } from './harness';
import { alwaysReady, callHandlers, storeAdd, storeDelete } from './informer-store';

const FILE = 'rootcacertpublisher.json';
const NS = 'default';

interface CMRow {
  name: string;
  annotations?: Record<string, string>;
  data?: Record<string, string>;
}

const configMap = (ns: string, cm: CMRow): KObject =>
  ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: cm.name, namespace: ns, ...(cm.annotations ? { annotations: cm.annotations } : {}) }, ...(cm.data ? { data: cm.data } : {}) }) as KObject;

/** A publisher on a control plane holding the given namespaces (Active); its ConfigMap cache synced unless cmUnsynced. */
function publisher(table: string, namespaces: string[], cmUnsynced = false): { cp: FakeControlPlane; ctx: ComponentContext; pub: RootCACertPublisher } {
  const cp = new FakeControlPlane(namespaces);
  const ctx = cp.component();
  const pub = new RootCACertPublisher(ctx, upstreamFixture(FILE, 'rootCA')[table]);
  if (!cmUnsynced) alwaysReady(pub.cmInformer);
  alwaysReady(pub.nsInformer);
  return { cp, ctx, pub };
}

/** The requests sent, each as [verb, name, namespace]; each create or update carrying exactly the root CA and the description. */
function check(cp: FakeControlPlane, rootCA: string, want: string[][]): string | undefined {
  const p = same(
    cp.actions.map((a: Action) => [a.verb, a.name ?? a.body?.metadata?.name, a.namespace]),
    want,
  );
  if (p) return `requests: ${p}`;
  const { annotation, text } = upstreamFixture(FILE, 'description');
  for (const a of cp.actions) {
    const q = same({ data: a.body?.data, description: a.body?.metadata?.annotations?.[annotation] }, { data: { 'ca.crt': rootCA }, description: text });
    if (q) return `${a.verb} of ${a.namespace}/${a.body?.metadata?.name}: ${q}`;
  }
  if (cp.sim.failures.length) return `model failures: ${cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  return undefined;
}

function runCreation(c: any): string | undefined {
  const cms: Record<string, CMRow> = upstreamFixture(FILE, 'configMaps');
  const { cp, ctx, pub } = publisher('configMapCreation', [NS], c.cmCacheSyncsLater);
  // failCreate: the first creates answered 500 (recorded, as the fake clientset records a request its reactor fails).
  if (c.failCreate) injectFailures(ctx, [{ verb: 'create', resource: 'configmaps', times: c.failCreate }], (req) => (cp.record(req), errors.internal('injected')));
  const stored = new Map<string, KObject>();
  for (const k of c.configMaps) {
    const obj = cp.admin.create('configmaps', NS, configMap(NS, cms[k]));
    stored.set(cms[k].name, obj);
    if (!c.cmCacheSyncsLater) storeAdd(pub.cmInformer, obj);
  }
  const e = c.event;
  if (e.configMapDeleted) {
    const old = stored.get(cms[e.configMapDeleted].name)!;
    cp.admin.delete('configmaps', NS, old.metadata.name!);
    storeDelete(pub.cmInformer, old);
    callHandlers(pub.cmInformer, 'delete', old);
  } else if (e.configMapUpdated) {
    const next = configMap(NS, cms[e.configMapUpdated]);
    const cur = stored.get(next.metadata.name!)!;
    const obj = cp.admin.update('configmaps', NS, { ...next, metadata: { ...next.metadata, resourceVersion: cur.metadata.resourceVersion } } as KObject);
    storeAdd(pub.cmInformer, obj);
    callHandlers(pub.cmInformer, 'update', obj);
  } else {
    const name: string = e.namespaceAdded ?? e.namespaceUpdated;
    const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name }, ...(e.phase ? { status: { phase: e.phase } } : {}) } as KObject;
    callHandlers(pub.nsInformer, e.namespaceAdded ? 'add' : 'update', ns);
  }
  cp.settle();
  if (c.cmCacheSyncsLater) {
    // WaitForNamedCacheSync("crt configmap", cmListerSynced): no worker before the ConfigMap cache has synced.
    const early = same(cp.actions.length, 0);
    if (early) return `requests before the ConfigMap cache synced: ${early}`;
    storeAdd(pub.cmInformer, ...stored.values());
    cp.settle();
    cp.settle();
  }
  return check(cp, upstreamFixture(FILE, 'rootCA').configMapCreation, c.want);
}

function runNoHotLoop(c: any): string | undefined {
  const { cp, pub } = publisher('configMapUpdateNoHotLoop', [NS]);
  storeAdd(pub.cmInformer, cp.admin.create('configmaps', NS, configMap(NS, c.configMap)));
  (pub as any).syncNamespace(NS);
  return check(cp, upstreamFixture(FILE, 'rootCA').configMapUpdateNoHotLoop, c.want);
}

const CHECKS: Record<string, (c: any) => string | undefined> = {
  configMapCreation: runCreation,
  configMapUpdateNoHotLoop: runNoHotLoop,
};

Then("every case of upstream's root CA publisher test {word} holds on the model", function (table: string) {
  const run = CHECKS[table];
  if (!run) throw new Error(`no check for upstream root CA publisher table "${table}"`);
  runCases(FILE, table, run);
});
