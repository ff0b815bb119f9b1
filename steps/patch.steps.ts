import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as yaml from 'js-yaml';
import { canonicalJSON } from '../model/api/meta';
import { etcdKey, resolveResourceArg, type ResourceInfo } from '../model/api/registry';
import { StatusError } from '../model/api/status';
import { applyStrategicPatch } from '../model/api/strategicpatch/merge';
import type { Schema } from '../model/api/strategicpatch/schema';
import type { ApiRequest, PatchType } from '../model/apiserver/request';
import type { KubespecWorld } from './world';

/** Patches and server-side apply through the model's API server, as kubectl and controllers send them. */

function resource(word: string): ResourceInfo {
  const r = resolveResourceArg(word);
  if (!r) throw new Error(`no resource "${word}"`);
  return r;
}

const parse = (text: string) => yaml.load(text, { schema: yaml.CORE_SCHEMA }) as any;

/** Sends a request as kubectl (the admin); `tries` keeps a Status error for a later step to check. */
function send(world: KubespecWorld, req: Omit<ApiRequest, 'token' | 'userAgent'>, tries: boolean): any {
  try {
    const out = world.cluster.admin.request(req);
    (world as any).apiError = undefined;
    return out;
  } catch (e) {
    if (!tries || !(e instanceof StatusError)) throw e;
    (world as any).apiError = e;
  }
}

function patchRequest(world: KubespecWorld, kind: string, name: string, patchType: PatchType, body: any, query: ApiRequest['query'] = {}): Omit<ApiRequest, 'token' | 'userAgent'> {
  const r = resource(kind);
  return { verb: 'patch', resource: r.resource, namespace: r.namespaced ? 'default' : undefined, name, patchType, body, query };
}

function valueAt(obj: any, dotted: string): any {
  return dotted.split('.').reduce((o, k) => (o === undefined || o === null ? undefined : o[k]), obj);
}

function getObject(world: KubespecWorld, kind: string, name: string): any {
  const r = resource(kind);
  return world.cluster.admin.get(r.resource, r.namespaced ? 'default' : undefined, name);
}

Given('the admin created this object with the field manager {string}:', function (this: KubespecWorld, manager: string, text: string) {
  const obj = parse(text);
  const r = resource(obj.kind);
  this.cluster.admin.create(r.resource, r.namespaced ? 'default' : undefined, obj, { fieldManager: manager });
});

When(/^"([^"]+)" (applies|tries to apply) server-side( with --force-conflicts)?:$/, function (this: KubespecWorld, manager: string, verb: string, force: string | undefined, text: string) {
  const config = parse(text);
  send(this, patchRequest(this, config.kind, config.metadata?.name, 'apply', config, { fieldManager: manager, force: !!force }), verb !== 'applies');
});

When(/^the admin (applies|tries to apply) server-side without a field manager:$/, function (this: KubespecWorld, verb: string, text: string) {
  const config = parse(text);
  send(this, patchRequest(this, config.kind, config.metadata?.name, 'apply', config, { force: false }), verb !== 'applies');
});

When(/^"([^"]+)" (patches|tries to patch) the (\w+) "([^"]+)" with a (strategic merge|merge) patch:$/, function (this: KubespecWorld, manager: string, verb: string, kind: string, name: string, type: string, text: string) {
  send(this, patchRequest(this, kind, name, type === 'merge' ? 'merge' : 'strategic', parse(text), { fieldManager: manager }), verb !== 'patches');
});

Then('the {word} {string} has at {string}:', function (this: KubespecWorld, kind: string, name: string, dotted: string, text: string) {
  expect(valueAt(getObject(this, kind, name), dotted)).toEqual(parse(text));
});

Then('the {word} {string} has nothing at {string}', function (this: KubespecWorld, kind: string, name: string, dotted: string) {
  expect(valueAt(getObject(this, kind, name), dotted)).toBeUndefined();
});

/** managedFields as stored, each entry's time checked against the virtual clock and then left out. */
Then('the managed fields of the {word} {string} are:', function (this: KubespecWorld, kind: string, name: string, text: string) {
  const entries: any[] = getObject(this, kind, name).metadata.managedFields ?? [];
  const now = this.cluster.sim.clock.nowMs();
  for (const e of entries) {
    expect(e.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Date.parse(e.time)).toBeLessThanOrEqual(now);
  }
  expect(entries.map(({ time: _t, ...rest }) => rest)).toEqual(parse(text));
});

Then('the managed fields of {string} in the {word} {string} are:', function (this: KubespecWorld, manager: string, kind: string, name: string, text: string) {
  const entries: any[] = (getObject(this, kind, name).metadata.managedFields ?? []).filter((e: any) => e.manager === manager);
  expect(entries.length).toBe(1);
  expect(entries[0].fieldsV1).toEqual(parse(text));
});

Then('the API server answered {int} {word} with the causes:', function (this: KubespecWorld, code: number, reason: string, text: string) {
  const e = (this as any).apiError as StatusError | undefined;
  expect(e).toBeDefined();
  expect({ code: e!.code, reason: e!.reason, causes: e!.status.details?.causes }).toEqual({ code, reason, causes: parse(text) });
});

Then('etcd holds no patch directive in the {word} {string}', function (this: KubespecWorld, kind: string, name: string) {
  const r = resource(kind);
  const kv = this.cluster.etcd.get(etcdKey(r, r.namespaced ? 'default' : undefined, name));
  expect(kv).toBeDefined();
  expect(kv!.value).not.toMatch(/\$patch|\$setElementOrder|\$retainKeys|\$deleteFromPrimitiveList/);
});

/** The struct of apimachinery's strategicpatch tests (patch_test.go's MergeItem), as merge metadata. */
const MERGE_ITEM: Schema = {
  mergeItem: {
    fields: {
      mergingList: { type: 'mergeItem', strategy: 'merge', mergeKey: 'name' },
      nonMergingList: { type: 'mergeItem' },
      mergingIntList: { strategy: 'merge' },
      mergeItemPtr: { type: 'mergeItem', strategy: 'merge', mergeKey: 'name' },
      replacingItem: { strategy: 'replace' },
      retainKeysMap: { type: 'retainKeysMergeItem', strategy: 'retainKeys' },
      retainKeysMergingList: { type: 'mergeItem', strategy: 'merge,retainKeys', mergeKey: 'name' },
    },
  },
  retainKeysMergeItem: { fields: { mergingIntList: { strategy: 'merge' }, mergingList: { type: 'mergeItem', strategy: 'merge', mergeKey: 'name' } } },
};

interface UpstreamCase {
  source: string;
  description: string;
  original: any;
  patch: any;
  result?: any;
  error?: string;
  /** The YAML tables compare results with merge lists sorted by name (sortMergeListsByName). */
  orderInsensitive?: boolean;
}

function sortedByName(v: any): any {
  if (Array.isArray(v)) return v.map(sortedByName).sort((a, b) => (canonicalJSON(a?.name ?? a) < canonicalJSON(b?.name ?? b) ? -1 : 1));
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).map((k) => [k, sortedByName(v[k])]));
  return v;
}

Then("every case of apimachinery's strategic merge patch tables gives upstream's result", function (this: KubespecWorld) {
  const file = path.join(__dirname, 'fixtures', 'strategicpatch-upstream-cases.json');
  const cases: UpstreamCase[] = JSON.parse(fs.readFileSync(file, 'utf8')).cases;
  expect(cases.length).toBeGreaterThan(200);
  const failures: string[] = [];
  for (const c of cases) {
    let got: any;
    let err: string | undefined;
    try {
      got = applyStrategicPatch(c.original, c.patch, MERGE_ITEM, 'mergeItem');
    } catch (e) {
      err = (e as Error).message;
    }
    const norm = c.orderInsensitive ? sortedByName : (v: any) => v;
    const ok = c.error ? err?.includes(c.error) : err === undefined && canonicalJSON(norm(got)) === canonicalJSON(norm(c.result));
    if (!ok) failures.push(`${c.description}: got ${err ?? JSON.stringify(got)}, want ${c.error ?? JSON.stringify(c.result)}`);
  }
  expect(failures).toEqual([]);
});

const notedVersions = new WeakMap<KubespecWorld, string>();

When('I note which resourceVersion the {word} {string} has', function (this: KubespecWorld, kind: string, name: string) {
  notedVersions.set(this, getObject(this, kind, name).metadata.resourceVersion);
});

Then('the {word} {string} has the resourceVersion I noted', function (this: KubespecWorld, kind: string, name: string) {
  expect(notedVersions.get(this)).toBeDefined();
  expect(getObject(this, kind, name).metadata.resourceVersion).toBe(notedVersions.get(this));
});
