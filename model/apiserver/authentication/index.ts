import { errors } from '../../api/status';
import type { Authorizer } from '../authorization/attributes';
import type { Credentials, Identity } from '../request';
import { anonymousAuthenticator } from './anonymous';
import { failOnError, union, type AuthResponse, type RequestAuthenticator } from './authenticator';
import { withAuthenticatedGroup } from './group-adder';
import { impersonate } from './impersonation';
import { StaticTokens, TokenAuthenticators } from './token';
import { x509Authenticator } from './x509';

export type { TokenAuthenticator } from './token';
export type { AuthResponse } from './authenticator';

/**
 * kube-apiserver's authentication, assembled as pkg/kubeapiserver/authenticator/config.go does:
 * the union of the x509 and bearer-token authenticators, wrapped by the group adder
 * (system:authenticated), with anonymous as the fallback only when no credential was presented.
 * A credential presented and rejected is 401 Unauthorized. Then the impersonation filter.
 */
export class Authentication {
  /** The static tokens of the model's components (issueToken). */
  readonly staticTokens = new StaticTokens();
  /** The bearer token authenticators: the static table first; the ServiceAccount token verifier joins with addTokenAuthenticator. */
  readonly tokens = new TokenAuthenticators();
  private readonly chain: RequestAuthenticator;

  constructor() {
    this.tokens.add(this.staticTokens);
    this.chain = failOnError(withAuthenticatedGroup(union([x509Authenticator, this.tokens])), anonymousAuthenticator);
  }

  /** The user a request's credentials name; 401 Unauthorized when a credential was presented and not accepted. */
  authenticate(creds: Credentials): Identity {
    const r = this.chain.authenticateRequest(creds);
    if (!r.ok) throw errors.unauthorized();
    return r.user;
  }

  /** A TokenReview's question: the token alone, as if sent in an Authorization header. */
  reviewToken(token: string): AuthResponse {
    return this.chain.authenticateRequest({ token });
  }

  /** authenticate, then the impersonation filter (authorized by `authorizer`). */
  authenticateAndImpersonate(creds: Credentials, authorizer: Authorizer): Identity {
    return impersonate(this.authenticate(creds), creds.impersonate, authorizer);
  }
}
