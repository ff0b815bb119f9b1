/**
 * The ServiceAccount controller's test (kubernetes v1.32, pkg/controller/serviceaccount;
 * steps/fixtures/upstream/serviceaccounts.json) run against the model's controller: its stores
 * filled, one of its handlers called, its work queue left to run on a FakeControlPlane.
 */
import { Then } from '@cucumber/cucumber';
import type { KObject } from '../../model/api/meta';
import { ServiceAccountsController } from '../../model/controllers/serviceaccount/controller';
import { runCases, same, upstreamFixture } from './apps-fakes';
import { FakeControlPlane } from './harness';
import { alwaysReady, callHandlers, storeAdd } from './informer-store';

const FILE = 'serviceaccounts.json';

function runCreation(c: any): string | undefined {
  const ns: string = upstreamFixture(FILE, 'namespace');
  // The API server holds upstream's fake clientset: the namespace and both accounts, whatever the row.
  const cp = new FakeControlPlane([ns]);
  const server = new Map<string, KObject>();
  for (const name of upstreamFixture(FILE, 'clientset') as string[]) {
    server.set(name, cp.admin.create('serviceaccounts', ns, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace: ns } }));
  }
  const ctx = cp.component();
  const sac = new ServiceAccountsController(ctx, upstreamFixture(FILE, 'accounts'));
  alwaysReady(sac.nsInformer);
  alwaysReady(sac.saInformer);
  let namespace: KObject | undefined;
  if (c.phase) {
    const live = cp.admin.get('namespaces', undefined, ns);
    namespace = { ...live, status: { ...live.status, phase: c.phase } };
    storeAdd(sac.nsInformer, namespace);
  }
  for (const name of c.serviceAccounts) storeAdd(sac.saInformer, server.get(name)!);
  if (c.event === 'serviceAccountDeleted') {
    callHandlers(sac.saInformer, 'delete', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: c.deleted, namespace: ns, resourceVersion: '1' } });
  } else {
    // The added or updated namespace is the one the row's store holds.
    callHandlers(sac.nsInformer, c.event === 'namespaceAdded' ? 'add' : 'update', namespace!);
  }
  cp.settle();
  const got = cp.actions.map((a) => [a.verb, a.resource, a.namespace, a.body?.metadata?.name]);
  const p = same(got, c.wantCreated.map((name: string) => ['create', 'serviceaccounts', ns, name]));
  if (p) return `requests: ${p}`;
  if (cp.sim.failures.length) return `model failures: ${cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  return undefined;
}

Then("every case of upstream's serviceaccount test serviceAccountCreation holds on the model", function () {
  runCases(FILE, 'serviceAccountCreation', runCreation);
});
