import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import { X509Certificate } from 'node:crypto';
import * as fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tls from 'node:tls';
import yaml from 'js-yaml';
import { StatusError } from '../model/api/status';
import type { Credentials, Verb } from '../model/apiserver/request';
import { credentialsOf } from '../server/authn';
import { kubeconfigYAML, writeKubeconfig } from '../server/kubeconfig';
import { type CertKeyPair, type ClusterPKI, createCA, createClusterPKI, signCertificate } from '../server/pki';
import type { KubespecWorld } from './world';

/**
 * Authentication as `kubespec up` serves it: certificates from the PKI it makes, presented in a
 * real TLS handshake on loopback, read by server/authn.ts, and judged by the model's API server.
 * RSA keys take a while to make, so one PKI serves every scenario of the run.
 */
let pki: ClusterPKI | undefined;
const clusterPKI = (): ClusterPKI => (pki ??= createClusterPKI());
const clientCerts = new Map<string, CertKeyPair>();

type AuthnWorld = KubespecWorld & { credentials?: Credentials; apiError?: StatusError; kubeconfigText?: string };

/** "CN=jane, O=system:masters, O=dev" -> { commonName, organizations }. */
function parseSubject(subject: string): { commonName: string; organizations: string[] } {
  const parts = subject.split(',').map((p) => p.trim().split('='));
  return {
    commonName: parts.find(([k]) => k === 'CN')?.[1] ?? '',
    organizations: parts.filter(([k]) => k === 'O').map(([, v]) => v),
  };
}

function clientCertificate(subject: string, foreignCA = false): CertKeyPair {
  const key = `${foreignCA ? 'foreign:' : ''}${subject}`;
  let cert = clientCerts.get(key);
  if (!cert) {
    const ca = foreignCA ? createCA() : clusterPKI().ca;
    cert = signCertificate(ca, parseSubject(subject), { usage: 'clientAuth' });
    clientCerts.set(key, cert);
  }
  return cert;
}

/**
 * One TLS handshake with a server holding the serving certificate (client certificate asked
 * for, not required, as kube-apiserver does): the client checks the server's name 127.0.0.1
 * against the cluster CA, and the server reads the request's credentials off its side.
 */
function present(cert: CertKeyPair | undefined, authorization?: string): Promise<Credentials> {
  const { ca, apiserver } = clusterPKI();
  const server = tls.createServer({ key: apiserver.keyPem, cert: apiserver.certPem, ca: [ca.certPem], requestCert: true, rejectUnauthorized: false });
  return new Promise<Credentials>((resolve, reject) => {
    server.on('secureConnection', (socket) => {
      resolve(credentialsOf(socket, authorization));
      socket.end();
    });
    server.on('tlsClientError', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      const client = tls.connect({ host: '127.0.0.1', port, ca: [ca.certPem], cert: cert?.certPem, key: cert?.keyPem });
      client.on('error', reject);
      client.on('end', () => client.destroy());
      client.resume();
    });
  }).finally(() => server.close());
}

Given('a client presenting the admin certificate', async function (this: AuthnWorld) {
  this.credentials = await present(clusterPKI().admin);
});

Given('a client presenting a certificate for {string}', async function (this: AuthnWorld, subject: string) {
  this.credentials = await present(clientCertificate(subject));
});

Given('a client presenting a certificate for {string} signed by another CA', async function (this: AuthnWorld, subject: string) {
  this.credentials = await present(clientCertificate(subject, true));
});

Given('a client sending the header {string}', async function (this: AuthnWorld, header: string) {
  const [name, value] = header.split(/:\s*/, 2);
  expect(name.toLowerCase()).toBe('authorization');
  this.credentials = await present(undefined, value);
});

Given('a client presenting no credentials', async function (this: AuthnWorld) {
  this.credentials = await present(undefined);
});

Then('it is authenticated as {string} in the groups {string}', function (this: AuthnWorld, user: string, groups: string) {
  const id = this.cluster.apiserver.authenticate(this.credentials!);
  expect({ user: id.user, groups: id.groups.join(', ') }).toEqual({ user, groups });
});

When(
  /^it asks to (get|list|watch|create|delete) (\S+?)(?: "([^"]+)")?(?: in the namespace "([^"]+)"| in all namespaces)?$/,
  function (this: AuthnWorld, verb: Verb, resource: string, name: string | undefined, namespace: string | undefined) {
    const req = { ...this.credentials, verb, resource, name, namespace };
    this.apiError = undefined;
    try {
      if (verb === 'watch') this.cluster.apiserver.watch(req, () => undefined, () => undefined).stop();
      else this.cluster.apiserver.handle(verb === 'create' ? { ...req, body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'probe', namespace } } } : req);
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      this.apiError = e;
    }
  },
);

When('it asks to get the path {string}', function (this: AuthnWorld, urlPath: string) {
  this.apiError = undefined;
  try {
    this.cluster.apiserver.authorizeNonResourceRequest(this.credentials!, 'get', urlPath);
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    this.apiError = e;
  }
});

Then('it is allowed', function (this: AuthnWorld) {
  expect(this.apiError?.status).toBeUndefined();
});

Then(/^getting the path "([^"]+)" is (allowed|\d{3} \w+: .*)$/, function (this: AuthnWorld, urlPath: string, answer: string) {
  let got = 'allowed';
  try {
    this.cluster.apiserver.authorizeNonResourceRequest(this.credentials!, 'get', urlPath);
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    got = `${e.code} ${e.reason}: ${e.message}`;
  }
  expect(got).toBe(answer);
});

// ---------------------------------------------------------------- the PKI itself

const cert = (pem: string) => new X509Certificate(pem);
const DAY = 24 * 60 * 60 * 1000;
const days = (c: X509Certificate) => Math.round((Date.parse(c.validTo) - Date.parse(c.validFrom)) / DAY);
const EXT_KEY_USAGE: Record<string, string> = { '1.3.6.1.5.5.7.3.1': 'serverAuth', '1.3.6.1.5.5.7.3.2': 'clientAuth' };

function certificateOf(which: string): X509Certificate {
  const p = clusterPKI();
  const pem = { 'cluster CA': p.ca, 'serving certificate': p.apiserver, 'admin certificate': p.admin }[which];
  expect(pem).toBeDefined();
  return cert(pem!.certPem);
}

Given('the PKI `kubespec up` makes', function () {
  clusterPKI();
});

Then('the {string} is issued and signed by the cluster CA', function (this: KubespecWorld, which: string) {
  const ca = certificateOf('cluster CA');
  const c = certificateOf(which);
  expect({ issued: c.checkIssued(ca), verifies: c.verify(ca.publicKey), isCA: c.ca }).toEqual({ issued: true, verifies: true, isCA: false });
  // And not by just any CA: the same subject from another CA does not verify.
  expect(c.verify(cert(createForeignCA().certPem).publicKey)).toBe(false);
});

let foreignCA: CertKeyPair | undefined;
const createForeignCA = () => (foreignCA ??= createCA());

Then('the {string} has the subject {string}', function (this: KubespecWorld, which: string, subject: string) {
  // Node lists the RDNs one a line, in the certificate's order.
  expect(certificateOf(which).subject.split('\n').join(', ')).toBe(subject);
});

Then('the {string} is a CA, self-signed, valid for {int} days', function (this: KubespecWorld, which: string, n: number) {
  const c = certificateOf(which);
  expect({ isCA: c.ca, selfSigned: c.checkIssued(c) && c.verify(c.publicKey), days: days(c) }).toEqual({ isCA: true, selfSigned: true, days: n });
});

Then('the {string} is for {word}, valid for {int} days', function (this: KubespecWorld, which: string, usage: string, n: number) {
  const c = certificateOf(which);
  expect({ usages: (c.keyUsage ?? []).map((o) => EXT_KEY_USAGE[o] ?? o), days: days(c) }).toEqual({ usages: [usage], days: n });
});

Then('the {string} has the subject alternative names:', function (this: KubespecWorld, which: string, table: { raw(): string[][] }) {
  // "IP Address:0:0:0:0:0:0:0:1" -> IP ::1, as the URL parser writes an IPv6 address.
  const sans = (certificateOf(which).subjectAltName ?? '').split(', ').map((s) => {
    const [kind, value] = [s.slice(0, s.indexOf(':')), s.slice(s.indexOf(':') + 1)];
    if (kind === 'IP Address') return ['IP', value.includes(':') ? new URL(`http://[${value}]`).hostname.slice(1, -1) : value];
    return [kind, value];
  });
  expect(sans).toEqual(table.raw());
});

// ---------------------------------------------------------------- the kubeconfig

When('`kubespec up` writes the kubeconfig for {string}', function (this: AuthnWorld, server: string) {
  const { ca, admin } = clusterPKI();
  this.kubeconfigText = kubeconfigYAML({ server, caPem: ca.certPem, clientCertPem: admin.certPem, clientKeyPem: admin.keyPem });
});

Then('the kubeconfig reads:', function (this: AuthnWorld, expected: string) {
  // The embedded certificates and key differ every run: shown as <ca>, <admin cert>, <admin key>.
  const { ca, admin } = clusterPKI();
  const b64 = (pem: string) => Buffer.from(pem).toString('base64');
  const text = this.kubeconfigText!.replace(b64(ca.certPem), '<ca>').replace(b64(admin.certPem), '<admin cert>').replace(b64(admin.keyPem), '<admin key>');
  expect(text.trimEnd()).toBe(expected.trimEnd());
  // What is embedded decodes to the PKI's own PEMs.
  const doc = yaml.load(this.kubeconfigText!) as any;
  expect(Buffer.from(doc.users[0].user['client-key-data'], 'base64').toString()).toBe(admin.keyPem);
});

Then('the kubeconfig file is readable by its owner only', function (this: AuthnWorld) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubespec-kubeconfig-'));
  try {
    const file = path.join(dir, 'kubespec.kubeconfig');
    fs.writeFileSync(file, 'stale', { mode: 0o644 });
    writeKubeconfig(file, this.kubeconfigText!);
    expect({ mode: (fs.statSync(file).mode & 0o777).toString(8), text: fs.readFileSync(file, 'utf8') }).toEqual({ mode: '600', text: this.kubeconfigText });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
