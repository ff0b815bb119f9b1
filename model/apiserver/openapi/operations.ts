/**
 * The REST operations kube-apiserver installs for each resource the model serves, as its
 * OpenAPI builder names them (operationId, tags, x-kubernetes-action,
 * x-kubernetes-group-version-kind, query parameters). Written once, rendered as swagger 2.0
 * (v2.ts) and OpenAPI 3.0 (v3.ts).
 */
import { RESOURCES, type ResourceInfo } from '../../api/registry';

export type ParamType = 'string' | 'integer' | 'boolean';

export interface Param {
  name: string;
  in: 'query' | 'path';
  type: ParamType;
  required?: boolean;
  uniqueItems?: boolean;
}

export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  operationId: string;
  description: string;
  action: 'get' | 'list' | 'post' | 'put' | 'patch' | 'delete' | 'deletecollection' | 'connect';
  gvk: { group: string; version: string; kind: string };
  params: Param[];
  /** Definition name of the request body, if any. */
  body?: string;
  /** Definition name of the 200 response; undefined for a plain string (logs, connect). */
  response?: string;
  /** Extra success codes: 201 for create, 202 for delete. */
  codes: number[];
  /** The response is a stream of watch events or text. */
  watchable?: boolean;
}

export interface PathItem {
  path: string;
  /** Parameters of every operation of the path (namespace, name, pretty). */
  params: Param[];
  operations: Operation[];
}

const q = (name: string, type: ParamType = 'string'): Param => ({ name, in: 'query', type, uniqueItems: true });
const pathParam = (name: string): Param => ({ name, in: 'path', type: 'string', required: true, uniqueItems: true });

const LIST = ['allowWatchBookmarks:boolean', 'continue', 'fieldSelector', 'labelSelector', 'limit:integer', 'resourceVersion', 'resourceVersionMatch', 'sendInitialEvents:boolean', 'timeoutSeconds:integer', 'watch:boolean'];
const WRITE = ['dryRun', 'fieldManager', 'fieldValidation'];
const PATCH = [...WRITE, 'force:boolean'];
const DELETE = ['dryRun', 'gracePeriodSeconds:integer', 'ignoreStoreReadErrorWithClusterBreakingPotential:boolean', 'orphanDependents:boolean', 'propagationPolicy'];
const DELETE_COLLECTION = ['continue', 'dryRun', 'fieldSelector', 'gracePeriodSeconds:integer', 'ignoreStoreReadErrorWithClusterBreakingPotential:boolean', 'labelSelector', 'limit:integer', 'orphanDependents:boolean', 'propagationPolicy', 'resourceVersion', 'resourceVersionMatch', 'sendInitialEvents:boolean', 'timeoutSeconds:integer'];
const LOG = ['container', 'follow:boolean', 'insecureSkipTLSVerifyBackend:boolean', 'limitBytes:integer', 'previous:boolean', 'sinceSeconds:integer', 'tailLines:integer', 'timestamps:boolean'];
const EXEC = ['command', 'container', 'stderr:boolean', 'stdin:boolean', 'stdout:boolean', 'tty:boolean'];

function params(names: string[]): Param[] {
  return names.map((n) => {
    const [name, type] = n.split(':');
    return q(name, (type as ParamType) ?? 'string');
  });
}

/** "apps" -> "Apps", "coordination.k8s.io" -> "Coordination", "" -> "Core": the operationId's group. */
function groupWord(group: string): string {
  if (!group) return 'Core';
  return group
    .replace(/\.k8s\.io$/, '')
    .split('.')
    .map((s) => s[0].toUpperCase() + s.slice(1))
    .join('');
}

/** The tag upstream files a group/version's operations under: "core_v1", "apps_v1". */
export function tagOf(group: string, version: string): string {
  const w = groupWord(group);
  return `${w[0].toLowerCase()}${w.slice(1)}_${version}`;
}

/** The definition name of a kind: "io.k8s.api.apps.v1.Deployment". */
export function definitionName(r: ResourceInfo, kind = r.kind): string {
  const pkg = r.group ? r.group.replace(/\.k8s\.io$/, '').split('.')[0] : 'core';
  return `io.k8s.api.${pkg}.${r.version}.${kind}`;
}

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';

/** The paths of one resource: collection, item, all-namespaces list, subresources. */
function resourcePaths(r: ResourceInfo): PathItem[] {
  const gv = r.group ? `/apis/${r.group}/${r.version}` : `/api/${r.version}`;
  const G = groupWord(r.group) + r.version[0].toUpperCase() + r.version.slice(1);
  const scope = r.namespaced ? 'Namespaced' : '';
  const base = r.namespaced ? `${gv}/namespaces/{namespace}/${r.resource}` : `${gv}/${r.resource}`;
  const nsParams = r.namespaced ? [pathParam('namespace')] : [];
  const pretty = q('pretty');
  const gvk = { group: r.group, version: r.version, kind: r.kind };
  const def = definitionName(r);
  const list = definitionName(r, `${r.kind}List`);
  const has = (verb: string) => r.verbs.includes(verb);
  const a = /^[AEIOU]/.test(r.kind) ? 'an' : 'a';

  const collection: Operation[] = [];
  if (has('list'))
    collection.push({ method: 'get', operationId: `list${G}${scope}${r.kind}`, description: `list or watch objects of kind ${r.kind}`, action: 'list', gvk, params: params(LIST), response: list, codes: [], watchable: true });
  if (has('create'))
    collection.push({ method: 'post', operationId: `create${G}${scope}${r.kind}`, description: `create ${a} ${r.kind}`, action: 'post', gvk, params: params(WRITE), body: def, response: def, codes: [201, 202] });
  if (has('deletecollection'))
    collection.push({ method: 'delete', operationId: `delete${G}Collection${scope}${r.kind}`, description: `delete collection of ${r.kind}`, action: 'deletecollection', gvk, params: params(DELETE_COLLECTION), body: `${META}.DeleteOptions`, response: `${META}.Status`, codes: [] });

  const item: Operation[] = [];
  if (has('get')) item.push({ method: 'get', operationId: `read${G}${scope}${r.kind}`, description: `read the specified ${r.kind}`, action: 'get', gvk, params: [], response: def, codes: [] });
  if (has('update')) item.push({ method: 'put', operationId: `replace${G}${scope}${r.kind}`, description: `replace the specified ${r.kind}`, action: 'put', gvk, params: params(WRITE), body: def, response: def, codes: [201] });
  if (has('delete')) item.push({ method: 'delete', operationId: `delete${G}${scope}${r.kind}`, description: `delete ${a} ${r.kind}`, action: 'delete', gvk, params: params(DELETE), body: `${META}.DeleteOptions`, response: `${META}.Status`, codes: [202] });
  if (has('patch')) item.push({ method: 'patch', operationId: `patch${G}${scope}${r.kind}`, description: `partially update the specified ${r.kind}`, action: 'patch', gvk, params: params(PATCH), body: `${META}.Patch`, response: def, codes: [201] });

  const paths: PathItem[] = [
    { path: base, params: [...nsParams, pretty], operations: collection },
    { path: `${base}/{name}`, params: [pathParam('name'), ...nsParams, pretty], operations: item },
  ];
  if (r.namespaced && has('list'))
    paths.push({
      path: `${gv}/${r.resource}`,
      params: [pretty],
      operations: [{ method: 'get', operationId: `list${G}${r.kind}ForAllNamespaces`, description: `list or watch objects of kind ${r.kind}`, action: 'list', gvk, params: params(LIST), response: list, codes: [], watchable: true }],
    });

  for (const sub of r.subresources) {
    const Sub = sub[0].toUpperCase() + sub.slice(1);
    const p = `${base}/{name}/${sub}`;
    const subParams = [pathParam('name'), ...nsParams];
    const ops: Operation[] = [];
    if (sub === 'status' || sub === 'scale') {
      const body = sub === 'scale' ? 'io.k8s.api.autoscaling.v1.Scale' : def;
      const sgvk = sub === 'scale' ? { group: 'autoscaling', version: 'v1', kind: 'Scale' } : gvk;
      ops.push(
        { method: 'get', operationId: `read${G}${scope}${r.kind}${Sub}`, description: `read ${sub} of the specified ${r.kind}`, action: 'get', gvk: sgvk, params: [], response: body, codes: [] },
        { method: 'put', operationId: `replace${G}${scope}${r.kind}${Sub}`, description: `replace ${sub} of the specified ${r.kind}`, action: 'put', gvk: sgvk, params: params(WRITE), body, response: body, codes: [201] },
        { method: 'patch', operationId: `patch${G}${scope}${r.kind}${Sub}`, description: `partially update ${sub} of the specified ${r.kind}`, action: 'patch', gvk: sgvk, params: params(PATCH), body: `${META}.Patch`, response: body, codes: [201] },
      );
      paths.push({ path: p, params: [...subParams, pretty], operations: ops });
    } else if (sub === 'binding') {
      const binding = { group: '', version: 'v1', kind: 'Binding' };
      ops.push({ method: 'post', operationId: `create${G}${scope}${r.kind}Binding`, description: `create binding of ${a} ${r.kind}`, action: 'post', gvk: binding, params: params(WRITE), body: 'io.k8s.api.core.v1.Binding', response: 'io.k8s.api.core.v1.Binding', codes: [201, 202] });
      paths.push({ path: p, params: [...subParams, pretty], operations: ops });
    } else if (sub === 'log') {
      ops.push({ method: 'get', operationId: `read${G}${scope}${r.kind}Log`, description: `read log of the specified ${r.kind}`, action: 'get', gvk, params: params(LOG), codes: [] });
      paths.push({ path: p, params: [...subParams, pretty], operations: ops });
    } else if (sub === 'exec' || sub === 'attach') {
      const kind = `${r.kind}${Sub}Options`;
      const opts = sub === 'exec' ? EXEC : EXEC.filter((n) => n !== 'command');
      for (const method of ['get', 'post'] as const)
        ops.push({ method, operationId: `connect${G}${method === 'get' ? 'Get' : 'Post'}${scope}${r.kind}${Sub}`, description: `connect ${method.toUpperCase()} requests to ${sub} of ${r.kind}`, action: 'connect', gvk: { group: r.group, version: r.version, kind }, params: params(opts), codes: [] });
      paths.push({ path: p, params: subParams, operations: ops });
    }
  }
  return paths;
}

/** Every path of one group/version ("" and "v1" for the core group). */
export function groupVersionPaths(group: string, version: string): PathItem[] {
  return RESOURCES.filter((r) => r.group === group && r.version === version).flatMap(resourcePaths);
}
