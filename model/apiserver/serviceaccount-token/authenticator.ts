import type { KObject } from '../../api/meta';
import type { AuthResponse, TokenAuthenticator } from '../authentication';
import { API_AUDIENCES, ISSUER } from './issuer';
import { issuerOf, verifyJWT } from './jwt';
import type { SigningKey } from './keys';

/** go-jose's jwt.DefaultLeeway: exp and nbf are checked a minute either way. */
const LEEWAY_S = 60;

/**
 * The ServiceAccount token authenticator (pkg/serviceaccount/jwt.go and claims.go's validator):
 * a JWT of this issuer, signed with the service-account key, for one of the API audiences, not
 * expired on virtual time, whose ServiceAccount (and bound Pod or Secret) still exist with the
 * same UIDs. It yields system:serviceaccount:<ns>:<name> in system:serviceaccounts and
 * system:serviceaccounts:<ns>, the bound Pod and node in the user's extra. A token of another
 * issuer is not this authenticator's; one of this issuer that fails a check is 401.
 */
export class ServiceAccountTokenAuthenticator implements TokenAuthenticator {
  constructor(
    private readonly deps: { key(): SigningKey; nowMs(): number; read(resource: string, namespace: string | undefined, name: string): KObject | undefined },
  ) {}

  authenticateToken(token: string): AuthResponse {
    if (issuerOf(token) !== ISSUER) return { ok: false };
    const claims = verifyJWT(token, this.deps.key());
    if (!claims) return { ok: false, error: 'invalid bearer token, square/go-jose: error in cryptographic primitive' };
    const aud: string[] = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!aud.some((a) => API_AUDIENCES.includes(a))) return { ok: false, error: 'invalid bearer token, token audiences is invalid' };
    const now = this.deps.nowMs() / 1000;
    if (typeof claims.exp === 'number' && now > claims.exp + LEEWAY_S) return { ok: false, error: 'invalid bearer token, service account token has expired' };
    if (typeof claims.nbf === 'number' && now < claims.nbf - LEEWAY_S) return { ok: false, error: 'invalid bearer token, service account token is not valid yet' };
    const k = claims['kubernetes.io'] ?? {};
    const ns: string = k.namespace;
    const sa = this.deps.read('serviceaccounts', ns, k.serviceaccount?.name);
    if (!sa) return { ok: false, error: `invalid bearer token, service account ${ns}/${k.serviceaccount?.name} has been deleted` };
    if (sa.metadata.uid !== k.serviceaccount?.uid) return { ok: false, error: `invalid bearer token, service account UID (${k.serviceaccount?.uid}) does not match claim (${sa.metadata.uid})` };
    const extra: Record<string, string[]> = {};
    if (k.pod) {
      const pod = this.deps.read('pods', ns, k.pod.name);
      if (!pod) return { ok: false, error: `invalid bearer token, pod ${ns}/${k.pod.name} has been deleted` };
      if (pod.metadata.uid !== k.pod.uid) return { ok: false, error: `invalid bearer token, pod UID (${pod.metadata.uid}) does not match claim (${k.pod.uid})` };
      extra['authentication.kubernetes.io/pod-name'] = [k.pod.name];
      extra['authentication.kubernetes.io/pod-uid'] = [k.pod.uid];
    }
    if (k.secret) {
      const secret = this.deps.read('secrets', ns, k.secret.name);
      if (!secret || secret.metadata.uid !== k.secret.uid) return { ok: false, error: `invalid bearer token, secret ${ns}/${k.secret.name} has been deleted` };
    }
    if (k.node) {
      extra['authentication.kubernetes.io/node-name'] = [k.node.name];
      extra['authentication.kubernetes.io/node-uid'] = [k.node.uid];
    }
    if (claims.jti) extra['authentication.kubernetes.io/credential-id'] = [`JTI=${claims.jti}`];
    return {
      ok: true,
      user: { user: `system:serviceaccount:${ns}:${sa.metadata.name}`, uid: sa.metadata.uid, groups: ['system:serviceaccounts', `system:serviceaccounts:${ns}`], extra },
    };
  }
}
