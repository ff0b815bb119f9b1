import type { KObject } from '../../api/meta';
import { uuid } from '../../api/names';
import type { Rng } from '../../sim/rng';
import { signJWT } from './jwt';
import type { SigningKey } from './keys';

/** kubeadm's --service-account-issuer, and so the default --api-audiences. */
export const ISSUER = 'https://kubernetes.default.svc.cluster.local';
export const API_AUDIENCES = [ISSUER];
/** token.WarnOnlyBoundTokenExpirationSeconds: what the kubelet asks for its projected tokens. */
export const KUBELET_TOKEN_SECONDS = 3607;
/** token.ExpirationExtensionSeconds: such a token is valid for a year (--service-account-extend-token-expiration). */
export const EXTENDED_EXPIRATION_SECONDS = 365 * 24 * 60 * 60;

/** The objects a token is bound to, as its private claims name them. */
export interface Bindings {
  pod?: KObject;
  node?: KObject;
  secret?: KObject;
}

/**
 * serviceaccount.Claims and the JWT token generator (pkg/serviceaccount): sub, aud, exp, iat, nbf,
 * iss, jti and the kubernetes.io claims (namespace, serviceaccount, the bound pod and its node,
 * warnafter), signed RS256. Go marshals the merged claims as a map, so keys come sorted.
 */
export function generateToken(sa: KObject, bound: Bindings, nowMs: number, expirationSeconds: number, warnAfterSeconds: number, audiences: string[], key: SigningKey, jtiRng: Rng): string {
  const now = Math.floor(nowMs / 1000);
  const ref = (o: KObject) => ({ name: o.metadata.name, uid: o.metadata.uid });
  const kubernetes: Record<string, unknown> = { namespace: sa.metadata.namespace };
  if (bound.node) kubernetes.node = ref(bound.node);
  if (bound.pod) kubernetes.pod = ref(bound.pod);
  if (bound.secret) kubernetes.secret = ref(bound.secret);
  kubernetes.serviceaccount = ref(sa);
  if (warnAfterSeconds) kubernetes.warnafter = now + warnAfterSeconds;
  const claims = {
    aud: audiences,
    exp: now + expirationSeconds,
    iat: now,
    iss: ISSUER,
    jti: uuid(jtiRng),
    'kubernetes.io': kubernetes,
    nbf: now,
    sub: `system:serviceaccount:${sa.metadata.namespace}:${sa.metadata.name}`,
  };
  return signJWT(claims, key);
}
