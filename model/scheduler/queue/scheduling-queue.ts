import type { KObject } from '../../api/meta';
import { mutant } from '../../sim/mutants';
import { KeyedHeap } from './heap';
import {
  backoffExpiry,
  isPodUpdated,
  POD_MAX_IN_UNSCHEDULABLE_PODS_MS,
  prioritySortLess,
  queueKey,
  type QueuedPodInfo,
} from './queued-pod-info';

/**
 * A cluster event that may make rejected Pods schedulable: which plugins registered for it,
 * and their queueing hint for one Pod (true: worth another attempt).
 */
export interface ClusterEvent {
  label: string;
  plugins: ReadonlySet<string>;
  /** A wildcard event (UnschedulableTimeout, ForceActivate): every Pod is worth another attempt. */
  wildcard?: boolean;
  hint(p: QueuedPodInfo): boolean;
}

/** What the queue needs from its process: virtual time, timers, and a wake-up call. */
export interface QueueHost {
  now(): number;
  schedule(delayMs: number, label: string, fn: () => void): void;
  /** activeQ got a Pod (the real queue's cond.Broadcast to a blocked Pop). */
  onActive(): void;
}

const BACKOFF_FLUSH_PERIOD_MS = 1000;
const UNSCHEDULABLE_FLUSH_PERIOD_MS = 30_000;

/**
 * internal/queue's PriorityQueue: activeQ (priority, then arrival), backoffQ (by back-off
 * expiry) and unschedulablePods (until a relevant cluster event, or five minutes). The real
 * queue's flush goroutines tick every 1 s and 30 s; here a timer is armed on that same grid
 * only while there is something to flush, so an idle scheduler lets the simulation go quiet.
 */
export class PriorityQueue {
  private readonly activeQ = new KeyedHeap<QueuedPodInfo>(prioritySortLess);
  private readonly backoffQ = new KeyedHeap<QueuedPodInfo>((a, b) => backoffExpiry(a) < backoffExpiry(b) || (backoffExpiry(a) === backoffExpiry(b) && a.seq < b.seq));
  private readonly unschedulablePods = new Map<string, QueuedPodInfo>();
  /** Pods held by scheduling gates (the real queue keeps them in unschedulablePods, flagged). */
  private readonly gatedPods = new Map<string, QueuedPodInfo>();
  private readonly inFlight = new Map<string, QueuedPodInfo>();
  private readonly updatedInFlight = new Set<string>();
  /** Per plugin, the scheduling cycle of the last event it registered for (moveRequestCycle, per plugin). */
  private readonly lastEventCycle = new Map<string, number>();
  /** The scheduling cycle of the last wildcard event (it concerns every plugin). */
  private lastWildcardCycle = -1;
  private cycle = 0;
  private seq = 0;
  private readonly start: number;
  private backoffTimerAt?: number;
  private unschedulableTimerAt?: number;

  constructor(private readonly host: QueueHost) {
    this.start = host.now();
  }

  /** The number of Pods popped so far. */
  get schedulingCycle(): number {
    return this.cycle;
  }

  /**
   * Add: a new unscheduled Pod goes straight to activeQ (or waits, gated), out of backoffQ and
   * the unschedulable pool; as upstream's moveToActiveQ, even while an attempt is in flight.
   */
  add(pod: KObject): void {
    const key = queueKey(pod);
    // Stryker disable next-line ConditionalExpression: a bug-zoo switch (model/sim/mutants.ts), false outside npm run mutants, so the 'false' mutant is the code as it runs
    if (mutant('scheduler-queue-add-skips-in-flight') && this.inFlight.has(key)) return;
    this.backoffQ.delete(key);
    this.unschedulablePods.delete(key);
    this.gatedPods.delete(key);
    const p: QueuedPodInfo = { pod, timestamp: this.host.now(), attempts: 0, unschedulablePlugins: new Set(), gated: false, seq: this.seq++ };
    this.enqueue(p);
  }

  /** Update: refreshes a queued Pod; a real change to an unschedulable Pod earns a retry. */
  update(oldPod: KObject, newPod: KObject): void {
    const key = queueKey(newPod);
    // An in-flight Pod is requeued with the informer's latest version when its cycle ends.
    const flying = this.inFlight.get(key);
    if (flying) {
      flying.pod = newPod;
      // Remembered like an in-flight event: if this attempt fails, the change earns a retry.
      if (isPodUpdated(oldPod, newPod)) this.updatedInFlight.add(key);
      return;
    }
    const active = this.activeQ.get(key);
    if (active) return void this.activeQ.addOrUpdate(key, { ...active, pod: newPod });
    const backing = this.backoffQ.get(key);
    if (backing) return void this.backoffQ.addOrUpdate(key, { ...backing, pod: newPod });
    const gated = this.gatedPods.get(key);
    if (gated) {
      this.gatedPods.delete(key);
      gated.pod = newPod;
      gated.gated = false;
      return this.enqueue(gated);
    }
    const p = this.unschedulablePods.get(key);
    if (p) {
      p.pod = newPod;
      if (!isPodUpdated(oldPod, newPod)) return;
      this.unschedulablePods.delete(key);
      return this.requeue(p);
    }
    this.add(newPod);
  }

  delete(pod: KObject): void {
    const key = queueKey(pod);
    this.activeQ.delete(key);
    this.backoffQ.delete(key);
    this.unschedulablePods.delete(key);
    this.gatedPods.delete(key);
  }

  /** Pop: the next Pod to schedule, now in flight until done(). */
  pop(): QueuedPodInfo | undefined {
    const p = this.activeQ.pop();
    if (!p) return undefined;
    p.attempts++;
    this.cycle++;
    this.inFlight.set(queueKey(p.pod), p);
    return p;
  }

  /** Done: the Pod's scheduling (and binding) attempt is over. */
  done(pod: KObject): void {
    this.inFlight.delete(queueKey(pod));
    this.updatedInFlight.delete(queueKey(pod));
  }

  hasActive(): boolean {
    return this.activeQ.size > 0;
  }

  /**
   * AddUnschedulableIfNotPresent: a Pod that failed this cycle waits in unschedulablePods,
   * unless an event its rejecting plugins care about came while it was being scheduled (or no
   * plugin rejected it: an error), in which case it only backs off.
   */
  addUnschedulableIfNotPresent(p: QueuedPodInfo, podSchedulingCycle: number): void {
    const key = queueKey(p.pod);
    this.inFlight.delete(key);
    const updated = this.updatedInFlight.delete(key);
    if (this.activeQ.has(key) || this.backoffQ.has(key) || this.unschedulablePods.has(key) || this.gatedPods.has(key)) return;
    p.timestamp = this.host.now();
    const missedEvent = this.lastWildcardCycle >= podSchedulingCycle || [...p.unschedulablePlugins].some((pl) => (this.lastEventCycle.get(pl) ?? -1) >= podSchedulingCycle);
    if (p.unschedulablePlugins.size === 0 || missedEvent || updated) this.addToBackoff(p);
    else {
      this.unschedulablePods.set(key, p);
      this.armUnschedulableFlush();
    }
  }

  /** MoveAllToActiveOrBackoffQueue: retries the unschedulable Pods this event may help. */
  moveAllToActiveOrBackoffQueue(event: ClusterEvent, precheck?: (p: QueuedPodInfo) => boolean): void {
    for (const pl of event.plugins) this.lastEventCycle.set(pl, this.cycle);
    if (event.wildcard) this.lastWildcardCycle = this.cycle;
    const moving: QueuedPodInfo[] = [];
    for (const p of this.unschedulablePods.values()) {
      if (precheck && !precheck(p)) continue;
      const interested = p.unschedulablePlugins.size === 0 || [...p.unschedulablePlugins].some((pl) => event.plugins.has(pl));
      if (interested && event.hint(p)) moving.push(p);
    }
    for (const p of moving) {
      this.unschedulablePods.delete(queueKey(p.pod));
      this.requeue(p);
    }
  }

  /** PendingPods: the Pods waiting in each sub-queue (activeQ in pop order, backoffQ by expiry). */
  pendingPods(): { active: QueuedPodInfo[]; backoff: QueuedPodInfo[]; unschedulable: QueuedPodInfo[] } {
    return { active: this.activeQ.sorted(), backoff: this.backoffQ.sorted(), unschedulable: [...this.unschedulablePods.values(), ...this.gatedPods.values()] };
  }

  /** Counts per sub-queue (PendingPods). */
  stats(): { active: number; backoff: number; unschedulable: number; gated: number; inFlight: number } {
    return { active: this.activeQ.size, backoff: this.backoffQ.size, unschedulable: this.unschedulablePods.size, gated: this.gatedPods.size, inFlight: this.inFlight.size };
  }

  // ------------------------------------------------------------ internals

  private enqueue(p: QueuedPodInfo): void {
    if ((p.pod.spec?.schedulingGates ?? []).length > 0) {
      p.gated = true;
      this.gatedPods.set(queueKey(p.pod), p);
      return;
    }
    this.activeQ.addOrUpdate(queueKey(p.pod), p);
    this.host.onActive();
  }

  /** To backoffQ while still backing off, else straight to activeQ. */
  private requeue(p: QueuedPodInfo): void {
    if (backoffExpiry(p) > this.host.now()) this.addToBackoff(p);
    else this.enqueue(p);
  }

  private addToBackoff(p: QueuedPodInfo): void {
    this.backoffQ.addOrUpdate(queueKey(p.pod), p);
    this.armBackoffFlush();
  }

  /** The first tick of a `period` grid (started with the queue) strictly after `t`. */
  private tickAfter(t: number, period: number): number {
    return this.start + (Math.floor((t - this.start) / period) + 1) * period;
  }

  private armBackoffFlush(): void {
    const top = this.backoffQ.peek();
    if (!top) return;
    const at = Math.max(this.tickAfter(backoffExpiry(top) - 1, BACKOFF_FLUSH_PERIOD_MS), this.tickAfter(this.host.now(), BACKOFF_FLUSH_PERIOD_MS));
    if (this.backoffTimerAt !== undefined && this.backoffTimerAt <= at) return;
    this.backoffTimerAt = at;
    this.host.schedule(at - this.host.now(), 'flushBackoffQCompleted', () => {
      if (this.backoffTimerAt !== at) return;
      this.backoffTimerAt = undefined;
      this.flushBackoffQCompleted();
    });
  }

  /** popAllBackoffCompleted: takes out of backoffQ every Pod whose back-off is over. */
  popBackoffCompleted(): QueuedPodInfo[] {
    const now = this.host.now();
    const done: QueuedPodInfo[] = [];
    for (let top = this.backoffQ.peek(); top && backoffExpiry(top) <= now; top = this.backoffQ.peek()) done.push(this.backoffQ.pop()!);
    return done;
  }

  /** flushBackoffQCompleted (every second): Pods whose back-off is over move to activeQ. */
  flushBackoffQCompleted(): void {
    for (const p of this.popBackoffCompleted()) this.enqueue(p);
    this.armBackoffFlush();
  }

  private armUnschedulableFlush(): void {
    // Map order is insertion order, and a Pod's timestamp is set when it is inserted: the first is the oldest.
    const oldest = this.unschedulablePods.values().next().value as QueuedPodInfo | undefined;
    if (!oldest) return;
    const at = Math.max(this.tickAfter(oldest.timestamp + POD_MAX_IN_UNSCHEDULABLE_PODS_MS, UNSCHEDULABLE_FLUSH_PERIOD_MS), this.tickAfter(this.host.now(), UNSCHEDULABLE_FLUSH_PERIOD_MS));
    if (this.unschedulableTimerAt !== undefined && this.unschedulableTimerAt <= at) return;
    this.unschedulableTimerAt = at;
    this.host.schedule(at - this.host.now(), 'flushUnschedulablePodsLeftover', () => {
      if (this.unschedulableTimerAt !== at) return;
      this.unschedulableTimerAt = undefined;
      this.flushUnschedulablePodsLeftover();
    });
  }

  /** flushUnschedulablePodsLeftover (every 30 s): Pods unschedulable for over five minutes are retried. */
  flushUnschedulablePodsLeftover(): void {
    const now = this.host.now();
    const stale: QueuedPodInfo[] = [];
    for (const p of this.unschedulablePods.values()) if (now - p.timestamp > POD_MAX_IN_UNSCHEDULABLE_PODS_MS) stale.push(p);
    for (const p of stale) {
      this.unschedulablePods.delete(queueKey(p.pod));
      this.requeue(p);
    }
    // Moving them is the wildcard event UnschedulableTimeout, which Pods in flight missed.
    if (stale.length) this.lastWildcardCycle = this.cycle;
    this.armUnschedulableFlush();
  }
}
