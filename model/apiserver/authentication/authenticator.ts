import type { Credentials, Identity } from '../request';

/**
 * What an authenticator answers (k8s.io/apiserver pkg/authentication/authenticator): a user it
 * recognised; nothing (`ok: false`, the request carries no credential this authenticator reads);
 * or an error (`ok: false` with `error`: a credential it reads but does not accept).
 */
export type AuthResponse = { ok: true; user: Identity } | { ok: false; error?: string };

export const NO_CREDENTIAL: AuthResponse = { ok: false };

/** authenticator.Request: turns what a request presents into a user. */
export interface RequestAuthenticator {
  authenticateRequest(creds: Credentials): AuthResponse;
}

/**
 * union.New: each authenticator in turn; the first that recognises the request decides. Errors
 * are remembered and the next one tried (a bad certificate does not hide a good token); when
 * none recognises it, the errors come back together.
 */
export function union(authenticators: RequestAuthenticator[]): RequestAuthenticator {
  return {
    authenticateRequest(creds) {
      const errs: string[] = [];
      for (const a of authenticators) {
        const r = a.authenticateRequest(creds);
        if (r.ok) return r;
        if (r.error) errs.push(r.error);
      }
      return errs.length ? { ok: false, error: errs.join(', ') } : NO_CREDENTIAL;
    },
  };
}

/**
 * union.NewFailOnError: the fallback (anonymous) runs only when the first authenticator found
 * no credential at all; a credential that was presented and rejected stays rejected (401).
 */
export function failOnError(first: RequestAuthenticator, fallback: RequestAuthenticator): RequestAuthenticator {
  return {
    authenticateRequest(creds) {
      const r = first.authenticateRequest(creds);
      if (r.ok || r.error) return r;
      return fallback.authenticateRequest(creds);
    },
  };
}
