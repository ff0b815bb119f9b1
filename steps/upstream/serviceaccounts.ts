/**
 * The ServiceAccount controller's test (kubernetes v1.32, pkg/controller/serviceaccount;
 * steps/fixtures/upstream/serviceaccounts.json) run against the model's controller: its stores
 * filled, one of its handlers called, its work queue left to run on a FakeControlPlane.
 */
import { Then } from '@cucumber/cucumber';
import type { KObject } from '../../model/api/meta';
import { errors } from '../../model/api/status';
import { ServiceAccountsController } from '../../model/controllers/serviceaccount/controller';
import { runCases, same, upstreamFixture } from './apps-fakes';
import { FakeControlPlane, injectFailures } from './harness';
import { alwaysReady, callHandlers, storeAdd } from './informer-store';

const FILE = 'serviceaccounts.json';

function runCreation(c: any): string | undefined {
  const ns: string = c.namespace ?? upstreamFixture(FILE, 'namespace');
  // The API server holds upstream's fake clientset: the namespace and both accounts, whatever the row (unless a row of the model's own says otherwise).
  const cp = new FakeControlPlane([ns]);
  const server = new Map<string, KObject>();
  for (const name of (c.clientset ?? upstreamFixture(FILE, 'clientset')) as string[]) {
    server.set(name, cp.admin.create('serviceaccounts', ns, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace: ns } }));
  }
  const ctx = cp.component();
  // failCreate: the first creates answered 500 (recorded, as the fake clientset records a request its reactor fails).
  if (c.failCreate) injectFailures(ctx, [{ verb: 'create', resource: 'serviceaccounts', times: c.failCreate }], (req) => (cp.record(req), errors.internal('injected')));
  const sac = new ServiceAccountsController(ctx, upstreamFixture(FILE, 'accounts'));
  alwaysReady(sac.nsInformer);
  if (!c.saCacheSyncsLater) alwaysReady(sac.saInformer);
  let namespace: KObject | undefined;
  if (c.phase) {
    const live = cp.admin.get('namespaces', undefined, ns);
    namespace = c.phase === 'none' ? { ...live, status: undefined } : { ...live, status: { ...live.status, phase: c.phase } };
    storeAdd(sac.nsInformer, namespace);
  }
  // terminatingOnServer: the namespace deleted on the API server (Terminating, nothing finalizes it), its cached copy still Active.
  if (c.terminatingOnServer) cp.admin.delete('namespaces', undefined, ns);
  const cached = () => c.serviceAccounts.map((name: string) => server.get(name)!);
  // watchAccounts: the ServiceAccount cache fed by its informer (a list, then the watch), as the controller's is.
  if (c.watchAccounts) sac.saInformer.start();
  else if (!c.saCacheSyncsLater) storeAdd(sac.saInformer, ...cached());
  if (c.event === 'serviceAccountDeleted') {
    callHandlers(sac.saInformer, 'delete', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: c.deleted, namespace: ns, resourceVersion: '1' } });
  } else {
    // The added or updated namespace is the one the row's store holds.
    callHandlers(sac.nsInformer, c.event === 'namespaceAdded' ? 'add' : 'update', namespace!);
  }
  cp.settle();
  const created = () => cp.actions.map((a) => [a.verb, a.resource, a.namespace, a.body?.metadata?.name]);
  if (c.saCacheSyncsLater) {
    // WaitForNamedCacheSync(saListerSynced, nsListerSynced): no worker before both caches have synced.
    const early = same(created(), []);
    if (early) return `requests before the ServiceAccount cache synced: ${early}`;
    storeAdd(sac.saInformer, ...cached());
    cp.settle();
    cp.settle();
  }
  const p = same(created(), c.wantCreated.map((name: string) => ['create', 'serviceaccounts', ns, name]));
  if (p) return `requests: ${p}`;
  if (cp.sim.failures.length) return `model failures: ${cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  return undefined;
}

Then("every case of upstream's serviceaccount test serviceAccountCreation holds on the model", function () {
  runCases(FILE, 'serviceAccountCreation', runCreation);
});
