import type { Simulation } from './simulation';

/**
 * A process on a node's "OS": a pid, a command line, and a generation that a crash bumps,
 * so that every task the old incarnation scheduled is dropped (a crash loses memory: cache,
 * queue, timers) and nothing else.
 */
export class Process {
  generation = 0;
  running = true;
  readonly startedAt: number;
  private onStop: (() => void)[] = [];

  constructor(
    readonly sim: Simulation,
    readonly pid: number,
    readonly node: string,
    /** The component name used in the trace, e.g. "kube-scheduler" or "kubelet/k8s-worker-1". */
    readonly actor: string,
    /** The command line `ps aux` prints. */
    readonly command: string,
    readonly user = 'root',
  ) {
    this.startedAt = sim.now();
  }

  schedule(delayMs: number, label: string, fn: () => void): void {
    this.sim.schedule(delayMs, `${this.actor}: ${label}`, fn, this);
  }

  /** Registers cleanup that runs when the process stops (closing watches, for example). */
  onExit(fn: () => void): void {
    this.onStop.push(fn);
  }

  /** The signal that ended the process (kill -9: 9, pkill's default SIGTERM: 15). */
  exitSignal?: number;

  kill(signal = 9): void {
    if (!this.running) return;
    this.exitSignal = signal;
    this.running = false;
    this.generation++;
    const fns = this.onStop;
    this.onStop = [];
    for (const fn of fns) fn();
    this.sim.trace.record('process', this.actor, 'exit', `${this.node}/${this.pid}`);
  }
}
