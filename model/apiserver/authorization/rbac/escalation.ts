/**
 * Escalation prevention (pkg/registry/rbac: role|clusterrole|rolebinding|clusterrolebinding
 * policybased storage, and validation's ConfirmNoEscalation): writing a Role or ClusterRole
 * needs every rule in it to be held already, unless the user may `escalate`; writing a binding
 * needs `bind` on its role or, again, its rules held. system:masters is never checked.
 */
import { semanticEqual } from '../../../api/meta';
import { resourceByName, type ResourceInfo } from '../../../api/registry';
import { errors, StatusError, type StatusReason } from '../../../api/status';
import type { AdmissionAttributes } from '../../admission/attributes';
import type { Identity } from '../../request';
import type { Authorizer } from '../attributes';
import { aggregate, roleReferenceRules, visitRulesFor } from './resolver';
import type { PolicyRule } from './rules';
import type { RbacStore } from './store';

const RBAC = 'rbac.authorization.k8s.io';
const FULL_AUTHORITY: PolicyRule[] = [
  { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
  { verbs: ['*'], nonResourceURLs: ['*'] },
];

// Stryker disable next-line ArrayDeclaration: no list holds a made-up "Stryker was here" verb, group, resource or name
const has = (xs: string[] | undefined, x: string) => (xs ?? []).includes(x);
const hasAll = (xs: string[] | undefined, ys: string[] | undefined) => (ys ?? []).every((y) => has(xs, y));

/** BreakdownRule: one rule per group × resource × verb (× name), and per URL × verb. */
export function breakdownRule(rule: PolicyRule): PolicyRule[] {
  const out: PolicyRule[] = [];
  for (const g of rule.apiGroups ?? [])
    for (const r of rule.resources ?? [])
      for (const v of rule.verbs ?? []) {
        if ((rule.resourceNames ?? []).length) for (const n of rule.resourceNames!) out.push({ apiGroups: [g], resources: [r], verbs: [v], resourceNames: [n] });
        else out.push({ apiGroups: [g], resources: [r], verbs: [v] });
      }
  for (const u of rule.nonResourceURLs ?? []) for (const v of rule.verbs ?? []) out.push({ nonResourceURLs: [u], verbs: [v] });
  return out;
}

function resourceCoversAll(set: string[] | undefined, covers: string[] | undefined): boolean {
  if (has(set, '*') || hasAll(set, covers)) return true;
  // Stryker disable next-line ArrayDeclaration: without resources hasAll has answered above
  for (const path of covers ?? []) {
    // Stryker disable next-line ConditionalExpression: Covers' pieces name one resource each, so an exact match has answered above
    if (has(set, path)) continue;
    const slash = path.indexOf('/');
    if (slash < 0) return false;
    if (!has(set, '*/' + path.slice(slash + 1))) return false;
  }
  return true;
}

const nonResourceURLCovers = (owner: string, sub: string) => owner === sub || (owner.endsWith('*') && sub.startsWith(owner.replace(/\*+$/, '')));

/** ruleCovers. */
function ruleCovers(owner: PolicyRule, sub: PolicyRule): boolean {
  const verbs = has(owner.verbs, '*') || hasAll(owner.verbs, sub.verbs);
  const groups = has(owner.apiGroups, '*') || hasAll(owner.apiGroups, sub.apiGroups);
  const resources = resourceCoversAll(owner.resources, sub.resources);
  // Stryker disable next-line ArrayDeclaration: no piece asks for a made-up "Stryker was here" URL
  const ownerURLs = owner.nonResourceURLs ?? [];
  const urls = (sub.nonResourceURLs ?? []).every((p) => ownerURLs.some((o) => nonResourceURLCovers(o, p)));
  const names = (sub.resourceNames ?? []).length === 0 ? (owner.resourceNames ?? []).length === 0 : (owner.resourceNames ?? []).length === 0 || hasAll(owner.resourceNames, sub.resourceNames);
  return verbs && groups && resources && names && urls;
}

/** Covers: whether the owner's rules cover every piece of the servant's, and the pieces they miss. */
export function covers(owner: PolicyRule[], servant: PolicyRule[]): { ok: boolean; missing: PolicyRule[] } {
  const missing: PolicyRule[] = [];
  for (const rule of servant) for (const sub of breakdownRule(rule)) if (!owner.some((o) => ruleCovers(o, sub))) missing.push(sub);
  return { ok: missing.length === 0, missing };
}

/** simpleResource: the group, resource and (when there is one) name a simple rule is merged under. */
export interface SimpleResource {
  group: string;
  resource: string;
  resourceNameExist: boolean;
  resourceName: string;
}

/** isSimpleResourceRule: one group, one resource, at most one name and no URLs; its key, else undefined. */
export function isSimpleResourceRule(r: PolicyRule): SimpleResource | undefined {
  // Stryker disable next-line ArrayDeclaration: one made-up name is still at most one
  if ((r.resourceNames ?? []).length > 1) return undefined;
  if ((r.nonResourceURLs ?? []).length > 0) return undefined;
  if ((r.apiGroups ?? []).length !== 1 || (r.resources ?? []).length !== 1) return undefined;
  const names = r.resourceNames ?? [];
  return { group: r.apiGroups![0], resource: r.resources![0], resourceNameExist: names.length > 0, resourceName: names[0] ?? '' };
}

/** CompactRules: the simple rules of the same target merged, their verbs appended, after the other rules. */
export function compactRules(rules: PolicyRule[]): PolicyRule[] {
  const out: PolicyRule[] = [];
  const simple = new Map<string, PolicyRule>();
  for (const r of rules) {
    const target = isSimpleResourceRule(r);
    if (!target) {
      out.push(r);
      continue;
    }
    const key = JSON.stringify(target);
    const existing = simple.get(key);
    // A rule without verbs merges as an empty list (upstream appends to a nil slice).
    if (existing) existing.verbs = [...(existing.verbs ?? []), ...(r.verbs ?? [])];
    else simple.set(key, { ...r, verbs: r.verbs && [...r.verbs] });
  }
  return [...out, ...simple.values()];
}

/** Go's %q of a []string: ["a" "b"]. */
const goQuoted = (xs: string[]) => `[${xs.map((x) => JSON.stringify(x)).join(' ')}]`;

/** PolicyRule.CompactString. */
export function compactString(r: PolicyRule): string {
  const parts: string[] = [];
  if ((r.apiGroups ?? []).length) parts.push(`APIGroups:${goQuoted(r.apiGroups!)}`);
  if ((r.resources ?? []).length) parts.push(`Resources:${goQuoted(r.resources!)}`);
  if ((r.nonResourceURLs ?? []).length) parts.push(`NonResourceURLs:${goQuoted(r.nonResourceURLs!)}`);
  if ((r.resourceNames ?? []).length) parts.push(`ResourceNames:${goQuoted(r.resourceNames!)}`);
  // Stryker disable next-line ConditionalExpression,ArrayDeclaration: the rules described are Covers' pieces, compacted: each has a verb
  if ((r.verbs ?? []).length) parts.push(`Verbs:${goQuoted(r.verbs)}`);
  return `{${parts.join(', ')}}`;
}

/** ConfirmNoEscalation: undefined when the user holds every rule, else the reason it is refused. */
export function confirmNoEscalation(store: RbacStore, user: Identity, namespace: string, rules: PolicyRule[]): string | undefined {
  const owned: PolicyRule[] = [];
  const errs: string[] = [];
  // The storages' resolver reads the roles through their registries.
  visitRulesFor(
    store,
    user,
    namespace,
    (_s, rule, err) => {
      if (rule) owned.push(rule);
      if (err !== undefined) errs.push(err);
      return true;
    },
    'registry',
  );
  const { ok, missing } = covers(owned, rules);
  if (ok) return undefined;
  // sets.NewString(...).List(): the descriptions sorted and without duplicates.
  const descriptions = [...new Set(compactRules(missing).map(compactString))].sort();
  let msg = `user ${JSON.stringify(user.user)} (groups=${goQuoted(user.groups)}) is attempting to grant RBAC permissions not currently held:\n${descriptions.join('\n')}`;
  // %v of a []error holding RulesFor's one aggregate error.
  if (errs.length) msg += `; resolution errors: [${aggregate(errs)}]`;
  return msg;
}

/**
 * IsOnlyMutatingGCFields: the new object with the old one's owner references, finalizers and
 * managed fields is the old one (Semantic.DeepEqual: an empty list, labels or annotations as
 * absent), so the garbage collector may always make such an update. False without an old object.
 */
export function isOnlyMutatingGCFields(obj: any, old: any): boolean {
  if (!old) return false;
  const m = old.metadata ?? {};
  const copied = { ...obj, metadata: { ...obj.metadata, ownerReferences: m.ownerReferences, finalizers: m.finalizers, selfLink: m.selfLink, managedFields: m.managedFields } };
  return semanticEqual(semanticForm(copied), semanticForm(old));
}

/** What Semantic.DeepEqual tells apart: empty lists dropped, metadata's empty labels and annotations too. */
function semanticForm(v: any): any {
  // Stryker disable next-line ConditionalExpression: a list read as an object of its indices compares the same
  if (Array.isArray(v)) return v.map(semanticForm);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (!(Array.isArray(x) && x.length === 0)) out[k] = semanticForm(x);
  const meta = out.metadata as any;
  if (meta && typeof meta === 'object')
    for (const k of ['labels', 'annotations']) if (meta[k] && typeof meta[k] === 'object' && Object.keys(meta[k]).length === 0) delete meta[k];
  return out;
}

/** EscalationAllowed: system:masters is the API server's own loopback group. */
export function escalationAllowed(user: Identity): boolean {
  return user.groups.includes('system:masters');
}

/** RoleEscalationAuthorized, for a request on Roles or ClusterRoles: `escalate` on the one it names (a create's URL names none). */
export function roleEscalationAuthorized(a: AdmissionAttributes, authorizer: Authorizer): boolean {
  const r = a.resource;
  const name = a.operation === 'CREATE' ? '' : a.name;
  return authorizer.authorize({ user: a.user, verb: 'escalate', resourceRequest: true, apiGroup: r.group, apiVersion: '*', resource: r.resource, name, namespace: a.namespace ?? '' }).decision === 'allow';
}

/** BindingAuthorized: `bind` on the referenced role, in the binding's namespace (none for a ClusterRoleBinding). */
export function bindingAuthorized(user: Identity, roleRef: any, bindingNamespace: string, authorizer: Authorizer): boolean {
  const resource = roleRef?.kind === 'ClusterRole' ? 'clusterroles' : roleRef?.kind === 'Role' ? 'roles' : '';
  if (!resource) return false;
  const attrs = { user, verb: 'bind', resourceRequest: true, apiGroup: roleRef.apiGroup ?? '', apiVersion: '*', resource, name: roleRef.name ?? '', namespace: bindingNamespace };
  return authorizer.authorize(attrs).decision === 'allow';
}

/** An error that is no metav1.Status, as ErrorToAPIStatus answers it: 500, StatusReasonUnknown, its text. */
const plainError = (message: string) => new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: '' as StatusReason, code: 500 });

/** hasAggregationRule: an aggregationRule with at least one selector. */
const hasAggregationRule = (o: any) => Array.isArray(o?.aggregationRule?.clusterRoleSelectors) && o.aggregationRule.clusterRoleSelectors.length > 0;

/** The checks of the policy-based storages, run on a create or update of an RBAC object. */
export function admitRbacEscalation(a: AdmissionAttributes, store: RbacStore, authorizer: Authorizer): void {
  const r: ResourceInfo = a.resource;
  if (r.group !== RBAC || a.subresource || (a.operation !== 'CREATE' && a.operation !== 'UPDATE')) return;
  if (escalationAllowed(a.user)) return;
  const obj = a.object as any;
  const namespace = a.namespace ?? '';
  const refuse = (why: string): never => {
    throw errors.forbiddenBecause(r, a.name, why);
  };
  if (r.resource === 'roles' || r.resource === 'clusterroles') {
    if (roleEscalationAuthorized(a, authorizer)) return;
    // Only an update has an old object.
    if (isOnlyMutatingGCFields(obj, a.oldObject)) return;
    // Stryker disable next-line ArrayDeclaration: a made-up string is no rule: it breaks down into no piece to hold
    const why = confirmNoEscalation(store, a.user, namespace, Array.isArray(obj.rules) ? obj.rules : []);
    if (why) refuse(why);
    // An aggregationRule gathers anything: setting, changing or dropping one needs * on *.*.
    // Stryker disable next-line ConditionalExpression: a Role has no aggregationRule (decoding drops unknown fields)
    const clusterRole = r.resource === 'clusterroles';
    if (clusterRole && (hasAggregationRule(obj) || hasAggregationRule(a.oldObject)) && confirmNoEscalation(store, a.user, namespace, FULL_AUTHORITY))
      refuse('must have cluster-admin privileges to use the aggregationRule');
    return;
  }
  // RoleBinding, ClusterRoleBinding: `bind` on the role, or hold what it grants.
  if (isOnlyMutatingGCFields(obj, a.oldObject)) return;
  const ref = obj.roleRef ?? {};
  if (bindingAuthorized(a.user, ref, namespace, authorizer)) return;
  const { rules, err, notFound } = roleReferenceRules(store, { name: a.name, namespace, roleRef: { kind: ref.kind ?? '', name: ref.name ?? '' }, subjects: [] }, 'registry');
  // The registry's NotFound as is; any other error (an unsupported kind) is no Status: a 500 with no reason.
  if (err !== undefined) throw notFound ? errors.notFound(resourceByName(ref.kind === 'Role' ? 'roles' : 'clusterroles')!, ref.name ?? '') : plainError(err);
  const why = confirmNoEscalation(store, a.user, namespace, rules!);
  if (why) refuse(why);
}
