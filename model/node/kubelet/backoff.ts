/**
 * client-go's flowcontrol.Backoff as the kubelet uses it for image pulls and container
 * restarts: per key, the delay starts at `initialMs` and doubles on every Next up to `maxMs`;
 * an entry untouched for twice the maximum is forgotten.
 */
export class Backoff {
  private readonly entries = new Map<string, { backoffMs: number; lastUpdate: number }>();

  constructor(
    private readonly now: () => number,
    readonly initialMs = 10_000,
    readonly maxMs = 300_000,
  ) {}

  /**
   * Records a failure (or a restart) of `key` now, doubling its delay; the entry starts over when
   * `eventTime` (a container's exit; else now) came more than twice the maximum after its last update.
   */
  next(key: string, eventTime = this.now()): void {
    const now = this.now();
    const e = this.entries.get(key);
    if (!e || eventTime - e.lastUpdate > 2 * this.maxMs) this.entries.set(key, { backoffMs: this.initialMs, lastUpdate: now });
    else this.entries.set(key, { backoffMs: Math.min(e.backoffMs * 2, this.maxMs), lastUpdate: now });
  }

  /** The current delay of `key` (0 when none). */
  get(key: string): number {
    return this.entries.get(key)?.backoffMs ?? 0;
  }

  /** Whether less than the delay has passed since the last Next (image pulls). */
  isInBackOffSinceUpdate(key: string): boolean {
    const e = this.entries.get(key);
    return !!e && this.now() - e.lastUpdate < e.backoffMs;
  }

  /** Whether less than the delay has passed since `eventTime` (container restarts: the exit). */
  isInBackOffSince(key: string, eventTime: number): boolean {
    const e = this.entries.get(key);
    // hasExpired: an entry stable for twice the maximum no longer holds anything back.
    if (!e || eventTime - e.lastUpdate > 2 * this.maxMs) return false;
    return this.now() - eventTime < e.backoffMs;
  }

  /** GC: forgets every entry untouched for more than twice the maximum. */
  gc(): void {
    const now = this.now();
    for (const [k, e] of this.entries) if (now - e.lastUpdate > 2 * this.maxMs) this.entries.delete(k);
  }

  /** Whether `key` has an entry (what upstream's tests read from perItemBackoff). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  /**
   * Drops every key starting with `prefix` (a Pod's entries when it goes away). Memory only: the
   * keys carry the Pod's UID, which no later Pod has, so nothing can read them again.
   */
  // Stryker disable next-line BlockStatement: memory only, as said above
  forgetPrefix(prefix: string): void {
    // Stryker disable next-line all: memory only, as said above
    for (const k of [...this.entries.keys()]) if (k.startsWith(prefix)) this.entries.delete(k);
  }
}

/** Go's time.Duration.String(): "5.123s", "512ms", "1m5.2s", "0s". */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (ms < 1000) return `${ms}ms`;
  const totalSec = ms / 1000;
  const h = Math.floor(totalSec / 3600);
  const m = Math.floor((totalSec % 3600) / 60);
  // A number prints without trailing zeros, as Go's fraction does.
  const sec = `${+(totalSec - h * 3600 - m * 60).toFixed(3)}s`;
  if (h > 0) return `${h}h${m}m${sec}`;
  if (m > 0) return `${m}m${sec}`;
  return sec;
}
