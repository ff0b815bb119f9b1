/** busybox applets' pure parts: test(1)'s expressions and date's default format. */
import type { ContainerView } from './program';

/** test(1): the string, integer and file tests scripts use, with `!`. */
export function test(args: string[], view: ContainerView): boolean {
  if (args[0] === '!') return !test(args.slice(1), view);
  if (args.length === 0) return false;
  if (args.length === 1) return args[0] !== '';
  if (args.length === 2) {
    const [op, v] = args;
    if (op === '-z') return v === '';
    if (op === '-n') return v !== '';
    if (op === '-f' || op === '-e' || op === '-r' || op === '-s') return view.readFile(v) !== undefined || (op === '-e' && view.readDir(v) !== undefined);
    if (op === '-d') return view.readDir(v) !== undefined;
    return false;
  }
  const [a, op, b] = args;
  const n = (x: string) => Number.parseInt(x, 10) || 0;
  switch (op) {
    case '=':
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '-eq':
      return n(a) === n(b);
    case '-ne':
      return n(a) !== n(b);
    case '-lt':
      return n(a) < n(b);
    case '-le':
      return n(a) <= n(b);
    case '-gt':
      return n(a) > n(b);
    case '-ge':
      return n(a) >= n(b);
  }
  return false;
}

/** busybox date's default format: "Mon Nov 30 18:20:00 UTC 2026" (TZ unset: UTC). */
export function busyboxDate(ms: number): string {
  const d = new Date(ms);
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (x: number) => String(x).padStart(2, '0');
  return `${days[d.getUTCDay()]} ${months[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} UTC ${d.getUTCFullYear()}`;
}
