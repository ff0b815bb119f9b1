import type { Cluster } from '../cluster';
import type { Simulation } from '../sim/simulation';

/**
 * kubespec's limits on a play, not Kubernetes' (kube-apiserver takes `--replicas=2000000` and
 * the cluster keeps creating Pods for hours): a command's virtual time stops early, and the
 * play with it, when the model works too hard for a reader to wait for. Counted in trace
 * entries (API requests, etcd operations, watch deliveries, CRI calls), so the same script stops
 * at the same place on every machine.
 */
export interface PlayLimits {
  eventsPerCommand: number;
  pods: number;
}

export const PLAY_LIMITS: PlayLimits = {
  /** About a day of an idle three-node cluster, or seconds of a runaway scale-up. */
  eventsPerCommand: 250_000,
  /** The model's controllers list every Pod on each sync: thousands take minutes. */
  pods: 2_000,
};

/** Slices of virtual time between two checks: short while busy, growing while quiet. */
const MIN_SLICE_MS = 10;
const BUSY_SLICE_MS = 60_000;
const QUIET_EVENTS = 1_000;

/** The last instant an RFC 3339 timestamp (metav1.Time) can name: 9999-12-31T23:59:59Z. */
export const LAST_TIMESTAMP_MS = Date.UTC(9999, 11, 31, 23, 59, 59);

/** Thrown out of advance() once a limit is passed, to end the command that waits. */
export class BudgetExceeded extends Error {}

/** Lets virtual time pass for one command at a time, within PLAY_LIMITS. */
export class TimeBudget {
  private startEvents = 0;
  private command = '';
  /** Why the current command's time stopped early, once it did. */
  exceeded?: string;

  constructor(
    private readonly cluster: Cluster,
    private readonly limits: PlayLimits = PLAY_LIMITS,
  ) {}

  private get events(): number {
    return this.cluster.sim.trace.entries.length;
  }

  /** Starts counting the events of a new command. */
  begin(command: string): void {
    this.startEvents = this.events;
    this.command = command;
    this.exceeded = undefined;
  }

  /**
   * Lets ms of virtual time pass, in slices (the same tasks run in the same order as one
   * advance), checking the limits after each; throws BudgetExceeded once one is passed.
   */
  advance(ms: number): void {
    let slice = MIN_SLICE_MS;
    for (let left = ms; left > 0; ) {
      if (this.exceeded) throw new BudgetExceeded(this.exceeded);
      const step = Math.min(slice, left);
      const before = this.events;
      this.cluster.advance(step);
      left -= step;
      const events = this.events - before;
      this.check();
      slice = events === 0 ? slice * 2 : events < QUIET_EVENTS ? Math.min(slice * 2, BUSY_SLICE_MS) : Math.max(MIN_SLICE_MS, slice / 2);
    }
  }

  private check(): void {
    const events = this.events - this.startEvents;
    if (events > this.limits.eventsPerCommand)
      this.exceeded = `\`${this.command}\` stopped after ${events} events of the model (a play allows ${this.limits.eventsPerCommand} per command: see "Limits" under kubespec play in the README)`;
    const pods = this.cluster.etcd.count('/registry/pods/');
    if (pods > this.limits.pods)
      this.exceeded = `\`${this.command}\` stopped: the cluster holds ${pods} Pods (a play allows ${this.limits.pods}: see "Limits" under kubespec play in the README)`;
  }

  /** The simulation as a command that waits sees it (kubectl rollout status, delete, get -w): its advance() is this budget's. */
  simulation(): Simulation {
    const sim = this.cluster.sim;
    return new Proxy(sim, {
      get: (target, prop) => {
        if (prop === 'advance') return (ms: number) => this.advance(ms);
        const v = Reflect.get(target, prop, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
      set: (target, prop, value) => Reflect.set(target, prop, value, target),
    });
  }
}
