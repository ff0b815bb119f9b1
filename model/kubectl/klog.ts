/**
 * What kubectl writes through klog rather than cmdutil.CheckErr: the "command failed" line
 * component-base's cli.run logs for an error cobra returns before the command runs (a required
 * flag not set), and klog warnings. A klog line starts with a header: severity, MMDD
 * hh:mm:ss.uuuuuu (the model's virtual clock, UTC), the process id padded to 7, file:line.
 */
import type { Parsed } from './args';
import { KubectlError } from './errors';

/** The model's kubectl is one process; its id only fills klog's header. */
const KUBECTL_PID = 4242;

/** An error printed as its complete text instead of "error: …": klog lines, or what CheckErr prints bare (a no-match error). */
export class KlogError extends KubectlError {
  constructor(readonly text: string, message: string) {
    super(message);
  }
}

export function klogHeader(severity: 'I' | 'W' | 'E' | 'F', nowMs: number, where: string): string {
  const d = new Date(nowMs);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const micros = String(d.getUTCMilliseconds() * 1000).padStart(6, '0');
  return `${severity}${p2(d.getUTCMonth() + 1)}${p2(d.getUTCDate())} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}.${micros} ${String(KUBECTL_PID).padStart(7)} ${where}] `;
}

/** Go's %q of a string (strconv.Quote) for the ASCII text kubectl's messages hold. */
function quote(s: string): string {
  return JSON.stringify(s);
}

/** klog.ErrorS(err, "command failed") in component-base/cli/run.go. */
export function commandFailed(nowMs: number, err: string): KlogError {
  return new KlogError(`${klogHeader('E', nowMs, 'run.go:72')}"command failed" err=${quote(err)}\n`, err);
}

/**
 * cobra's ValidateRequiredFlags, after the flags parse and before the command runs: every
 * required flag not given, in pflag's (sorted) order.
 */
export function checkRequiredFlags(p: Parsed, required: string[] | undefined, nowMs: number): void {
  const missing = (required ?? []).filter((f) => !p.flags.has(f)).sort();
  if (missing.length) throw commandFailed(nowMs, `required flag(s) "${missing.join('", "')}" not set`);
}

/** GetDryRunStrategy's klog warnings: a bare --dry-run, or a boolean one, is deprecated. */
export function dryRunWarning(value: string | undefined, nowMs: number): string {
  if (value === 'unchanged') return `${klogHeader('W', nowMs, 'helpers.go:702')}--dry-run is deprecated and can be replaced with --dry-run=client.\n`;
  const truthy = ['1', 't', 'T', 'TRUE', 'true', 'True'];
  const falsy = ['0', 'f', 'F', 'FALSE', 'false', 'False'];
  if (value !== undefined && truthy.includes(value)) return `${klogHeader('W', nowMs, 'helpers.go:716')}--dry-run=${value} is deprecated (boolean value) and can be replaced with --dry-run=client.\n`;
  if (value !== undefined && falsy.includes(value)) return `${klogHeader('W', nowMs, 'helpers.go:719')}--dry-run=${value} is deprecated (boolean value) and can be replaced with --dry-run=none.\n`;
  return '';
}
