import { StatusError } from '../../api/status';
import { mutant } from '../../sim/mutants';
import type { Authorizer, Attributes } from '../authorization/attributes';
import type { Identity, Impersonation } from '../request';
import { ALL_AUTHENTICATED, ALL_UNAUTHENTICATED } from './group-adder';
import { serviceAccountGroups, splitServiceAccountUser } from './serviceaccount-user';

/** One thing to impersonate, as buildImpersonationRequests lists them (an ObjectReference). */
interface ImpersonationRequest {
  kind: 'ServiceAccount' | 'User' | 'Group' | 'UserExtra' | 'UID';
  namespace?: string;
  name: string;
  apiVersion?: string;
  /** UserExtra: the extra key. */
  fieldPath?: string;
}

/**
 * The impersonation filter (k8s.io/apiserver pkg/endpoints/filters/impersonation.go), between
 * authentication and authorization: each part of what the headers ask for is authorized for the
 * authenticated user with the verb `impersonate` (users, groups, serviceaccounts, uids,
 * userextras/<key>); the first denial is the request's 403. Allowed, the request goes on as the
 * impersonated user, whose groups are the ones asked for (a ServiceAccount's own when none are),
 * plus system:authenticated (or system:unauthenticated for system:anonymous).
 */
export function impersonate(requestor: Identity, asked: Impersonation | undefined, authorizer: Authorizer): Identity {
  const requests = impersonationRequests(asked);
  if (requests.length === 0) return requestor;
  const groupsSpecified = (asked?.groups?.length ?? 0) > 0;
  let user = '';
  let groups: string[] = [];
  const extra: Record<string, string[]> = {};
  let uid = '';
  for (const r of requests) {
    const group = r.apiVersion ? r.apiVersion.split('/')[0] : '';
    const attrs: Attributes = { user: requestor, verb: 'impersonate', resourceRequest: true, apiGroup: group, apiVersion: r.apiVersion ? r.apiVersion.split('/')[1] : '', namespace: r.namespace, name: r.name, resource: '' };
    switch (r.kind) {
      case 'ServiceAccount':
        attrs.resource = 'serviceaccounts';
        user = `system:serviceaccount:${r.namespace}:${r.name}`;
        if (!groupsSpecified) groups = serviceAccountGroups(r.namespace!);
        break;
      case 'User':
        attrs.resource = 'users';
        user = r.name;
        break;
      case 'Group':
        attrs.resource = 'groups';
        groups.push(r.name);
        break;
      case 'UserExtra':
        attrs.resource = 'userextras';
        attrs.subresource = r.fieldPath;
        (extra[r.fieldPath!] ??= []).push(r.name);
        break;
      case 'UID':
        attrs.resource = 'uids';
        uid = r.name;
        break;
    }
    const d = authorizer.authorize(attrs);
    if (d.decision !== 'allow' && !mutant('impersonation-unchecked')) throw forbidden(attrs, d.reason);
  }
  if (user !== 'system:anonymous') {
    if (!groups.some((g) => g === ALL_AUTHENTICATED || g === ALL_UNAUTHENTICATED)) groups.push(ALL_AUTHENTICATED);
  } else if (!groups.includes(ALL_UNAUTHENTICATED)) groups.push(ALL_UNAUTHENTICATED);
  const id: Identity = { user, groups };
  if (uid) id.uid = uid;
  if (Object.keys(extra).length) id.extra = extra;
  return id;
}

/**
 * buildImpersonationRequests: the user (a ServiceAccount when its name parses as one), each
 * group, each extra value (keys in sorted order, where Go's map order is random), the UID.
 * Groups, extras or a UID without a user is an error (a 500 upstream, before any check).
 */
function impersonationRequests(asked: Impersonation | undefined): ImpersonationRequest[] {
  if (!asked) return [];
  const out: ImpersonationRequest[] = [];
  const hasUser = !!asked.user;
  if (asked.user) {
    const sa = splitServiceAccountUser(asked.user);
    out.push(sa ? { kind: 'ServiceAccount', namespace: sa.namespace, name: sa.name } : { kind: 'User', name: asked.user });
  }
  for (const g of asked.groups ?? []) out.push({ kind: 'Group', name: g });
  const keys = Object.keys(asked.extra ?? {}).sort();
  for (const k of keys) for (const v of asked.extra![k]) out.push({ kind: 'UserExtra', apiVersion: 'authentication.k8s.io/v1', name: v, fieldPath: k });
  if (asked.uid) out.push({ kind: 'UID', name: asked.uid, apiVersion: 'authentication.k8s.io/v1' });
  if (!hasUser && out.length > 0) {
    // fmt's %v of []ObjectReference: each struct's seven fields separated by spaces.
    const shown = out.map((r) => `{${[r.kind, r.namespace ?? '', r.name, '', r.apiVersion ?? '', '', r.fieldPath ?? ''].join(' ')}}`).join(' ');
    throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `Internal error occurred: requested [${shown}] without impersonating a user`, reason: 'InternalError', code: 500 });
  }
  return out;
}

/** responsewriters.Forbidden for an impersonation attribute: `users "jane" is forbidden: User "bob" cannot impersonate …`. */
function forbidden(a: Attributes, reason: string): StatusError {
  const resource = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  const where = a.namespace ? `in the namespace "${a.namespace}"` : 'at the cluster scope';
  const qualified = a.apiGroup ? `${a.resource}.${a.apiGroup}` : a.resource!;
  let message = `${qualified}${a.name ? ` "${a.name}"` : ''} is forbidden: User "${a.user.user}" cannot impersonate resource "${resource}" in API group "${a.apiGroup}" ${where}`;
  if (reason) message += `: ${reason}`;
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'Forbidden', details: { name: a.name || undefined, group: a.apiGroup || undefined, kind: a.resource }, code: 403 });
}
