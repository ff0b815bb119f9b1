import { Then, When, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import { RESOURCES } from '../model/api/registry';
import type { NonResourceResponse as DiscoveryResponse } from '../model/apiserver/server';
import type { KubespecWorld } from './world';

type Json = Record<string, any>;

/** The last discovery or OpenAPI answer of each scenario. */
const answers = new WeakMap<KubespecWorld, DiscoveryResponse>();
/** A GET by kubectl's client (the admin) to the model's API server, without a socket. */
function get(world: KubespecWorld, url: string, accept?: string): void {
  answers.set(world, world.cluster.admin.getNonResource(url, accept));
}

function answer(world: KubespecWorld): DiscoveryResponse {
  const a = answers.get(world);
  if (!a) throw new Error('no request was sent');
  return a;
}

function body(world: KubespecWorld): Json {
  return answer(world).body as Json;
}

When('a client GETs {string}', function (this: KubespecWorld, url: string) {
  get(this, url);
});

When('a client GETs {string} accepting {string}', function (this: KubespecWorld, url: string, accept: string) {
  get(this, url, accept);
});

When('a client follows the index to {string}', function (this: KubespecWorld, gvPath: string) {
  get(this, '/openapi/v3');
  const entry = body(this).paths[gvPath];
  if (!entry) throw new Error(`the OpenAPI v3 index has no path ${gvPath}`);
  get(this, entry.serverRelativeURL);
});

Then('the answer is {int} with Content-Type {string}', function (this: KubespecWorld, code: number, type: string) {
  expect({ status: answer(this).status, contentType: answer(this).contentType }).toEqual({ status: code, contentType: type });
});

Then('the answer varies with Accept and carries an ETag', function (this: KubespecWorld) {
  const h = answer(this).headers ?? {};
  expect(h.Vary).toBe('Accept');
  expect(h.ETag).toMatch(/^"[0-9A-F]{128}"$/);
});

function row(world: KubespecWorld, name: string): Json {
  const r = (body(world).resources as Json[]).find((x) => x.name === name);
  if (!r) throw new Error(`no row ${name} in ${body(world).groupVersion}`);
  return r;
}

Then('the APIResourceList of {string} has these rows:', function (this: KubespecWorld, gv: string, table: DataTable) {
  expect(body(this).kind).toBe('APIResourceList');
  expect(body(this).groupVersion).toBe(gv);
  const list = (s: string) => (s ? s.split(',') : undefined);
  for (const want of table.hashes()) {
    const r = row(this, want.name);
    expect({ name: r.name, kind: r.kind, verbs: r.verbs, shortNames: r.shortNames, categories: r.categories }).toEqual({
      name: want.name,
      kind: want.kind,
      verbs: list(want.verbs),
      shortNames: list(want.shortNames),
      categories: list(want.categories),
    });
    // Subresources have an empty singular name and no storage hash; resources have both.
    if (want.name.includes('/')) expect([r.singularName, r.storageVersionHash]).toEqual(['', undefined]);
    else expect(r.singularName).toBe(want.kind.toLowerCase());
  }
  const names = (body(this).resources as Json[]).map((r) => r.name);
  expect(names).toEqual([...names].sort());
});

Then('the row {string} has the storage version hash {string}', function (this: KubespecWorld, name: string, hash: string) {
  expect(row(this, name).storageVersionHash).toBe(hash);
});

Then('the row {string} is in group {string} version {string}', function (this: KubespecWorld, name: string, group: string, version: string) {
  expect([row(this, name).group, row(this, name).version]).toEqual([group, version]);
});

Then('the APIGroupList lists the group {string} with preferred version {string}', function (this: KubespecWorld, group: string, gv: string) {
  expect(body(this).kind).toBe('APIGroupList');
  const g = (body(this).groups as Json[]).find((x) => x.name === group);
  expect(g?.preferredVersion).toEqual({ groupVersion: gv, version: gv.split('/')[1] });
  expect(g?.versions).toContainEqual({ groupVersion: gv, version: gv.split('/')[1] });
});

Then('the APIGroupList lists the groups in the order {string}', function (this: KubespecWorld, order: string) {
  expect((body(this).groups as Json[]).map((g) => g.name)).toEqual(order.split(','));
});

Then('the APIVersions list {string} at the server address {string}', function (this: KubespecWorld, version: string, address: string) {
  expect(body(this)).toEqual({ kind: 'APIVersions', versions: [version], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: address }] });
});

const KUBECTL_ACCEPT = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json';

function aggregatedResources(world: KubespecWorld): Json[] {
  const out: Json[] = [];
  for (const path of ['/api', '/apis']) {
    get(world, path, KUBECTL_ACCEPT);
    const list = body(world);
    expect([list.kind, list.apiVersion]).toEqual(['APIGroupDiscoveryList', 'apidiscovery.k8s.io/v2']);
    for (const g of list.items as Json[])
      for (const v of g.versions as Json[]) {
        expect(v.freshness).toBe('Current');
        for (const r of v.resources as Json[]) out.push({ ...r, group: g.metadata.name ?? '', version: v.version });
      }
  }
  return out;
}

Then(
  'aggregated discovery of {string} and {string} together lists every resource of the registry once, with its scope, short names and subresources',
  function (this: KubespecWorld, _api: string, _apis: string) {
    const listed = aggregatedResources(this);
    expect(listed.map((r) => `${r.group}/${r.version}/${r.resource}`).sort()).toEqual(RESOURCES.map((r) => `${r.group}/${r.version}/${r.resource}`).sort());
    for (const r of RESOURCES) {
      const d = listed.find((x) => x.group === r.group && x.resource === r.resource)!;
      expect({ kind: d.responseKind.kind, scope: d.scope, singular: d.singularResource, shortNames: d.shortNames ?? [], subresources: (d.subresources ?? []).map((s: Json) => s.subresource) }).toEqual({
        kind: r.kind,
        scope: r.namespaced ? 'Namespaced' : 'Cluster',
        singular: r.singular,
        shortNames: r.shortNames,
        subresources: [...r.subresources].sort(),
      });
    }
  },
);

Then('the aggregated subresource {string} answers with {string} {string}', function (this: KubespecWorld, name: string, gv: string, kind: string) {
  const [resource, sub] = name.split('/');
  const r = aggregatedResources(this).find((x) => x.resource === resource);
  const s = (r?.subresources as Json[] | undefined)?.find((x) => x.subresource === sub);
  const [group, version] = gv.split('/');
  expect(s?.responseKind).toEqual({ group, version, kind });
});

Then('the index has a path for {string} whose URL carries the document\'s hash', function (this: KubespecWorld, gvPath: string) {
  const url: string = body(this).paths[gvPath]?.serverRelativeURL;
  expect(url).toMatch(new RegExp(`^/openapi/v3/${gvPath}\\?hash=[0-9A-F]{128}$`));
  const hash = url.split('hash=')[1];
  get(this, url);
  expect(answer(this).headers?.ETag).toBe(`"${hash}"`);
});

Then(
  'the {string} of {string} takes the query parameter {string} for {string} {string}',
  function (this: KubespecWorld, method: string, path: string, param: string, gv: string, kind: string) {
    // What kubectl's QueryParamVerifierV3 looks for: the operation of the kind's
    // group-version-kind, with the parameter inline among its parameters.
    const op = body(this).paths[path]?.[method];
    if (!op) throw new Error(`no ${method} operation on ${path}`);
    const [group, version] = gv.includes('/') ? gv.split('/') : ['', gv];
    expect(op['x-kubernetes-group-version-kind']).toEqual({ group, version, kind });
    expect((op.parameters as Json[]).map((p) => p.name)).toContain(param);
  },
);

Then('the answer is {int} to the document\'s current hash', function (this: KubespecWorld, code: number) {
  const location = answer(this).headers?.Location;
  get(this, '/openapi/v3');
  expect([answer(this).status, location]).toEqual([200, body(this).paths['apis/apps/v1'].serverRelativeURL]);
  void code;
});

function schemaField(world: KubespecWorld, schema: string, field: string): Json {
  const s = body(world).components?.schemas?.[schema];
  if (!s) throw new Error(`the document has no schema ${schema}`);
  const f = s.properties?.[field];
  if (!f) throw new Error(`${schema} has no field ${field}`);
  return f;
}

Then('the schema {string} field {string} says {string}', function (this: KubespecWorld, schema: string, field: string, text: string) {
  expect(schemaField(this, schema, field).description).toContain(text);
});

Then('the schema {string} field {string} merges on key {string}', function (this: KubespecWorld, schema: string, field: string, key: string) {
  const f = schemaField(this, schema, field);
  expect([f['x-kubernetes-patch-strategy'], f['x-kubernetes-patch-merge-key']]).toEqual(['merge', key]);
});

Then('the schema {string} is the kind {string} {string}', function (this: KubespecWorld, schema: string, gv: string, kind: string) {
  const [group, version] = gv.includes('/') ? gv.split('/') : ['', gv];
  expect(body(this).components.schemas[schema]['x-kubernetes-group-version-kind']).toEqual([{ group, version, kind }]);
});

Then('every schema reference of the document resolves within it', function (this: KubespecWorld) {
  const schemas = body(this).components.schemas as Json;
  const refs = new Set<string>();
  JSON.stringify(body(this), (k, v) => {
    if (k === '$ref') refs.add(v);
    return v;
  });
  expect(refs.size).toBeGreaterThan(10);
  for (const ref of refs) {
    expect(ref).toMatch(/^#\/components\/schemas\//);
    expect(Object.keys(schemas)).toContain(ref.slice('#/components/schemas/'.length));
  }
});

Then('the swagger document defines {string} with its group-version-kind', function (this: KubespecWorld, name: string) {
  const doc = body(this);
  expect(doc.swagger).toBe('2.0');
  expect(doc.definitions[name]['x-kubernetes-group-version-kind']).toHaveLength(1);
});

/** Reads the length-delimited fields of one protobuf message: [field number, bytes]. */
function protoFields(buf: Buffer): [number, Buffer][] {
  const out: [number, Buffer][] = [];
  let i = 0;
  const varint = () => {
    let n = 0;
    let mul = 1;
    for (;;) {
      const b = buf[i++];
      n += (b & 127) * mul;
      if (b < 128) return n;
      mul *= 128;
    }
  };
  while (i < buf.length) {
    const key = varint();
    const wire = key & 7;
    if (wire === 0) varint();
    else if (wire === 2) {
      const len = varint();
      out.push([Math.floor(key / 8), buf.subarray(i, i + len)]);
      i += len;
    } else throw new Error(`unexpected wire type ${wire}`);
  }
  return out;
}

Then('the protobuf document decodes to swagger {string} with the definition {string}', function (this: KubespecWorld, version: string, name: string) {
  const doc = protoFields(answer(this).body as Buffer);
  // openapi.v2.Document: swagger = 1, definitions = 9 (NamedSchema entries, name = 1).
  expect(doc.find(([f]) => f === 1)?.[1].toString()).toBe(version);
  const defs = doc.find(([f]) => f === 9)?.[1];
  const names = protoFields(defs!).map(([, entry]) => protoFields(entry).find(([f]) => f === 1)?.[1].toString());
  expect(names).toContain(name);
});
