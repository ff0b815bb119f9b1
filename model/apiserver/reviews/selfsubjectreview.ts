import type { Identity } from '../request';
import { userInfo } from './user-info';

/**
 * authentication.k8s.io/v1 SelfSubjectReview (pkg/registry/authentication/selfsubjectreview):
 * the server tells the caller who it is, after authentication and impersonation, as the
 * authorizer sees it. Nothing is stored; `kubectl auth whoami` prints it.
 */
export function selfSubjectReview(id: Identity, now: string): unknown {
  return {
    kind: 'SelfSubjectReview',
    apiVersion: 'authentication.k8s.io/v1',
    metadata: { creationTimestamp: now },
    status: { userInfo: userInfo(id) },
  };
}
