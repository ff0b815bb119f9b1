/**
 * The OpenAPI documents kube-apiserver serves, built from upstream's v1.32 definitions
 * (definitions.json) and the operations of the resources the model serves: /openapi/v2 (one
 * swagger 2.0 document), /openapi/v3 (the index of group/version documents, each URL carrying
 * the hash of its document) and /openapi/v3/<api/v1 | apis/<group>/<version>>. Each document is
 * built on first use and kept.
 */
import { createHash } from 'node:crypto';
import { NODE_OS } from '../../node/os';
import { servedGroupVersions } from '../discovery';
import { groupVersionPaths, tagOf, type Operation, type Param, type PathItem } from './operations';

type Schema = Record<string, any>;

let definitionsCache: Record<string, Schema> | undefined;

/** Upstream's definitions (swagger 2.0 form) for the served kinds and every type they reference. */
export function definitions(): Record<string, Schema> {
  // Loaded on first use: 300 kB of JSON that discovery-only clients never need.
  definitionsCache ??= require('./definitions.json') as Record<string, Schema>;
  return definitionsCache;
}

const INFO = { title: 'Kubernetes', version: NODE_OS.kubeletVersion };
const BEARER = { type: 'apiKey', description: 'Bearer Token authentication', name: 'authorization', in: 'header' };
const SERIALIZATIONS = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];
const WATCH_SERIALIZATIONS = ['application/json;stream=watch', 'application/vnd.kubernetes.protobuf;stream=watch'];
const PATCH_TYPES = ['application/apply-patch+yaml', 'application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json'];

function mapSchema(s: unknown, f: (s: Schema) => Schema): unknown {
  if (Array.isArray(s)) return s.map((x) => mapSchema(x, f));
  if (!s || typeof s !== 'object') return s;
  const out: Schema = {};
  for (const [k, v] of Object.entries(s as Schema)) {
    if (k === 'properties') out.properties = Object.fromEntries(Object.entries(v as Schema).map(([p, ps]) => [p, mapSchema(ps, f)]));
    else if (k === 'items' || k === 'additionalProperties' || k === 'oneOf' || k === 'allOf') out[k] = mapSchema(v, f);
    else out[k] = v;
  }
  return f(out);
}

/** The definition names a schema refers to, transitively (refs already in either form). */
function closure(roots: string[]): string[] {
  const defs = definitions();
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const name = queue.pop()!;
    if (seen.has(name) || !defs[name]) continue;
    seen.add(name);
    JSON.stringify(defs[name], (k, v) => {
      if (k === '$ref') queue.push(String(v).slice(String(v).lastIndexOf('/') + 1));
      return v;
    });
  }
  return [...seen].sort();
}

/** swagger 2.0 has no oneOf: IntOrString is a string of format int-or-string, Quantity a string. */
function v2Schema(s: Schema): Schema {
  return mapSchema(s, (x) => {
    if (!x.oneOf) return x;
    const { oneOf, ...rest } = x;
    const int = (oneOf as Schema[]).some((o) => o.type === 'integer');
    return { ...rest, type: 'string', ...(int ? { format: 'int-or-string' } : {}) };
  }) as Schema;
}

/** OpenAPI 3: refs live under components/schemas, and a ref with a description is an allOf. */
function v3Schema(s: Schema): Schema {
  return mapSchema(s, (x) => {
    if (typeof x.$ref !== 'string') return x;
    const { $ref, ...rest } = x;
    const ref = `#/components/schemas/${$ref.slice($ref.lastIndexOf('/') + 1)}`;
    return Object.keys(rest).length ? { allOf: [{ $ref: ref }], ...rest } : { $ref: ref };
  }) as Schema;
}

function roots(items: PathItem[]): string[] {
  return items.flatMap((i) => i.operations.flatMap((o) => [o.body, o.response].filter((x): x is string => !!x)));
}

const typed = (p: Param) => ({ type: p.type, uniqueItems: p.uniqueItems });

function v2Param(p: Param): Schema {
  return { uniqueItems: p.uniqueItems, type: p.type, name: p.name, in: p.in, ...(p.required ? { required: true } : {}) };
}

function v2Operation(o: Operation, tag: string): Schema {
  const ok = o.response ? { description: 'OK', schema: { $ref: `#/definitions/${o.response}` } } : { description: 'OK', schema: { type: 'string' } };
  const responses: Schema = { '200': ok };
  for (const c of o.codes) responses[String(c)] = { ...ok, description: c === 201 ? 'Created' : 'Accepted' };
  responses['401'] = { description: 'Unauthorized' };
  const params: Schema[] = [];
  if (o.body) params.push({ name: 'body', in: 'body', ...(o.method !== 'delete' ? { required: true } : {}), schema: { $ref: `#/definitions/${o.body}` } });
  params.push(...o.params.map(v2Param));
  return {
    description: o.description,
    consumes: o.method === 'patch' ? PATCH_TYPES : ['*/*'],
    produces: o.watchable ? [...SERIALIZATIONS, ...WATCH_SERIALIZATIONS] : o.response ? SERIALIZATIONS : ['*/*'],
    schemes: ['https'],
    tags: [tag],
    operationId: o.operationId,
    ...(params.length ? { parameters: params } : {}),
    responses,
    'x-kubernetes-action': o.action,
    'x-kubernetes-group-version-kind': o.gvk,
  };
}

function v3Operation(o: Operation, tag: string): Schema {
  const content = (types: string[], schema: Schema) => Object.fromEntries(types.map((t) => [t, { schema }]));
  const schema = o.response ? { $ref: `#/components/schemas/${o.response}` } : { type: 'string' };
  const types = o.watchable ? [...SERIALIZATIONS, ...WATCH_SERIALIZATIONS] : o.response ? SERIALIZATIONS : ['*/*'];
  const responses: Schema = { '200': { description: 'OK', content: content(types, schema) } };
  for (const c of o.codes) responses[String(c)] = { description: c === 201 ? 'Created' : 'Accepted', content: content(types, schema) };
  responses['401'] = { description: 'Unauthorized' };
  const body = o.body
    ? { requestBody: { content: content(o.method === 'patch' ? PATCH_TYPES : ['*/*'], { $ref: `#/components/schemas/${o.body}` }), ...(o.method !== 'delete' ? { required: true } : {}) } }
    : {};
  return {
    tags: [tag],
    description: o.description,
    operationId: o.operationId,
    ...(o.params.length ? { parameters: o.params.map((p) => ({ name: p.name, in: p.in, ...(p.required ? { required: true } : {}), schema: typed(p) })) } : {}),
    ...body,
    responses,
    'x-kubernetes-action': o.action,
    'x-kubernetes-group-version-kind': o.gvk,
  };
}

/** Upstream's documents are Go maps, written in key order. */
function sortKeys(o: Schema): Schema {
  return Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
}

function splitGV(gv: string): [string, string] {
  const i = gv.indexOf('/');
  return i < 0 ? ['', gv] : [gv.slice(0, i), gv.slice(i + 1)];
}

let v2Cache: Schema | undefined;

/** GET /openapi/v2: one swagger 2.0 document of every served path and definition. */
export function openApiV2(): Schema {
  if (v2Cache) return v2Cache;
  const paths: Schema = {};
  const items: PathItem[] = [];
  for (const gv of servedGroupVersions()) {
    const [group, version] = splitGV(gv);
    for (const item of groupVersionPaths(group, version)) {
      items.push(item);
      const entry: Schema = {};
      for (const o of item.operations) entry[o.method] = v2Operation(o, tagOf(group, version));
      entry.parameters = item.params.map(v2Param);
      paths[item.path] = entry;
    }
  }
  const defs = definitions();
  const all = closure([...roots(items), ...Object.keys(defs)]);
  v2Cache = {
    swagger: '2.0',
    info: INFO,
    paths: sortKeys(paths),
    definitions: Object.fromEntries(all.map((n) => [n, v2Schema(defs[n])])),
    securityDefinitions: { BearerToken: BEARER },
    security: [{ BearerToken: [] }],
  };
  return v2Cache;
}

interface V3Doc {
  doc: Schema;
  hash: string;
}

const v3Cache = new Map<string, V3Doc>();

/** "api/v1", "apis/apps/v1": the index keys of the served group/versions. */
export function v3Paths(): string[] {
  return servedGroupVersions().map((gv) => (gv.includes('/') ? `apis/${gv}` : `api/${gv}`));
}

/** The OpenAPI 3.0 document of one group/version ("api/v1", "apis/apps/v1"), or undefined. */
export function openApiV3(gvPath: string): V3Doc | undefined {
  const cached = v3Cache.get(gvPath);
  if (cached) return cached;
  if (!v3Paths().includes(gvPath)) return undefined;
  const [group, version] = gvPath.startsWith('apis/') ? splitGV(gvPath.slice(5)) : ['', gvPath.slice(4)];
  const items = groupVersionPaths(group, version);
  const paths: Schema = {};
  for (const item of items) {
    const entry: Schema = {};
    for (const o of item.operations) entry[o.method] = v3Operation(o, tagOf(group, version));
    entry.parameters = item.params.map((p) => ({ name: p.name, in: p.in, ...(p.required ? { required: true } : {}), schema: typed(p) }));
    paths[item.path] = entry;
  }
  const defs = definitions();
  const doc = {
    openapi: '3.0.0',
    info: INFO,
    paths: sortKeys(paths),
    components: {
      schemas: Object.fromEntries(closure(roots(items)).map((n) => [n, v3Schema(defs[n])])),
      securitySchemes: { BearerToken: BEARER },
    },
  };
  // kube-openapi's handler3 names each document by the upper-case hex sha512 of its JSON.
  const hash = createHash('sha512').update(JSON.stringify(doc)).digest('hex').toUpperCase();
  const built = { doc, hash };
  v3Cache.set(gvPath, built);
  return built;
}

/** GET /openapi/v3: where each group/version's document is, with the hash that names it. */
export function openApiV3Index(): Schema {
  const paths: Schema = {};
  for (const p of v3Paths()) paths[p] = { serverRelativeURL: `/openapi/v3/${p}?hash=${openApiV3(p)!.hash}` };
  return { paths };
}
