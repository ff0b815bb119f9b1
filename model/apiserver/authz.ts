import type { Identity, Verb } from './request';

/**
 * Authorization, reduced to what the cluster's identities need: RBAC's bootstrap roles for
 * the control-plane components, the Node authorizer for kubelets (simplified: a node may read
 * Pods and write Pod status, its own Node and its Lease), and system:masters for the admin.
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
  ],
  'system:kube-controller-manager': [{ verbs: '*', resources: '*' }],
  'system:kube-proxy': [
    { verbs: READ, resources: ['services', 'endpointslices', 'nodes'] },
    { verbs: ['create', 'update', 'patch'], resources: ['events'] },
  ],
  'system:nodes': [
    { verbs: READ, resources: ['pods', 'nodes', 'services', 'configmaps', 'namespaces'] },
    { verbs: ['create', 'update', 'patch', 'delete'], resources: ['pods', 'pods/status', 'nodes', 'nodes/status', 'events', 'leases'] },
    { verbs: READ, resources: ['leases'] },
  ],
  'system:masters': [{ verbs: '*', resources: '*' }],
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

export const ALL_WRITES = WRITE;
