import type { Identity } from '../request';
import type { AuthResponse, RequestAuthenticator } from './authenticator';
import { NO_CREDENTIAL } from './authenticator';

/**
 * authenticator.Token: maps a bearer token to a user. `{ ok: false }` means "not one of mine"
 * (the next token authenticator is asked); `{ ok: false, error }` means "mine, but not valid"
 * (expired, bound to a deleted Pod). The static table below is one; the ServiceAccount token
 * verifier is another, added with TokenAuthenticators.add.
 */
export interface TokenAuthenticator {
  authenticateToken(token: string): AuthResponse;
}

/**
 * --token-auth-file: the tokens the cluster issues to its components (and tests), each naming a
 * fixed user. The model's stand-in for the components' kubeconfigs, which kubeadm fills with
 * client certificates; the identities are the same.
 */
export class StaticTokens implements TokenAuthenticator {
  private readonly byToken = new Map<string, Identity>();

  issue(token: string, id: Identity): void {
    this.byToken.set(token, id);
  }

  authenticateToken(token: string): AuthResponse {
    const id = this.byToken.get(token);
    return id ? { ok: true, user: { ...id, groups: [...id.groups] } } : NO_CREDENTIAL;
  }
}

/**
 * The bearer token authenticator (pkg/authentication/request/bearertoken): the token of
 * `Authorization: Bearer …` asked of each token authenticator in turn; a token none of them
 * knows is "invalid bearer token", a 401, never anonymous.
 */
export class TokenAuthenticators implements RequestAuthenticator {
  private readonly authenticators: TokenAuthenticator[] = [];

  /** Joins the union of token authenticators (after those already there). */
  add(a: TokenAuthenticator): void {
    this.authenticators.push(a);
  }

  authenticateRequest(creds: { token?: string }): AuthResponse {
    if (!creds.token) return NO_CREDENTIAL;
    const errs: string[] = [];
    for (const a of this.authenticators) {
      const r = a.authenticateToken(creds.token);
      if (r.ok) return r;
      if (r.error) errs.push(r.error);
    }
    return { ok: false, error: errs.length ? errs.join(', ') : 'invalid bearer token' };
  }
}
