import type { RequestAuthenticator } from './authenticator';

export const ALL_AUTHENTICATED = 'system:authenticated';
export const ALL_UNAUTHENTICATED = 'system:unauthenticated';

/**
 * group.AuthenticatedGroupAdder: every user an authenticator recognised is also in
 * system:authenticated, unless it is system:anonymous or already in either catch-all group.
 */
export function withAuthenticatedGroup(inner: RequestAuthenticator): RequestAuthenticator {
  return {
    authenticateRequest(creds) {
      const r = inner.authenticateRequest(creds);
      if (!r.ok || r.user.user === 'system:anonymous') return r;
      if (r.user.groups.some((g) => g === ALL_AUTHENTICATED || g === ALL_UNAUTHENTICATED)) return r;
      return { ok: true, user: { ...r.user, groups: [...r.user.groups, ALL_AUTHENTICATED] } };
    },
  };
}
