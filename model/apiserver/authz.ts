import type { Identity, Verb } from './request';

/**
 * Authorization, reduced to what the cluster's identities need: RBAC's bootstrap roles for
 * the control-plane components and cluster-admin for system:masters
 * and kubeadm:cluster-admins. Anyone else, system:anonymous included, is denied (403).
 */
type Rule = { verbs: Verb[] | '*'; resources: string[] | '*' };

const READ: Verb[] = ['get', 'list', 'watch'];
const WRITE: Verb[] = ['create', 'update', 'patch', 'delete'];

const ROLES: Record<string, Rule[]> = {
  'system:kube-scheduler': [
    { verbs: READ, resources: '*' },
    { verbs: ['create'], resources: ['pods/binding', 'events'] },
    { verbs: ['update', 'patch'], resources: ['pods/status', 'events'] },
    { verbs: ['create', 'update', 'get'], resources: ['leases'] },
    // system:volume-scheduler, bound to the scheduler: it names the node on WaitForFirstConsumer claims.
    { verbs: ['update', 'patch'], resources: ['persistentvolumeclaims', 'persistentvolumes'] },
  ],
  'system:kube-controller-manager': [{ verbs: '*', resources: '*' }],
  'system:kube-proxy': [
    { verbs: READ, resources: ['services', 'endpointslices', 'nodes'] },
    { verbs: ['create', 'update', 'patch'], resources: ['events'] },
  ],
  // system:nodes: the Node authorizer answers for kubelets (authorization/node).
  'system:masters': [{ verbs: '*', resources: '*' }],
  // kubeadm 1.29+ binds this group (admin.conf's O) to cluster-admin with the ClusterRoleBinding
  // kubeadm:cluster-admins; this entry stands for that binding until full RBAC (issue 12).
  'kubeadm:cluster-admins': [{ verbs: '*', resources: '*' }],
  // kind's local-path-storage.yaml: ClusterRole local-path-provisioner-role, bound to its ServiceAccount.
  'system:serviceaccount:local-path-storage:local-path-provisioner-service-account': [
    { verbs: READ, resources: ['nodes', 'persistentvolumeclaims', 'configmaps', 'pods', 'storageclasses'] },
    { verbs: '*', resources: ['persistentvolumes'] },
    { verbs: ['create', 'patch'], resources: ['events'] },
  ],
  // kube-flannel.yml's ClusterRole flannel, bound to its ServiceAccount.
  'system:serviceaccount:kube-flannel:flannel': [
    { verbs: ['get'], resources: ['pods'] },
    { verbs: READ, resources: ['nodes'] },
    { verbs: ['patch'], resources: ['nodes/status'] },
  ],
};

export function authorize(id: Identity, verb: Verb, resource: string, subresource?: string): boolean {
  const target = subresource ? `${resource}/${subresource}` : resource;
  const subjects = [id.user, ...id.groups];
  for (const s of subjects) {
    for (const rule of ROLES[s] ?? []) {
      const verbOk = rule.verbs === '*' || rule.verbs.includes(verb);
      const resOk = rule.resources === '*' || rule.resources.includes(target);
      if (verbOk && resOk) return true;
    }
  }
  return false;
}

/**
 * Non-resource URLs, by RBAC's bootstrap ClusterRoles: system:public-info-viewer (bound to
 * system:authenticated and system:unauthenticated) lets everyone read the health and version
 * endpoints; system:discovery (bound to system:authenticated) lets authenticated users read
 * discovery and OpenAPI too; cluster-admin allows every path and verb. A rule ending in `*`
 * matches by prefix, as RBAC's NonResourceURLs do.
 */
const NON_RESOURCE_ROLES: Record<string, { verbs: string[] | '*'; urls: string[] }[]> = {
  'system:unauthenticated': [{ verbs: ['get'], urls: ['/healthz', '/livez', '/readyz', '/version', '/version/'] }],
  'system:authenticated': [
    { verbs: ['get'], urls: ['/healthz', '/livez', '/readyz', '/version', '/version/', '/openapi', '/openapi/*', '/api', '/api/*', '/apis', '/apis/*'] },
  ],
  'system:masters': [{ verbs: '*', urls: ['*'] }],
  'kubeadm:cluster-admins': [{ verbs: '*', urls: ['*'] }],
};

export function authorizeNonResource(id: Identity, verb: string, path: string): boolean {
  for (const s of [id.user, ...id.groups]) {
    for (const rule of NON_RESOURCE_ROLES[s] ?? []) {
      const verbOk = rule.verbs === '*' || rule.verbs.includes(verb);
      const urlOk = rule.urls.some((u) => (u.endsWith('*') ? path.startsWith(u.slice(0, -1)) : path === u));
      if (verbOk && urlOk) return true;
    }
  }
  return false;
}

export const ALL_WRITES = WRITE;
