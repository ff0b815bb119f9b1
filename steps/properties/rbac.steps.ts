/**
 * The RBAC property (features/rbac.feature): random Roles, ClusterRoles and bindings, and random
 * requests; the model's RBAC authorizer (fed from etcd through its subject index) allows exactly
 * what the plain reference (rbac-reference.ts) allows. And through the whole API server: a
 * request RBAC denies is 403 and leaves etcd's revision where it was.
 */
import { Then } from '@cucumber/cucumber';
import fc from 'fast-check';
import { expect } from 'expect';
import { etcdKey, resourceByName } from '../../model/api/registry';
import { StatusError } from '../../model/api/status';
import { RBACAuthorizer } from '../../model/apiserver/authorization/rbac/authorizer';
import { encode } from '../../model/apiserver/objects';
import { Cluster } from '../../model/cluster';
import { EtcdStore } from '../../model/etcd/store';
import { activeMutant } from '../../model/sim/mutants';
import type { Identity } from '../../model/apiserver/request';
import type { KubespecWorld } from '../world';
import { referenceAllows, type RefBinding, type RefPolicy, type RefRequest, type RefRule } from './rbac-reference';

const PROPERTY_TIMEOUT_MS = 10 * 60_000;
const DEFAULT_SEED = 20261130;
const RBAC = 'rbac.authorization.k8s.io';

const NAMESPACES = ['a', 'b'];
const USERS = ['ann', 'ben', 'system:serviceaccount:a:bot', 'system:serviceaccount:b:bot'];
const GROUPS = ['dev', 'ops', 'system:serviceaccounts'];
const VERBS = ['get', 'list', 'create', 'delete', 'update'];
const TARGETS: [string, string, string][] = [
  ['', 'pods', ''],
  ['', 'pods', 'log'],
  ['', 'configmaps', ''],
  ['apps', 'deployments', ''],
  ['apps', 'deployments', 'scale'],
  ['apps', 'replicasets', 'scale'],
];
const PATHS = ['/healthz', '/healthz/etcd', '/version', '/metrics'];

const star = fc.constant<string[]>(['*']);
const sub = <T>(xs: T[], max = 2) => fc.uniqueArray(fc.constantFrom(...xs), { minLength: 1, maxLength: max });

const resourceRule: fc.Arbitrary<RefRule> = fc.record({
  verbs: fc.oneof(sub(VERBS, 3), star),
  apiGroups: fc.oneof(sub(['', 'apps']), star),
  resources: fc.oneof(sub(['pods', 'pods/log', 'configmaps', 'deployments', 'deployments/scale', '*/scale']), star),
  resourceNames: fc.oneof(fc.constant<string[]>([]), sub(['x', 'y'], 1)),
});
const urlRule: fc.Arbitrary<RefRule> = fc.record({ verbs: fc.oneof(fc.constant<string[]>(['get']), star), nonResourceURLs: sub(['/healthz', '/healthz/*', '/version', '*'], 2) });

const subject = fc.oneof(
  fc.record({ kind: fc.constant('User'), name: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('Group'), name: fc.constantFrom(...GROUPS) }),
  fc.record({ kind: fc.constant('ServiceAccount'), name: fc.constant('bot'), namespace: fc.constantFrom(undefined, ...NAMESPACES) }),
);
const roleNames = ['r1', 'r2', 'missing'];
const binding = (namespaced: boolean): fc.Arbitrary<RefBinding> =>
  fc.record({
    name: fc.constantFrom('b1', 'b2', 'b3'),
    namespace: namespaced ? fc.constantFrom(...NAMESPACES) : fc.constant(undefined),
    roleRef: fc.record({ kind: namespaced ? fc.constantFrom('Role', 'ClusterRole') : fc.constant('ClusterRole'), name: fc.constantFrom(...roleNames) }),
    subjects: fc.array(subject, { minLength: 1, maxLength: 2 }),
  });

const policy: fc.Arbitrary<RefPolicy> = fc
  .record({
    clusterRoles: fc.record({ r1: fc.array(fc.oneof(resourceRule, urlRule), { maxLength: 3 }), r2: fc.array(resourceRule, { maxLength: 2 }) }),
    roles: fc.record({ 'a/r1': fc.array(resourceRule, { maxLength: 2 }), 'b/r2': fc.array(resourceRule, { maxLength: 2 }) }),
    clusterRoleBindings: fc.uniqueArray(binding(false), { maxLength: 2, selector: (b) => b.name }),
    roleBindings: fc.uniqueArray(binding(true), { maxLength: 3, selector: (b) => `${b.namespace}/${b.name}` }),
  })
  .map((p) => p as RefPolicy);

const identity = fc.record({ user: fc.constantFrom(...USERS), groups: fc.subarray(GROUPS) }).map(({ user, groups }) => ({
  user,
  // A ServiceAccount is always in system:serviceaccounts; everyone in system:authenticated.
  groups: [...new Set([...groups.filter((g) => g !== 'system:serviceaccounts' || user.startsWith('system:serviceaccount:')), ...(user.startsWith('system:serviceaccount:') ? ['system:serviceaccounts'] : []), 'system:authenticated'])],
}));

const request: fc.Arbitrary<RefRequest> = fc.oneof(
  fc.record({ id: identity, verb: fc.constantFrom(...VERBS), t: fc.constantFrom(...TARGETS), namespace: fc.constantFrom('', ...NAMESPACES), name: fc.constantFrom('', 'x', 'y') }).map(({ id, verb, t, namespace, name }) => ({
    ...id,
    verb,
    resource: { group: t[0], resource: t[1], subresource: t[2], namespace, name },
  })),
  fc.record({ id: identity, path: fc.constantFrom(...PATHS) }).map(({ id, path }) => ({ ...id, verb: 'get', path })),
);

function store(etcd: EtcdStore, resource: string, obj: any): void {
  const r = resourceByName(resource)!;
  etcd.put(etcdKey(r, obj.metadata.namespace, obj.metadata.name), encode({ apiVersion: `${RBAC}/v1`, kind: r.kind, ...obj }));
}

const bindingObject = (b: RefBinding) => ({
  metadata: { name: b.name, ...(b.namespace ? { namespace: b.namespace } : {}) },
  roleRef: { apiGroup: RBAC, kind: b.roleRef.kind, name: b.roleRef.name },
  subjects: b.subjects.map((s) => (s.kind === 'ServiceAccount' ? { kind: s.kind, name: s.name, ...(s.namespace ? { namespace: s.namespace } : {}) } : { kind: s.kind, apiGroup: RBAC, name: s.name })),
});

function check(prop: fc.IPropertyWithHooks<any>, runs: number, seedHint: string): void {
  const details = fc.check(prop, { seed: Number(process.env.KUBESPEC_SEED ?? DEFAULT_SEED), numRuns: runs, endOnFailure: true, ...(process.env.KUBESPEC_PATH ? { path: process.env.KUBESPEC_PATH } : {}) });
  if (details.failed) {
    const mutant = activeMutant() ? ` (mutant ${activeMutant()})` : '';
    throw new Error(fc.defaultReportMessage(details) + `${mutant}\nReplay: KUBESPEC_SEED=${details.seed} KUBESPEC_PATH="${details.counterexamplePath}" npx cucumber-js features/rbac.feature --tags ${seedHint}`);
  }
}

Then('for random RBAC objects and requests, the RBAC authorizer allows exactly what the reference allows', { timeout: PROPERTY_TIMEOUT_MS }, function (this: KubespecWorld) {
  check(
    fc.property(policy, fc.array(request, { minLength: 1, maxLength: 12 }), fc.nat(), (p, requests, split) => {
      const etcd = new EtcdStore();
      const objects: [string, any][] = [
        ...Object.entries(p.clusterRoles).map(([name, rules]) => ['clusterroles', { metadata: { name }, rules }] as [string, any]),
        ...Object.entries(p.roles).map(([key, rules]) => ['roles', { metadata: { namespace: key.split('/')[0], name: key.split('/')[1] }, rules }] as [string, any]),
        ...p.clusterRoleBindings.map((b) => ['clusterrolebindings', bindingObject(b)] as [string, any]),
        ...p.roleBindings.map((b) => ['rolebindings', bindingObject(b)] as [string, any]),
      ];
      // Some objects are in etcd before the authorizer starts (its list), the rest arrive by its watch.
      const before = split % (objects.length + 1);
      for (const [res, o] of objects.slice(0, before)) store(etcd, res, o);
      const authz = new RBACAuthorizer(etcd);
      for (const [res, o] of objects.slice(before)) store(etcd, res, o);
      for (const req of requests) {
        const r = req.resource;
        const got = authz.authorize({
          user: { user: req.user, groups: req.groups },
          verb: req.verb,
          resourceRequest: !!r,
          ...(r ? { apiGroup: r.group, resource: r.resource, subresource: r.subresource || undefined, namespace: r.namespace || undefined, name: r.name || undefined } : { path: req.path }),
        } as any);
        expect({ request: req, allowed: got.decision === 'allow' }).toEqual({ request: req, allowed: referenceAllows(p, req) });
      }
    }),
    this.parameters.propertyRuns * 8,
    '@B11',
  );
});

Then('a write RBAC denies is 403 Forbidden and leaves etcd as it was', { timeout: PROPERTY_TIMEOUT_MS }, function (this: KubespecWorld) {
  const cluster = new Cluster({ seed: 1 });
  cluster.admin.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'a' } } as any);
  cluster.admin.create('rolebindings', 'a', { apiVersion: `${RBAC}/v1`, kind: 'RoleBinding', metadata: { name: 'ann-edit' }, roleRef: { apiGroup: RBAC, kind: 'ClusterRole', name: 'edit' }, subjects: [{ kind: 'User', apiGroup: RBAC, name: 'ann' }] } as any);
  cluster.admin.create('clusterrolebindings', undefined, { apiVersion: `${RBAC}/v1`, kind: 'ClusterRoleBinding', metadata: { name: 'ops-view' }, roleRef: { apiGroup: RBAC, kind: 'ClusterRole', name: 'view' }, subjects: [{ kind: 'Group', apiGroup: RBAC, name: 'ops' }] } as any);
  let n = 0;
  const write = fc.record({
    who: fc.constantFrom<Identity[]>({ user: 'ann', groups: ['system:authenticated'] }, { user: 'ben', groups: ['ops', 'system:authenticated'] }, { user: 'cat', groups: ['system:authenticated'] }),
    verb: fc.constantFrom('create', 'delete', 'update'),
    resource: fc.constantFrom('configmaps', 'secrets', 'namespaces', 'clusterroles', 'roles'),
    namespace: fc.constantFrom('a', 'default'),
  });
  check(
    fc.property(write, ({ who, verb, resource, namespace }) => {
      const r = resourceByName(resource)!;
      const ns = r.namespaced ? namespace : undefined;
      const token = `rbac-property-${++n}`;
      cluster.apiserver.issueToken(token, who);
      const allowed = cluster.apiserver.authorizer.authorize({ user: who, verb, resourceRequest: true, apiGroup: r.group, resource, namespace: ns, name: 'p' }).decision === 'allow';
      if (allowed) return;
      const rev = cluster.etcd.currentRevision;
      const body = { apiVersion: r.group ? `${r.group}/${r.version}` : r.version, kind: r.kind, metadata: { name: 'p', ...(ns ? { namespace: ns } : {}) } };
      let code = 0;
      try {
        cluster.apiserver.handle({ token, verb: verb as any, resource, namespace: ns, name: verb === 'create' ? undefined : 'p', body });
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        code = e.code;
      }
      expect({ verb, resource, ns, code, revision: cluster.etcd.currentRevision }).toEqual({ verb, resource, ns, code: 403, revision: rev });
    }),
    this.parameters.propertyRuns * 4,
    '@B12',
  );
});
