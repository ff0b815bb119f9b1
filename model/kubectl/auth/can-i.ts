import type { Parsed } from '../args';
import { KubectlError } from '../errors';
import type { Ctx } from '../kubectl';
import { discoverResources, resourcesFor, type ApiResource } from '../restmapper';
import { accessList } from './can-i-list';

/** CanIOptions' verbs it knows; others are sent anyway, after a warning. */
const RESOURCE_VERBS = new Set(['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection', 'use', 'bind', 'impersonate', '*', 'approve', 'sign', 'escalate', 'attest']);
const NON_RESOURCE_URL_VERBS = new Set(['get', 'put', 'post', 'head', 'options', 'delete', 'patch', '*']);
/** Names RBAC knows that are no API resources (impersonation's): no warning for them. */
const NON_STANDARD_RESOURCE_NAMES = new Set(['users', 'groups']);

interface Gvr {
  group: string;
  version: string;
  resource: string;
}

/**
 * `kubectl auth can-i VERB TYPE[/NAME] | NONRESOURCEURL` (pkg/cmd/auth/cani.go): a
 * SelfSubjectAccessReview for the caller (or whom --as names) in the current namespace (none
 * with -A), printing yes (exit 0) or no (exit 1), with the authorizer's reason after a dash;
 * `--list` prints the rules of a SelfSubjectRulesReview instead.
 */
export function canI(ctx: Ctx, args: string[], p: Parsed): number {
  const list = p.flags.get('list') === true;
  const quiet = p.flags.get('quiet') === true;
  const allNamespaces = p.flags.get('all-namespaces') === true;
  const subresource = String(p.flags.get('subresource') ?? '');
  const warn = (w: string) => (ctx.err += `Warning: ${w}\n`);
  // Complete
  let verb = '';
  let nonResourceURL = '';
  let gvr: Gvr = { group: '', version: '', resource: '' };
  let resourceName = '';
  let discovery: ApiResource[] | undefined;
  if (list) {
    if (args.length !== 0) throw new KubectlError('list option must be specified with no arguments');
  } else if (args.length === 2) {
    verb = args[0];
    if (args[1].startsWith('/')) nonResourceURL = args[1];
    else {
      const slash = args[1].indexOf('/');
      const typ = slash < 0 ? args[1] : args[1].slice(0, slash);
      if (slash >= 0) resourceName = args[1].slice(slash + 1);
      discovery = discoverResources(ctx.client);
      gvr = resourceFor(discovery, typ, warn);
    }
  } else throw new KubectlError("you must specify two arguments: verb resource or verb resource/resourceName.\nSee 'kubectl auth can-i -h' for help and examples.");
  const namespace = allNamespaces ? '' : ctx.namespace;
  // Validate
  if (list) {
    if (quiet || allNamespaces || subresource) throw new KubectlError("list option can't be specified with neither quiet, all-namespaces nor subresource options");
    return accessList(ctx, namespace, p.flags.get('no-headers') === true, warn);
  }
  if (nonResourceURL) {
    if (subresource) throw new KubectlError('--subresource can not be used with NonResourceURL');
    if (!NON_RESOURCE_URL_VERBS.has(verb)) warn(`verb '${verb}' is not a known verb\n`);
  } else if (gvr.resource && !allNamespaces) {
    if (!isNamespaced(gvr, discovery ?? [])) {
      warn(gvr.group ? `resource '${gvr.resource}' is not namespace scoped in group '${gvr.group}'\n` : `resource '${gvr.resource}' is not namespace scoped\n`);
    }
    if (!RESOURCE_VERBS.has(verb)) warn(`verb '${verb}' is not a known verb\n`);
  }
  if (p.flags.get('no-headers') === true) throw new KubectlError('--no-headers cannot be set without --list specified');
  // RunAccessCheck
  const spec = nonResourceURL
    ? { nonResourceAttributes: { path: nonResourceURL, verb } }
    : { resourceAttributes: omitEmpty({ namespace, verb, group: gvr.group, version: gvr.version, resource: gvr.resource, subresource, name: resourceName }) };
  const review = ctx.client.request({
    verb: 'create',
    resource: 'selfsubjectaccessreviews',
    body: { kind: 'SelfSubjectAccessReview', apiVersion: 'authorization.k8s.io/v1', metadata: { creationTimestamp: null }, spec, status: { allowed: false } },
  });
  const status = review.status ?? {};
  if (!quiet) {
    if (status.allowed) ctx.out += 'yes\n';
    else ctx.out += `no${status.reason ? ` - ${status.reason}` : ''}${status.evaluationError ? ` - ${status.evaluationError}` : ''}\n`;
  }
  return status.allowed ? 0 : 1;
}

/**
 * CanIOptions.resourceFor: "*" as it is; TYPE[.VERSION.GROUP] or TYPE[.GROUP] through the REST
 * mapper (short names expanded); a type the server lacks is sent as typed, after a warning.
 */
function resourceFor(all: ApiResource[], arg: string, warn: (w: string) => void): Gvr {
  if (arg === '*') return { group: '', version: '', resource: arg };
  const lower = arg.toLowerCase();
  const dot = lower.indexOf('.');
  const resource = dot < 0 ? lower : lower.slice(0, dot);
  const group = dot < 0 ? '' : lower.slice(dot + 1);
  // schema.ParseResourceArg: "a.b.c" may also be resource a, version b, group c.
  const parts = lower.split('.');
  if (parts.length >= 3) {
    const [res, version, ...g] = parts;
    const m = resourcesFor(all, res).find((r) => r.version === version && r.group === g.join('.'));
    if (m) return { group: m.group, version: m.version, resource: m.resource };
  }
  const m = resourcesFor(all, resource).find((r) => dot < 0 || r.group === group);
  if (m) return { group: m.group, version: m.version, resource: m.resource };
  const shown = dot < 0 ? resource : resource;
  if (!NON_STANDARD_RESOURCE_NAMES.has(dot < 0 ? resource : `${resource}.${group}`))
    warn(group ? `the server doesn't have a resource type '${shown}' in group '${group}'\n` : `the server doesn't have a resource type '${shown}'\n`);
  return { group: '', version: '', resource: arg };
}

/** isNamespaced: "*" counts as namespaced; a resource discovery does not list is not (and fails quietly). */
function isNamespaced(gvr: Gvr, all: ApiResource[]): boolean {
  if (gvr.resource === '*') return true;
  const r = all.find((x) => x.group === gvr.group && x.version === gvr.version && x.resource === gvr.resource);
  // The lookup failing is an error the caller ignores: no warning then.
  return r ? r.namespaced : true;
}

/** Go's omitempty on ResourceAttributes' strings. */
function omitEmpty(o: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== ''));
}
