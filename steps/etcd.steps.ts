import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import { EtcdError, EtcdStore } from '../model/etcd/store';
import type { KubespecWorld } from './world';

interface EtcdWorld extends KubespecWorld {
  store: EtcdStore;
  txnOk?: boolean;
  watched?: string[];
  watchError?: string;
}

Given('an empty etcd store', function (this: EtcdWorld) {
  this.store = new EtcdStore();
});

When('I put {string} = {string}', function (this: EtcdWorld, key: string, value: string) {
  this.store.put(key, value);
});

When('I put {string} if its mod revision is {int}, the value {string}', function (this: EtcdWorld, key: string, rev: number, value: string) {
  this.txnOk = this.store.putIf(key, value, rev).ok;
});

When('I delete {string}', function (this: EtcdWorld, key: string) {
  expect(this.store.deleteIf(key).ok).toBe(true);
});

When('I compact at revision {int}', function (this: EtcdWorld, rev: number) {
  this.store.compact(rev);
});

When('I watch {string} from revision {int}', function (this: EtcdWorld, prefix: string, rev: number) {
  this.watched = [];
  try {
    this.store.watch(prefix, rev, (events) => this.watched!.push(...events.map((e) => `${e.type} ${e.kv.key}`)));
  } catch (e) {
    if (!(e instanceof EtcdError)) throw e;
    this.watchError = e.message;
  }
});

Then('the transaction fails', function (this: EtcdWorld) {
  expect(this.txnOk).toBe(false);
});

Then('the key {string} has value {string}, create revision {int}, mod revision {int}, version {int}', function (this: EtcdWorld, key: string, value: string, create: number, mod: number, version: number) {
  const kv = this.store.get(key);
  expect(kv && { value: kv.value, create: kv.createRevision, mod: kv.modRevision, version: kv.version }).toEqual({ value, create, mod, version });
});

Then('a range over {string} lists {string}', function (this: EtcdWorld, prefix: string, keys: string) {
  expect(this.store.range(prefix).map((kv) => kv.key).join(', ')).toBe(keys);
});

Then('the watch received {string}', function (this: EtcdWorld, events: string) {
  expect(this.watchError).toBeUndefined();
  expect(this.watched!.join(', ')).toBe(events);
});

Then('the watch fails with {string}', function (this: EtcdWorld, message: string) {
  expect(this.watchError).toBe(message);
});
