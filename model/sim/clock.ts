/**
 * Virtual time. The simulation starts at a fixed instant so that creationTimestamps and
 * event times are the same in every run; nothing reads the wall clock.
 */
export const EPOCH_MS = Date.UTC(2026, 0, 1, 10, 0, 0);

export class VirtualClock {
  /** Milliseconds since the epoch. */
  private elapsed = 0;

  /**
   * `epochMs` is when virtual time begins: EPOCH_MS for runs that must repeat byte for byte;
   * `kubespec up` starts it at the wall clock's now, so real clients' ages ("5m") read right.
   */
  constructor(readonly epochMs = EPOCH_MS) {}

  nowMs(): number {
    return this.epochMs + this.elapsed;
  }

  /** Milliseconds since the simulation began. */
  sinceStart(): number {
    return this.elapsed;
  }

  /** RFC 3339 with second precision, as Kubernetes metav1.Time marshals. */
  nowRFC3339(): string {
    return rfc3339(this.nowMs());
  }

  /** RFC 3339 with microseconds, as metav1.MicroTime marshals (events, leases). */
  nowMicro(): string {
    return new Date(this.nowMs()).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
  }

  /** Only the run loop moves time. */
  advanceTo(ms: number): void {
    if (ms < this.elapsed) throw new Error(`virtual time cannot go back (${ms} < ${this.elapsed})`);
    this.elapsed = ms;
  }
}

export function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Parses "90s", "2m", "1h30m", "500ms", "1.5s" into milliseconds (Go's time.ParseDuration units). */
export function parseDuration(text: string): number | undefined {
  const re = /(\d+(?:\.\d+)?)(ms|h|m|s)/gy;
  let total = 0;
  let matched = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const n = parseFloat(m[1]);
    total += n * { ms: 1, s: 1000, m: 60000, h: 3600000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
    matched = re.lastIndex;
  }
  if (matched !== text.length || text.length === 0) return undefined;
  return Math.round(total);
}
