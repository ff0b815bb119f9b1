/**
 * A plain reference of RBAC authorization for the property: every binding read in full (no
 * index), every rule checked by the reading of the API docs (a verb, group, resource and name
 * listed or "*"; "*\/sub" for any resource's sub; a URL equal, "*", or a "…*" prefix), a
 * RoleBinding only in its own namespace. Written apart from model/apiserver/authorization/rbac.
 */

export interface RefRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}
export interface RefSubject {
  kind: string;
  name: string;
  namespace?: string;
}
export interface RefBinding {
  name: string;
  namespace?: string;
  roleRef: { kind: string; name: string };
  subjects: RefSubject[];
}
export interface RefPolicy {
  clusterRoles: Record<string, RefRule[]>;
  roles: Record<string, RefRule[]>; // "ns/name"
  clusterRoleBindings: RefBinding[];
  roleBindings: RefBinding[];
}
export interface RefRequest {
  user: string;
  groups: string[];
  verb: string;
  /** Resource request when set. */
  resource?: { group: string; resource: string; subresource: string; namespace: string; name: string };
  path?: string;
}

const listed = (xs: string[] | undefined, x: string) => (xs ?? []).some((v) => v === '*' || v === x);

function ruleAllows(rule: RefRule, req: RefRequest): boolean {
  if (!listed(rule.verbs, req.verb)) return false;
  const r = req.resource;
  if (!r) {
    return (rule.nonResourceURLs ?? []).some((u) => u === '*' || u === req.path || (u.endsWith('*') && req.path!.startsWith(u.slice(0, u.length - 1))));
  }
  if (!listed(rule.apiGroups, r.group)) return false;
  const full = r.subresource ? `${r.resource}/${r.subresource}` : r.resource;
  const resourceOk = (rule.resources ?? []).some((x) => x === '*' || x === full || (r.subresource !== '' && x === `*/${r.subresource}`));
  if (!resourceOk) return false;
  const names = rule.resourceNames ?? [];
  return names.length === 0 || names.includes(r.name);
}

function names(req: RefRequest, s: RefSubject, bindingNamespace: string | undefined): boolean {
  if (s.kind === 'User') return s.name === req.user;
  if (s.kind === 'Group') return req.groups.includes(s.name);
  if (s.kind === 'ServiceAccount') {
    const ns = s.namespace ? s.namespace : bindingNamespace;
    return !!ns && req.user === 'system:serviceaccount:' + ns + ':' + s.name;
  }
  return false;
}

/** Whether some rule reachable from a binding naming the requester allows the request. */
export function referenceAllows(p: RefPolicy, req: RefRequest): boolean {
  const ns = req.resource?.namespace ?? '';
  const bindings = [...p.clusterRoleBindings, ...p.roleBindings.filter((b) => ns !== '' && b.namespace === ns)];
  for (const b of bindings) {
    if (!b.subjects.some((s) => names(req, s, b.namespace))) continue;
    let rules: RefRule[] | undefined;
    if (b.roleRef.kind === 'ClusterRole') rules = p.clusterRoles[b.roleRef.name];
    else if (b.roleRef.kind === 'Role' && b.namespace) rules = p.roles[`${b.namespace}/${b.roleRef.name}`];
    if ((rules ?? []).some((rule) => ruleAllows(rule, req))) return true;
  }
  return false;
}
