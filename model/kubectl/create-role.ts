/**
 * `kubectl create role NAME --verb=… --resource=res[.group][/sub] [--resource-name=…]` and
 * `kubectl create clusterrole NAME` (also --non-resource-url, --aggregation-rule): one rule per
 * API group, each resource resolved through discovery as kubectl's RESTMapper resolves it
 * (pkg/cmd/create/create_role.go, create_clusterrole.go).
 */
import type { Parsed } from './args';
import { str, strs } from './args';
import type { Generator } from './create-generator';
import { typedMeta } from './create-generator';
import { KubectlError } from './errors';
import type { Ctx } from './kubectl';
import { sortedMap } from './printers/typed-json';
import { KlogError } from './klog';
import { discoverResources, noResourceType, resourcesFor, type ApiResource } from './restmapper';

const RBAC = 'rbac.authorization.k8s.io';
const VALID_RESOURCE_VERBS = ['*', 'get', 'delete', 'list', 'create', 'update', 'patch', 'watch', 'proxy', 'deletecollection', 'use', 'bind', 'escalate', 'impersonate'];
const VALID_NON_RESOURCE_VERBS = ['*', 'get', 'post', 'put', 'delete', 'patch', 'head', 'options'];

/** Verbs that only apply to some resources. */
const SPECIAL_VERBS: Record<string, [string, string][]> = {
  use: [['policy', 'podsecuritypolicies'], ['extensions', 'podsecuritypolicies']],
  bind: [[RBAC, 'roles'], [RBAC, 'clusterroles']],
  escalate: [[RBAC, 'roles'], [RBAC, 'clusterroles']],
  impersonate: [['', 'users'], ['', 'serviceaccounts'], ['', 'groups'], ['authentication.k8s.io', 'userextras']],
};

interface ResourceOption {
  group: string;
  resource: string;
  subResource: string;
}

function unique(xs: string[]): string[] {
  return xs.filter((x, i) => xs.indexOf(x) === i);
}

/** Complete: verbs deduplicated in order; a "*" makes the list ["*"]. */
function verbsOf(p: Parsed): string[] {
  const out: string[] = [];
  for (const v of strs(p, 'verb')) {
    if (v === '*') return ['*'];
    if (!out.includes(v)) out.push(v);
  }
  return out;
}

/** cliflag.MapStringString for --aggregation-rule: "k=v,k2=v2". */
function mapStringString(v: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of v.split(',')) {
    if (pair.trim() === '') continue;
    const kv = pair.split('=');
    if (kv.length !== 2) throw new KubectlError(`invalid argument "${v}" for "--aggregation-rule" flag: malformed pair, expect string=string`);
    out[kv[0].trim()] = kv[1].trim();
  }
  return out;
}

function resourcesOf(p: Parsed): ResourceOption[] {
  const out: ResourceOption[] = [];
  for (const r of strs(p, 'resource')) {
    const sections = r.split('/');
    const subResource = sections.length >= 2 ? r.slice(sections[0].length + 1) : '';
    const dot = sections[0].indexOf('.');
    const resource = dot < 0 ? sections[0] : sections[0].slice(0, dot);
    const group = dot < 0 ? '' : sections[0].slice(dot + 1);
    if (resource === '*' && dot < 0 && sections.length === 1) return [{ group, resource, subResource }];
    out.push({ group, resource, subResource });
  }
  return out;
}

/** mapper.ResourceFor(group, resource): the preferred match, or undefined. */
function resourceFor(all: ApiResource[], r: ResourceOption): ApiResource | undefined {
  return resourcesFor(all, r.resource).find((x) => r.group === '' || x.group === r.group);
}

function validateResources(all: ApiResource[], verbs: string[], resources: ResourceOption[]): void {
  for (const r of resources) {
    if (r.resource === '') throw new KubectlError('resource must be specified if apiGroup/subresource specified');
    if (r.resource === '*') return;
    const found = resourceFor(all, r);
    const gr = found ? { group: found.group, resource: found.resource } : { group: r.group, resource: r.resource };
    let matchedSpecial = false;
    for (const v of verbs) {
      const allowed = SPECIAL_VERBS[v];
      if (!allowed) continue;
      if (!allowed.some(([g, res]) => g === gr.group && res === gr.resource)) throw new KubectlError(`can not perform '${v}' on '${gr.resource}' in group '${gr.group}'`);
      matchedSpecial = true;
    }
    // cmdutil.CheckErr prints a NoResourceMatchError bare, without "error: ".
    if (!found && !matchedSpecial) throw new KlogError(noResourceType(r.resource) + '\n', noResourceType(r.resource));
  }
}

/** generateResourcePolicyRules: one rule per API group (sorted), resources in the order given. */
function rules(all: ApiResource[], verbs: string[], resources: ResourceOption[], resourceNames: string[], nonResourceURLs: string[]): unknown[] {
  const byGroup = new Map<string, string[]>();
  for (const r of resources) {
    const found = resourceFor(all, r);
    const group = found ? found.group : r.group;
    let resource = found ? found.resource : r.resource;
    if (r.subResource) resource += '/' + r.subResource;
    const list = byGroup.get(group) ?? [];
    if (!list.includes(resource)) list.push(resource);
    byGroup.set(group, list);
  }
  const out: unknown[] = [...byGroup.keys()].sort().map((g) => ({ verbs: verbs, apiGroups: [g], resources: byGroup.get(g), resourceNames: resourceNames.length ? resourceNames : undefined }));
  if (nonResourceURLs.length) out.push({ verbs, nonResourceURLs });
  return out;
}

const ROLE_FLAGS = [
  { name: 'verb', type: 'strings' as const },
  { name: 'resource', type: 'strings' as const },
  { name: 'resource-name', type: 'stringArray' as const },
];

export const roleGenerator: Generator = {
  names: ['role'],
  type: { group: RBAC, version: 'v1', kind: 'Role', resource: 'roles', namespaced: true },
  flags: ROLE_FLAGS,
  build(name, p, ctx, warn) {
    const verbs = verbsOf(p);
    const resources = resourcesOf(p);
    const resourceNames = unique(strs(p, 'resource-name'));
    if (verbs.length === 0) throw new KubectlError('at least one verb must be specified');
    for (const v of verbs) if (!VALID_RESOURCE_VERBS.includes(v)) warn(`Warning: '${v}' is not a standard resource verb\n`);
    if (resources.length === 0) throw new KubectlError('at least one resource must be specified');
    // kubectl's RESTMapper is deferred: discovery happens at the first lookup, after these checks.
    const all = discoverResources(ctx.client);
    validateResources(all, verbs, resources);
    return { kind: 'Role', apiVersion: `${RBAC}/v1`, metadata: typedMeta(name), rules: rules(all, verbs, resources, resourceNames, []) } as any;
  },
};

export const clusterRoleGenerator: Generator = {
  names: ['clusterrole'],
  type: { group: RBAC, version: 'v1', kind: 'ClusterRole', resource: 'clusterroles', namespaced: false },
  flags: [...ROLE_FLAGS, { name: 'non-resource-url', type: 'strings' }, { name: 'aggregation-rule', type: 'string' }],
  build(name, p, ctx, warn) {
    const nonResourceURLs = unique(strs(p, 'non-resource-url'));
    const verbs = verbsOf(p);
    const resources = resourcesOf(p);
    const resourceNames = unique(strs(p, 'resource-name'));
    const aggregation = mapStringString(str(p, 'aggregation-rule') ?? '');
    const meta = typedMeta(name);
    if (Object.keys(aggregation).length > 0) {
      if (nonResourceURLs.length || verbs.length || resources.length || resourceNames.length)
        throw new KubectlError('aggregation rule must be specified without nonResourceURLs, verbs, resources or resourceNames');
      return { kind: 'ClusterRole', apiVersion: `${RBAC}/v1`, metadata: meta, rules: null, aggregationRule: { clusterRoleSelectors: [{ matchLabels: sortedMap(aggregation) }] } } as any;
    }
    if (verbs.length === 0) throw new KubectlError('at least one verb must be specified');
    if (resources.length === 0 && nonResourceURLs.length === 0) throw new KubectlError('one of resource or nonResourceURL must be specified');
    const all = resources.length ? discoverResources(ctx.client) : [];
    if (resources.length) {
      for (const v of verbs) if (!VALID_RESOURCE_VERBS.includes(v)) warn(`Warning: '${v}' is not a standard resource verb\n`);
      validateResources(all, verbs, resources);
    }
    if (nonResourceURLs.length) {
      for (const v of verbs) if (!VALID_NON_RESOURCE_VERBS.includes(v)) throw new KubectlError(`invalid verb: '${v}' for nonResourceURL`);
      for (const u of nonResourceURLs) {
        if (u === '*') continue;
        if (u === '' || !u.startsWith('/')) throw new KubectlError('nonResourceURL should start with /');
        if (u.slice(0, -1).includes('*')) throw new KubectlError("nonResourceURL only supports wildcard matches when '*' is at the end");
      }
    }
    return { kind: 'ClusterRole', apiVersion: `${RBAC}/v1`, metadata: meta, rules: rules(all, verbs, resources, resourceNames, nonResourceURLs) } as any;
  },
};

export type { Ctx };
