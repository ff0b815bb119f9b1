/**
 * The rbac/bootstrap-roles post-start hook of kube-apiserver (pkg/registry/rbac/rest
 * storage_rbac.go): each time the API server starts, the bootstrap ClusterRoles, the
 * controllers' roles, their bindings and the Roles of kube-system and kube-public are created
 * when missing; existing ones are left alone.
 */
import type { EtcdStore } from '../../../etcd/store';
import type { Simulation } from '../../../sim/simulation';
import { clusterRoleBindings, controllerRoleBindings, namespaceRoleBindings, namespaceRoles } from './bindings';
import { clusterRoles } from './cluster-roles';
import { controllerRoles } from './controller-roles';
import { PolicyWriter } from './writer';

export { clusterRoles } from './cluster-roles';
export { controllerRoles } from './controller-roles';
export { clusterRoleBindings, controllerRoleBindings, namespaceRoleBindings, namespaceRoles } from './bindings';

export function ensureBootstrapPolicy(etcd: EtcdStore, sim: Simulation): void {
  const w = new PolicyWriter(etcd, sim, 'rbac/bootstrap-roles', 'kube-apiserver');
  const roles = [...clusterRoles(), ...controllerRoles()];
  // admin, edit and view are written without rules, as the post-start hook writes them: the
  // clusterrole-aggregation controller fills them in (a forced apply that owns .rules).
  for (const r of roles) w.clusterRole(r);
  for (const b of [...clusterRoleBindings(), ...controllerRoleBindings()]) w.binding(b);
  for (const r of namespaceRoles()) w.role(r.namespace, r.name, r.rules);
  for (const b of namespaceRoleBindings()) w.binding(b);
}
