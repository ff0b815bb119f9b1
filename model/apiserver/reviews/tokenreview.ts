import { errors } from '../../api/status';
import type { AuthResponse } from '../authentication';
import { userInfo } from './user-info';

/**
 * authentication.k8s.io/v1 TokenReview (pkg/registry/authentication/tokenreview): whether a
 * bearer token authenticates, and as whom; a webhook token authenticator's question. The token
 * goes through the API server's own authenticators, as if it came in an Authorization header.
 * (Audiences are not modelled: the answer carries none.)
 */
export function tokenReview(body: any, authenticateToken: (token: string) => AuthResponse): unknown {
  const token = body?.spec?.token;
  if (typeof token !== 'string' || token === '') throw errors.badRequest('token is required for TokenReview in authentication');
  const r = authenticateToken(token);
  // TokenReviewStatus: user is a struct, so encoding/json writes it even empty; the rest omitempty.
  const status: Record<string, unknown> = {};
  if (r.ok) status.authenticated = true;
  status.user = r.ok ? userInfo(r.user) : {};
  if (!r.ok && r.error) status.error = r.error;
  return { kind: 'TokenReview', apiVersion: 'authentication.k8s.io/v1', metadata: { creationTimestamp: null }, spec: { ...body.spec }, status };
}
