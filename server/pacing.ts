/**
 * Runs the model's virtual clock against the wall clock, at `speed` times wall speed: every
 * tick advances the simulation by the wall time that passed since the last one. The model
 * itself never reads the wall clock; this wrapper is what `kubespec up` adds around it.
 */
export class WallClockPacer {
  private timer?: NodeJS.Timeout;
  private last = 0;
  private carry = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly advance: (virtualMs: number) => void,
    private readonly speed = 1,
    private readonly tickMs = 20,
  ) {
    if (!(speed > 0) || !Number.isFinite(speed)) throw new Error(`invalid speed ${speed}: want a positive number`);
  }

  start(): void {
    this.last = performance.now();
    this.timer = setInterval(() => this.tick(), this.tickMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Called after every advance: streams flush what the model produced meanwhile. */
  onTick(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private tick(): void {
    const now = performance.now();
    // A long pause (the machine slept, a slow request) does not turn into minutes of catch-up in one go.
    const elapsed = Math.min(now - this.last, 1000);
    this.last = now;
    const virtual = elapsed * this.speed + this.carry;
    const whole = Math.floor(virtual);
    this.carry = virtual - whole;
    if (whole > 0) this.advance(whole);
    for (const fn of [...this.listeners]) fn();
  }
}
