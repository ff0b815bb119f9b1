/**
 * kubernetes v1.32's reconciliation tables (pkg/registry/rbac/reconciliation:
 * reconcile_role_test.go, reconcile_rolebindings_test.go; steps/fixtures/upstream/
 * rbac-reconciliation.json, whose "source" says which rows are left out and why) run on the
 * model's reconcile.ts, and the hook's reconciliation seen on a second start.
 */
import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import { canonicalJSON } from '../../model/api/meta';
import { ensureBootstrapPolicy } from '../../model/apiserver/authorization/bootstrap-policy';
import { diffSubjects, reconcileBinding, reconcileRole } from '../../model/apiserver/authorization/bootstrap-policy/reconcile';
import { EtcdStore } from '../../model/etcd/store';
import { Simulation } from '../../model/sim/simulation';
import { runCases, same } from './apps-fakes';

const FILE = 'rbac-reconciliation.json';

/** Upstream's rules(resources...): one rule per resource, get in the core group. */
const rules = (resources: string[]) => resources.map((r) => ({ apiGroups: [''], verbs: ['get'], resources: [r] }));

/** A row's role as a ClusterRole object (role(...) or aggregatedRole(aggregationrule(...))). */
function role(r: any): any {
  const metadata: any = {};
  if (r.labels) metadata.labels = r.labels;
  if (r.annotations) metadata.annotations = r.annotations;
  const o: any = { metadata, rules: rules(r.rules) };
  if (r.aggregationRule) o.aggregationRule = { clusterRoleSelectors: r.aggregationRule.map((matchLabels: any) => ({ matchLabels })) };
  return o;
}

/** A role as Semantic.DeepEqual compares it: empty rules, labels and annotations as absent, maps unordered. */
function asCompared(o: any): unknown {
  const nonEmpty = (m: any) => (m && Object.keys(m).length ? canonicalJSON(m) : null);
  return {
    rules: (o.rules ?? []).map((r: any) => canonicalJSON(r)),
    labels: nonEmpty(o.metadata?.labels),
    annotations: nonEmpty(o.metadata?.annotations),
    aggregationRule: o.aggregationRule ? o.aggregationRule.clusterRoleSelectors.map((s: any) => canonicalJSON(s)) : null,
  };
}

/** The reconciled object when reconciliation is needed (upstream compares only then), else null; and protection. */
function outcome(result: { operation: string; object: any; protected: boolean }, compare: (o: any) => unknown) {
  return { object: result.operation === 'none' ? null : compare(result.object), protected: result.protected };
}

function checkRole(c: any): string | undefined {
  const got = outcome(reconcileRole(role(c.actual), role(c.expected)), asCompared);
  return same(got, { object: c.want && asCompared(role(c.want)), protected: !!c.protected });
}

/** binding(ref(name), subjects(names...)), with the row's annotations. */
const binding = (b: any) => ({
  metadata: b.annotations ? { annotations: b.annotations } : {},
  roleRef: { name: b.roleRef },
  subjects: b.subjects.map((name: string) => ({ name })),
});
const bindingCompared = (o: any) => ({ roleRef: o.roleRef, subjects: o.subjects ?? [], annotations: o.metadata?.annotations ? canonicalJSON(o.metadata.annotations) : null });

Then("every case of upstream's rbac reconciliation test {word} holds on the model", function (table: string) {
  const checks: Record<string, (c: any) => string | undefined> = {
    computeReconciledRole: checkRole,
    computeReconciledRoleAggregationRules: checkRole,
    diffSubjectLists: (c) => {
      const names = (xs: string[]) => xs.map((name) => ({ name }));
      const [onlyA, onlyB] = diffSubjects(names(c.a), names(c.b));
      return same({ onlyA, onlyB }, { onlyA: names(c.onlyA), onlyB: names(c.onlyB) });
    },
    computeReconciledRoleBinding: (c) => {
      const got = outcome(reconcileBinding(binding(c.actual), binding(c.expected)), bindingCompared);
      return same(got, { object: c.want && bindingCompared(binding(c.want)), protected: !!c.protected });
    },
  };
  runCases(FILE, table, checks[table]);
});

interface RestartWorld {
  restart?: { sim: Simulation; etcd: EtcdStore; before: Map<string, any> };
}

const key = (resource: string, name: string, namespace?: string) => (namespace ? `/registry/${resource}/${namespace}/${name}` : `/registry/${resource}/${name}`);
const read = (w: RestartWorld, k: string) => JSON.parse(w.restart!.etcd.get(k)!.value);

When('an administrator edits the bootstrap policy and kube-apiserver starts again', function (this: RestartWorld) {
  const sim = new Simulation(1);
  const etcd = new EtcdStore(sim.trace);
  ensureBootstrapPolicy(etcd, sim);
  const edit = (k: string, f: (o: any) => void) => {
    const o = JSON.parse(etcd.get(k)!.value);
    f(o);
    etcd.put(k, JSON.stringify(o));
  };
  // system:kube-dns loses its rules and its bootstrapping label and gains a rule; its binding loses its subject and gains one.
  edit(key('clusterroles', 'system:kube-dns'), (o) => ((o.rules = [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }]), delete o.metadata.labels));
  edit(key('clusterrolebindings', 'system:kube-dns'), (o) => (o.subjects = [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'dns-admin' }]));
  // Opted out: system:heapster keeps whatever it is given.
  edit(key('clusterroles', 'system:heapster'), (o) => ((o.rules = []), (o.metadata.annotations['rbac.authorization.kubernetes.io/autoupdate'] = 'false')));
  // A binding moved to another role is recreated (a roleRef cannot change).
  edit(key('clusterrolebindings', 'system:monitoring'), (o) => (o.roleRef.name = 'view'));
  const before = new Map(etcd.range('/registry/').map((kv) => [kv.key, kv]));
  ensureBootstrapPolicy(etcd, sim);
  this.restart = { sim, etcd, before };
});

Then('the hook gave back what the policy lacked, kept what was added, and left the opted-out role alone', function (this: RestartWorld) {
  const dns = read(this, key('clusterroles', 'system:kube-dns'));
  expect({ labels: dns.metadata.labels, rules: dns.rules }).toEqual({
    labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' },
    // The extra rule first, then the missing ones broken down as Covers reports them.
    rules: [
      { apiGroups: [''], resources: ['pods'], verbs: ['get'] },
      ...['endpoints', 'services'].flatMap((r) => ['list', 'watch'].map((v) => ({ apiGroups: [''], resources: [r], verbs: [v] }))),
    ],
  });
  expect(read(this, key('clusterrolebindings', 'system:kube-dns')).subjects).toEqual([
    { kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'dns-admin' },
    { kind: 'ServiceAccount', name: 'kube-dns', namespace: 'kube-system' },
  ]);
  expect(read(this, key('clusterroles', 'system:heapster')).rules).toEqual([]);
  const monitoring = read(this, key('clusterrolebindings', 'system:monitoring'));
  const old = JSON.parse(this.restart!.before.get(key('clusterrolebindings', 'system:monitoring')).value);
  expect({ roleRef: monitoring.roleRef.name, recreated: monitoring.metadata.uid !== old.metadata.uid }).toEqual({ roleRef: 'system:monitoring', recreated: true });
  // Nothing else was written.
  const changed = this.restart!.etcd.range('/registry/').filter((kv) => this.restart!.before.get(kv.key)?.modRevision !== kv.modRevision).map((kv) => kv.key);
  expect(changed.sort()).toEqual([key('clusterrolebindings', 'system:kube-dns'), key('clusterrolebindings', 'system:monitoring'), key('clusterroles', 'system:kube-dns')]);
});
