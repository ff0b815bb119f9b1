/**
 * pkg/registry/rbac/validation's DefaultRuleResolver: VisitRulesFor walks the rules of every
 * ClusterRoleBinding that names the user (one of its groups, or its ServiceAccount), then, in a
 * namespace, those of the namespace's RoleBindings; RulesFor collects them. A binding whose role
 * is missing contributes an error instead of rules (the lister's NotFound text).
 */
import { mutant } from '../../../sim/mutants';
import type { Identity } from '../../request';
import type { PolicyRule, RulesForResult } from './rules';
import { roleBindingsOfAllNamespaces, type Binding, type RbacStore, type Subject } from './store';

/** Called for each rule (with where it came from) or error; returning false stops the walk. */
export type RuleVisitor = (source: string | undefined, rule: PolicyRule | undefined, err: string | undefined) => boolean;

const SA_PREFIX = 'system:serviceaccount:';

/** The subject keys of the store's index a user may be named by. */
function keysOf(user: Identity): string[] {
  const keys = [`u:${user.user}`, ...user.groups.map((g) => `g:${g}`)];
  // Stryker disable next-line ConditionalExpression: the index only narrows the bindings: appliesToUser compares the whole name
  if (user.user.startsWith(SA_PREFIX)) {
    const parts = user.user.slice(SA_PREFIX.length).split(':');
    // Stryker disable next-line ConditionalExpression: as above, a wrong key finds nothing appliesToUser would take
    if (parts.length === 2) keys.push(`sa:${parts[0]}:${parts[1]}`);
  }
  return keys;
}

/** appliesToUser. */
function appliesToUser(user: Identity, s: Subject, namespace: string): boolean {
  switch (s.kind) {
    case 'User':
      return user.user === s.name;
    case 'Group':
      return user.groups.includes(s.name);
    case 'ServiceAccount': {
      const ns = s.namespace || namespace;
      return ns !== '' && user.user === `${SA_PREFIX}${ns}:${s.name}`;
    }
    default:
      return false;
  }
}

/** appliesTo: the first subject of the binding that names the user. */
export function appliesTo(user: Identity, subjects: Subject[], namespace: string): Subject | undefined {
  return subjects.find((s) => appliesToUser(user, s, namespace));
}

function describeSubject(s: Subject, bindingNamespace: string): string {
  if (s.kind === 'ServiceAccount') return `${s.kind} ${JSON.stringify(`${s.name}/${s.namespace || bindingNamespace}`)}`;
  return `${s.kind} ${JSON.stringify(s.name)}`;
}

/** clusterRoleBindingDescriber / roleBindingDescriber: where an allowing rule came from. */
function describe(b: Binding, s: Subject): string {
  if (!b.namespace) return `ClusterRoleBinding ${JSON.stringify(b.name)} of ${b.roleRef.kind} ${JSON.stringify(b.roleRef.name)} to ${describeSubject(s, '')}`;
  return `RoleBinding ${JSON.stringify(`${b.name}/${b.namespace}`)} of ${b.roleRef.kind} ${JSON.stringify(b.roleRef.name)} to ${describeSubject(s, b.namespace)}`;
}

/**
 * Who reads the roles, which words a missing one gets: the authorizer's listers say
 * `role.rbac.authorization.k8s.io "x" not found`, the RBAC storages' registries (their escalation
 * checks' resolver, storage_rbac.go) the store's `roles.rbac.authorization.k8s.io "x" not found`.
 */
export type RoleSource = 'lister' | 'registry';

/** GetRoleReferenceRules: a Role in the binding's namespace, or a ClusterRole; notFound when the role is missing. */
export function roleReferenceRules(store: RbacStore, b: Binding, source: RoleSource = 'lister'): { rules?: PolicyRule[]; err?: string; notFound?: boolean } {
  const ref = b.roleRef;
  const missing = (kind: string) => ({ err: `${kind}${source === 'registry' ? 's' : ''}.rbac.authorization.k8s.io ${JSON.stringify(ref.name)} not found`, notFound: true });
  if (ref.kind === 'Role') {
    const rules = store.role(b.namespace, ref.name);
    return rules ? { rules } : missing('role');
  }
  if (ref.kind === 'ClusterRole') {
    const rules = store.clusterRole(ref.name);
    return rules ? { rules } : missing('clusterrole');
  }
  return { err: `unsupported role reference kind: ${JSON.stringify(ref.kind)}` };
}

/** VisitRulesFor. */
export function visitRulesFor(store: RbacStore, user: Identity, namespace: string, visit: RuleVisitor, roles: RoleSource = 'lister'): void {
  const keys = keysOf(user);
  const walk = (bindings: Binding[], ns: string): boolean => {
    for (const b of bindings) {
      const subject = appliesTo(user, b.subjects, ns);
      if (!subject) continue;
      const { rules, err } = roleReferenceRules(store, b, roles);
      if (err !== undefined) {
        // Stryker disable next-line BooleanLiteral: every visitor goes on after an error, so this return is never reached
        if (!visit(undefined, undefined, err)) return false;
        continue;
      }
      const source = describe(b, subject);
      for (const rule of rules!) if (!visit(source, rule, undefined)) return false;
    }
    return true;
  };
  // Stryker disable next-line StringLiteral: a ClusterRoleBinding's ServiceAccount without a namespace is indexed under none, and names no one
  if (!walk(store.clusterRoleBindingsFor(keys), '')) return;
  // The bug zoo: RoleBindings of other namespaces granting here.
  if (mutant('rbac-ignores-rolebinding-namespace')) {
    for (const ns of store.bindingNamespaces()) if (!walk(roleBindingsOfAllNamespaces(store, [ns], keys), ns)) return;
    return;
  }
  // Stryker disable next-line ConditionalExpression: no RoleBinding is in the namespace ""
  if (namespace) walk(store.roleBindingsFor(namespace, keys), namespace);
}

/** utilerrors.NewAggregate(errs).Error(): one error alone, several in brackets. */
export function aggregate(errs: string[]): string {
  return errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`;
}

/** RBACAuthorizer.RulesFor: the rules, split into resource and non-resource rules; never incomplete. */
export function rulesFor(store: RbacStore, user: Identity, namespace: string): RulesForResult {
  // Stryker disable next-line ArrayDeclaration: a made-up string has neither resources nor URLs, so it is listed nowhere
  const rules: PolicyRule[] = [];
  const errs: string[] = [];
  visitRulesFor(store, user, namespace, (_source, rule, err) => {
    if (rule) rules.push(rule);
    if (err !== undefined) errs.push(err);
    return true;
  });
  const out: RulesForResult = {
    resourceRules: rules.filter((r) => (r.resources ?? []).length > 0).map((r) => ({ verbs: r.verbs, apiGroups: r.apiGroups ?? [], resources: r.resources, resourceNames: r.resourceNames ?? [] })),
    nonResourceRules: rules.filter((r) => (r.nonResourceURLs ?? []).length > 0).map((r) => ({ verbs: r.verbs, nonResourceURLs: r.nonResourceURLs })),
    incomplete: false,
  };
  if (errs.length) out.evaluationError = aggregate(errs);
  return out;
}
