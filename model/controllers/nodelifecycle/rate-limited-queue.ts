/**
 * RateLimitedTimedQueue (pkg/controller/nodelifecycle/scheduler/rate_limited_queue.go, v1.32)
 * on the model's virtual clock: a set of Node names, each taken once until removed, ordered by
 * when it may be processed, and let through by a token bucket (client-go's
 * NewTokenBucketRateLimiter over golang.org/x/time/rate, burst 1) or by nothing at all (QPS 0).
 * The heap follows container/heap step by step, so values due at the same instant come out in
 * the order upstream's would.
 */

/** EvictionRateLimiterBurst. */
const BURST = 1;

export interface RateLimiter {
  /** The QPS as upstream keeps it (float32; the fake limiters say 1). */
  qps(): number;
  /** Takes a token now (the limiter's own clock). */
  tryAccept(): boolean;
  /** Whether tryAccept would succeed at that time (no side effect). */
  wouldAccept(atMs: number): boolean;
}

/** Milliseconds on the model's virtual clock. */
export type Clock = () => number;

/** flowcontrol.NewTokenBucketRateLimiter(qps, 1): one token, refilled at qps, full at first. */
export class TokenBucket implements RateLimiter {
  private readonly limit: number;
  private tokens = BURST;
  private last: number | undefined;

  constructor(
    qps: number,
    private readonly clock: Clock,
  ) {
    this.limit = Math.fround(qps);
  }

  qps(): number {
    return this.limit;
  }

  private available(nowMs: number): number {
    // rate.Inf: every request allowed.
    if (this.last === undefined || this.limit === Infinity) return BURST;
    const elapsed = Math.max(0, nowMs - this.last);
    return Math.min(BURST, this.tokens + (elapsed / 1000) * this.limit);
  }

  wouldAccept(nowMs: number): boolean {
    return this.available(nowMs) >= 1;
  }

  /** rate.Limiter.AllowN(now, 1): takes a token when there is one; a refusal changes nothing. */
  tryAccept(): boolean {
    const nowMs = this.clock();
    const left = this.available(nowMs) - 1;
    if (left < 0) return false;
    this.tokens = left;
    this.last = nowMs;
    return true;
  }
}

/** flowcontrol.NewFakeNeverRateLimiter: what SwapLimiter(0) installs. */
export class NeverLimiter implements RateLimiter {
  qps(): number {
    return 1;
  }
  tryAccept(): boolean {
    return false;
  }
  wouldAccept(): boolean {
    return false;
  }
}

/** flowcontrol.NewFakeAlwaysRateLimiter (upstream's queue tests use it). */
export class AlwaysLimiter implements RateLimiter {
  qps(): number {
    return 1;
  }
  tryAccept(): boolean {
    return true;
  }
  wouldAccept(): boolean {
    return true;
  }
}

export interface TimedValue {
  value: string;
  uid?: string;
  addedAt: number;
  processAt: number;
}

/** container/heap over TimedValues, the lowest processAt first (Less is strictly before). */
class TimedHeap {
  readonly items: TimedValue[] = [];
  private less(i: number, j: number): boolean {
    return this.items[i].processAt < this.items[j].processAt;
  }
  private swap(i: number, j: number): void {
    [this.items[i], this.items[j]] = [this.items[j], this.items[i]];
  }
  private up(j: number): void {
    for (;;) {
      const i = Math.trunc((j - 1) / 2);
      if (i === j || !this.less(j, i)) break;
      this.swap(i, j);
      j = i;
    }
  }
  private down(i0: number, n: number): boolean {
    let i = i0;
    for (;;) {
      const j1 = 2 * i + 1;
      if (j1 >= n) break;
      let j = j1;
      const j2 = j1 + 1;
      if (j2 < n && this.less(j2, j1)) j = j2;
      if (!this.less(j, i)) break;
      this.swap(i, j);
      i = j;
    }
    return i > i0;
  }
  push(v: TimedValue): void {
    this.items.push(v);
    this.up(this.items.length - 1);
  }
  remove(i: number): TimedValue {
    const n = this.items.length - 1;
    if (n !== i) {
      this.swap(i, n);
      if (!this.down(i, n)) this.up(i);
    }
    return this.items.pop()!;
  }
  indexOf(value: string): number {
    return this.items.findIndex((v) => v.value === value);
  }
}

/**
 * Upstream's now.Add(wait + 1): a nanosecond after `ms`. At epoch milliseconds (about 1.7e12) a
 * float64 cannot hold the nanosecond, so it is then the next value above `ms` it can hold.
 */
function later(ms: number): number {
  const at = ms + 1e-6;
  return at > ms ? at : ms + Math.abs(ms) * Number.EPSILON;
}

export class RateLimitedTimedQueue {
  private readonly heap = new TimedHeap();
  /** UniqueQueue's set: a value stays here after it was processed, until Remove. */
  private readonly set = new Set<string>();

  constructor(
    private limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  /** The values in heap order (upstream's tests look at the slice). */
  values(): string[] {
    return this.heap.items.map((v) => v.value);
  }
  /** The values not yet removed, processed ones included. */
  members(): string[] {
    return [...this.set];
  }
  qps(): number {
    return this.limiter.qps();
  }

  /** Adds a value due now, unless it was added and not removed since. */
  add(value: string, uid?: string): boolean {
    const nowMs = this.clock();
    if (this.set.has(value)) return false;
    this.heap.push({ value, uid, addedAt: nowMs, processAt: nowMs });
    this.set.add(value);
    return true;
  }

  /** Forgets a value: it is not processed, and may be added again. */
  remove(value: string): boolean {
    if (!this.set.has(value)) return false;
    this.set.delete(value);
    const i = this.heap.indexOf(value);
    if (i >= 0) this.heap.remove(i);
    return true;
  }

  clear(): void {
    this.heap.items.length = 0;
    this.set.clear();
  }

  /**
   * Try: while the limiter gives a token, processes the head if it is due: fn true takes it off
   * the queue (it stays in the set), false puts it back `waitMs` (and a nanosecond) later. The
   * token is spent even when the head is not yet due, as upstream's loop asks the limiter first.
   */
  try(fn: (v: TimedValue) => [boolean, number]): void {
    let head = this.heap.items[0];
    while (head) {
      if (!this.limiter.tryAccept()) break;
      const nowMs = this.clock();
      if (nowMs < head.processAt) break;
      const [done, waitMs] = fn({ ...head });
      const i = this.heap.indexOf(head.value);
      if (!done) {
        if (i >= 0) {
          this.heap.remove(i);
          this.heap.push({ ...head, processAt: later(nowMs + waitMs) });
        }
      } else if (i >= 0 && this.set.has(head.value)) this.heap.remove(i);
      head = this.heap.items[0];
    }
  }

  /** Whether a Try at that time would do anything (a value waiting and a token to spend). */
  wouldTry(nowMs: number): boolean {
    return this.heap.items.length > 0 && this.limiter.wouldAccept(nowMs);
  }
  hasWaiting(): boolean {
    return this.heap.items.length > 0;
  }

  /**
   * SwapLimiter: a new token bucket at the new QPS (or the never limiter for 0), drained when
   * the old one had no token left (so a change of rate does not let one extra through).
   */
  swapLimiter(qps: number): void {
    if (this.limiter.qps() === Math.fround(qps)) return;
    if (qps <= 0) {
      this.limiter = new NeverLimiter();
      return;
    }
    const next = new TokenBucket(qps, this.clock);
    if (!this.limiter.tryAccept()) next.tryAccept();
    this.limiter = next;
  }
}
