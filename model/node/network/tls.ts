/**
 * The part of a TLS handshake a client's verification decides: the server's certificate chain
 * must end at a CA the client trusts, and the name the client dialled must be one of the
 * certificate's subjectAltNames (RFC 6125: DNS names for host names, IP SANs for addresses; the
 * CN is not consulted once SANs exist). No bytes are encrypted: the model's sockets carry
 * requests in-process, so what is modelled is only who trusts whom and for which names.
 */
import { isIp } from './addr';

/** A server's certificate as a client's verification sees it. */
export interface ServingCertificate {
  /** Subject CN ("kube-apiserver"). */
  commonName: string;
  /** The CA certificate (PEM) the chain ends at: a client must trust exactly this one. */
  issuerPem: string;
  dnsNames: string[];
  ipAddresses: string[];
}

/** Why a client's verification refused the server, or that the server does not speak TLS at all. */
export type TlsFailure = { kind: 'bad-cafile' } | { kind: 'plaintext' } | { kind: 'untrusted' } | { kind: 'name-mismatch'; host: string };

/**
 * What the client trusts: nothing checked (curl -k), or a bundle of PEM certificates (--cacert,
 * else the image's system bundle); `bundle` undefined when the file to load it from is missing.
 */
export type TrustPolicy = { insecure: true } | { insecure: false; bundle: string | undefined };

/**
 * The handshake's outcome for a client that dialled `host` (the URL's host, not the address it
 * resolved to) and trusts `trust`: undefined when it may go on sending its request.
 */
export function verifyServer(cert: ServingCertificate | undefined, host: string, trust: TrustPolicy): TlsFailure | undefined {
  // The client loads its trust anchors before its ClientHello.
  if (!trust.insecure && trust.bundle === undefined) return { kind: 'bad-cafile' };
  if (!cert) return { kind: 'plaintext' };
  if (trust.insecure) return undefined;
  if (!pemBlocks(trust.bundle ?? '').includes(normalizePem(cert.issuerPem))) return { kind: 'untrusted' };
  const name = host.replace(/\.$/, '').toLowerCase();
  const matches = isIp(name) ? cert.ipAddresses.includes(name) : cert.dnsNames.some((d) => d.toLowerCase() === name);
  return matches ? undefined : { kind: 'name-mismatch', host };
}

/** The certificates of a PEM bundle, each without its surrounding whitespace. */
function pemBlocks(bundle: string): string[] {
  return bundle.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g)?.map(normalizePem) ?? [];
}

function normalizePem(pem: string): string {
  return pem.trim().replace(/\r\n/g, '\n');
}
