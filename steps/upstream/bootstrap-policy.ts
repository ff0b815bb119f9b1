/**
 * kube-apiserver 1.32's bootstrap RBAC policy as upstream's testdata lists it (plugin/pkg/auth/
 * authorizer/rbac/bootstrappolicy/testdata, the six files; steps/fixtures/upstream/
 * rbac-bootstrap-policy.json says which copies and what 1.32's default gates leave out),
 * compared object by object with what the model stored: labels, annotations, aggregationRule,
 * rules in order, roleRef and subjects in order. Shared by the cluster scenario (rbac.feature's
 * B07) and the one on a bare API server (upstream-bootstrap-policy.feature).
 */
import { Given, Then } from '@cucumber/cucumber';
import { expect } from 'expect';
import { canonicalJSON, type KObject } from '../../model/api/meta';
import { etcdPrefix, resourceByName } from '../../model/api/registry';
import { ensureBootstrapPolicy } from '../../model/apiserver/authorization/bootstrap-policy';
import { decode } from '../../model/apiserver/objects';
import { EtcdStore } from '../../model/etcd/store';
import { Simulation } from '../../model/sim/simulation';
import { upstreamFixture } from './apps-fakes';

const FILE = 'rbac-bootstrap-policy.json';
const BOOTSTRAPPING = 'kubernetes.io/bootstrapping';

/** The policy objects an API server holds, as its list answers would give them. */
export interface StoredPolicy {
  clusterroles: KObject[];
  clusterrolebindings: KObject[];
  roles: KObject[];
  rolebindings: KObject[];
}

const matches = (labels: Record<string, string> = {}, selector: Record<string, string>) => Object.entries(selector).every(([k, v]) => labels[k] === v);

/**
 * What the aggregation controller gives admin, edit and view (upstream writes them with rules
 * null): each selector's roles by name, the role itself left out, each distinct rule once,
 * until nothing changes (edit aggregates view, admin edit).
 */
function aggregated(roles: any[]): Map<string, unknown[]> {
  const rules = new Map<string, unknown[]>(roles.map((r) => [r.name, r.rules ?? []]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const r of roles.filter((x) => x.aggregationRule)) {
      const seen = new Set<string>();
      const out: unknown[] = [];
      for (const s of r.aggregationRule.clusterRoleSelectors)
        for (const m of roles.filter((x) => x.name !== r.name && matches(x.labels, s.matchLabels)).sort((a, b) => (a.name < b.name ? -1 : 1)))
          for (const rule of rules.get(m.name)!) if (!seen.has(canonicalJSON(rule))) seen.add(canonicalJSON(rule)), out.push(rule);
      if (canonicalJSON(out) !== canonicalJSON(rules.get(r.name))) rules.set(r.name, out), (changed = true);
    }
  }
  return rules;
}

/** One field of one object: undefined when it agrees, else where the first difference is. */
function differs(what: string, got: unknown, want: unknown): string | undefined {
  if (canonicalJSON(got ?? null) === canonicalJSON(want ?? null)) return undefined;
  if (Array.isArray(got) && Array.isArray(want)) {
    const i = want.findIndex((w, j) => canonicalJSON(w) !== canonicalJSON(got[j] ?? null));
    const at = i < 0 ? want.length : i;
    return `${what}[${at}]: got ${JSON.stringify(got[at] ?? null)}, want ${JSON.stringify(want[at] ?? null)} (${got.length} vs ${want.length} entries)`;
  }
  return `${what}: got ${JSON.stringify(got ?? null)}, want ${JSON.stringify(want ?? null)}`;
}

const id = (o: any) => (o.namespace ? `${o.namespace}/${o.name}` : o.name);
const storedId = (o: KObject) => id({ namespace: o.metadata.namespace, name: o.metadata.name });

/** Every object of one kind: present, as upstream has it, and no bootstrap object besides. */
function compareKind(kind: string, want: any[], stored: KObject[], fields: (w: any, got: any) => [string, unknown, unknown][]): string[] {
  const out: string[] = [];
  const byId = new Map(stored.map((o) => [storedId(o), o as any]));
  for (const w of want) {
    const got = byId.get(id(w));
    if (!got) {
      out.push(`${kind} ${id(w)}: missing`);
      continue;
    }
    const meta: [string, unknown, unknown][] = [
      ['labels', got.metadata.labels, w.labels],
      ['annotations', got.metadata.annotations, w.annotations],
    ];
    for (const [field, g, e] of [...meta, ...fields(w, got)]) {
      const d = differs(field, g, e);
      if (d) out.push(`${kind} ${id(w)}: ${d}`);
    }
  }
  const names = new Set(want.map(id));
  for (const o of stored) if (o.metadata.labels?.[BOOTSTRAPPING] && !names.has(storedId(o))) out.push(`${kind} ${storedId(o)}: not in upstream's 1.32 policy`);
  return out;
}

/** Every difference between the stored policy and upstream's; empty when they agree. */
export function bootstrapPolicyDifferences(stored: StoredPolicy): string[] {
  const fx = (k: string) => upstreamFixture(FILE, k) as any[];
  const roles = [...fx('clusterRoles'), ...fx('controllerRoles')];
  const aggregatedRules = aggregated(roles);
  const ruleFields = (w: any, got: any): [string, unknown, unknown][] => [
    ['aggregationRule', got.aggregationRule, w.aggregationRule],
    // admin, edit and view: rules null upstream, the aggregation controller's once it ran.
    ['rules', got.rules, w.rules === null ? aggregatedRules.get(w.name) : w.rules],
  ];
  const bindingFields = (w: any, got: any): [string, unknown, unknown][] => [
    ['roleRef', got.roleRef, w.roleRef],
    ['subjects', got.subjects, w.subjects],
  ];
  return [
    ...compareKind('ClusterRole', roles, stored.clusterroles, ruleFields),
    ...compareKind('ClusterRoleBinding', [...fx('clusterRoleBindings'), ...fx('controllerRoleBindings')], stored.clusterrolebindings, bindingFields),
    ...compareKind('Role', fx('namespaceRoles'), stored.roles, ruleFields),
    ...compareKind('RoleBinding', fx('namespaceRoleBindings'), stored.rolebindings, bindingFields),
  ];
}

/** The upstream fixture's object counts, for the scenario's report. */
export function bootstrapPolicyCounts(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of ['clusterRoles', 'clusterRoleBindings', 'controllerRoles', 'controllerRoleBindings', 'namespaceRoles', 'namespaceRoleBindings']) out[k] = upstreamFixture(FILE, k).length;
  return out;
}

/** The stored objects of the four kinds, read from etcd's values. */
export function storedPolicyIn(etcd: EtcdStore): StoredPolicy {
  const read = (resource: string) => etcd.range(etcdPrefix(resourceByName(resource)!)).map((kv) => decode(kv.value, kv.modRevision));
  return { clusterroles: read('clusterroles'), clusterrolebindings: read('clusterrolebindings'), roles: read('roles'), rolebindings: read('rolebindings') };
}

interface PolicyWorld {
  bootstrapEtcd?: EtcdStore;
  bootstrapSim?: Simulation;
}

Given("an empty etcd on which kube-apiserver's rbac\\/bootstrap-roles hook has run", function (this: PolicyWorld) {
  this.bootstrapSim = new Simulation(1);
  this.bootstrapEtcd = new EtcdStore(this.bootstrapSim.trace);
  ensureBootstrapPolicy(this.bootstrapEtcd, this.bootstrapSim);
});

Then("its ClusterRoles, ClusterRoleBindings, Roles and RoleBindings are upstream's 1.32 policy, object by object", function (this: PolicyWorld) {
  expect(bootstrapPolicyDifferences(storedPolicyIn(this.bootstrapEtcd!))).toEqual([]);
  expect(bootstrapPolicyCounts()).toEqual({ clusterRoles: 31, clusterRoleBindings: 12, controllerRoles: 33, controllerRoleBindings: 33, namespaceRoles: 7, namespaceRoleBindings: 7 });
});
