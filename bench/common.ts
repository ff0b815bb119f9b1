/**
 * What every workload of `kubespec bench` shares: the wall clock (which the model itself never
 * reads), the floor measured in the same process (a warm-up, then the median of three), the
 * time budget, progress lines on stderr, and the kind config of a cluster with N workers.
 */
import { performance } from 'node:perf_hooks';

/** One workload's figures: the fields issue 9 names, and each workload's extras. */
export interface BenchResult {
  workload: string;
  nodes: number;
  pods: number;
  converged: boolean;
  wallSeconds: number;
  /** Model time ÷ floor time (W4: model writes ÷ minimum writes). */
  R: number | null;
  /** Per-unit cost at the full size ÷ per-unit cost at a tenth of it (linear is 1.0). */
  S: number | null;
  /** Model rate ÷ the published rate. */
  A: number | null;
  [extra: string]: unknown;
}

export interface BenchOptions {
  /** Multiplies the sizes (0.1: the short version). */
  scale: number;
  /** Wall seconds after which the workload stops and reports how far it got. */
  budgetSeconds: number;
}

/** Wall seconds since an arbitrary origin (monotonic): budgets, progress and wallSeconds. */
export function wall(): number {
  return performance.now() / 1000;
}

/**
 * CPU seconds this process used (user + system): what R, S and the rates are measured in, so
 * that other work on a shared machine does not enter the figures. On an idle machine a
 * single-threaded run's CPU time is its wall time (plus the GC's helper threads).
 */
export function cpu(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

export const round = (x: number, digits = 3): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/** A size of the issue scaled, never below `min`. */
export function scaled(n: number, scale: number, min = 1): number {
  return Math.max(min, Math.round(n * scale));
}

/**
 * The floor: the plain work a workload cannot do with less, timed in this process after one
 * warm-up run, as the median of three (so a GC pause or a cold JIT does not set it).
 */
export function floorSeconds(work: () => unknown): number {
  const w0 = cpu();
  work();
  // A floor of a millisecond or less is timed over enough repetitions to fill 50 ms.
  const reps = Math.max(1, Math.ceil(0.05 / Math.max(1e-6, cpu() - w0)));
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = cpu();
    for (let r = 0; r < reps; r++) work();
    times.push((cpu() - t0) / reps);
  }
  times.sort((a, b) => a - b);
  return times[1];
}

/** Periodic progress lines on stderr (never stdout: that is the JSON), at most one per `everySeconds`. */
export class Progress {
  private last = wall();
  constructor(
    private readonly workload: string,
    private readonly everySeconds = 5,
  ) {}

  /** Prints the line if enough wall time passed since the last one (or when forced). */
  tick(line: () => string, force = false): void {
    const now = wall();
    if (!force && now - this.last < this.everySeconds) return;
    this.last = now;
    process.stderr.write(`[bench ${this.workload}] ${line()}\n`);
  }
}

/** The time budget of one workload: every size it runs shares it. */
export class Budget {
  private readonly end: number;
  constructor(seconds: number) {
    this.end = wall() + seconds;
  }
  get exceeded(): boolean {
    return wall() > this.end;
  }
}

/** The heap after a full collection (the child runs with --expose-gc; without it, as it is). */
export function heapUsed(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    gc();
  }
  return process.memoryUsage().heapUsed;
}

/**
 * A kind config with one control-plane node and `workers` workers, as a user writes it for a
 * big cluster: a Pod subnet large enough for a /24 per node (10.0.0.0/8: 65,536 nodes) and node
 * addresses in 172.18.0.0/16 (kind's docker network), which a config of more than 250 nodes
 * must give since the defaults count up the last octet only.
 */
export function kindConfig(workers: number): string {
  const lines = ['kind: Cluster', 'apiVersion: kind.x-k8s.io/v1alpha4', 'networking:', '  podSubnet: 10.0.0.0/8', 'nodes:'];
  for (let i = 0; i <= workers; i++) {
    const host = i + 2;
    lines.push(i === 0 ? '- role: control-plane' : '- role: worker', `  address: 172.18.${Math.floor(host / 256)}.${host % 256}`);
  }
  return lines.join('\n') + '\n';
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
