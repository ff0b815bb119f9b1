/**
 * ServiceAccount user names (k8s.io/apiserver pkg/authentication/serviceaccount):
 * system:serviceaccount:<namespace>:<name>, in system:serviceaccounts and
 * system:serviceaccounts:<namespace>.
 */
export const SERVICE_ACCOUNT_PREFIX = 'system:serviceaccount:';

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

function isSubdomain(s: string): boolean {
  return s.length > 0 && s.length <= 253 && s.split('.').every((l) => DNS1123_LABEL.test(l));
}

/** serviceaccount.SplitUsername: the namespace and name, or undefined when it is not a ServiceAccount's name. */
export function splitServiceAccountUser(user: string): { namespace: string; name: string } | undefined {
  if (!user.startsWith(SERVICE_ACCOUNT_PREFIX)) return undefined;
  const parts = user.slice(SERVICE_ACCOUNT_PREFIX.length).split(':');
  if (parts.length !== 2) return undefined;
  const [namespace, name] = parts;
  if (namespace.length > 63 || !DNS1123_LABEL.test(namespace) || !isSubdomain(name)) return undefined;
  return { namespace, name };
}

export function serviceAccountUser(namespace: string, name: string): string {
  return `${SERVICE_ACCOUNT_PREFIX}${namespace}:${name}`;
}

/** serviceaccount.MakeGroupNames. */
export function serviceAccountGroups(namespace: string): string[] {
  return ['system:serviceaccounts', `system:serviceaccounts:${namespace}`];
}
