/**
 * The bootstrap ClusterRoleBindings (policy.go ClusterRoleBindings(), controller_policy.go
 * ControllerRoleBindings()) and the Roles and RoleBindings of kube-system and kube-public
 * (namespace_policy.go), as 1.32's testdata lists them.
 */
import { controllerRoles, controllerServiceAccount } from './controller-roles';
import { coordinationGroup, group, legacyGroup, Read, rule, sa, user, type BindingSpec, eventsRule } from './rule';
import type { PolicyRule } from '../rbac/rules';

const crb = (name: string, subjects: BindingSpec['subjects'], role = name): BindingSpec => ({ name, roleKind: 'ClusterRole', role, subjects });

export function clusterRoleBindings(): BindingSpec[] {
  return [
    crb('cluster-admin', [group('system:masters')]),
    crb('system:basic-user', [group('system:authenticated')]),
    crb('system:discovery', [group('system:authenticated')]),
    crb('system:kube-controller-manager', [user('system:kube-controller-manager')]),
    crb('system:kube-dns', [sa('kube-system', 'kube-dns')]),
    crb('system:kube-scheduler', [user('system:kube-scheduler')]),
    crb('system:monitoring', [group('system:monitoring')]),
    // Kubelets are authorized by the Node authorizer; this binding is kept empty on purpose.
    crb('system:node', []),
    crb('system:node-proxier', [user('system:kube-proxy')]),
    crb('system:public-info-viewer', [group('system:authenticated'), group('system:unauthenticated')]),
    crb('system:service-account-issuer-discovery', [group('system:serviceaccounts')]),
    crb('system:volume-scheduler', [user('system:kube-scheduler')]),
  ];
}

export function controllerRoleBindings(): BindingSpec[] {
  return controllerRoles().map((r) => crb(r.name, [sa('kube-system', controllerServiceAccount(r.name))]));
}

export interface RoleSpec {
  namespace: string;
  name: string;
  rules: PolicyRule[];
}

/** A leader-locking Role: its configmap lock (long unused), then leases and, since 1.31, lease candidates. */
const leaderLocking = (name: string): PolicyRule[] => [
  rule('watch').groups(legacyGroup).resources('configmaps').get(),
  rule('get', 'update').groups(legacyGroup).resources('configmaps').names(name).get(),
  rule('get', 'watch', 'list', 'create', 'update').groups(coordinationGroup).resources('leases').get(),
  rule('get', 'watch', 'list', 'create', 'update').groups(coordinationGroup).resources('leasecandidates').get(),
];

export function namespaceRoles(): RoleSpec[] {
  return [
    {
      namespace: 'kube-public',
      name: 'system:controller:bootstrap-signer',
      rules: [rule(...Read).groups(legacyGroup).resources('configmaps').get(), rule('update').groups(legacyGroup).resources('configmaps').names('cluster-info').get(), eventsRule()],
    },
    { namespace: 'kube-system', name: 'extension-apiserver-authentication-reader', rules: [rule(...Read).groups(legacyGroup).resources('configmaps').names('extension-apiserver-authentication').get()] },
    {
      namespace: 'kube-system',
      name: 'system::leader-locking-kube-controller-manager',
      rules: leaderLocking('kube-controller-manager'),
    },
    {
      namespace: 'kube-system',
      name: 'system::leader-locking-kube-scheduler',
      rules: leaderLocking('kube-scheduler'),
    },
    { namespace: 'kube-system', name: 'system:controller:bootstrap-signer', rules: [rule(...Read).groups(legacyGroup).resources('secrets').get()] },
    { namespace: 'kube-system', name: 'system:controller:cloud-provider', rules: [rule('create', 'get', 'list', 'watch').groups(legacyGroup).resources('configmaps').get()] },
    {
      namespace: 'kube-system',
      name: 'system:controller:token-cleaner',
      rules: [rule('delete', 'get', 'list', 'watch').groups(legacyGroup).resources('secrets').get(), eventsRule()],
    },
  ];
}

export function namespaceRoleBindings(): BindingSpec[] {
  const rb = (namespace: string, name: string, role: string, subjects: BindingSpec['subjects']): BindingSpec => ({ name, namespace, roleKind: 'Role', role, subjects });
  return [
    rb('kube-public', 'system:controller:bootstrap-signer', 'system:controller:bootstrap-signer', [sa('kube-system', 'bootstrap-signer')]),
    rb('kube-system', 'system::extension-apiserver-authentication-reader', 'extension-apiserver-authentication-reader', [user('system:kube-controller-manager'), user('system:kube-scheduler')]),
    rb('kube-system', 'system::leader-locking-kube-controller-manager', 'system::leader-locking-kube-controller-manager', [user('system:kube-controller-manager'), sa('kube-system', 'kube-controller-manager'), sa('kube-system', 'leader-election-controller')]),
    rb('kube-system', 'system::leader-locking-kube-scheduler', 'system::leader-locking-kube-scheduler', [user('system:kube-scheduler'), sa('kube-system', 'kube-scheduler')]),
    rb('kube-system', 'system:controller:bootstrap-signer', 'system:controller:bootstrap-signer', [sa('kube-system', 'bootstrap-signer')]),
    rb('kube-system', 'system:controller:cloud-provider', 'system:controller:cloud-provider', [sa('kube-system', 'cloud-provider')]),
    rb('kube-system', 'system:controller:token-cleaner', 'system:controller:token-cleaner', [sa('kube-system', 'token-cleaner')]),
  ];
}
