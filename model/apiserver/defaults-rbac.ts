/**
 * rbac/v1 defaulting (pkg/apis/rbac/v1/defaults.go): a binding's roleRef and its User and Group
 * subjects are in rbac.authorization.k8s.io unless they say otherwise.
 */
import type { KObject } from '../api/meta';

const RBAC = 'rbac.authorization.k8s.io';

/** Defaults a RoleBinding or ClusterRoleBinding; true when the resource was an RBAC binding. */
export function applyRbacDefaults(resource: string, obj: KObject): boolean {
  if (resource !== 'rolebindings' && resource !== 'clusterrolebindings') return resource === 'roles' || resource === 'clusterroles';
  const o = obj as any;
  if (o.roleRef && typeof o.roleRef === 'object' && !o.roleRef.apiGroup) o.roleRef.apiGroup = RBAC;
  for (const s of Array.isArray(o.subjects) ? o.subjects : [])
    if (s && typeof s === 'object' && !s.apiGroup && (s.kind === 'User' || s.kind === 'Group')) s.apiGroup = RBAC;
  return true;
}
