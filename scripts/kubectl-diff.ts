/**
 * The kubectl differential test: every line of test/kubectl-corpus/lines.txt run through the
 * model's kubectl (one model Cluster for the whole corpus) and through the real kubectl (fresh
 * HOME, no kubeconfig, cwd = the corpus directory), stdout, stderr and exit code compared byte
 * for byte. The only normalization, applied to both sides: klog's header (date, time, pid),
 * which differs on every run of the real binary.
 *
 *   npm run kubectl-diff                 the model against the live kubectl; reports/kubectl-diff.md
 *   npm run kubectl-diff -- --recorded   the model against recorded-1.32.json (no kubectl needed)
 *   npm run kubectl-diff -- --record     re-records recorded-1.32.json from the live kubectl, then reports
 *   npm run kubectl-diff -- --record-missing   records only the lines the recording lacks
 *   npm run kubectl-diff -- --record-server    re-records only the server lines
 *
 * Server lines (test/kubectl-corpus/server-lines.txt) are those the real kubectl cannot answer
 * without an API server (discovery to map a kind, a role's resources …). The real kubectl runs
 * them against `kubespec up` (seed 1, a kubeconfig of its own): the server is the model either
 * way, so what is compared is still kubectl's own side, now with discovery answered.
 *
 * The feature (features/kubectl-differential.feature) uses the recording and known-differences.json.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Cluster } from '../model/cluster';
import { Kubectl } from '../model/kubectl/kubectl';
import { shellSplit } from '../model/shell/shellwords';

export const CORPUS_DIR = path.join(__dirname, '..', 'test', 'kubectl-corpus');
export const RECORDING = path.join(CORPUS_DIR, 'recorded-1.32.json');
export const KNOWN = path.join(CORPUS_DIR, 'known-differences.json');
export const SERVER_LINES = path.join(CORPUS_DIR, 'server-lines.txt');
const REPORT = path.join(__dirname, '..', 'reports', 'kubectl-diff.md');
const KUBECTL = process.env.KUBESPEC_KUBECTL || 'kubectl';

export interface Outcome {
  stdout: string;
  stderr: string;
  code: number;
}

export interface CorpusLine {
  group: string;
  line: string;
}

export interface Recording {
  gitVersion: string;
  lines: Record<string, Outcome>;
}

/** The corpus: "## group: NAME …" starts a group, other "#" lines and blank lines are comments. */
export function loadCorpus(): CorpusLine[] {
  const out: CorpusLine[] = [];
  let group = '';
  for (const raw of fs.readFileSync(path.join(CORPUS_DIR, 'lines.txt'), 'utf8').split('\n')) {
    const m = /^## group: (\S+)/.exec(raw);
    if (m) group = m[1];
    else if (raw.trim() && !raw.startsWith('#')) {
      if (!group) throw new Error(`corpus line before any group: ${raw}`);
      out.push({ group, line: raw });
    }
  }
  return out;
}

function argv(line: string): string[] {
  const a = shellSplit(line);
  if (!a || a[0] !== 'kubectl') throw new Error(`not a kubectl command line: ${line}`);
  return a.slice(1);
}

/** klog's "E1130 17:43:33.572454   17118 " header: time and pid differ on every run. */
export function normalize(o: Outcome): Outcome {
  const klog = /^([EWIF])\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ /gm;
  return { stdout: o.stdout.replace(klog, '$1MMDD hh:mm:ss.uuuuuu PID '), stderr: o.stderr.replace(klog, '$1MMDD hh:mm:ss.uuuuuu PID '), code: o.code };
}

let modelKubectl: Kubectl | undefined;

/** The model's kubectl as the play's shell runs it, on one Cluster built once for the corpus. */
export function runModel(line: string): Outcome {
  if (!modelKubectl) {
    const cluster = new Cluster({ seed: 1 });
    modelKubectl = new Kubectl({ client: cluster.admin, sim: cluster.sim });
  }
  const r = modelKubectl.run(argv(line), { cwd: CORPUS_DIR, stdin: '' });
  return normalize({ stdout: r.stdout, stderr: r.stderr, code: r.code });
}

/** The real kubectl's gitVersion, or null when none runs here. */
export function realVersion(): string | null {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'kubectl-diff-'));
  try {
    const r = spawnSync(KUBECTL, ['version', '--client', '-o', 'json'], { env: { PATH: process.env.PATH ?? '', HOME: home }, encoding: 'utf8', timeout: 20_000 });
    return r.status === 0 ? String(JSON.parse(r.stdout).clientVersion.gitVersion) : null;
  } catch {
    return null;
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/** The lines the real kubectl runs against `kubespec up`. */
export function loadServerLines(): Set<string> {
  if (!fs.existsSync(SERVER_LINES)) return new Set();
  return new Set(fs.readFileSync(SERVER_LINES, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#')));
}

/** The real kubectl with a fresh HOME, in the corpus directory; no kubeconfig unless a server's is given. */
export function runReal(line: string, kubeconfig?: string): Promise<Outcome> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'kubectl-diff-'));
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: home, LANG: 'C' };
  if (kubeconfig) env.KUBECONFIG = kubeconfig;
  return new Promise((resolve, reject) => {
    const child = spawn(KUBECTL, argv(line), { cwd: CORPUS_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      fs.rmSync(home, { recursive: true, force: true });
      resolve(normalize({ stdout, stderr, code: code ?? 128 + (signal ? os.constants.signals[signal] : 0) }));
    });
  });
}

/** Runs `lines` through the real kubectl, `limit` at a time; the server lines against `kubespec up`. */
export async function runRealAll(lines: string[], limit = 6): Promise<Map<string, Outcome>> {
  const server = loadServerLines();
  const out = new Map<string, Outcome>();
  const run = async (ls: string[], kubeconfig?: string) => {
    let next = 0;
    const worker = async () => {
      while (next < ls.length) {
        const l = ls[next++];
        out.set(l, await runReal(l, kubeconfig));
      }
    };
    await Promise.all(Array.from({ length: limit }, worker));
  };
  await run(lines.filter((l) => !server.has(l)));
  const withServer = lines.filter((l) => server.has(l));
  if (withServer.length) await withKubespecUp((kubeconfig) => run(withServer, kubeconfig));
  return out;
}

const READY_TIMEOUT_MS = 120_000;

/** `kubespec up --seed 1` on a free port with a kubeconfig of its own, for as long as fn runs. */
export async function withKubespecUp<T>(fn: (kubeconfig: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubectl-diff-up-'));
  const kubeconfig = path.join(dir, 'kubeconfig');
  const root = path.join(__dirname, '..');
  const server = spawn(process.execPath, [path.join(root, 'bin', 'kubespec.js'), 'up', '--port', '0', '--seed', '1', '--kubeconfig-out', kubeconfig], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  server.stdout.on('data', (b) => (log += b));
  server.stderr.on('data', (b) => (log += b));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  try {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    // Ready when the kubeconfig is written and the real kubectl gets /readyz through it.
    for (;;) {
      if (server.exitCode !== null) throw new Error(`kubespec up exited early:\n${log}`);
      if (fs.existsSync(kubeconfig)) {
        const home = fs.mkdtempSync(path.join(os.tmpdir(), 'kubectl-diff-'));
        const r = spawnSync(KUBECTL, ['get', '--raw', '/readyz'], { env: { PATH: process.env.PATH ?? '', HOME: home, KUBECONFIG: kubeconfig }, encoding: 'utf8', timeout: 10_000 });
        fs.rmSync(home, { recursive: true, force: true });
        if (r.status === 0 && r.stdout.trim() === 'ok') break;
      }
      if (Date.now() > deadline) throw new Error(`kubespec up was not ready within ${READY_TIMEOUT_MS / 1000}s:\n${log}`);
      await new Promise((r) => setTimeout(r, 300));
    }
    return await fn(kubeconfig);
  } finally {
    server.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function loadRecording(): Recording {
  return JSON.parse(fs.readFileSync(RECORDING, 'utf8')) as Recording;
}

/** line -> reason: the differences the model still has, which may only shrink. */
export function loadKnown(): Record<string, string> {
  return fs.existsSync(KNOWN) ? (JSON.parse(fs.readFileSync(KNOWN, 'utf8')) as Record<string, string>) : {};
}

export function same(a: Outcome, b: Outcome): boolean {
  return a.code === b.code && a.stdout === b.stdout && a.stderr === b.stderr;
}

/** A unified diff of the two outcomes (real first), one section per stream that differs. */
export function unifiedDiff(real: Outcome, model: Outcome): string {
  const parts: string[] = [];
  if (real.code !== model.code) parts.push(`exit code: real ${real.code}, model ${model.code}`);
  for (const s of ['stdout', 'stderr'] as const) {
    if (real[s] === model[s]) continue;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubectl-diff-u-'));
    try {
      fs.writeFileSync(path.join(dir, 'real'), real[s]);
      fs.writeFileSync(path.join(dir, 'model'), model[s]);
      const r = spawnSync('diff', ['-u', '--label', `real ${s}`, '--label', `model ${s}`, 'real', 'model'], { cwd: dir, encoding: 'utf8' });
      parts.push(r.stdout.trimEnd());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return parts.join('\n');
}

/** Writes the recording: the corpus's lines (in corpus order) and what the real kubectl printed. */
function record(v: string, lines: string[], real: Map<string, Outcome>): void {
  if (!/^v1\.32\./.test(v)) throw new Error(`refusing to record ${v}: the recording is of kubectl 1.32`);
  const rec: Recording = { gitVersion: v, lines: Object.fromEntries(lines.map((l) => [l, real.get(l)!])) };
  fs.writeFileSync(RECORDING, JSON.stringify(rec, null, 1) + '\n');
  process.stdout.write(`recorded ${lines.length} lines of ${v} in ${path.relative(process.cwd(), RECORDING)}\n`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const corpus = loadCorpus();
  const lines = [...new Set(corpus.map((c) => c.line))];
  let real: Map<string, Outcome>;
  let version: string;
  if (args.includes('--recorded')) {
    const rec = loadRecording();
    version = rec.gitVersion;
    real = new Map(Object.entries(rec.lines));
  } else {
    const v = realVersion();
    if (!v) throw new Error(`no kubectl runs here (${KUBECTL}); use --recorded`);
    version = v;
    const partial = args.includes('--record-missing') || args.includes('--record-server');
    if (partial) {
      // Only some lines are re-run; the others keep what was recorded.
      const rec = loadRecording();
      const server = loadServerLines();
      const todo = lines.filter((l) => (args.includes('--record-missing') && !rec.lines[l]) || (args.includes('--record-server') && server.has(l)));
      const fresh = await runRealAll(todo);
      real = new Map(Object.entries(rec.lines));
      for (const [l, o] of fresh) real.set(l, o);
      record(v, lines, real);
    } else {
      real = await runRealAll(lines);
      if (args.includes('--record')) record(v, lines, real);
    }
  }
  const known = loadKnown();
  const diffs: string[] = [];
  let identical = 0;
  const byGroup = new Map<string, { n: number; same: number }>();
  for (const { group, line } of corpus) {
    const r = real.get(line);
    if (!r) throw new Error(`no real outcome for: ${line}`);
    const m = runModel(line);
    const g = byGroup.get(group) ?? { n: 0, same: 0 };
    g.n++;
    byGroup.set(group, g);
    if (same(r, m)) {
      identical++;
      g.same++;
    } else diffs.push(`### \`${line}\`\n\n${known[line] ? `Known: ${known[line]}\n\n` : 'NOT in known-differences.json\n\n'}\`\`\`diff\n${unifiedDiff(r, m)}\n\`\`\`\n`);
  }
  const pct = (a: number, b: number) => ((100 * a) / b).toFixed(1);
  const report = [
    `# kubectl differential test`,
    '',
    `The model's kubectl against the real kubectl ${version}${args.includes('--recorded') ? ' (recorded)' : ''}: ${corpus.length} lines, ${identical} identical (${pct(identical, corpus.length)}%), ${corpus.length - identical} different.`,
    '',
    '| group | lines | identical | % |',
    '|---|---|---|---|',
    ...[...byGroup].map(([g, c]) => `| ${g} | ${c.n} | ${c.same} | ${pct(c.same, c.n)} |`),
    '',
    '## Differences (real first)',
    '',
    ...diffs,
  ].join('\n');
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, report);
  process.stdout.write(`${identical}/${corpus.length} identical (${pct(identical, corpus.length)}%); report in ${path.relative(process.cwd(), REPORT)}\n`);
}

if (require.main === module)
  main().catch((e) => {
    process.stderr.write(`kubectl-diff: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
