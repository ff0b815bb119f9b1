/**
 * kubernetes v1.32's RBAC evaluation tables (plugin/pkg/auth/authorizer/rbac: rbac_test.go,
 * subject_locator_test.go; pkg/apis/rbac/helpers_test.go; pkg/registry/rbac/validation/
 * rule_test.go; steps/fixtures/upstream/rbac-authorizer.json, whose "source" says what is left
 * out and why) run on the model's RBACAuthorizer, ruleAllows, resourceMatches and appliesTo.
 */
import { Then } from '@cucumber/cucumber';
import { appliesTo } from '../../model/apiserver/authorization/rbac/resolver';
import { resourceMatches, ruleAllows, type PolicyRule } from '../../model/apiserver/authorization/rbac/rules';
import { canonicalJSON } from '../../model/api/meta';
import { RBACAuthorizer } from '../../model/apiserver/authorization/rbac/authorizer';
import { EtcdStore } from '../../model/etcd/store';
import { runCases, same, upstreamFixture } from './apps-fakes';
import { attributes, deleteObject, identity, putObject, rbacAuthorizer, type RbacObjects } from './rbac-objects';

const FILE = 'rbac-authorizer.json';

/** TestAuthorizer: every shouldPass request allowed, no shouldFail one. */
function checkAuthorizer(c: any): string | undefined {
  const rbac = rbacAuthorizer(c);
  const allowed = (a: any) => rbac.authorize(attributes(a)).decision === 'allow';
  const wrong = [
    ...c.shouldPass.filter((a: any) => !allowed(a)).map((a: any) => `incorrectly restricted ${JSON.stringify(a)}`),
    ...c.shouldFail.filter((a: any) => allowed(a)).map((a: any) => `incorrectly passed ${JSON.stringify(a)}`),
  ];
  return wrong.length ? wrong.join('; ') : undefined;
}

/** TestRuleMatches: RuleAllows for each request. */
function checkRuleMatches(c: any): string | undefined {
  const got = c.requests.map((r: any) => ruleAllows(attributes(r.request), c.rule));
  return same(got, c.requests.map((r: any) => r.expected));
}

/**
 * TestSubjectLocator, asked of the authorizer: of the User and Group subjects the case's
 * bindings name, those allowed the action are those upstream's AllowedSubjects lists (less the
 * evaluator's own system:masters and superUser).
 */
function checkSubjectLocator(c: any): string | undefined {
  const rbac = rbacAuthorizer(c as RbacObjects);
  const key = (s: any) => `${s.kind}:${s.name}`;
  const candidates = [...new Set([...(c.clusterRoleBindings ?? []), ...(c.roleBindings ?? [])].flatMap((b: any) => b.subjects.map(key)))];
  const problems: string[] = [];
  c.actionsToSubjects.forEach((a: any, i: number) => {
    const allowedTo = (k: string) => {
      const [kind, name] = [k.slice(0, k.indexOf(':')), k.slice(k.indexOf(':') + 1)];
      const user = kind === 'User' ? { name } : { name: '', groups: [name] };
      return rbac.authorize(attributes({ ...a.action, user })).decision === 'allow';
    };
    const evaluators = new Set(['Group:system:masters', `User:${c.superUser}`]);
    const want = a.subjects.map(key).filter((k: string) => !evaluators.has(k));
    const problem = same(candidates.filter(allowedTo).sort(), [...want].sort());
    if (problem) problems.push(`action ${i}: ${problem}`);
  });
  return problems.length ? problems.join('; ') : undefined;
}

/** A rule as Go's DeepEqual sees it once sorted: nil and empty lists alike. */
const asRule = (r: PolicyRule) => canonicalJSON(Object.fromEntries(Object.entries(r).filter(([, v]) => !(Array.isArray(v) && v.length === 0))));

/** TestDefaultRuleResolver: RulesFor's rules, in any order, complete and without error. */
function checkDefaultRuleResolver(c: any): string | undefined {
  const got = rbacAuthorizer(upstreamFixture(FILE, 'staticRoles1')).rulesFor(identity(c.user), c.namespace);
  const rules = [...got.resourceRules, ...got.nonResourceRules].map(asRule).sort();
  return same({ rules, incomplete: got.incomplete, error: got.evaluationError ?? null }, { rules: (c.effectiveRules ?? []).map(asRule).sort(), incomplete: false, error: null });
}

/** The (kubespec) store rows: the ops on etcd, the authorizer watching it, then each request. */
function checkStore(c: any): string | undefined {
  const etcd = new EtcdStore();
  const rbac = new RBACAuthorizer(etcd);
  let snapshot: ReturnType<EtcdStore['snapshot']> | undefined;
  for (const op of c.ops) {
    if (op.put) putObject(etcd, op.put);
    if (op.delete) deleteObject(etcd, op.delete);
    if (op.snapshot) snapshot = etcd.snapshot();
    if (op.restore) etcd.restore(snapshot!);
    if (op.resync) rbac.store.resync();
  }
  return same(
    c.expect.map((e: any) => rbac.authorize(attributes(e.request)).decision === 'allow'),
    c.expect.map((e: any) => e.allowed),
  );
}

/** RulesFor's answer with Go's nil and empty lists alike. */
const withoutEmpty = (o: any): unknown => JSON.parse(JSON.stringify(o, (_k, v) => (Array.isArray(v) && v.length === 0 ? undefined : v)));

const checks: Record<string, (c: any) => string | undefined> = {
  authorizer: checkAuthorizer,
  ruleMatches: checkRuleMatches,
  resourceMatches: (c) => same(resourceMatches({ verbs: [], resources: c.ruleResources }, c.combinedRequestedResource, c.requestedSubresource), c.expected),
  subjectLocator: checkSubjectLocator,
  authorizerReasons: (c) => same(rbacAuthorizer(upstreamFixture(FILE, 'reasonObjects')).authorize(attributes(c.request)), { decision: c.decision, reason: c.reason }),
  rbacRulesFor: (c) => {
    const got = rbacAuthorizer(upstreamFixture(FILE, 'rulesForObjects')).rulesFor(identity(c.user), c.namespace);
    return same(withoutEmpty(got), withoutEmpty(c.want));
  },
  rbacStore: checkStore,
  defaultRuleResolver: checkDefaultRuleResolver,
  // TestAppliesTo: whether a subject applies, and the index of the first that does (0 when none).
  appliesTo: (c) => {
    const s = appliesTo(identity(c.user), c.subjects, c.namespace);
    return same({ appliesTo: s !== undefined, index: s ? c.subjects.indexOf(s) : 0 }, { appliesTo: c.appliesTo, index: c.index });
  },
};

Then("every case of upstream's RBAC evaluation table {word} holds on the model", function (table: string) {
  runCases(FILE, table, checks[table]);
});
