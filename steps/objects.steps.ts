import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KObject } from '../model/api/meta';
import type { KubespecWorld } from './world';

function podsLabelled(w: KubespecWorld, selector: string, namespace = 'default'): KObject[] {
  return w.cluster.admin.list('pods', namespace, { labelSelector: selector }).items;
}

function live(pods: KObject[]): KObject[] {
  return pods.filter((p) => !p.metadata.deletionTimestamp);
}

function summary(pods: KObject[]): string {
  return pods.map((p) => `${p.metadata.name} ${p.status?.phase} on ${p.spec?.nodeName ?? '<none>'}`).join('; ');
}

Then('{int} pod(s) labelled {string} is/are Running', function (this: KubespecWorld, n: number, sel: string) {
  const pods = live(podsLabelled(this, sel));
  expect({ running: pods.filter((p) => p.status?.phase === 'Running').length, pods: summary(pods) }).toEqual({ running: n, pods: summary(pods) });
  expect(pods.length).toBe(n);
});

Then('{int} pod(s) labelled {string} exist(s)', function (this: KubespecWorld, n: number, sel: string) {
  expect(live(podsLabelled(this, sel)).length).toBe(n);
});

Then('every pod labelled {string} runs on a worker node', function (this: KubespecWorld, sel: string) {
  const workers = [...this.cluster.nodes.values()].filter((n) => n.config.role === 'worker').map((n) => n.name);
  const pods = live(podsLabelled(this, sel));
  expect(pods.length).toBeGreaterThan(0);
  for (const p of pods) expect(workers).toContain(p.spec?.nodeName);
});

Then('no pod labelled {string} is bound to a node', function (this: KubespecWorld, sel: string) {
  for (const p of podsLabelled(this, sel)) expect(p.spec?.nodeName ?? '').toBe('');
});

Then('pod(s) labelled {string} is/are {word}', function (this: KubespecWorld, sel: string, phase: string) {
  const pods = live(podsLabelled(this, sel));
  expect(pods.length).toBeGreaterThan(0);
  for (const p of pods) expect(`${p.metadata.name}: ${p.status?.phase}`).toBe(`${p.metadata.name}: ${phase}`);
});

Then('pod(s) labelled {string} is/are bound to {string}', function (this: KubespecWorld, sel: string, node: string) {
  const pods = live(podsLabelled(this, sel));
  expect(pods.length).toBeGreaterThan(0);
  for (const p of pods) expect(p.spec?.nodeName).toBe(node);
});

Then('the pods labelled {string} are spread over {int} node(s)', function (this: KubespecWorld, sel: string, n: number) {
  const nodes = new Set(live(podsLabelled(this, sel)).map((p) => p.spec?.nodeName));
  expect(nodes.size).toBe(n);
});

When('I delete one pod labelled {string}', function (this: KubespecWorld, sel: string) {
  const pods = live(podsLabelled(this, sel)).sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!));
  expect(pods.length).toBeGreaterThan(0);
  (this as any).deleted = { name: pods[0].metadata.name, selector: sel, before: pods.map((p) => p.metadata.name) };
  this.run(`kubectl delete pod ${pods[0].metadata.name}`);
});

Then('the deleted pod is gone and another pod took its place', function (this: KubespecWorld) {
  const { name, selector, before } = (this as any).deleted as { name: string; selector: string; before: string[] };
  expect(this.cluster.admin.tryGet('pods', 'default', name)).toBeUndefined();
  // As many Pods as before, one of them new: the controller replaced the deleted one.
  const now = live(podsLabelled(this, selector)).map((p) => p.metadata.name!);
  expect(now.length).toBe(before.length);
  expect(now.filter((n) => !before.includes(n)).length).toBe(1);
});

Then('the {word} {string} has {int} {word} replicas', function (this: KubespecWorld, kind: string, name: string, n: number, field: string) {
  const resource = { deployment: 'deployments', replicaset: 'replicasets' }[kind];
  expect(resource).toBeDefined();
  const obj = this.cluster.admin.get(resource!, 'default', name);
  const key = `${field}Replicas` as const;
  expect(obj.status?.[key] ?? 0).toBe(n);
});

Then('the deployment {string} is stored in etcd at {string} with {int} replicas', function (this: KubespecWorld, name: string, key: string, n: number) {
  const kv = this.cluster.etcd.get(key);
  expect(kv).toBeDefined();
  const obj = JSON.parse(kv!.value);
  expect(obj.kind).toBe('Deployment');
  expect(obj.metadata.name).toBe(name);
  expect(obj.spec.replicas).toBe(n);
});

Then('etcd holds no key under {string}', function (this: KubespecWorld, prefix: string) {
  expect(this.cluster.etcd.range(prefix, { keysOnly: true }).map((kv) => kv.key)).toEqual([]);
});

Then('etcd holds {int} key(s) under {string}', function (this: KubespecWorld, n: number, prefix: string) {
  expect(this.cluster.etcd.range(prefix, { keysOnly: true }).length).toBe(n);
});

Then('the pods labelled {string} are owned by a ReplicaSet owned by the deployment {string}', function (this: KubespecWorld, sel: string, deploy: string) {
  const d = this.cluster.admin.get('deployments', 'default', deploy);
  const pods = live(podsLabelled(this, sel));
  expect(pods.length).toBeGreaterThan(0);
  for (const p of pods) {
    const ref = (p.metadata.ownerReferences ?? []).find((r) => r.controller);
    expect(ref?.kind).toBe('ReplicaSet');
    const rs = this.cluster.admin.get('replicasets', 'default', ref!.name);
    const rsRef = (rs.metadata.ownerReferences ?? []).find((r) => r.controller);
    expect({ kind: rsRef?.kind, uid: rsRef?.uid }).toEqual({ kind: 'Deployment', uid: d.metadata.uid });
    // Names as real clusters make them: <deployment>-<pod-template-hash>-<5 chars>.
    const hash = rs.metadata.labels?.['pod-template-hash'];
    expect(rs.metadata.name).toBe(`${deploy}-${hash}`);
    expect(p.metadata.name).toMatch(new RegExp(`^${deploy}-${hash}-[bcdfghjklmnpqrstvwxz2456789]{5}$`));
  }
});

Then('every running pod labelled {string} has an IP from its node\'s Pod CIDR', function (this: KubespecWorld, sel: string) {
  const pods = live(podsLabelled(this, sel));
  expect(pods.length).toBeGreaterThan(0);
  for (const p of pods) {
    const node = this.cluster.admin.get('nodes', undefined, p.spec.nodeName);
    const cidr: string = node.spec.podCIDR;
    const prefix = cidr.split('.').slice(0, 3).join('.') + '.';
    expect(p.status.podIP.startsWith(prefix)).toBe(true);
  }
});
