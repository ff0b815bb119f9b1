/**
 * The real kubectl against the model: the scenario's Cluster served by an ApiFacade on an
 * ephemeral loopback port over HTTPS, a kubeconfig per user in a temporary directory, and the
 * kubectl binary run as a child process with a fresh HOME and --cache-dir. Wall-clock code: it
 * lives with the steps, never in model/.
 *
 * Virtual time does not move while the child runs unless a caller moves it (runWhile), so the
 * real kubectl and the model's kubectl see the same objects and the same server-computed AGE.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Cluster } from '../../model/cluster';
import { ApiFacade } from '../../server/facade';
import { kubeconfigYAML, writeKubeconfig } from '../../server/kubeconfig';
import { type CertKeyPair, type ClusterPKI, createClusterPKI, signCertificate } from '../../server/pki';

/** What one kubectl run left: its streams and exit status (124: cut off by `timeout`). */
export interface KubectlRun {
  stdout: string;
  stderr: string;
  code: number;
}

/** The binary the features run: KUBESPEC_KUBECTL, or `kubectl` on the PATH. */
export const KUBECTL_BIN = process.env.KUBESPEC_KUBECTL || 'kubectl';

export interface ClientVersion {
  gitVersion: string;
  minor: number;
}

let clientVersionCache: ClientVersion | null | undefined;

/**
 * `kubectl version --client -o json`, asked once per process; null when no kubectl runs here.
 * The Google Cloud SDK dispatcher reports its own minor ("32+") and runs the binary matching
 * the server's minor, which the facade says is 32.
 */
export function clientVersion(): ClientVersion | null {
  if (clientVersionCache !== undefined) return clientVersionCache;
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'kubespec-kubectl-version-'));
  try {
    const r = spawnSync(KUBECTL_BIN, ['version', '--client', '-o', 'json'], { env: { PATH: process.env.PATH ?? '', HOME: home }, encoding: 'utf8', timeout: 20_000 });
    const v = r.status === 0 ? JSON.parse(r.stdout).clientVersion : undefined;
    clientVersionCache = v ? { gitVersion: String(v.gitVersion), minor: parseInt(String(v.minor), 10) } : null;
  } catch {
    clientVersionCache = null;
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
  return clientVersionCache;
}

// Key generation takes most of a second: one PKI per process, one certificate per extra user.
let pkiCache: ClusterPKI | undefined;
const userCerts = new Map<string, CertKeyPair>();

export function sharedPKI(): ClusterPKI {
  return (pkiCache ??= createClusterPKI());
}

/** A client certificate for `user` signed by the cluster CA: an identity with no RBAC rights of its own. */
export function userCertificate(user: string, groups: string[] = []): CertKeyPair {
  const key = [user, ...groups].join('\0');
  let c = userCerts.get(key);
  if (!c) userCerts.set(key, (c = signCertificate(sharedPKI().ca, { commonName: user, organizations: groups }, { usage: 'clientAuth' })));
  return c;
}

export interface RunOptions {
  stdin?: string;
  /** A user with a kubeconfig of its own (userCertificate); the admin when absent. */
  user?: string;
}

/** One scenario's served cluster, temporary directory and kubeconfigs. */
export class RealKubectl {
  readonly facade: ApiFacade;
  /** HOME, cache and working directory of the child, removed by stop(). */
  readonly dir: string;
  readonly home: string;
  readonly cacheDir: string;
  /** The working directory both kubectls run in: the repository's examples/, the scenario's files. */
  readonly workDir: string;
  private readonly kubeconfigs = new Map<string, string>();
  private readonly children = new Set<ReturnType<typeof spawn>>();

  constructor(
    readonly cluster: Cluster,
    repoRoot: string,
  ) {
    const pki = sharedPKI();
    this.facade = new ApiFacade(cluster, {
      host: '127.0.0.1',
      port: 0,
      tls: { key: pki.apiserver.keyPem, cert: pki.apiserver.certPem, ca: pki.ca.certPem },
    });
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubespec-real-kubectl-'));
    this.home = path.join(this.dir, 'home');
    this.cacheDir = path.join(this.dir, 'cache');
    this.workDir = path.join(this.dir, 'work');
    for (const d of [this.home, this.cacheDir, this.workDir]) fs.mkdirSync(d);
    fs.symlinkSync(path.join(repoRoot, 'examples'), path.join(this.workDir, 'examples'));
  }

  async start(): Promise<void> {
    await this.facade.start();
    const pki = sharedPKI();
    this.kubeconfigs.set('', this.writeKubeconfig('admin', pki.admin));
  }

  /** Writes the scenario's files (absolute paths under repoRoot) at the same relative paths in workDir. */
  writeFiles(files: ReadonlyMap<string, string>, repoRoot: string): void {
    for (const [abs, text] of files) {
      const rel = path.relative(repoRoot, abs);
      if (rel.startsWith('..') || path.isAbsolute(rel)) throw new Error(`scenario file outside the repository: ${abs}`);
      const target = path.join(this.workDir, rel);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, text);
    }
  }

  /** The kubeconfig of a user (kind's layout, the user's certificate embedded). */
  kubeconfigFor(user?: string): string {
    const key = user ?? '';
    let p = this.kubeconfigs.get(key);
    if (!p) this.kubeconfigs.set(key, (p = this.writeKubeconfig(user!, userCertificate(user!))));
    return p;
  }

  private writeKubeconfig(file: string, cert: CertKeyPair): string {
    const p = path.join(this.dir, `${file}.kubeconfig`);
    writeKubeconfig(p, kubeconfigYAML({ server: this.facade.url, caPem: sharedPKI().ca.certPem, clientCertPem: cert.certPem, clientKeyPem: cert.keyPem }));
    return p;
  }

  /**
   * Starts `kubectl <argv> --cache-dir DIR` in workDir. The promise settles when the child exits
   * (code 128+n when a signal ended it, as a shell reports); `output()` reads what it printed so far.
   */
  spawn(argv: string[], opts: RunOptions = {}): RunningKubectl {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '', HOME: this.home, KUBECONFIG: this.kubeconfigFor(opts.user), LANG: 'C' };
    // Before a `--`: what follows it is the command of `exec` or `run`, not kubectl's.
    const dash = argv.indexOf('--');
    const args = dash < 0 ? [...argv, `--cache-dir=${this.cacheDir}`] : [...argv.slice(0, dash), `--cache-dir=${this.cacheDir}`, ...argv.slice(dash)];
    const child = spawn(KUBECTL_BIN, args, { cwd: this.workDir, env, stdio: ['pipe', 'pipe', 'pipe'] });
    this.children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdin!.end(opts.stdin ?? '');
    const exited = new Promise<KubectlRun>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code, signal) => {
        this.children.delete(child);
        resolve({ stdout, stderr, code: code ?? 128 + (signal ? os.constants.signals[signal] : 0) });
      });
    });
    return {
      exited,
      output: () => ({ stdout, stderr }),
      get running() {
        return child.exitCode === null && child.signalCode === null;
      },
      kill: () => void child.kill('SIGTERM'),
    };
  }

  /** Ends any child still running, closes the socket and removes the temporary directory. */
  async stop(): Promise<void> {
    for (const c of this.children) c.kill('SIGKILL');
    await this.facade.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface RunningKubectl {
  exited: Promise<KubectlRun>;
  output(): { stdout: string; stderr: string };
  readonly running: boolean;
  kill(): void;
}

/** Resolves after `ms` of wall time: the pace at which a child's output is polled. */
export function wallDelay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * Waits (wall clock, bounded) until `done()` holds or the child exits; true if `done()` held.
 * The HTTP server runs in this process, so this yields to the event loop between checks.
 */
export async function waitUntil(child: RunningKubectl, done: () => boolean, wallMs: number): Promise<boolean> {
  const deadline = Date.now() + wallMs;
  for (;;) {
    if (done()) return true;
    if (!child.running || Date.now() > deadline) return done();
    await wallDelay(5);
  }
}
