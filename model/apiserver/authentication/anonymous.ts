import { ANONYMOUS } from '../request';
import type { RequestAuthenticator } from './authenticator';

/**
 * --anonymous-auth=true (kind and kubeadm leave it on): a request that presents no credential
 * is system:anonymous in system:unauthenticated; what it may do is the authorizer's business.
 */
export const anonymousAuthenticator: RequestAuthenticator = {
  authenticateRequest: () => ({ ok: true, user: { user: ANONYMOUS.user, groups: [...ANONYMOUS.groups] } }),
};
