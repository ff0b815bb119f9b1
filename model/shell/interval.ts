/**
 * Time intervals as GNU coreutils' sleep and timeout read them: a floating-point number as C's
 * strtod takes it (`5`, `.5`, `1e3`, `0x1p-3`, `inf`, leading blanks and `+`) and one optional
 * suffix letter, s (the default), m, h or d.
 */

const STRTOD = /^[ \t\n\v\f\r]*[+-]?(?:0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?\d+)?|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf(?:inity)?|nan(?:\([0-9A-Za-z_]*\))?)/i;

const SUFFIX_SECONDS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };

/** A C hexadecimal float (`0x1.8p3`) as a number. */
function hexFloat(text: string): number {
  const m = /^([+-]?)0x([0-9a-f]*)\.?([0-9a-f]*)(?:p([+-]?\d+))?$/i.exec(text)!;
  let v = 0;
  for (const d of m[2] + m[3]) v = v * 16 + parseInt(d, 16);
  v *= Math.pow(2, Number(m[4] ?? 0) - 4 * m[3].length);
  return m[1] === '-' ? -v : v;
}

/**
 * Seconds, Infinity for `inf` (and numbers too big for a double, as strtod's ERANGE), or
 * undefined where coreutils says "invalid time interval" (also for NaN and negatives).
 */
export function parseInterval(arg: string): number | undefined {
  const m = STRTOD.exec(arg);
  if (!m) return undefined;
  const rest = arg.slice(m[0].length);
  if (rest.length > 1 || !(rest in SUFFIX_SECONDS)) return undefined;
  const num = m[0].trim();
  let seconds: number;
  if (/^[+-]?0x/i.test(num)) seconds = hexFloat(num);
  else if (/^[+-]?inf/i.test(num)) seconds = num.startsWith('-') ? -Infinity : Infinity;
  else if (/^[+-]?nan/i.test(num)) return undefined;
  else seconds = Number(num);
  if (!(seconds >= 0)) return undefined;
  return seconds * SUFFIX_SECONDS[rest];
}

const SLEEP_HELP = `Usage: sleep NUMBER[SUFFIX]...
  or:  sleep OPTION
Pause for NUMBER seconds.  SUFFIX may be 's' for seconds (the default),
'm' for minutes, 'h' for hours or 'd' for days.  NUMBER need not be an
integer.  Given two or more arguments, pause for the amount of time
specified by the sum of their values.

      --help        display this help and exit
      --version     output version information and exit

GNU coreutils online help: <https://www.gnu.org/software/coreutils/>
Full documentation <https://www.gnu.org/software/coreutils/sleep>
or available locally via: info '(coreutils) sleep invocation'
`;

const SLEEP_VERSION = 'sleep (GNU coreutils) 9.1\n';

/** What `sleep ARG…` asks for: the total in seconds, or coreutils' error text and status. */
export function sleepArguments(args: string[]): { seconds: number } | { stdout?: string; stderr: string; code: number } {
  const TRY = "Try 'sleep --help' for more information.\n";
  const operands: string[] = [];
  let options = true;
  // GNU getopt permutes: an option anywhere before `--` is an option.
  for (const a of args) {
    if (options && a === '--') options = false;
    else if (options && a.length > 2 && '--help'.startsWith(a)) return { stdout: SLEEP_HELP, stderr: '', code: 0 };
    else if (options && a.length > 2 && '--version'.startsWith(a)) return { stdout: SLEEP_VERSION, stderr: '', code: 0 };
    else if (options && a.startsWith('--')) return { stderr: `sleep: unrecognized option '${a}'\n${TRY}`, code: 1 };
    else if (options && a.startsWith('-') && a.length > 1) return { stderr: `sleep: invalid option -- '${a[1]}'\n${TRY}`, code: 1 };
    else operands.push(a);
  }
  if (operands.length === 0) return { stderr: `sleep: missing operand\n${TRY}`, code: 1 };
  let seconds = 0;
  let errors = '';
  for (const op of operands) {
    const s = parseInterval(op);
    if (s === undefined) errors += `sleep: invalid time interval '${op}'\n`;
    else seconds += s;
  }
  if (errors) return { stderr: errors + TRY, code: 1 };
  return { seconds };
}
