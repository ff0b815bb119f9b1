/**
 * kubernetes v1.32's escalation tables (component-helpers policy_comparator_test.go;
 * pkg/registry/rbac: validation/policy_compact_test.go, helpers_test.go, role and clusterrole
 * policybased storage_test.go; steps/fixtures/upstream/rbac-escalation.json, whose "source" says
 * what is left out and which rows are kubespec's) run on the model's covers, compactRules,
 * isSimpleResourceRule, isOnlyMutatingGCFields and admitRbacEscalation.
 */
import { Then } from '@cucumber/cucumber';
import { canonicalJSON } from '../../model/api/meta';
import { resourceByName } from '../../model/api/registry';
import { StatusError } from '../../model/api/status';
import type { Operation } from '../../model/apiserver/admission/attributes';
import type { Attributes, Authorizer } from '../../model/apiserver/authorization/attributes';
import { admitRbacEscalation, compactRules, covers, isOnlyMutatingGCFields, isSimpleResourceRule } from '../../model/apiserver/authorization/rbac/escalation';
import { RbacStore } from '../../model/apiserver/authorization/rbac/store';
import type { PolicyRule } from '../../model/apiserver/authorization/rbac/rules';
import { runCases, same, upstreamFixture } from './apps-fakes';
import { identity, rbacEtcd } from './rbac-objects';

const FILE = 'rbac-escalation.json';

/** Rules as a multiset, each as reflect.DeepEqual sees it (a null list is Go's nil). */
const asSet = (rules: PolicyRule[]) => rules.map((r) => canonicalJSON(r)).sort();

/** A fake authorizer: records each request, allows what the predicate does. */
function fakeAuthorizer(allows: (a: Attributes) => boolean): Authorizer & { asked: Attributes[] } {
  const asked: Attributes[] = [];
  return { asked, authorize: (a) => (asked.push(a), { decision: allows(a) ? 'allow' : 'no-opinion', reason: '' }) };
}

/** The policy-based storage's verdict: null when the write goes on, else the Status it fails with. */
function admit(request: any, user: any, objects: any, authorizer: Authorizer): { code: number; reason: string; message: string } | null {
  try {
    const a = { user: identity(user), operation: request.operation as Operation, resource: resourceByName(request.resource)!, namespace: request.namespace || undefined, name: request.name, object: request.object, oldObject: request.oldObject ?? undefined };
    admitRbacEscalation(a, new RbacStore(rbacEtcd(objects ?? {})), authorizer);
    return null;
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    return { code: e.status.code, reason: e.status.reason, message: e.status.message };
  }
}

/** TestEscalation: each user creates, then updates, myrole through the storage. */
function checkEscalation(resource: string) {
  return (c: any): string | undefined => {
    const setup = upstreamFixture(FILE, 'escalationSetup');
    const metadata = c.namespace ? { name: 'myrole', namespace: c.namespace } : { name: 'myrole' };
    const object = { metadata, rules: setup.rules };
    const results = (['CREATE', 'UPDATE'] as const).map((operation) => {
      const auth = fakeAuthorizer((a) => a.user.user === setup.authorizerAllows);
      // The fake storage's Update passes an empty object as the old one.
      const request = { operation, resource, namespace: c.namespace, name: 'myrole', object, oldObject: operation === 'UPDATE' ? { metadata: {} } : undefined };
      const err = admit(request, c.user, setup, auth);
      return { operation, allowed: err === null, forbidden: err?.code === 403, authz: auth.asked.length > 0 };
    });
    return same(results, [
      { operation: 'CREATE', allowed: c.expectAllowed, forbidden: !c.expectAllowed, authz: c.expectAuthz },
      { operation: 'UPDATE', allowed: c.expectAllowed, forbidden: !c.expectAllowed, authz: c.expectAuthz },
    ]);
  };
}

/** The (kubespec) policy-based storage rows: the attributes the authorizer is asked, and the outcome. */
function checkPolicyBasedStorage(c: any): string | undefined {
  const allows = (c.authorizerAllows ?? []) as Record<string, string>[];
  const auth = fakeAuthorizer((a) => allows.some((p) => Object.entries(p).every(([k, v]) => (a as any)[k] === v)));
  const error = admit(c.request, c.user, c.objects, auth);
  const asked = auth.asked.map((a) => ({ verb: a.verb, apiGroup: a.apiGroup, apiVersion: a.apiVersion, resource: a.resource, name: a.name, namespace: a.namespace }));
  return same({ asked, error }, c.want);
}

const checks: Record<string, (c: any) => string | undefined> = {
  covers: (c) => {
    const { ok, missing } = covers(c.ownerRules, c.servantRules);
    return same({ covered: ok, uncovered: asSet(missing) }, { covered: c.expectedCovered, uncovered: asSet(c.expectedUncoveredRules) });
  },
  nonResourceURLCovers: (c) => same(covers([{ verbs: ['get'], nonResourceURLs: [c.owner] }], [{ verbs: ['get'], nonResourceURLs: [c.requested] }]).ok, c.want),
  // TestCompactRules: the input untouched, each side covering the other, the result in any order.
  compactRules: (c) => {
    const before = canonicalJSON(c.rules);
    const compacted = compactRules(c.rules);
    return same(
      { mutated: canonicalJSON(c.rules) !== before, covers: covers(compacted, c.rules).ok && covers(c.rules, compacted).ok, compacted: asSet(compacted) },
      { mutated: false, covers: true, compacted: asSet(c.expected) },
    );
  },
  isSimpleResourceRule: (c) => {
    const s = isSimpleResourceRule(c.rule);
    const resource = s ? { Group: s.group, Resource: s.resource, ResourceNameExist: s.resourceNameExist, ResourceName: s.resourceName } : { Group: '', Resource: '', ResourceNameExist: false, ResourceName: '' };
    return same({ simple: s !== undefined, resource }, { simple: c.simple, resource: c.resource });
  },
  isOnlyMutatingGCFields: (c) => same(isOnlyMutatingGCFields(c.obj, c.old), c.expected),
  roleEscalation: checkEscalation('roles'),
  clusterRoleEscalation: checkEscalation('clusterroles'),
  policyBasedStorage: checkPolicyBasedStorage,
};

Then("every case of upstream's RBAC escalation table {word} holds on the model", function (table: string) {
  runCases(FILE, table, checks[table]);
});
