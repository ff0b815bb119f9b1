/**
 * Escalation prevention (pkg/registry/rbac: role|clusterrole|rolebinding|clusterrolebinding
 * policybased storage, and validation's ConfirmNoEscalation): writing a Role or ClusterRole
 * needs every rule in it to be held already, unless the user may `escalate`; writing a binding
 * needs `bind` on its role or, again, its rules held. system:masters is never checked.
 */
import { canonicalJSON } from '../../../api/meta';
import type { ResourceInfo } from '../../../api/registry';
import { errors } from '../../../api/status';
import type { AdmissionAttributes } from '../../admission/attributes';
import type { Identity } from '../../request';
import type { Authorizer } from '../attributes';
import { roleReferenceRules, visitRulesFor } from './resolver';
import type { PolicyRule } from './rules';
import type { RbacStore } from './store';

const RBAC = 'rbac.authorization.k8s.io';
const FULL_AUTHORITY: PolicyRule[] = [
  { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
  { verbs: ['*'], nonResourceURLs: ['*'] },
];

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
  for (const path of covers ?? []) {
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
  const urls = (sub.nonResourceURLs ?? []).every((p) => (owner.nonResourceURLs ?? []).some((o) => nonResourceURLCovers(o, p)));
  const names = (sub.resourceNames ?? []).length === 0 ? (owner.resourceNames ?? []).length === 0 : (owner.resourceNames ?? []).length === 0 || hasAll(owner.resourceNames, sub.resourceNames);
  return verbs && groups && resources && names && urls;
}

/** Covers: whether the owner's rules cover every piece of the servant's, and the pieces they miss. */
export function covers(owner: PolicyRule[], servant: PolicyRule[]): { ok: boolean; missing: PolicyRule[] } {
  const missing: PolicyRule[] = [];
  for (const rule of servant) for (const sub of breakdownRule(rule)) if (!owner.some((o) => ruleCovers(o, sub))) missing.push(sub);
  return { ok: missing.length === 0, missing };
}

/** CompactRules: the simple rules (one group, one resource, at most one name) of the same target merged, their verbs appended. */
export function compactRules(rules: PolicyRule[]): PolicyRule[] {
  const out: PolicyRule[] = [];
  const simple = new Map<string, PolicyRule>();
  const order: string[] = [];
  for (const r of rules) {
    const isSimple = (r.resourceNames ?? []).length <= 1 && !(r.nonResourceURLs ?? []).length && (r.apiGroups ?? []).length === 1 && (r.resources ?? []).length === 1;
    if (!isSimple) {
      out.push(r);
      continue;
    }
    const key = JSON.stringify([r.apiGroups![0], r.resources![0], r.resourceNames?.[0] ?? null]);
    const existing = simple.get(key);
    // A rule without verbs merges as an empty list (upstream appends to a nil slice).
    if (existing) existing.verbs = [...(existing.verbs ?? []), ...(r.verbs ?? [])];
    else simple.set(key, { ...r, verbs: r.verbs && [...r.verbs] }), order.push(key);
  }
  return [...out, ...order.map((k) => simple.get(k)!)];
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
  if ((r.verbs ?? []).length) parts.push(`Verbs:${goQuoted(r.verbs)}`);
  return `{${parts.join(', ')}}`;
}

/** ConfirmNoEscalation: undefined when the user holds every rule, else the reason it is refused. */
export function confirmNoEscalation(store: RbacStore, user: Identity, namespace: string, rules: PolicyRule[]): string | undefined {
  const owned: PolicyRule[] = [];
  const errs: string[] = [];
  visitRulesFor(store, user, namespace, (_s, rule, err) => {
    if (rule) owned.push(rule);
    if (err !== undefined) errs.push(err);
    return true;
  });
  const { ok, missing } = covers(owned, rules);
  if (ok) return undefined;
  // sets.NewString(...).List(): the descriptions sorted and without duplicates.
  const descriptions = [...new Set(compactRules(missing).map(compactString))].sort();
  let msg = `user ${JSON.stringify(user.user)} (groups=${goQuoted(user.groups)}) is attempting to grant RBAC permissions not currently held:\n${descriptions.join('\n')}`;
  if (errs.length) msg += `; resolution errors: [${errs.join(' ')}]`;
  return msg;
}

const strip = (o: any) => canonicalJSON({ ...o, metadata: { ...o.metadata, resourceVersion: undefined, managedFields: undefined, ownerReferences: undefined, finalizers: undefined } });

/** The checks of the policy-based storages, run on a create or update of an RBAC object. */
export function admitRbacEscalation(a: AdmissionAttributes, store: RbacStore, authorizer: Authorizer): void {
  const r: ResourceInfo = a.resource;
  if (r.group !== RBAC || a.subresource || (a.operation !== 'CREATE' && a.operation !== 'UPDATE')) return;
  // EscalationAllowed: system:masters is the API server's own loopback group.
  if (a.user.groups.includes('system:masters')) return;
  const obj = a.object as any;
  // IsOnlyMutatingGCFields: the garbage collector may always edit owner references and finalizers.
  if (a.operation === 'UPDATE' && a.oldObject && strip(obj) === strip(a.oldObject)) return;
  const namespace = a.namespace ?? '';
  const allowed = (verb: string, resource: string, name: string) =>
    authorizer.authorize({ user: a.user, verb, resourceRequest: true, apiGroup: RBAC, apiVersion: '*', resource, name, namespace }).decision === 'allow';
  const refuse = (why: string): never => {
    throw errors.forbiddenBecause(r, a.name, why);
  };
  if (r.resource === 'roles' || r.resource === 'clusterroles') {
    if (allowed('escalate', r.resource, a.name)) return;
    const why = confirmNoEscalation(store, a.user, namespace, Array.isArray(obj.rules) ? obj.rules : []);
    if (why) refuse(why);
    if (r.resource === 'clusterroles' && obj.aggregationRule && confirmNoEscalation(store, a.user, namespace, FULL_AUTHORITY))
      refuse('must have cluster-admin privileges to use the aggregationRule');
    return;
  }
  // RoleBinding, ClusterRoleBinding: `bind` on the role, or hold what it grants.
  const ref = obj.roleRef ?? {};
  const roleResource = ref.kind === 'ClusterRole' ? 'clusterroles' : ref.kind === 'Role' ? 'roles' : '';
  if (roleResource && allowed('bind', roleResource, ref.name ?? '')) return;
  const { rules, err } = roleReferenceRules(store, { name: a.name, namespace, roleRef: { kind: ref.kind ?? '', name: ref.name ?? '' }, subjects: [] });
  if (err !== undefined) throw errors.internal(err);
  const why = confirmNoEscalation(store, a.user, namespace, rules!);
  if (why) refuse(why);
}
