/**
 * `kubectl create secret generic|tls|docker-registry NAME …` (kubectl/pkg/cmd/create/
 * create_secret.go, create_secret_tls.go, create_secret_docker.go): the Secret's data from
 * literals, files and env files, a TLS key pair checked as tls.X509KeyPair checks it, or a
 * .dockerconfigjson built from registry credentials.
 */
import { createPublicKey, X509Certificate } from 'node:crypto';
import type { KObject } from '../api/meta';
import { isConfigMapKey } from '../api/validation';
import { bool, str, strs, type FlagSpec, type Parsed } from './args';
import { createOrPrint, eachEnvFileSource, eachFileSource, GENERATOR_FLAGS, goMarshal, nameFromArgs, nameHash, parseLiteralSource, SourceFiles } from './create-sources';
import { KubectlError } from './errors';
import { KlogError } from './klog';
import type { Ctx } from './kubectl';
import { goString } from './printers/json';

export const SECRET_FLAGS: Record<string, FlagSpec[]> = {
  generic: [...GENERATOR_FLAGS, { name: 'from-file', type: 'strings' }, { name: 'from-literal', type: 'stringArray' }, { name: 'from-env-file', type: 'strings' }, { name: 'type', type: 'string' }],
  tls: [...GENERATOR_FLAGS, { name: 'cert', type: 'string' }, { name: 'key', type: 'string' }],
  'docker-registry': [
    ...GENERATOR_FLAGS,
    { name: 'docker-username', type: 'string' },
    { name: 'docker-password', type: 'string' },
    { name: 'docker-email', type: 'string' },
    { name: 'docker-server', type: 'string' },
    { name: 'from-file', type: 'strings' },
  ],
};

/** Every type's flags: the dispatcher parses with these, createSecret then holds each type to its own. */
export const SECRET_ANY_FLAGS: FlagSpec[] = [...new Map(Object.values(SECRET_FLAGS).flat().map((f) => [f.name, f])).values()];

/** `create secret TYPE NAME`; args start after "secret". */
export function createSecret(ctx: Ctx, p: Parsed, args: string[]): number {
  const [type, ...rest] = args;
  const own = SECRET_FLAGS[type];
  const foreign = own && [...p.flags.keys()].find((f) => SECRET_ANY_FLAGS.some((a) => a.name === f) && !own.some((o) => o.name === f));
  // pflag's words for a flag this type does not have, printed as cobra prints a flag error.
  if (foreign) throw new KlogError(`Error: unknown flag: --${foreign}\nSee 'kubectl create secret ${type} --help' for usage.\n`, `unknown flag: --${foreign}`);
  switch (type) {
    case 'generic':
      return createGeneric(ctx, p, rest);
    case 'tls':
      return createTLS(ctx, p, rest);
    case 'docker-registry':
      return createDockerRegistry(ctx, p, rest);
    default: {
      // `create secret` itself has only the global flags: cobra fails on the first other one.
      const flag = [...p.flags.keys()].find((f) => SECRET_ANY_FLAGS.some((a) => a.name === f));
      if (flag) throw new KlogError(`Error: unknown flag: --${flag}\nSee 'kubectl create secret --help' for usage.\n`, `unknown flag: --${flag}`);
      throw new KubectlError(`unknown command ${JSON.stringify(args.join(' '))}\nSee 'kubectl create secret -h' for help and examples`);
    }
  }
}

/** The Secret's data as kubectl adds to it: valid keys, each once (values are bytes, kept as text here). */
class SecretData {
  readonly data: Record<string, string> = {};
  add = (key: string, value: string): void => {
    const errs = isConfigMapKey(key);
    if (errs.length) throw new KubectlError(`${JSON.stringify(key)} is not valid key name for a Secret ${errs.join(';')}`);
    if (key in this.data) throw new KubectlError(`cannot add key ${key}, another key by that name already exists`);
    this.data[key] = value;
  };
}

function createGeneric(ctx: Ctx, p: Parsed, args: string[]): number {
  const name = nameFromArgs(args, 'create secret generic');
  const fileSources = strs(p, 'from-file');
  const literals = strs(p, 'from-literal');
  const envFiles = strs(p, 'from-env-file');
  if (envFiles.length > 0 && (fileSources.length > 0 || literals.length > 0)) throw new KubectlError('from-env-file cannot be combined with from-file or from-literal');
  const d = new SecretData();
  const files = new SourceFiles(ctx);
  // Literals first, then files, then env files, as createSecret adds them.
  for (const l of literals) d.add(...parseLiteralSource(l));
  eachFileSource(files, fileSources, d.add);
  eachEnvFileSource(files, envFiles, 'secret', d.add);
  return finish(ctx, p, name, str(p, 'type') ?? '', d.data);
}

function createTLS(ctx: Ctx, p: Parsed, args: string[]): number {
  const name = nameFromArgs(args, 'create secret tls');
  const certPath = str(p, 'cert') ?? '';
  const keyPath = str(p, 'key') ?? '';
  if (!certPath || !keyPath) throw new KubectlError('key and cert must be specified');
  const files = new SourceFiles(ctx);
  const read = (f: string) => {
    if (files.stat(f) !== 'file') throw new KubectlError(`Cannot read file ${f}, open ${f}: ${files.stat(f) === 'dir' ? 'is a directory' : 'no such file or directory'}`);
    return files.read(f);
  };
  const cert = read(certPath);
  const key = read(keyPath);
  checkKeyPair(cert, key);
  return finish(ctx, p, name, 'kubernetes.io/tls', { 'tls.crt': cert, 'tls.key': key });
}

function createDockerRegistry(ctx: Ctx, p: Parsed, args: string[]): number {
  const name = nameFromArgs(args, 'create secret docker-registry');
  // A file source without a key name is the .dockerconfigjson.
  const fileSources = strs(p, 'from-file').map((s) => (s.includes('=') ? s : `.dockerconfigjson=${s}`));
  const username = str(p, 'docker-username') ?? '';
  const password = str(p, 'docker-password') ?? '';
  const server = str(p, 'docker-server') ?? 'https://index.docker.io/v1/';
  if (fileSources.length === 0 && (!username || !password || !server))
    throw new KubectlError('either --from-file or the combination of --docker-username, --docker-password and --docker-server is required');
  const d = new SecretData();
  if (fileSources.length) eachFileSource(new SourceFiles(ctx), fileSources, d.add);
  else {
    // DockerConfigEntry's fields in struct order, each omitempty.
    const entry: [string, string][] = [
      ['username', username],
      ['password', password],
      ['email', str(p, 'docker-email') ?? ''],
      ['auth', Buffer.from(`${username}:${password}`, 'utf8').toString('base64')],
    ];
    const fields = entry.filter(([, v]) => v !== '').map(([k, v]) => `${goString(k)}:${goString(v)}`);
    d.data['.dockerconfigjson'] = `{"auths":{${goString(server)}:{${fields.join(',')}}}}`;
  }
  return finish(ctx, p, name, 'kubernetes.io/dockerconfigjson', d.data);
}

/** newSecretObj, the --append-hash suffix, then create or print. */
function finish(ctx: Ctx, p: Parsed, name: string, type: string, data: Record<string, string>): number {
  const encoded: Record<string, string> = {};
  for (const k of Object.keys(data)) encoded[k] = Buffer.from(data[k], 'utf8').toString('base64');
  let finalName = name;
  if (bool(p, 'append-hash')) finalName = `${name}-${nameHash(goMarshal({ kind: 'Secret', type, name, data: encoded }))}`;
  const secret: KObject = { kind: 'Secret', apiVersion: 'v1', metadata: { name: finalName, creationTimestamp: null as any } };
  if (Object.keys(encoded).length) (secret as any).data = encoded;
  if (type) (secret as any).type = type;
  return createOrPrint(ctx, p, 'secrets', secret, (m) => `failed to create secret ${m}`);
}

/** PEM blocks of a text: their types and the whole block. */
function pemBlocks(text: string): { type: string; pem: string }[] {
  return [...text.matchAll(/-----BEGIN ([^-\n]*)-----\r?\n[\s\S]*?-----END \1-----/g)].map((m) => ({ type: m[1], pem: m[0] }));
}

/** tls.X509KeyPair's checks and words: a certificate, a private key, and that they belong together. */
function checkKeyPair(cert: string, key: string): void {
  const certs = pemBlocks(cert);
  const first = certs.find((b) => b.type === 'CERTIFICATE');
  if (!first) {
    const skipped = certs.map((b) => b.type);
    if (skipped.length === 0) throw new KubectlError('tls: failed to find any PEM data in certificate input');
    if (skipped.length === 1 && skipped[0].endsWith('PRIVATE KEY'))
      throw new KubectlError('tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched');
    throw new KubectlError(`tls: failed to find "CERTIFICATE" PEM block in certificate input after skipping PEM blocks of the following types: [${skipped.join(' ')}]`);
  }
  const keys = pemBlocks(key);
  const keyBlock = keys.find((b) => b.type === 'PRIVATE KEY' || b.type.endsWith(' PRIVATE KEY'));
  if (!keyBlock) {
    const skipped = keys.map((b) => b.type);
    if (skipped.length === 0) throw new KubectlError('tls: failed to find any PEM data in key input');
    if (skipped.length === 1 && skipped[0] === 'CERTIFICATE') throw new KubectlError('tls: found a certificate rather than a key in the PEM for the private key');
    throw new KubectlError(`tls: failed to find PEM block with type ending in "PRIVATE KEY" in key input after skipping PEM blocks of the following types: [${skipped.join(' ')}]`);
  }
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(first.pem);
  } catch {
    throw new KubectlError('x509: malformed certificate');
  }
  let pub: string;
  try {
    pub = createPublicKey(keyBlock.pem).export({ type: 'spki', format: 'der' }).toString('base64');
  } catch {
    throw new KubectlError('tls: failed to parse private key');
  }
  if (x509.publicKey.export({ type: 'spki', format: 'der' }).toString('base64') !== pub) throw new KubectlError('tls: private key does not match public key');
}
