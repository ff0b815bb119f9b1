import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KObject } from '../model/api/meta';
import { parseDuration } from '../model/sim/clock';
import { WAITING_STEP_TIMEOUT_MS } from './drivers/driver';
import type { KubespecWorld } from './world';

// API-only checks go through the world's driver (steps/drivers/) and run on any cluster;
// `eventually` retries them where the cluster is a real, eventually consistent one.
function podsLabelled(w: KubespecWorld, selector: string, namespace = w.driver.namespace): Promise<KObject[]> {
  return w.driver.list('pods', namespace, { labelSelector: selector });
}

function live(pods: KObject[]): KObject[] {
  return pods.filter((p) => !p.metadata.deletionTimestamp);
}

function summary(pods: KObject[]): string {
  return pods.map((p) => `${p.metadata.name} ${p.status?.phase} on ${p.spec?.nodeName ?? '<none>'}`).join('; ');
}

export function podsRunning(this: KubespecWorld, n: number, sel: string) {
  return this.driver.eventually(async () => {
    const pods = live(await podsLabelled(this, sel));
    expect({ running: pods.filter((p) => p.status?.phase === 'Running').length, pods: summary(pods) }).toEqual({ running: n, pods: summary(pods) });
    expect(pods.length).toBe(n);
  });
}
Then('{int} pod(s) labelled {string} is/are Running', podsRunning);

Then('{int} pod(s) labelled {string} exist(s)', function (this: KubespecWorld, n: number, sel: string) {
  return this.driver.eventually(async () => expect(live(await podsLabelled(this, sel)).length).toBe(n));
});

export function podsOnWorkers(this: KubespecWorld, sel: string) {
  return this.driver.eventually(async () => {
    const workers = await this.driver.workerNodes();
    const pods = live(await podsLabelled(this, sel));
    expect(pods.length).toBeGreaterThan(0);
    for (const p of pods) expect(workers).toContain(p.spec?.nodeName);
  });
}
Then('every pod labelled {string} runs on a worker node', podsOnWorkers);

Then('no pod labelled {string} is bound to a node', function (this: KubespecWorld, sel: string) {
  return this.driver.eventually(async () => {
    for (const p of await podsLabelled(this, sel)) expect(p.spec?.nodeName ?? '').toBe('');
  });
});

Then('pod(s) labelled {string} is/are {word}', function (this: KubespecWorld, sel: string, phase: string) {
  return this.driver.eventually(async () => {
    const pods = live(await podsLabelled(this, sel));
    expect(pods.length).toBeGreaterThan(0);
    for (const p of pods) expect(`${p.metadata.name}: ${p.status?.phase}`).toBe(`${p.metadata.name}: ${phase}`);
  });
});

Then('pod(s) labelled {string} is/are bound to {string}', function (this: KubespecWorld, sel: string, node: string) {
  return this.driver.eventually(async () => {
    const pods = live(await podsLabelled(this, sel));
    expect(pods.length).toBeGreaterThan(0);
    for (const p of pods) expect(p.spec?.nodeName).toBe(node);
  });
});

Then('the pods labelled {string} are spread over {int} node(s)', function (this: KubespecWorld, sel: string, n: number) {
  return this.driver.eventually(async () => {
    const nodes = new Set(live(await podsLabelled(this, sel)).map((p) => p.spec?.nodeName));
    expect(nodes.size).toBe(n);
  });
});

export async function deleteOnePod(this: KubespecWorld, sel: string) {
  const pods = live(await podsLabelled(this, sel)).sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!));
  expect(pods.length).toBeGreaterThan(0);
  (this as any).deleted = { name: pods[0].metadata.name, selector: sel, before: pods.map((p) => p.metadata.name) };
  await this.exec(`kubectl delete pod ${pods[0].metadata.name}`);
}
When('I delete one pod labelled {string}', { timeout: WAITING_STEP_TIMEOUT_MS }, deleteOnePod);

export function deletedPodReplaced(this: KubespecWorld) {
  const { name, selector, before } = (this as any).deleted as { name: string; selector: string; before: string[] };
  return this.driver.eventually(async () => {
    expect(await this.driver.tryGet('pods', this.driver.namespace, name)).toBeUndefined();
    // As many Pods as before, one of them new: the controller replaced the deleted one.
    const now = live(await podsLabelled(this, selector)).map((p) => p.metadata.name!);
    expect(now.length).toBe(before.length);
    expect(now.filter((n) => !before.includes(n)).length).toBe(1);
  });
}
Then('the deleted pod is gone and another pod took its place', deletedPodReplaced);

const REPLICA_RESOURCES: Record<string, string> = { deployment: 'deployments', replicaset: 'replicasets' };

async function expectReplicas(w: KubespecWorld, kind: string, name: string, n: number, field: string): Promise<void> {
  const resource = REPLICA_RESOURCES[kind];
  expect(resource).toBeDefined();
  const obj = await w.driver.get(resource!, w.driver.namespace, name);
  expect(obj.status?.[`${field}Replicas`] ?? 0).toBe(n);
}

Then('the {word} {string} has {int} {word} replicas', function (this: KubespecWorld, kind: string, name: string, n: number, field: string) {
  return this.driver.eventually(() => expectReplicas(this, kind, name, n, field));
});

/** A wait with a deadline: virtual time on the model, the wall clock on a real cluster. */
Then(/^within (\d+(?:\.\d+)?(?:ms|s|m|h)) the (\w+) "([^"]*)" has (\d+) (\w+) replicas$/, { timeout: WAITING_STEP_TIMEOUT_MS }, function (this: KubespecWorld, d: string, kind: string, name: string, n: string, field: string) {
  return this.driver.waitFor(parseDuration(d)!, () => expectReplicas(this, kind, name, Number(n), field));
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
  return this.driver.eventually(() => expectOwnedThroughReplicaSet(this, sel, deploy));
});

async function expectOwnedThroughReplicaSet(w: KubespecWorld, sel: string, deploy: string): Promise<void> {
  const ns = w.driver.namespace;
  const d = await w.driver.get('deployments', ns, deploy);
  const pods = live(await podsLabelled(w, sel));
  expect(pods.length).toBeGreaterThan(0);
  for (const p of pods) {
    const ref = (p.metadata.ownerReferences ?? []).find((r) => r.controller);
    expect(ref?.kind).toBe('ReplicaSet');
    const rs = await w.driver.get('replicasets', ns, ref!.name);
    const rsRef = (rs.metadata.ownerReferences ?? []).find((r) => r.controller);
    expect({ kind: rsRef?.kind, uid: rsRef?.uid }).toEqual({ kind: 'Deployment', uid: d.metadata.uid });
    // Names as real clusters make them: <deployment>-<pod-template-hash>-<5 chars>.
    const hash = rs.metadata.labels?.['pod-template-hash'];
    expect(rs.metadata.name).toBe(`${deploy}-${hash}`);
    expect(p.metadata.name).toMatch(new RegExp(`^${deploy}-${hash}-[bcdfghjklmnpqrstvwxz2456789]{5}$`));
  }
}

Then('every running pod labelled {string} has an IP from its node\'s Pod CIDR', function (this: KubespecWorld, sel: string) {
  return this.driver.eventually(async () => {
    const pods = live(await podsLabelled(this, sel));
    expect(pods.length).toBeGreaterThan(0);
    for (const p of pods) {
      const node = await this.driver.get('nodes', undefined, p.spec.nodeName);
      const cidr: string = node.spec.podCIDR;
      const prefix = cidr.split('.').slice(0, 3).join('.') + '.';
      expect(p.status.podIP.startsWith(prefix)).toBe(true);
    }
  });
});
