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

/** The real kubectl with a fresh HOME and no kubeconfig, in the corpus directory. */
export function runReal(line: string): Promise<Outcome> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'kubectl-diff-'));
  return new Promise((resolve, reject) => {
    const child = spawn(KUBECTL, argv(line), { cwd: CORPUS_DIR, env: { PATH: process.env.PATH ?? '', HOME: home, LANG: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** Runs `lines` through the real kubectl, `limit` at a time. */
export async function runRealAll(lines: string[], limit = 6): Promise<Map<string, Outcome>> {
  const out = new Map<string, Outcome>();
  let next = 0;
  const worker = async () => {
    while (next < lines.length) {
      const l = lines[next++];
      out.set(l, await runReal(l));
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return out;
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
    real = await runRealAll(lines);
    if (args.includes('--record')) {
      if (!/^v1\.32\./.test(v)) throw new Error(`refusing to record ${v}: the recording is of kubectl 1.32`);
      const rec: Recording = { gitVersion: v, lines: Object.fromEntries(lines.map((l) => [l, real.get(l)!])) };
      fs.writeFileSync(RECORDING, JSON.stringify(rec, null, 1) + '\n');
      process.stdout.write(`recorded ${lines.length} lines of ${v} in ${path.relative(process.cwd(), RECORDING)}\n`);
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
