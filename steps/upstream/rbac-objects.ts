/**
 * What the RBAC tables share: upstream's test objects (StaticRoles' roles, cluster roles and
 * bindings) put into an etcd the model's RBAC store reads, and upstream's user.DefaultInfo and
 * authorizer.AttributesRecord as the model's Identity and Attributes.
 */
import { etcdKey, resourceByName } from '../../model/api/registry';
import type { Attributes } from '../../model/apiserver/authorization/attributes';
import { RBACAuthorizer } from '../../model/apiserver/authorization/rbac/authorizer';
import { encode } from '../../model/apiserver/objects';
import type { Identity } from '../../model/apiserver/request';
import { EtcdStore } from '../../model/etcd/store';

/** A fixture's RBAC objects: rules and bindings as upstream writes them (a binding's name may be missing). */
export interface RbacObjects {
  roles?: { namespace: string; name: string; rules: unknown[] }[];
  clusterRoles?: { name: string; rules: unknown[] }[];
  roleBindings?: { namespace: string; name?: string; roleRef: unknown; subjects: unknown[] }[];
  clusterRoleBindings?: { name?: string; roleRef: unknown; subjects: unknown[] }[];
}

const RESOURCES: Record<string, string> = { ClusterRole: 'clusterroles', Role: 'roles', ClusterRoleBinding: 'clusterrolebindings', RoleBinding: 'rolebindings' };

/** The etcd key of an RBAC object of a kind. */
const keyOf = (kind: string, namespace: string | undefined, name: string) => etcdKey(resourceByName(RESOURCES[kind])!, namespace || undefined, name);

function put(etcd: EtcdStore, kind: string, namespace: string | undefined, name: string, body: object): void {
  const metadata = namespace ? { name, namespace } : { name };
  etcd.put(keyOf(kind, namespace, name), encode({ apiVersion: 'rbac.authorization.k8s.io/v1', kind, metadata, ...body } as any));
}

/** Writes one object of a fixture's ops, {kind, namespace, name, rules | roleRef and subjects}. */
export function putObject(etcd: EtcdStore, o: any): void {
  const { kind, namespace, name, ...body } = o;
  put(etcd, kind, namespace, name, body);
}

/** Deletes one object of a fixture's ops. */
export function deleteObject(etcd: EtcdStore, o: any): void {
  etcd.deleteIf(keyOf(o.kind, o.namespace, o.name));
}

/** The objects in a fresh etcd, unvalidated as NewTestRuleResolver takes them; a nameless binding is named by its position. */
export function rbacEtcd(o: RbacObjects): EtcdStore {
  const etcd = new EtcdStore();
  for (const r of o.clusterRoles ?? []) put(etcd, 'ClusterRole', undefined, r.name, { rules: r.rules });
  for (const r of o.roles ?? []) put(etcd, 'Role', r.namespace, r.name, { rules: r.rules });
  (o.clusterRoleBindings ?? []).forEach((b, i) => put(etcd, 'ClusterRoleBinding', undefined, b.name ?? `binding-${i}`, { roleRef: b.roleRef, subjects: b.subjects }));
  (o.roleBindings ?? []).forEach((b, i) => put(etcd, 'RoleBinding', b.namespace, b.name ?? `binding-${i}`, { roleRef: b.roleRef, subjects: b.subjects }));
  return etcd;
}

/** The RBAC authorizer over the objects. */
export const rbacAuthorizer = (o: RbacObjects): RBACAuthorizer => new RBACAuthorizer(rbacEtcd(o));

/** user.DefaultInfo{Name, Groups} (a missing field is Go's zero value). */
export const identity = (u: { name?: string; groups?: string[] } | undefined): Identity => ({ user: u?.name ?? '', groups: [...(u?.groups ?? [])] });

/** An attributes record of a fixture as the model's Attributes. */
export function attributes(a: any): Attributes {
  const out: Attributes = { user: identity(a.user), verb: a.verb, resourceRequest: a.resourceRequest };
  for (const k of ['apiGroup', 'resource', 'subresource', 'namespace', 'name', 'path'] as const) if (a[k] !== undefined) out[k] = a[k];
  return out;
}
