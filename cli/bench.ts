/**
 * `kubespec bench [--json] [--only W1,W2] [--scale X] [--budget SECONDS]`: issue 9's workloads,
 * each in a child process of its own (so one workload's heap does not weigh on the next, and
 * heap figures are clean), one result line per workload on stdout, progress on stderr. A child
 * that overruns its budget by more than a grace period is stopped, and its line says so.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { BenchResult } from '../bench/common';

const ORDER = ['W1', 'W2', 'W3', 'W4', 'W5', 'W6'];
const ROOT = path.join(__dirname, '..');
/** What a child gets beyond its budget to finish the size it is on and print its line. */
const GRACE_SECONDS = 120;

const USAGE = `Usage: kubespec bench [--json] [--only W1,W2,…] [--scale X] [--budget SECONDS]

Runs issue 9's workloads (W1 150,000 Pods on 5,000 nodes, W2 the scheduler alone, W3 a DaemonSet
on 15,000 nodes, W4 a 3,000-replica rollout, W5 watch fan-out, W6 property histories), each in
a process of its own, and prints one line per workload (JSON with --json). --scale multiplies the
sizes (0.1: the short version); a workload still running after --budget seconds (default 600)
stops and reports converged:false with how far it got. Durations other than wallSeconds, and
the rates, are in CPU seconds of the workload's process (README, Performance).
`;

interface BenchArgs {
  json: boolean;
  only: string[];
  scale: number;
  budgetSeconds: number;
}

class UsageError extends Error {}

function parseArgs(args: string[]): BenchArgs {
  const out: BenchArgs = { json: false, only: ORDER, scale: 1, budgetSeconds: 600 };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = (name: string) => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : args[++i];
      if (v === undefined) throw new UsageError(`flag needs an argument: ${name}`);
      return v;
    };
    const positive = (name: string, v: string) => {
      const n = Number(v);
      if (!/^\d*\.?\d+(e-?\d+)?$/.test(v) || !(n > 0)) throw new UsageError(`invalid ${name} "${v}": want a positive number`);
      return n;
    };
    if (a === '--json') out.json = true;
    else if (a === '--only' || a.startsWith('--only=')) {
      const names = value('--only').split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);
      const unknown = names.find((n) => !ORDER.includes(n));
      if (unknown) throw new UsageError(`unknown workload "${unknown}": want one of ${ORDER.join(', ')}`);
      out.only = ORDER.filter((n) => names.includes(n));
    } else if (a === '--scale' || a.startsWith('--scale=')) out.scale = positive('--scale', value('--scale'));
    else if (a === '--budget' || a.startsWith('--budget=')) out.budgetSeconds = positive('--budget', value('--budget'));
    else if (a === '-h' || a === '--help') throw new UsageError('');
    else throw new UsageError(`unknown argument: ${a}`);
  }
  return out;
}

/** Runs one workload in a child process; resolves to its result line (or a line saying why there is none). */
function runChild(name: string, a: BenchArgs): Promise<BenchResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--expose-gc', '--max-old-space-size=16384', '-r', 'ts-node/register', path.join(ROOT, 'bench', 'run-one.ts'), name, JSON.stringify({ scale: a.scale, budgetSeconds: a.budgetSeconds })], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let lastProgress = '';
    let killed = false;
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b: Buffer) => {
      process.stderr.write(b);
      const lines = b.toString().trim().split('\n');
      lastProgress = lines[lines.length - 1] || lastProgress;
    });
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, (a.budgetSeconds + GRACE_SECONDS) * 1000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = out.trim().split('\n').pop();
      try {
        if (line) return resolve(JSON.parse(line));
      } catch {
        /* fall through: a broken line is reported as no line */
      }
      resolve({
        workload: name,
        nodes: 0,
        pods: 0,
        converged: false,
        wallSeconds: 0,
        R: null,
        S: null,
        A: null,
        error: killed ? `stopped after its budget of ${a.budgetSeconds} s and ${GRACE_SECONDS} s of grace` : `exited with ${signal ?? code}`,
        lastProgress: lastProgress.replace(/^\[bench \w+\] /, ''),
      });
    });
  });
}

/** The human line: the common fields, then the workload's extras. */
function human(r: BenchResult): string {
  const { workload, nodes, pods, converged, wallSeconds, R, S, A, ...extras } = r;
  const fmt = (v: unknown) => (v === null ? '-' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  const rest = Object.entries(extras)
    .map(([k, v]) => `${k}=${fmt(v)}`)
    .join(' ');
  return `${workload} nodes=${nodes} pods=${pods} converged=${converged} wall=${wallSeconds}s R=${fmt(R)} S=${fmt(S)} A=${fmt(A)} ${rest}`.trimEnd();
}

export async function bench(args: string[]): Promise<number> {
  let a: BenchArgs;
  try {
    a = parseArgs(args);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    if (e.message) process.stderr.write(`kubespec bench: ${e.message}\n`);
    (e.message ? process.stderr : process.stdout).write(USAGE);
    return e.message ? 2 : 0;
  }
  let failed = false;
  for (const name of a.only) {
    const r = await runChild(name, a);
    if (r.error) failed = true;
    process.stdout.write((a.json ? JSON.stringify(r) : human(r)) + '\n');
  }
  return failed ? 1 : 0;
}
