/**
 * Fault injection points. The model consults `sim.faults` at two places: the API server before
 * it serves a request (ApiServer.handle) and the watch fan-out before it delivers a batch
 * (apiserver/watch.ts). With no injector installed (every ordinary run) nothing changes.
 * Crashes, restarts and node loss need no hook: they are Process.kill and a fresh start.
 *
 * Faults come in windows of virtual time, so a property can say "faults stop after a while"
 * (Anvil's assumption) and check that the cluster then converges.
 */
import type { Simulation } from './simulation';

/** A failed API request: 409 Conflict, 500 InternalError, or 504 Timeout (nothing stored). */
export type ApiFaultCode = 409 | 500 | 504;

/** What happens to one watch delivery: dropped with the stream closing, delayed, or sent twice. */
export type WatchFault = { kind: 'drop' } | { kind: 'delay'; ms: number } | { kind: 'duplicate' };

/** The hooks the model calls; an injector implements them. */
export interface FaultHooks {
  /** Called for each API request from `actor`; a code makes it fail without being served. */
  apiRequest(actor: string, verb: string, target: string): ApiFaultCode | undefined;
  /** Called for each watch batch about to reach `actor`. */
  watchDelivery(actor: string, resource: string): WatchFault | undefined;
  /** Called after each successful write by `actor` (a crash may strike right after it). */
  afterWrite?(actor: string, verb: string, target: string): void;
}

/** One window of injected failures. `every` makes every n-th matching call fail (1: all). */
export type FaultWindow =
  | { kind: 'api'; actor: string; code: ApiFaultCode; from: number; to: number; every: number; verbs?: string[] }
  | { kind: 'watch'; actor: string; fault: WatchFault; from: number; to: number; every: number }
  /**
   * The component dies right after its n-th write in the window: between two writes of one
   * reconcile (Sieve's intermediate-state crashes). Until it is revived, requests it would
   * still send in the same turn never arrive.
   */
  | { kind: 'crashAfterWrite'; actor: string; nth: number; from: number; to: number };

/** Actor match: exact, or a prefix ending in "/" ("kubelet/" matches every kubelet). */
function actorMatches(pattern: string, actor: string): boolean {
  return pattern === actor || (pattern.endsWith('/') && actor.startsWith(pattern));
}

/**
 * A deterministic injector over windows of virtual time (ms since the simulation began). It
 * counts matching calls per window, so the same run fails the same calls.
 */
export class FaultInjector implements FaultHooks {
  private readonly counts: number[];
  /** How many faults it injected, per window kind (for reports). */
  readonly injected = { api: 0, watch: 0, crash: 0 };
  /** Components crashed by a crashAfterWrite window and not restarted yet. */
  private readonly dead = new Set<string>();

  constructor(
    private readonly sim: Simulation,
    readonly windows: FaultWindow[],
    /** Kills the component's processes (the property runner knows how). */
    private readonly onCrash: (actor: string) => void = () => undefined,
  ) {
    this.counts = windows.map(() => 0);
  }

  /** The component was started again: its requests reach the API server again. */
  revive(actor: string): void {
    this.dead.delete(actor);
  }

  /** When the last window closes: after it, the model runs fault-free. */
  get lastFaultAt(): number {
    return this.windows.reduce((m, w) => Math.max(m, w.to), 0);
  }

  private hit(i: number): boolean {
    const w = this.windows[i];
    const now = this.sim.now();
    if (now < w.from || now >= w.to) return false;
    this.counts[i]++;
    return this.counts[i] % Math.max(1, 'every' in w ? w.every : 1) === 0;
  }

  apiRequest(actor: string, verb: string): ApiFaultCode | undefined {
    // A dead process sends nothing: what it would still send in this turn fails like a lost connection.
    if (this.dead.has(actor)) return 504;
    for (let i = 0; i < this.windows.length; i++) {
      const w = this.windows[i];
      if (w.kind !== 'api' || !actorMatches(w.actor, actor) || (w.verbs && !w.verbs.includes(verb))) continue;
      if (this.hit(i)) {
        this.injected.api++;
        return w.code;
      }
    }
    return undefined;
  }

  watchDelivery(actor: string): WatchFault | undefined {
    for (let i = 0; i < this.windows.length; i++) {
      const w = this.windows[i];
      if (w.kind !== 'watch' || !actorMatches(w.actor, actor)) continue;
      if (this.hit(i)) {
        this.injected.watch++;
        return w.fault;
      }
    }
    return undefined;
  }

  afterWrite(actor: string): void {
    for (let i = 0; i < this.windows.length; i++) {
      const w = this.windows[i];
      if (w.kind !== 'crashAfterWrite' || !actorMatches(w.actor, actor) || this.dead.has(actor)) continue;
      const now = this.sim.now();
      if (now < w.from || now >= w.to) continue;
      if (++this.counts[i] !== w.nth) continue;
      this.injected.crash++;
      this.dead.add(actor);
      this.onCrash(actor);
    }
  }
}
