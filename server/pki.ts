import { randomBytes } from 'node:crypto';
import forge from 'node-forge';

/**
 * The cluster's PKI, made at start the way `kubeadm init` (and so kind) makes it: a self-signed
 * cluster CA "kubernetes", the kube-apiserver's serving certificate signed by it, and the admin
 * client certificate kubeadm 1.29+ embeds in admin.conf (CN=kubernetes-admin,
 * O=kubeadm:cluster-admins). RSA 2048 keys, SHA-256 signatures, PEM throughout (keys as PKCS#1
 * "RSA PRIVATE KEY", as kubeadm writes them). Wall-clock code: it lives in server/, never in model/.
 */

/** A PEM certificate and its PEM private key. */
export interface CertKeyPair {
  certPem: string;
  keyPem: string;
}

export interface ClusterPKI {
  /** ca.crt / ca.key: CN=kubernetes, 10 years. */
  ca: CertKeyPair;
  /** apiserver.crt / apiserver.key: CN=kube-apiserver, serverAuth. */
  apiserver: CertKeyPair;
  /** admin.conf's client certificate: CN=kubernetes-admin, O=kubeadm:cluster-admins, clientAuth. */
  admin: CertKeyPair;
}

export interface ClusterPKIOptions {
  /** The moment the certificates are made (default: now). */
  now?: Date;
  /** Further serving-certificate SANs (IPs or DNS names), like kubeadm's apiServer.certSANs. */
  extraSANs?: string[];
  /** cluster.local unless the cluster says otherwise (kubeadm's networking.dnsDomain). */
  dnsDomain?: string;
  /** The first address of the service range: the `kubernetes` Service's ClusterIP. */
  kubernetesServiceIP?: string;
}

/** kubeadm's constants: CertificateBackdate, CertificateValidityPeriod, CACertificateValidityPeriod. */
const BACKDATE_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const LEAF_VALIDITY_MS = 365 * DAY_MS;
const CA_VALIDITY_MS = 10 * 365 * DAY_MS;

/** The subject of a client certificate as the x509 authenticator reads it: CN is the user, each O a group. */
export interface CertificateSubject {
  commonName: string;
  organizations?: string[];
}

/** Makes the CA, the kube-apiserver serving certificate and the admin client certificate. */
export function createClusterPKI(opts: ClusterPKIOptions = {}): ClusterPKI {
  const now = opts.now ?? new Date();
  const ca = createCA(now);
  const dnsDomain = opts.dnsDomain ?? 'cluster.local';
  // kubeadm's GetAPIServerAltNames, with the loopback addresses `kubespec up` listens on.
  const sans = [
    '127.0.0.1',
    '::1',
    'localhost',
    'kubernetes',
    'kubernetes.default',
    'kubernetes.default.svc',
    `kubernetes.default.svc.${dnsDomain}`,
    opts.kubernetesServiceIP ?? '10.96.0.1',
    ...(opts.extraSANs ?? []),
  ];
  const apiserver = signCertificate(ca, { commonName: 'kube-apiserver' }, { usage: 'serverAuth', sans, now });
  const admin = signCertificate(ca, { commonName: 'kubernetes-admin', organizations: ['kubeadm:cluster-admins'] }, { usage: 'clientAuth', now });
  return { ca, apiserver, admin };
}

/** certutil.NewSelfSignedCACert as kubeadm calls it: backdated 5 minutes, CA:TRUE, its CN as a DNS name. */
export function createCA(now: Date = new Date(), commonName = 'kubernetes'): CertKeyPair {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = new Date(now.getTime() - BACKDATE_MS);
  cert.validity.notAfter = new Date(now.getTime() + CA_VALIDITY_MS);
  const name = [{ shortName: 'CN', value: commonName }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'keyUsage', critical: true, digitalSignature: true, keyEncipherment: true, keyCertSign: true },
    { name: 'basicConstraints', critical: true, cA: true },
    { name: 'subjectKeyIdentifier' },
    { name: 'subjectAltName', altNames: [{ type: 2, value: commonName }] },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem: forge.pki.privateKeyToPem(keys.privateKey) };
}

/**
 * pkiutil.NewSignedCert: a leaf certificate signed by the CA, valid from the CA's notBefore for
 * one year, keyEncipherment+digitalSignature, CA:FALSE, the given extended key usage and SANs.
 */
export function signCertificate(
  ca: CertKeyPair,
  subject: CertificateSubject,
  opts: { usage: 'serverAuth' | 'clientAuth'; sans?: string[]; now?: Date },
): CertKeyPair {
  const caCert = forge.pki.certificateFromPem(ca.certPem);
  const caKey = forge.pki.privateKeyFromPem(ca.keyPem);
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const now = opts.now ?? new Date();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = caCert.validity.notBefore;
  cert.validity.notAfter = new Date(now.getTime() + LEAF_VALIDITY_MS);
  // Go's pkix.Name puts O before CN in the DER, so "O=..., CN=..." is how openssl shows it.
  cert.setSubject([
    ...(subject.organizations ?? []).map((o) => ({ shortName: 'O', value: o })),
    { shortName: 'CN', value: subject.commonName },
  ]);
  cert.setIssuer(caCert.subject.attributes);
  const extensions: any[] = [
    { name: 'keyUsage', critical: true, digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', [opts.usage]: true },
    { name: 'basicConstraints', critical: true, cA: false },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ];
  if (opts.sans?.length) extensions.push({ name: 'subjectAltName', altNames: opts.sans.map(altName) });
  cert.setExtensions(extensions);
  cert.sign(caKey, forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem: forge.pki.privateKeyToPem(keys.privateKey) };
}

/** A SAN entry: an IP address (type 7) or a DNS name (type 2). */
function altName(san: string): { type: number; ip?: string; value?: string } {
  return isIP(san) ? { type: 7, ip: san } : { type: 2, value: san };
}

function isIP(s: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(s) || s.includes(':');
}

/**
 * A random positive 63-bit serial, as kubeadm draws it, hex-encoded for forge. The first byte is
 * kept in 0x01..0x7f: positive, and minimally DER-encoded (Go's parser rejects anything else).
 */
function serialNumber(): string {
  const b = randomBytes(8);
  b[0] = b[0] & 0x7f || 1;
  return b.toString('hex');
}
