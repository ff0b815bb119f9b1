import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KubespecWorld } from './world';

interface OutageWorld extends KubespecWorld {
  noted?: Map<string, string>;
}

/** Every stored object (by etcd key) with its UID; Events and Leases come and go by design. */
function objectsInEtcd(w: KubespecWorld): Map<string, string> {
  const out = new Map<string, string>();
  for (const kv of w.cluster.etcd.range('/registry/')) {
    if (kv.key.startsWith('/registry/events/') || kv.key.startsWith('/registry/leases/')) continue;
    out.set(kv.key, JSON.parse(kv.value)?.metadata?.uid ?? '');
  }
  return out;
}

When('I note the objects in the API', function (this: OutageWorld) {
  this.noted = objectsInEtcd(this);
});

Then('the API holds the same objects as noted, none lost or duplicated', function (this: OutageWorld) {
  expect(this.noted).toBeDefined();
  expect(Object.fromEntries(objectsInEtcd(this))).toEqual(Object.fromEntries(this.noted!));
});

Then('the kube-apiserver process on {string} is gone', function (this: KubespecWorld, node: string) {
  const host = this.cluster.node(node)!;
  expect(host.ps().filter((p) => p.command.startsWith('kube-apiserver '))).toHaveLength(0);
  expect(this.cluster.apiserver.serving).toBe(false);
});
