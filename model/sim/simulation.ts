import { VirtualClock } from './clock';
import { MinHeap } from './heap';
import { Rng } from './rng';
import { Trace } from './trace';
import type { FaultHooks } from './faults';
import type { Process } from './process';

interface Task {
  at: number;
  seq: number;
  label: string;
  owner?: Process;
  generation: number;
  fn: () => void;
}

/**
 * Picks which of several ready tasks runs next. The default draws from the seeded RNG;
 * a property test may pass its own (e.g. drawn by fast-check) so an interleaving shrinks.
 */
export type Chooser = (ready: readonly { label: string }[]) => number;

/**
 * The discrete-event simulation: virtual clock, seeded RNG, trace, and the run loop that
 * decides which ready component runs next. Components never run on their own: they schedule
 * tasks here, and tasks run only inside advance() / runUntilQuiet().
 */
export class Simulation {
  readonly clock: VirtualClock;
  readonly rng: Rng;
  readonly trace: Trace;
  chooser?: Chooser;
  /** Fault injection (model/sim/faults.ts): consulted by the API server and watch fan-out when set. */
  faults?: FaultHooks;
  private readonly tasks = new MinHeap<Task>((a, b) => a.at < b.at || (a.at === b.at && a.seq < b.seq));
  private seq = 0;
  private nextPid = 100;
  /** Uncaught failures inside tasks: a model bug, kept for the suite to report. */
  readonly failures: { label: string; error: unknown }[] = [];

  constructor(
    readonly seed: number,
    opts: { epochMs?: number } = {},
  ) {
    this.clock = new VirtualClock(opts.epochMs);
    this.rng = new Rng(seed);
    this.trace = new Trace(() => this.clock.sinceStart());
  }

  now(): number {
    return this.clock.sinceStart();
  }

  allocatePid(): number {
    this.nextPid += 1 + this.rng.int(7);
    return this.nextPid;
  }

  /** Runs fn after delayMs of virtual time (0: as soon as the loop gets to it). */
  schedule(delayMs: number, label: string, fn: () => void, owner?: Process): void {
    this.tasks.push({
      at: this.clock.sinceStart() + Math.max(0, delayMs),
      seq: this.seq++,
      label,
      owner,
      generation: owner ? owner.generation : 0,
      fn,
    });
  }

  /** Pending tasks whose owner is still the same incarnation. */
  get pending(): number {
    return this.tasks.size;
  }

  private popNext(limit: number): Task | undefined {
    for (;;) {
      const top = this.tasks.peek();
      if (!top || top.at > limit) return undefined;
      if (!this.chooser) {
        this.tasks.pop();
        if (this.isStale(top)) continue;
        return top;
      }
      const ready: Task[] = [];
      while (this.tasks.peek() && this.tasks.peek()!.at === top.at) {
        const t = this.tasks.pop()!;
        if (!this.isStale(t)) ready.push(t);
      }
      if (ready.length === 0) continue;
      const i = Math.min(ready.length - 1, Math.max(0, this.chooser(ready)));
      const chosen = ready[i];
      for (const t of ready) if (t !== chosen) this.tasks.push(t);
      return chosen;
    }
  }

  private isStale(t: Task): boolean {
    return t.owner !== undefined && (t.generation !== t.owner.generation || !t.owner.running);
  }

  private runTask(t: Task): void {
    this.clock.advanceTo(t.at);
    try {
      t.fn();
    } catch (error) {
      this.failures.push({ label: t.label, error });
    }
  }

  /** Lets virtual time pass: runs every task due within the next ms milliseconds. */
  advance(ms: number): void {
    const end = this.clock.sinceStart() + ms;
    for (let t = this.popNext(end); t; t = this.popNext(end)) this.runTask(t);
    this.clock.advanceTo(end);
  }

  /**
   * Runs tasks due now or within `horizonMs` repeatedly until nothing more is due in that
   * horizon (periodic heartbeats keep a cluster from ever being truly idle), or until maxMs
   * of virtual time passed. Returns the virtual time it took.
   */
  runUntilQuiet(horizonMs = 1000, maxMs = 10 * 60 * 1000): number {
    const start = this.clock.sinceStart();
    for (;;) {
      const top = this.tasks.peek();
      if (!top) break;
      if (top.at > this.clock.sinceStart() + horizonMs || top.at > start + maxMs) break;
      const t = this.popNext(top.at);
      if (t) this.runTask(t);
    }
    return this.clock.sinceStart() - start;
  }
}
