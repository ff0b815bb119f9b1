/**
 * RBAC's rule evaluation as upstream's own unit tests have it (kubernetes v1.32:
 * plugin/pkg/auth/authorizer/rbac/rbac_test.go, pkg/registry/rbac/validation/rule_test.go,
 * policy_comparator_test.go, policy_compact_test.go), run against the model's functions.
 * Rules are written in steps/support/rbac-notation.ts's notation.
 */
import { Given, Then, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import { etcdKey, resourceByName } from '../model/api/registry';
import { RBACAuthorizer } from '../model/apiserver/authorization/rbac/authorizer';
import { compactRules, covers } from '../model/apiserver/authorization/rbac/escalation';
import { ruleAllows, type PolicyRule } from '../model/apiserver/authorization/rbac/rules';
import { encode } from '../model/apiserver/objects';
import type { Identity } from '../model/apiserver/request';
import { EtcdStore } from '../model/etcd/store';
import { formatRule, parseRule, parseRules, parseSubjects } from './support/rbac-notation';

/** A set of rules as upstream's tests compare them: order does not matter. */
const asSet = (rules: PolicyRule[]): string[] => rules.map(formatRule).sort();

const identity = (user: string, groups: string): Identity => ({ user, groups: groups ? groups.split(',') : [] });

const RESOURCES: Record<string, string> = { ClusterRole: 'clusterroles', Role: 'roles', ClusterRoleBinding: 'clusterrolebindings', RoleBinding: 'rolebindings' };

/** Puts RBAC objects straight into etcd (as upstream's NewTestRuleResolver takes them, unvalidated). */
function putRbac(etcd: EtcdStore, kind: string, namespace: string, name: string, body: object): void {
  const r = resourceByName(RESOURCES[kind])!;
  const metadata = namespace ? { name, namespace } : { name };
  etcd.put(etcdKey(r, namespace || undefined, name), encode({ apiVersion: 'rbac.authorization.k8s.io/v1', kind, metadata, ...body } as any));
}

const objectsOf = new WeakMap<object, EtcdStore>();

Given('these RBAC objects are in etcd:', function (this: object, table: DataTable) {
  const etcd = new EtcdStore();
  for (const row of table.hashes()) {
    if (row.kind.endsWith('Binding')) {
      const [refKind, refName] = row.role.split('/');
      putRbac(etcd, row.kind, row.namespace, row.name, { roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: refKind, name: refName }, subjects: parseSubjects(row.subjects) });
    } else putRbac(etcd, row.kind, row.namespace, row.name, { rules: parseRules(row.rules) });
  }
  objectsOf.set(this, etcd);
});

/** The RBAC authorizer started on the scenario's etcd (it reads what is there, then watches). */
function authorizerOf(world: object): RBACAuthorizer {
  const etcd = objectsOf.get(world);
  if (!etcd) throw new Error('no RBAC objects: start with "these RBAC objects are in etcd:"');
  return new RBACAuthorizer(etcd);
}

const yesNo = (b: boolean) => (b ? 'yes' : 'no');

Then('the RBAC authorizer allows exactly these requests:', function (this: object, table: DataTable) {
  const rbac = authorizerOf(this);
  const got = table.hashes().map((row) => {
    const user = identity(row.user, row.groups);
    const attrs = row.path
      ? { user, verb: row.verb, resourceRequest: false, path: row.path }
      : { user, verb: row.verb, resourceRequest: true, apiGroup: '', resource: row.resource, subresource: row.subresource, namespace: row.namespace };
    return { ...row, allowed: yesNo(rbac.authorize(attrs).decision === 'allow') };
  });
  expect(got).toEqual(table.hashes());
});

Then('RulesFor gives each user exactly these rules:', function (this: object, table: DataTable) {
  const rbac = authorizerOf(this);
  const got = table.hashes().map((row) => {
    const r = rbac.rulesFor(identity(row.user, row.groups), row.namespace);
    return { ...row, rules: asSet([...r.resourceRules, ...r.nonResourceRules]).join('; ') };
  });
  expect(got).toEqual(table.hashes().map((row) => ({ ...row, rules: asSet(parseRules(row.rules)).join('; ') })));
});

Then('a binding to these subjects applies to the user exactly when upstream says:', function (table: DataTable) {
  const got = table.hashes().map((row) => {
    const etcd = new EtcdStore();
    putRbac(etcd, 'ClusterRole', '', 'read-pods', { rules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }] });
    const body = { roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'read-pods' }, subjects: parseSubjects(row.subjects) };
    putRbac(etcd, row.namespace ? 'RoleBinding' : 'ClusterRoleBinding', row.namespace, 'binding', body);
    const rules = new RBACAuthorizer(etcd).rulesFor(identity(row.user, row.groups), row.namespace).resourceRules;
    return { ...row, applies: yesNo(rules.length > 0) };
  });
  expect(got).toEqual(table.hashes());
});

Then('RuleAllows answers for each rule and request:', function (table: DataTable) {
  const got = table.hashes().map((row) => {
    const user = identity('', '');
    const attrs = row.path
      ? { user, verb: row.verb, resourceRequest: false, path: row.path }
      : { user, verb: row.verb, resourceRequest: true, apiGroup: row.group, resource: row.resource, subresource: row.subresource, name: row.name };
    return { ...row, allowed: yesNo(ruleAllows(attrs, parseRule(row.rule))) };
  });
  expect(got).toEqual(table.hashes());
});

Then("Covers of the owner's rules over the servant's answers:", function (table: DataTable) {
  const got = table.hashes().map((row) => {
    const { ok, missing } = covers(parseRules(row.owner), parseRules(row.servant));
    return { ...row, covered: yesNo(ok), uncovered: asSet(missing).join('; ') };
  });
  expect(got).toEqual(table.hashes().map((row) => ({ ...row, uncovered: asSet(parseRules(row.uncovered)).join('; ') })));
});

Then('a non-resource URL rule covers a requested URL exactly when upstream says:', function (table: DataTable) {
  const got = table.hashes().map((row) => {
    const { ok } = covers([{ verbs: ['get'], nonResourceURLs: [row.owner] }], [{ verbs: ['get'], nonResourceURLs: [row.requested] }]);
    return { ...row, covers: yesNo(ok) };
  });
  expect(got).toEqual(table.hashes());
});

Then('CompactRules merges the rules as upstream does:', function (table: DataTable) {
  for (const row of table.hashes()) {
    const rules = parseRules(row.rules);
    const before = JSON.stringify(rules);
    const compacted = compactRules(rules);
    // As upstream's test checks: the input is left alone, and each side covers the other.
    expect({ case: row.case, input: JSON.stringify(rules) }).toEqual({ case: row.case, input: before });
    expect({ case: row.case, covers: covers(compacted, rules).ok && covers(rules, compacted).ok }).toEqual({ case: row.case, covers: true });
    expect({ case: row.case, compacted: asSet(compacted) }).toEqual({ case: row.case, compacted: asSet(parseRules(row.compacted)) });
  }
});
