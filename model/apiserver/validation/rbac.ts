/**
 * RBAC objects (pkg/apis/rbac/validation): names are path segments, each rule names verbs and
 * either resources (with API groups) or non-resource URLs (ClusterRoles only), a binding's
 * roleRef is a Role or ClusterRole of rbac.authorization.k8s.io and never changes, and each
 * subject is a User, Group or ServiceAccount.
 */
import type { KObject } from '../../api/meta';
import { FieldError } from '../../api/status';
import { isDNS1123Subdomain, type NameFn } from '../../api/validation';
import { validateLabelSelector } from './objectmeta';

const RBAC = 'rbac.authorization.k8s.io';

/** path.IsValidPathSegmentName: what ValidateRBACName allows (any name that is one URL path segment). */
export const rbacName: NameFn = (name) => {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  const out: string[] = [];
  for (const c of ['/', '%']) if (name.includes(c)) out.push(`may not contain '${c}'`);
  return out;
};

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** ValidatePolicyRule. */
function validatePolicyRule(rule: any, namespaced: boolean, path: string, errs: FieldError[]): void {
  const r = rule && typeof rule === 'object' ? rule : {};
  if (list(r.verbs).length === 0) errs.push(FieldError.required(`${path}.verbs`, 'verbs must contain at least one value'));
  if (list(r.nonResourceURLs).length > 0) {
    if (namespaced) errs.push(FieldError.invalid(`${path}.nonResourceURLs`, r.nonResourceURLs, 'namespaced rules cannot apply to non-resource URLs'));
    if (list(r.apiGroups).length || list(r.resources).length || list(r.resourceNames).length)
      errs.push(FieldError.invalid(`${path}.nonResourceURLs`, r.nonResourceURLs, 'rules cannot apply to both regular resources and non-resource URLs'));
    return;
  }
  if (list(r.apiGroups).length === 0) errs.push(FieldError.required(`${path}.apiGroups`, 'resource rules must supply at least one api group'));
  if (list(r.resources).length === 0) errs.push(FieldError.required(`${path}.resources`, 'resource rules must supply at least one resource'));
}

function validateRules(obj: any, namespaced: boolean, errs: FieldError[]): void {
  list(obj.rules).forEach((rule, i) => validatePolicyRule(rule, namespaced, `rules[${i}]`, errs));
}

/** ValidateRole / ValidateClusterRole (metadata is checked by the caller with rbacName). */
export function validateRole(obj: KObject, clusterScoped: boolean, errs: FieldError[]): void {
  const o = obj as any;
  validateRules(o, !clusterScoped, errs);
  if (!clusterScoped || o.aggregationRule == null) return;
  const selectors = list(o.aggregationRule.clusterRoleSelectors);
  if (selectors.length === 0) errs.push(FieldError.required('aggregationRule.clusterRoleSelectors', 'at least one clusterRoleSelector required if aggregationRule is non-nil'));
  selectors.forEach((s, i) => validateLabelSelector(s, `aggregationRule.clusterRoleSelectors[${i}]`, errs));
}

/** ValidateRoleBindingSubject. */
function validateSubject(s: any, namespaced: boolean, path: string, errs: FieldError[]): void {
  const subject = s && typeof s === 'object' ? s : {};
  const name = typeof subject.name === 'string' ? subject.name : '';
  const apiGroup = subject.apiGroup ?? '';
  if (name === '') errs.push(FieldError.required(`${path}.name`));
  switch (subject.kind) {
    case 'ServiceAccount':
      // ValidateServiceAccountName: a DNS subdomain.
      if (name) for (const msg of isDNS1123Subdomain(name)) errs.push(FieldError.invalid(`${path}.name`, name, msg));
      if (apiGroup !== '') errs.push(FieldError.notSupported(`${path}.apiGroup`, apiGroup, ['']));
      if (!namespaced && !subject.namespace) errs.push(FieldError.required(`${path}.namespace`));
      break;
    case 'User':
    case 'Group':
      if (apiGroup !== RBAC) errs.push(FieldError.notSupported(`${path}.apiGroup`, apiGroup, [RBAC]));
      break;
    default:
      errs.push(FieldError.notSupported(`${path}.kind`, subject.kind ?? '', ['ServiceAccount', 'User', 'Group']));
  }
}

/** %#v of the internal rbac.RoleRef, as field.Invalid prints it. */
function roleRefValue(ref: any): { toString(): string } {
  const q = (v: unknown) => JSON.stringify(typeof v === 'string' ? v : '');
  return { toString: () => `rbac.RoleRef{APIGroup:${q(ref.apiGroup)}, Kind:${q(ref.kind)}, Name:${q(ref.name)}}` };
}

/** ValidateRoleBinding / ValidateClusterRoleBinding, and on update the immutable roleRef. */
export function validateBinding(obj: KObject, old: KObject | undefined, clusterScoped: boolean, errs: FieldError[]): void {
  const o = obj as any;
  const ref = o.roleRef && typeof o.roleRef === 'object' ? o.roleRef : {};
  if ((ref.apiGroup ?? '') !== RBAC) errs.push(FieldError.notSupported('roleRef.apiGroup', ref.apiGroup ?? '', [RBAC]));
  const kinds = clusterScoped ? ['ClusterRole'] : ['Role', 'ClusterRole'];
  if (!kinds.includes(ref.kind)) errs.push(FieldError.notSupported('roleRef.kind', ref.kind ?? '', kinds));
  const name = typeof ref.name === 'string' ? ref.name : '';
  if (name === '') errs.push(FieldError.required('roleRef.name'));
  else for (const msg of rbacName(name, false)) errs.push(FieldError.invalid('roleRef.name', name, msg));
  list(o.subjects).forEach((s, i) => validateSubject(s, !clusterScoped, `subjects[${i}]`, errs));
  if (old) {
    const a = (old as any).roleRef ?? {};
    if (a.apiGroup !== ref.apiGroup || a.kind !== ref.kind || a.name !== ref.name) errs.push(FieldError.invalid('roleRef', roleRefValue(ref), 'cannot change roleRef'));
  }
}

/** RBAC's part of validate() (metadata is checked before, with rbacName). */
export function validateRbac(resource: string, obj: KObject, old: KObject | undefined, errs: FieldError[]): void {
  const cluster = resource === 'clusterroles' || resource === 'clusterrolebindings';
  if (resource === 'roles' || resource === 'clusterroles') validateRole(obj, cluster, errs);
  else validateBinding(obj, old, cluster, errs);
}

/** Names of RBAC kinds are path segments; the cluster-scoped ones. */
export const RBAC_NAME_FNS: Record<string, NameFn> = { roles: rbacName, clusterroles: rbacName, rolebindings: rbacName, clusterrolebindings: rbacName };
export const RBAC_CLUSTER_SCOPED = ['clusterroles', 'clusterrolebindings'];
