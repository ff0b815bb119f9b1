import type { Simulation } from './simulation';

/** klog's severities: Info, Warning, Error, Fatal (the line a klog.Fatal prints before the process exits 255). */
type Severity = 'I' | 'W' | 'E' | 'F';

/**
 * A component's log in klog's text format, on virtual time:
 * `I0101 10:00:00.000000       1 file.go:123] "message" key="value"`.
 */
export class KlogLog {
  readonly lines: string[] = [];

  constructor(
    private readonly sim: Simulation,
    private readonly pid = 1,
    /** Where each line also goes: a container's stderr, for `kubectl logs`. */
    private readonly sink?: (line: string) => void,
  ) {}

  private line(sev: Severity, source: string, msg: string, kv: Record<string, unknown>): void {
    const kvs = Object.entries(kv)
      .map(([k, v]) => ` ${k}=${typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v)}`)
      .join('');
    this.raw(sev, source, `${JSON.stringify(msg)}${kvs}`);
  }

  private raw(sev: Severity, source: string, text: string): void {
    const d = new Date(this.sim.clock.nowMs());
    const pad = (n: number, w = 2) => String(n).padStart(w, '0');
    const ts = `${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}000`;
    const line = `${sev}${ts} ${String(this.pid).padStart(7)} ${source}] ${text}`;
    this.lines.push(line);
    this.sink?.(line);
  }

  /** klog.Infof: an unstructured line, printed as is (e.g. "Waiting for caches to sync for X"). */
  infof(source: string, text: string): void {
    this.raw('I', source, text);
  }

  /** klog.Warningf: an unstructured warning ("get token failed: <err>"). */
  warningf(source: string, text: string): void {
    this.raw('W', source, text);
  }

  /** klog.Fatal(err): the error's text on an F line; the caller then ends the process with 255 (klog's OsExit). */
  fatal(source: string, text: string): void {
    this.raw('F', source, text);
  }

  info(source: string, msg: string, kv: Record<string, unknown> = {}): void {
    this.line('I', source, msg, kv);
  }
  warn(source: string, msg: string, kv: Record<string, unknown> = {}): void {
    this.line('W', source, msg, kv);
  }
  error(source: string, msg: string, kv: Record<string, unknown> = {}): void {
    this.line('E', source, msg, kv);
  }
}
