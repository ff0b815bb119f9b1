/**
 * Steps for Services, EndpointSlices and DaemonSets: what controllers did in one namespace, and
 * what the API server stored for a Service.
 */
import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KubespecWorld } from './world';

/** Creates in one namespace only: add-ons in kube-system create their own objects at boot. */
Then('{string} created {int} {word} in the namespace {string}', function (this: KubespecWorld, actor: string, n: number, resource: string, ns: string) {
  const hits = this.cluster.sim.trace.entries.filter((e) => e.kind === 'api' && e.actor === actor && e.verb === 'create' && e.target === `${resource}/${ns}` && e.detail === '200');
  expect(hits.length).toBe(n);
});

// API-only checks go through the world's driver, retried where the cluster is a real one.
async function podsIn(w: KubespecWorld, namespace: string, selector: string) {
  return (await w.driver.list('pods', namespace, { labelSelector: selector })).filter((p) => !p.metadata.deletionTimestamp);
}

/** W14, C07: one Pod per node, each controlled by the DaemonSet. */
Then('every node runs one pod labelled {string} in {string}, controlled by the DaemonSet {string}', function (this: KubespecWorld, sel: string, ns: string, ds: string) {
  return this.driver.eventually(async () => {
    const pods = await podsIn(this, ns, sel);
    const byNode = pods.map((p) => p.spec?.nodeName ?? '<none>').sort();
    expect(byNode).toEqual((await this.driver.allNodes()).sort());
    for (const p of pods) expect((p.metadata.ownerReferences ?? []).filter((r) => r.controller).map((r) => `${r.kind}/${r.name}`)).toEqual([`DaemonSet/${ds}`]);
    for (const p of pods) expect(p.status?.phase).toBe('Running');
  });
});

Then('no pod labelled {string} is left in {string}', function (this: KubespecWorld, sel: string, ns: string) {
  return this.driver.eventually(async () => expect((await this.driver.list('pods', ns, { labelSelector: sel })).map((p) => p.metadata.name)).toEqual([]));
});

/** C06: the Service's EndpointSlice holds exactly the selected Pods' IPs, on the target port. */
Then('the EndpointSlice of the service {string} lists the IPs of the pods labelled {string} on port {int}', function (this: KubespecWorld, svc: string, sel: string, port: number) {
  return this.driver.eventually(() => expectSliceOf(this, svc, sel, port));
});

async function expectSliceOf(w: KubespecWorld, svc: string, sel: string, port: number): Promise<void> {
  const ns = w.driver.namespace;
  const slices = await w.driver.list('endpointslices', ns, { labelSelector: `kubernetes.io/service-name=${svc}` });
  expect(slices.length).toBe(1);
  const s = slices[0];
  expect(s.metadata.labels?.['endpointslice.kubernetes.io/managed-by']).toBe('endpointslice-controller.k8s.io');
  expect(s.metadata.ownerReferences?.map((r) => `${r.kind}/${r.name}`)).toEqual([`Service/${svc}`]);
  expect((s.ports ?? []).map((p: any) => p.port)).toEqual([port]);
  const podIPs = (await podsIn(w, ns, sel)).map((p) => p.status?.podIP).sort();
  const sliceIPs = (s.endpoints ?? []).flatMap((e: any) => e.addresses).sort();
  expect(podIPs.length).toBeGreaterThan(0);
  expect(sliceIPs).toEqual(podIPs);
  for (const e of s.endpoints ?? []) expect(e.conditions).toEqual({ ready: true, serving: true, terminating: false });
}

/** Remembers what the API server holds now, to show later that a rejected request changed nothing. */
const noted = new WeakMap<KubespecWorld, string>();

When('I note the resourceVersion of the service {string}', async function (this: KubespecWorld, name: string) {
  noted.set(this, (await this.driver.get('services', this.driver.namespace, name)).metadata.resourceVersion!);
});

Then('the service {string} still has the noted resourceVersion', async function (this: KubespecWorld, name: string) {
  expect((await this.driver.get('services', this.driver.namespace, name)).metadata.resourceVersion).toBe(noted.get(this));
});
