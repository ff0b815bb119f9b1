/**
 * API discovery as kube-apiserver 1.32 serves it: the legacy documents (/api, /apis,
 * /api/v1, /apis/<group>, /apis/<group>/<version>) and aggregated discovery
 * (apidiscovery.k8s.io/v2 and v2beta1 APIGroupDiscoveryList) that kubectl 1.26+ asks for first.
 * Everything is derived from the model's resource registry, pure and deterministic: the API
 * server answers non-resource GETs with these functions (ApiServer.getNonResource), and both the
 * HTTP facade and the model's kubectl ask it.
 */
import { createHash } from 'node:crypto';
import { RESOURCES, groupVersion, type ResourceInfo } from '../api/registry';

export interface DiscoveryResponse {
  status: number;
  contentType: string;
  body: unknown;
  headers?: Record<string, string>;
}

/** A subresource row: the kind it answers with (the parent's when absent) and its verbs. */
interface SubresourceInfo {
  group?: string;
  version?: string;
  kind?: string;
  verbs: string[];
}

const PROXY_VERBS = ['create', 'delete', 'get', 'patch', 'update'];

/** How kube-apiserver 1.32 lists each subresource (pkg/registry/.../storage REST types). */
function subresourceInfo(r: ResourceInfo, sub: string): SubresourceInfo {
  switch (sub) {
    case 'status':
      return { verbs: ['get', 'patch', 'update'] };
    case 'scale':
      return { group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get', 'patch', 'update'] };
    case 'binding':
      return { kind: 'Binding', verbs: ['create'] };
    case 'eviction':
      return { group: 'policy', version: 'v1', kind: 'Eviction', verbs: ['create'] };
    case 'exec':
      return { kind: 'PodExecOptions', verbs: ['create', 'get'] };
    case 'attach':
      return { kind: 'PodAttachOptions', verbs: ['create', 'get'] };
    case 'portforward':
      return { kind: 'PodPortForwardOptions', verbs: ['create', 'get'] };
    case 'log':
      return { verbs: ['get'] };
    case 'ephemeralcontainers':
      return { verbs: ['get', 'patch', 'update'] };
    case 'finalize':
      return { verbs: ['update'] };
    case 'token':
      return { group: 'authentication.k8s.io', version: 'v1', kind: 'TokenRequest', verbs: ['create'] };
    case 'proxy':
      return { kind: `${r.kind}ProxyOptions`, verbs: PROXY_VERBS };
    default:
      throw new Error(`discovery: no discovery row for subresource ${r.resource}/${sub}`);
  }
}

/** apiserver's StorageVersionHash: the first 8 bytes of sha256("<group>/<version>/<kind>"), base64. */
export function storageVersionHash(group: string, version: string, kind: string): string {
  return createHash('sha256').update(`${group}/${version}/${kind}`).digest().subarray(0, 8).toString('base64');
}

/**
 * kube-aggregator's group priorities for the built-in groups the model serves
 * (pkg/controlplane/apiserver/options's apiVersionPriorities): /apis lists higher first.
 */
const GROUP_PRIORITY: Record<string, number> = {
  apps: 17800,
  'authentication.k8s.io': 17700,
  'authorization.k8s.io': 17600,
  batch: 17400,
  policy: 17100,
  'rbac.authorization.k8s.io': 17000,
  'storage.k8s.io': 16800,
  'coordination.k8s.io': 16500,
  'discovery.k8s.io': 16200,
};

/** The group names of the registry under /apis, in the order kube-apiserver lists them. */
export function apiGroups(): string[] {
  const groups = [...new Set(RESOURCES.filter((r) => r.group).map((r) => r.group))];
  return groups.sort((a, b) => (GROUP_PRIORITY[b] ?? 1000) - (GROUP_PRIORITY[a] ?? 1000) || (a < b ? -1 : a > b ? 1 : 0));
}

function versionsOf(group: string): string[] {
  return [...new Set(RESOURCES.filter((r) => r.group === group).map((r) => r.version))];
}

function resourcesOf(group: string, version: string): ResourceInfo[] {
  return RESOURCES.filter((r) => r.group === group && r.version === version).sort((a, b) => (a.resource < b.resource ? -1 : 1));
}

function byName<T>(key: (t: T) => string): (a: T, b: T) => number {
  return (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
}

/** The metav1.APIResource rows of one group/version, subresources after their resource. */
export function apiResourceList(group: string, version: string): unknown | undefined {
  const rs = resourcesOf(group, version);
  if (rs.length === 0) return undefined;
  const rows: Record<string, unknown>[] = [];
  for (const r of rs) {
    rows.push({
      name: r.resource,
      singularName: r.singular,
      namespaced: r.namespaced,
      kind: r.kind,
      verbs: r.verbs,
      ...(r.shortNames.length ? { shortNames: r.shortNames } : {}),
      ...(r.categories.length ? { categories: r.categories } : {}),
      storageVersionHash: storageVersionHash(r.group, r.version, r.kind),
    });
    for (const sub of [...r.subresources].sort()) {
      const s = subresourceInfo(r, sub);
      rows.push({
        name: `${r.resource}/${sub}`,
        singularName: '',
        namespaced: r.namespaced,
        ...(s.group !== undefined ? { group: s.group, version: s.version } : {}),
        kind: s.kind ?? r.kind,
        verbs: s.verbs,
      });
    }
  }
  rows.sort(byName((row) => row.name as string));
  const gv = group ? `${group}/${version}` : version;
  // The core group's list is written without apiVersion, as the real server does.
  return group ? { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gv, resources: rows } : { kind: 'APIResourceList', groupVersion: gv, resources: rows };
}

function apiGroup(group: string): Record<string, unknown> {
  const versions = versionsOf(group).map((v) => ({ groupVersion: `${group}/${v}`, version: v }));
  return { name: group, versions, preferredVersion: versions[0] };
}

/** GET /apis: the APIGroupList, each group with its preferred version. */
export function apiGroupList(): unknown {
  return { kind: 'APIGroupList', apiVersion: 'v1', groups: apiGroups().map(apiGroup) };
}

/** GET /api: the APIVersions of the legacy core group. */
export function apiVersions(serverAddress: string): unknown {
  return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }] };
}

/** apidiscovery APIResourceDiscovery rows of one group/version. */
function resourceDiscovery(group: string, version: string): unknown[] {
  return resourcesOf(group, version).map((r) => {
    const subresources = [...r.subresources].sort().map((sub) => {
      const s = subresourceInfo(r, sub);
      return {
        subresource: sub,
        responseKind: { group: s.group ?? '', version: s.version ?? '', kind: s.kind ?? r.kind },
        verbs: s.verbs,
      };
    });
    return {
      resource: r.resource,
      responseKind: { group: '', version: '', kind: r.kind },
      scope: r.namespaced ? 'Namespaced' : 'Cluster',
      singularResource: r.singular,
      verbs: r.verbs,
      ...(r.shortNames.length ? { shortNames: r.shortNames } : {}),
      ...(r.categories.length ? { categories: r.categories } : {}),
      ...(subresources.length ? { subresources } : {}),
    };
  });
}

function groupDiscovery(group: string): unknown {
  return {
    metadata: group ? { name: group, creationTimestamp: null } : { creationTimestamp: null },
    versions: versionsOf(group).map((v) => ({ version: v, resources: resourceDiscovery(group, v), freshness: 'Current' })),
  };
}

/** The APIGroupDiscoveryList of /api (legacy: true) or /apis, in apidiscovery.k8s.io/<version>. */
export function aggregatedDiscovery(legacy: boolean, version: 'v2' | 'v2beta1' = 'v2'): unknown {
  const items = legacy ? [groupDiscovery('')] : apiGroups().map(groupDiscovery);
  return { kind: 'APIGroupDiscoveryList', apiVersion: `apidiscovery.k8s.io/${version}`, metadata: {}, items };
}

type Negotiated = { aggregated: 'v2' | 'v2beta1' } | { aggregated: false } | undefined;

/**
 * Picks what to answer a discovery request with from its Accept header, in the client's order
 * of preference (q, then position), as apiserver's content negotiation does. Protobuf is not
 * served: a client that lists it also lists JSON, which wins.
 */
export function negotiateDiscovery(accept: string | undefined): Negotiated {
  if (!accept || !accept.trim()) return { aggregated: false };
  const ranges = accept
    .split(',')
    .map((part, index) => {
      const [type, ...params] = part.split(';').map((s) => s.trim());
      const p: Record<string, string> = {};
      for (const kv of params) {
        const eq = kv.indexOf('=');
        if (eq > 0) p[kv.slice(0, eq).trim().toLowerCase()] = kv.slice(eq + 1).trim();
      }
      const q = p.q !== undefined ? Number(p.q) : 1;
      return { type: type.toLowerCase(), p, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranges) {
    const json = r.type === 'application/json' || r.type === 'application/*' || r.type === '*/*';
    if (!json) continue;
    if (r.p.g === undefined && r.p.as === undefined) return { aggregated: false };
    if (r.p.g === 'apidiscovery.k8s.io' && r.p.as === 'APIGroupDiscoveryList' && (r.p.v === 'v2' || r.p.v === 'v2beta1'))
      return { aggregated: r.p.v };
  }
  return undefined;
}

const JSON_TYPE = 'application/json';

function notAcceptable(): DiscoveryResponse {
  return {
    status: 406,
    contentType: JSON_TYPE,
    body: {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf',
      reason: 'NotAcceptable',
      code: 406,
    },
  };
}

/** The aggregated handler's ETag: sha512 of the JSON document, upper-case hex, quoted. */
function etag(body: unknown): string {
  return `"${createHash('sha512').update(JSON.stringify(body)).digest('hex').toUpperCase()}"`;
}

/**
 * Answers a discovery GET, or undefined when the path is not a discovery path.
 * `serverAddress` is the host:port the API server advertises (listed by GET /api).
 */
export function discovery(path: string, accept: string | undefined, serverAddress: string): DiscoveryResponse | undefined {
  const p = path.split('?')[0].replace(/\/+$/, '') || '/';
  const parts = p.split('/').filter(Boolean);
  const ok = (body: unknown): DiscoveryResponse => ({ status: 200, contentType: JSON_TYPE, body });

  if (p === '/api' || p === '/apis') {
    const n = negotiateDiscovery(accept);
    if (!n) return notAcceptable();
    if (n.aggregated) {
      const body = aggregatedDiscovery(p === '/api', n.aggregated);
      return {
        status: 200,
        contentType: `application/json;g=apidiscovery.k8s.io;v=${n.aggregated};as=APIGroupDiscoveryList`,
        body,
        headers: { Vary: 'Accept', ETag: etag(body) },
      };
    }
    return ok(p === '/api' ? apiVersions(serverAddress) : apiGroupList());
  }
  if (parts[0] === 'api' && parts.length === 2) {
    const list = apiResourceList('', parts[1]);
    return list ? ok(list) : undefined;
  }
  if (parts[0] === 'apis' && parts.length === 2) {
    return versionsOf(parts[1]).length ? ok({ kind: 'APIGroup', apiVersion: 'v1', ...apiGroup(parts[1]) }) : undefined;
  }
  if (parts[0] === 'apis' && parts.length === 3) {
    const list = apiResourceList(parts[1], parts[2]);
    return list ? ok(list) : undefined;
  }
  return undefined;
}

/** "apps/v1", "v1": every group/version the registry serves, core first. */
export function servedGroupVersions(): string[] {
  const gvs = new Set<string>(RESOURCES.filter((r) => !r.group).map(groupVersion));
  for (const g of apiGroups()) for (const v of versionsOf(g)) gvs.add(`${g}/${v}`);
  return [...gvs];
}

/**
 * A non-resource GET the API server answers from its own data: discovery, then OpenAPI
 * (`pathWithQuery` keeps OpenAPI v3's ?hash=), or undefined for any other path.
 * `serverAddress` is the address the server advertises (listed by GET /api).
 */
export function discoveryOrOpenAPI(pathWithQuery: string, accept: string | undefined, serverAddress: string): DiscoveryResponse | undefined {
  const path = pathWithQuery.split('?')[0];
  // Required here, not imported at the top: the OpenAPI documents are built from this module's lists.
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const { openapi } = require('./openapi') as typeof import('./openapi');
  return discovery(path, accept, serverAddress) ?? openapi(pathWithQuery, accept);
}
