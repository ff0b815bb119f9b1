import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import { StatusError } from '../model/api/status';
import { ADMIN_TOKEN } from '../model/cluster';
import type { KubespecWorld } from './world';

/** What the compaction scenarios remember between steps. */
const noted = new WeakMap<KubespecWorld, { revision: number; token?: string }>();

When("I note etcd's current revision", function (this: KubespecWorld) {
  noted.set(this, { revision: this.cluster.etcd.currentRevision });
});

Then('etcd has compacted no revision', function (this: KubespecWorld) {
  expect(this.cluster.etcd.compactRevision).toBe(0);
});

Then('etcd is compacted at a revision after the one noted', function (this: KubespecWorld) {
  expect(this.cluster.etcd.compactRevision).toBeGreaterThan(noted.get(this)!.revision);
  expect(this.cluster.etcd.compactRevision).toBeLessThan(this.cluster.etcd.currentRevision);
});

Then('an etcd watch of {string} from the noted revision fails with {string}', function (this: KubespecWorld, prefix: string, message: string) {
  expect(() => this.cluster.etcd.watch(prefix, noted.get(this)!.revision, () => {})).toThrow(message);
});

When('I list {string} in namespace {string} one at a time and keep the continue token', function (this: KubespecWorld, resource: string, namespace: string) {
  const page = this.cluster.apiserver.handle({ verb: 'list', resource, namespace, token: ADMIN_TOKEN, query: { limit: 1 } });
  expect(page.metadata.continue).toBeDefined();
  noted.set(this, { revision: Number(page.metadata.resourceVersion), token: page.metadata.continue });
});

Then('continuing the list of {string} in namespace {string} fails with {int} {string}: {string}', function (this: KubespecWorld, resource: string, namespace: string, code: number, reason: string, message: string) {
  let err: unknown;
  try {
    this.cluster.apiserver.handle({ verb: 'list', resource, namespace, token: ADMIN_TOKEN, query: { limit: 1, continue: noted.get(this)!.token } });
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(StatusError);
  const status = (err as StatusError).status as any;
  expect([status.code, status.reason, status.message]).toEqual([code, reason, message]);
  // The token the Status carries continues from the same key at the latest revision.
  const next = this.cluster.apiserver.handle({ verb: 'list', resource, namespace, token: ADMIN_TOKEN, query: { limit: 1, continue: status.metadata.continue } });
  expect(next.items.length).toBe(1);
});
