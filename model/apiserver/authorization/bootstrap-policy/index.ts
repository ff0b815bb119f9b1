/**
 * The rbac/bootstrap-roles post-start hook of kube-apiserver (pkg/registry/rbac/rest
 * storage_rbac.go): each time the API server starts, the bootstrap ClusterRoles, the
 * controllers' roles, their bindings and the Roles of kube-system and kube-public are created
 * when missing; existing ones are reconciled in union mode (reconcile.ts: what they lack is
 * added, nothing is taken away, autoupdate "false" opts out).
 */
import type { KObject } from '../../../api/meta';
import type { EtcdStore } from '../../../etcd/store';
import { aggregatedRules } from '../../../controllers/clusterroleaggregation/controller';
import type { PolicyRule } from '../rbac/rules';
import type { Simulation } from '../../../sim/simulation';
import { clusterRoleBindings, controllerRoleBindings, namespaceRoleBindings, namespaceRoles } from './bindings';
import { clusterRoles } from './cluster-roles';
import { controllerRoles } from './controller-roles';
import { PolicyWriter } from './writer';

export { clusterRoles } from './cluster-roles';
export { controllerRoles } from './controller-roles';
export { clusterRoleBindings, controllerRoleBindings, namespaceRoleBindings, namespaceRoles } from './bindings';
export { diffSubjects, mergeMeta, reconcileBinding, reconcileRole, type Reconciled } from './reconcile';

export function ensureBootstrapPolicy(etcd: EtcdStore, sim: Simulation): void {
  const w = new PolicyWriter(etcd, sim, 'rbac/bootstrap-roles', 'kube-apiserver');
  const roles = [...clusterRoles(), ...controllerRoles()];
  // admin, edit and view are written with the rules the aggregation controller would give them
  // (it finds nothing to change at start; it keeps them current from then on). Upstream writes
  // them without rules and the controller's forced apply fills them in, so there their rules
  // are the controller's in managedFields; here kube-apiserver's, which keeps the start-up
  // interleaving (and every picture and transcript drawn from it) as it was.
  // Until nothing changes: edit aggregates view, admin aggregates edit.
  for (let changed = true; changed; ) {
    changed = false;
    const labelled = roles.map((r) => ({ metadata: { name: r.name, labels: r.labels ?? {} }, rules: r.rules }) as unknown as KObject);
    for (const r of roles) {
      if (!r.aggregateFrom) continue;
      const target = { metadata: { name: r.name }, aggregationRule: { clusterRoleSelectors: [{ matchLabels: r.aggregateFrom }] } } as unknown as KObject;
      const rules = aggregatedRules(target, labelled) as PolicyRule[];
      if (JSON.stringify(rules) !== JSON.stringify(r.rules)) (r.rules = rules), (changed = true);
    }
  }
  for (const r of roles) w.clusterRole(r);
  for (const b of [...clusterRoleBindings(), ...controllerRoleBindings()]) w.binding(b);
  for (const r of namespaceRoles()) w.role(r.namespace, r.name, r.rules);
  for (const b of namespaceRoleBindings()) w.binding(b);
}
