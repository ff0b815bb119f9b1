import type { Identity, Verb } from './request';

/**
 * What RBAC does not grant yet: kube-controller-manager runs its controllers under its own
 * identity, which this table lets do anything, until each controller runs under its ServiceAccount
 * with its system:controller:<name> role (--use-service-account-credentials). Everyone else is
 * authorized by the Node authorizer and RBAC.
 */
type Rule = { verbs: Verb[] | '*'; resources: string[] | '*' };

const ROLES: Record<string, Rule[]> = {
  'system:kube-controller-manager': [{ verbs: '*', resources: '*' }],
};

export function authorize(id: Identity, verb: Verb, resource: string, subresource?: string): boolean {
  const target = subresource ? `${resource}/${subresource}` : resource;
  for (const s of [id.user, ...id.groups]) {
    for (const rule of ROLES[s] ?? []) {
      const verbOk = rule.verbs === '*' || rule.verbs.includes(verb);
      const resOk = rule.resources === '*' || rule.resources.includes(target);
      if (verbOk && resOk) return true;
    }
  }
  return false;
}

/** Non-resource URLs are RBAC's alone (system:discovery, system:public-info-viewer, cluster-admin). */
export function authorizeNonResource(_id: Identity, _verb: string, _path: string): boolean {
  return false;
}
