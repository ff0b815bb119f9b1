import { X509Certificate } from 'node:crypto';
import type { PeerCertificate, TLSSocket } from 'node:tls';
import type { ClientCertificate, Credentials, Impersonation } from '../model/apiserver/request';

/**
 * The HTTP side of authentication: what a request carries (its TLS client certificate, its
 * Authorization header) turned into the model's Credentials. Deciding who that is stays with
 * the model's API server (ApiServer.authenticate), the one place credentials become an Identity.
 *
 * The HTTPS server asks for a client certificate but accepts the handshake without one
 * (requestCert: true, rejectUnauthorized: false, ca: the cluster CA), as kube-apiserver does
 * with --client-ca-file: a request without a certificate may still carry a token or be anonymous.
 */

/** extKeyUsage clientAuth. */
const CLIENT_AUTH_OID = '1.3.6.1.5.5.7.3.2';

/** Everything the request presents: the client certificate (if any), the bearer token (if any), the impersonation headers. */
export function credentialsOf(socket: TLSSocket | undefined, authorization: string | undefined, headers: Record<string, string[] | undefined> = {}): Credentials {
  const creds: Credentials = {};
  const cert = socket ? clientCertificateOf(socket) : undefined;
  if (cert) creds.clientCertificate = cert;
  const token = bearerToken(authorization);
  if (token) creds.token = token;
  const imp = impersonationOf(headers);
  if (imp) creds.impersonate = imp;
  return creds;
}

const EXTRA_PREFIX = 'impersonate-extra-';

/**
 * The impersonation headers as buildImpersonationRequests reads them (node's headersDistinct:
 * names lower-cased, each repeated header a value of its own): Impersonate-User and
 * Impersonate-Uid (the first value), every Impersonate-Group, every Impersonate-Extra-<key>
 * value (the key %-unescaped, kept as sent when that fails).
 */
export function impersonationOf(headers: Record<string, string[] | undefined>): Impersonation | undefined {
  const imp: Impersonation = {};
  const user = headers['impersonate-user']?.[0];
  if (user) imp.user = user;
  const groups = headers['impersonate-group'];
  if (groups?.length) imp.groups = [...groups];
  const uid = headers['impersonate-uid']?.[0];
  if (uid) imp.uid = uid;
  for (const [name, values] of Object.entries(headers)) {
    if (!name.startsWith(EXTRA_PREFIX) || !values) continue;
    const raw = name.slice(EXTRA_PREFIX.length);
    let key = raw;
    try {
      key = decodeURIComponent(raw);
    } catch {
      // url.PathUnescape failed: the key as it came.
    }
    (imp.extra ??= {})[key] = [...(imp.extra?.[key] ?? []), ...values];
  }
  return Object.keys(imp).length ? imp : undefined;
}

/**
 * The peer certificate as the x509 authenticator reads it: CN and Os, and why it is not
 * acceptable when the TLS layer could not verify it against the CA (unknown issuer, expired)
 * or it is not meant for client authentication. Undefined when none was presented.
 */
export function clientCertificateOf(socket: TLSSocket): ClientCertificate | undefined {
  const peer = socket.getPeerCertificate();
  if (!peer || !peer.raw) return undefined;
  const cert: ClientCertificate = { commonName: first(peer.subject?.CN) ?? '', organizations: all(peer.subject?.O) };
  const verifyError = socket.authorized ? usageError(peer) : String(socket.authorizationError ?? 'certificate not verified');
  if (verifyError) cert.verifyError = verifyError;
  return cert;
}

/**
 * The bearer token authenticator's reading of the Authorization header: `Bearer <token>`
 * (scheme case-insensitive); any other scheme, or an empty token, is no token at all.
 */
export function bearerToken(authorization: string | undefined): string | undefined {
  const parts = (authorization ?? '').trim().split(' ');
  if (parts.length < 2 || parts[0].toLowerCase() !== 'bearer') return undefined;
  return parts[1] || undefined;
}

/** Go's x509 verification with KeyUsages [ClientAuth]: a certificate without extKeyUsage allows any. */
function usageError(peer: PeerCertificate): string | undefined {
  const usages = new X509Certificate(peer.raw).keyUsage;
  if (!usages || usages.length === 0 || usages.includes(CLIENT_AUTH_OID) || usages.includes('2.5.29.37.0')) return undefined;
  return 'x509: certificate specifies an incompatible key usage';
}

/** Node gives a repeated subject attribute (two Os) as an array, a single one as a string. */
function all(v: string | string[] | undefined): string[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}
