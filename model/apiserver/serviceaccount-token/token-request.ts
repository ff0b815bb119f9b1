import type { KObject } from '../../api/meta';
import { errors, FieldError, StatusError } from '../../api/status';
import { resourceByName } from '../../api/registry';
import type { AdmissionAttributes } from '../admission';
import type { Identity } from '../request';
import { API_AUDIENCES, EXTENDED_EXPIRATION_SECONDS, generateToken, KUBELET_TOKEN_SECONDS, type Bindings } from './issuer';
import type { SigningKey } from './keys';
import type { Rng } from '../../sim/rng';

/** What the TokenRequest storage needs of the API server. */
export interface TokenRequestDeps {
  read(resource: string, namespace: string | undefined, name: string): KObject | undefined;
  admit(a: AdmissionAttributes): void;
  nowMs(): number;
  nowRFC3339(offsetSeconds: number): string;
  key(): SigningKey;
  jtiRng: Rng;
}

/** The default of TokenRequestSpec.expirationSeconds (pkg/apis/authentication/v1 defaults). */
const DEFAULT_EXPIRATION_SECONDS = 3600;

const invalid = (name: string, errs: FieldError[]) => {
  const tr = { kind: 'TokenRequest', resource: 'tokenrequests', group: 'authentication.k8s.io', version: 'v1' } as any;
  return errors.invalid(tr, name, errs);
};

/**
 * POST serviceaccounts/<name>/token (pkg/registry/core/serviceaccount/storage/token.go): a bound
 * token for an existing ServiceAccount, for the audiences asked (the API server's when none),
 * expiring after expirationSeconds of virtual time, bound to a Pod (and its node), a Secret or a
 * Node when asked. Nothing is stored: the answer is the TokenRequest with status.token.
 */
export function createToken(deps: TokenRequestDeps, user: Identity, namespace: string, name: string, body: any): KObject {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw errors.badRequest('the body of the request was in an unknown format');
  const req = JSON.parse(JSON.stringify(body));
  req.metadata = req.metadata ?? {};
  req.spec = req.spec ?? {};
  if (req.metadata.name && req.metadata.name !== name) throw invalid(name, [FieldError.invalid('metadata.name', req.metadata.name, 'must match the service account name if specified')]);
  if (req.metadata.namespace && req.metadata.namespace !== namespace) throw invalid(name, [FieldError.invalid('metadata.namespace', req.metadata.namespace, 'must match the service account namespace if specified')]);
  const sa = deps.read('serviceaccounts', namespace, name);
  if (!sa) throw errors.notFound(resourceByName('serviceaccounts')!, name);
  if (!Array.isArray(req.spec.audiences) || req.spec.audiences.length === 0) req.spec.audiences = [...API_AUDIENCES];
  if (req.spec.expirationSeconds === undefined || req.spec.expirationSeconds === null) req.spec.expirationSeconds = DEFAULT_EXPIRATION_SECONDS;
  req.metadata.name = req.metadata.name || name;
  req.metadata.namespace = req.metadata.namespace || namespace;
  req.metadata.creationTimestamp = deps.nowRFC3339(0);
  req.status = {};
  // ValidateTokenRequest.
  const exp = Number(req.spec.expirationSeconds);
  if (exp < 600) throw invalid(name, [FieldError.invalid('spec.expirationSeconds', exp, 'may not specify a duration less than 10 minutes')]);
  if (exp > 2 ** 32) throw invalid(name, [FieldError.invalid('spec.expirationSeconds', exp, 'may not specify a duration larger than 2^32 seconds')]);
  deps.admit({ user, operation: 'CREATE', resource: resourceByName('serviceaccounts')!, subresource: 'token', namespace, name, object: req });
  const bound: Bindings = {};
  const ref = req.spec.boundObjectRef;
  if (ref) {
    const group = String(ref.apiVersion ?? '').includes('/') ? String(ref.apiVersion).split('/')[0] : '';
    const gvk = `${ref.apiVersion ?? ''}, Kind=${ref.kind ?? ''}`;
    let uid: string | undefined;
    if (group === '' && ref.kind === 'Pod') {
      const pod = deps.read('pods', namespace, ref.name);
      if (!pod) throw errors.notFound(resourceByName('pods')!, ref.name);
      if (name !== pod.spec?.serviceAccountName) throw errors.badRequest(`cannot bind token for serviceaccount "${name}" to pod running with different serviceaccount name.`);
      bound.pod = pod;
      uid = pod.metadata.uid;
      // ServiceAccountTokenPodNodeInfo (beta, on in 1.32): the Pod's node goes into the claims.
      if (pod.spec?.nodeName) bound.node = deps.read('nodes', undefined, pod.spec.nodeName);
    } else if (group === '' && ref.kind === 'Secret') {
      const secret = deps.read('secrets', namespace, ref.name);
      if (!secret) throw errors.notFound(resourceByName('secrets')!, ref.name);
      bound.secret = secret;
      uid = secret.metadata.uid;
    } else if (group === '' && ref.kind === 'Node') {
      const node = deps.read('nodes', undefined, ref.name);
      if (!node) throw errors.notFound(resourceByName('nodes')!, ref.name);
      bound.node = node;
      uid = node.metadata.uid;
    } else throw errors.badRequest(`cannot bind token to object of type ${gvk}`);
    if (ref.uid && ref.uid !== uid)
      throw new StatusError({
        kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'Conflict', code: 409,
        message: `Operation cannot be fulfilled on ${ref.kind} "${ref.name}": the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`,
        details: { name: ref.name, kind: ref.kind },
      });
  }
  // The kubelet's 3607 s tokens for Pods are valid a year, warning after 3607 s (safe transition).
  let tokenSeconds = exp;
  let warnAfter = 0;
  if (bound.pod && exp === KUBELET_TOKEN_SECONDS && req.spec.audiences.some((a: string) => API_AUDIENCES.includes(a))) {
    warnAfter = exp;
    tokenSeconds = EXTENDED_EXPIRATION_SECONDS;
  }
  const token = generateToken(sa, bound, deps.nowMs(), tokenSeconds, warnAfter, req.spec.audiences, deps.key(), deps.jtiRng);
  return { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', ...req, status: { token, expirationTimestamp: deps.nowRFC3339(exp) } };
}
