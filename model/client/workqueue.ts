import { StatusError } from '../api/status';
import type { Process } from '../sim/process';
import { mutant } from '../sim/mutants';

/**
 * client-go's rate-limited work queue: a key is queued at most once (dirty set), never handed
 * to two workers at once (processing set: a key re-added while processing is queued again
 * when done), and failed keys come back after a per-item exponential back-off
 * (5 ms doubling up to 1000 s, as the default controller rate limiter).
 */
/** How often a worker waiting for caches checks again (wait.PollImmediateUntil's 100 ms). */
const CACHE_SYNC_POLL_MS = 100;

export class WorkQueue {
  private readonly queue: string[] = [];
  private head = 0;
  private readonly dirty = new Set<string>();
  private readonly processing = new Set<string>();
  private readonly failures = new Map<string, number>();
  private workerScheduled = false;

  constructor(
    private readonly proc: Process,
    private readonly name: string,
    private readonly reconcile: (key: string) => void,
    /** `synced`: workers start only once the controller's caches have synced (WaitForCacheSync). */
    private readonly opts: { baseDelayMs?: number; maxDelayMs?: number; workDelayMs?: number; synced?: () => boolean } = {},
  ) {}

  get length(): number {
    return this.queue.length - this.head;
  }

  add(key: string): void {
    if (this.dirty.has(key)) return;
    this.dirty.add(key);
    if (this.processing.has(key)) return;
    this.queue.push(key);
    this.kick();
  }

  addAfter(key: string, delayMs: number): void {
    if (delayMs <= 0) return this.add(key);
    this.proc.schedule(delayMs, `${this.name} requeue ${key}`, () => this.add(key));
  }

  /** Back-off re-add of a key whose reconcile failed. */
  addRateLimited(key: string): void {
    const n = this.failures.get(key) ?? 0;
    this.failures.set(key, n + 1);
    const base = this.opts.baseDelayMs ?? 5;
    const max = this.opts.maxDelayMs ?? 1000 * 1000;
    this.addAfter(key, Math.min(max, base * 2 ** n));
  }

  forget(key: string): void {
    this.failures.delete(key);
  }

  numRequeues(key: string): number {
    return this.failures.get(key) ?? 0;
  }

  private kick(): void {
    if (this.workerScheduled) return;
    this.workerScheduled = true;
    this.proc.schedule(this.opts.workDelayMs ?? 1, `${this.name} worker`, () => this.work());
  }

  /** One worker step: takes a key, reconciles it, and schedules the next step. */
  private work(): void {
    this.workerScheduled = false;
    if (this.head >= this.queue.length) return;
    // A controller acting on a half-listed cache would create what already exists.
    if (this.opts.synced && !this.opts.synced()) {
      this.workerScheduled = true;
      this.proc.schedule(CACHE_SYNC_POLL_MS, `${this.name} wait for caches`, () => this.work());
      return;
    }
    const key = this.queue[this.head++];
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
    this.dirty.delete(key);
    this.processing.add(key);
    try {
      this.reconcile(key);
    } catch (e) {
      // A failed API call is retried with back-off, as a controller's processNextWorkItem does.
      if (e instanceof StatusError) {
        if (!mutant('workqueue-drops-failures')) this.addRateLimited(key);
      }
      else throw e;
    } finally {
      this.processing.delete(key);
      if (this.dirty.has(key)) this.queue.push(key);
    }
    if (this.length > 0) this.kick();
  }
}
