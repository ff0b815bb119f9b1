/**
 * The text filters a reader pipes kubectl's output into: grep, head, tail, wc and sort, as GNU
 * coreutils and GNU grep behave in the C locale (byte order for sort), with their error texts
 * and exit statuses. They read standard input only: a play has no files of its own to read.
 */
import { posixToJs, RegexError } from './posix-regex';

export interface FilterResult {
  stdout: string;
  stderr: string;
  code: number;
}

export const FILTERS: Record<string, (args: string[], input: string) => FilterResult> = { grep, head, tail, wc, sort };

/** Lines of a text; a last line without its newline still counts, as the tools read it. */
function lines(text: string): string[] {
  if (text === '') return [];
  const ls = text.split('\n');
  if (ls[ls.length - 1] === '') ls.pop();
  return ls;
}

const joined = (ls: string[]) => ls.map((l) => l + '\n').join('');

/** A file operand: the filters only read the pipe. */
function noFiles(tool: string, files: string[], code: number): FilterResult | undefined {
  if (files.length === 0) return undefined;
  return { stdout: '', stderr: `${tool}: ${files[0]}: reading files is not supported in a play (pipe a command's output into ${tool})\n`, code };
}

function usageError(tool: string, what: string, code: number, usage = ''): FilterResult {
  return { stdout: '', stderr: `${tool}: ${what}\n${usage}Try '${tool} --help' for more information.\n`, code };
}

const GREP_USAGE = 'Usage: grep [OPTION]... PATTERNS [FILE]...\n';

/** grep [-v] [-i] [-c] [-E|-F] [-w] [-x] [-q] [-e PATTERN] PATTERN */
function grep(args: string[], input: string): FilterResult {
  const flags = new Set<string>();
  const patterns: string[] = [];
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('--') || a === '-') {
      if (a === '-') operands.push(a);
      else return usageError('grep', `unrecognized option '${a}'`, 2, GREP_USAGE);
      continue;
    }
    if (!a.startsWith('-')) {
      operands.push(a);
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const f = a[j];
      if (f === 'e') {
        const p = j + 1 < a.length ? a.slice(j + 1) : args[++i];
        if (p === undefined) return usageError('grep', "option requires an argument -- 'e'", 2, GREP_USAGE);
        patterns.push(p);
        break;
      }
      if (!'vicEFwxqG'.includes(f)) return usageError('grep', `invalid option -- '${f}'`, 2, GREP_USAGE);
      flags.add(f);
    }
  }
  if (patterns.length === 0) {
    if (operands.length === 0) return { stdout: '', stderr: `${GREP_USAGE}Try 'grep --help' for more information.\n`, code: 2 };
    patterns.push(operands.shift()!);
  }
  const files = noFiles('grep', operands, 2);
  if (files) return files;
  let source: string;
  try {
    // A pattern with newlines is several patterns, as grep reads it.
    const alternatives = patterns.flatMap((p) => p.split('\n'));
    source = alternatives.map((p) => (flags.has('F') ? p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&') : posixToJs(p, flags.has('E')))).map((p) => `(?:${p})`).join('|');
  } catch (e) {
    if (e instanceof RegexError) return { stdout: '', stderr: `grep: ${e.message}\n`, code: 2 };
    throw e;
  }
  if (flags.has('x')) source = `^(?:${source})$`;
  else if (flags.has('w')) source = `(?<![A-Za-z0-9_])(?:${source})(?![A-Za-z0-9_])`;
  const re = new RegExp(source, flags.has('i') ? 'i' : '');
  const selected = lines(input).filter((l) => re.test(l) !== flags.has('v'));
  const code = selected.length > 0 ? 0 : 1;
  if (flags.has('q')) return { stdout: '', stderr: '', code };
  if (flags.has('c')) return { stdout: `${selected.length}\n`, stderr: '', code };
  return { stdout: joined(selected), stderr: '', code };
}

/** `-n N`, `-nN`, `--lines=N`, `-N` (the old form), or the default; undefined when there is none. */
function countOption(tool: string, args: string[]): { count?: string; files: string[] } | FilterResult {
  let count: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-n' || a === '--lines') {
      count = args[++i];
      if (count === undefined) return usageError(tool, `option requires an argument -- 'n'`, 1);
    } else if (a.startsWith('--lines=')) count = a.slice(8);
    else if (a.startsWith('-n')) count = a.slice(2);
    else if (/^-\d+$/.test(a) && i === 0) count = a.slice(1);
    else if (a === '--') files.push(...args.slice(i + 1)), (i = args.length);
    else if (a.startsWith('--')) return usageError(tool, `unrecognized option '${a}'`, 1);
    else if (a.startsWith('-') && a !== '-') return usageError(tool, `invalid option -- '${a[1]}'`, 1);
    else files.push(a);
  }
  return { count, files };
}

/** head [-n [-]N] */
function head(args: string[], input: string): FilterResult {
  const opt = countOption('head', args);
  if ('code' in opt) return opt;
  const files = noFiles('head', opt.files, 1);
  if (files) return files;
  const text = opt.count ?? '10';
  if (!/^[+-]?\d+$/.test(text)) return { stdout: '', stderr: `head: invalid number of lines: '${text}'\n`, code: 1 };
  const n = Number(text.replace(/^\+/, ''));
  const ls = lines(input);
  return { stdout: joined(text.startsWith('-') ? ls.slice(0, Math.max(0, ls.length + n)) : ls.slice(0, n)), stderr: '', code: 0 };
}

/** tail [-n [+]N] */
function tail(args: string[], input: string): FilterResult {
  const opt = countOption('tail', args);
  if ('code' in opt) return opt;
  const files = noFiles('tail', opt.files, 1);
  if (files) return files;
  const text = opt.count ?? '10';
  if (!/^[+-]?\d+$/.test(text)) return { stdout: '', stderr: `tail: invalid number of lines: '${text}'\n`, code: 1 };
  const ls = lines(input);
  const n = Number(text.replace(/^[+-]/, ''));
  // `+N` starts at line N; anything else is the last N lines.
  return { stdout: joined(text.startsWith('+') ? ls.slice(Math.max(0, n - 1)) : n === 0 ? [] : ls.slice(-n)), stderr: '', code: 0 };
}

/** wc [-l] [-w] [-c] [-m]: counts of standard input. */
function wc(args: string[], input: string): FilterResult {
  const want = new Set<string>();
  const operands: string[] = [];
  for (const a of args) {
    if (a === '--lines') want.add('l');
    else if (a === '--words') want.add('w');
    else if (a === '--bytes') want.add('c');
    else if (a === '--chars') want.add('m');
    else if (a.startsWith('--')) return usageError('wc', `unrecognized option '${a}'`, 1);
    else if (a.startsWith('-') && a !== '-') {
      for (const f of a.slice(1)) {
        if (!'lwcm'.includes(f)) return usageError('wc', `invalid option -- '${f}'`, 1);
        want.add(f);
      }
    } else operands.push(a);
  }
  const files = noFiles('wc', operands, 1);
  if (files) return files;
  if (want.size === 0) ['l', 'w', 'c'].forEach((f) => want.add(f));
  const counts: Record<string, number> = {
    l: (input.match(/\n/g) ?? []).length,
    w: input.split(/[ \t\n\v\f\r]+/).filter(Boolean).length,
    m: [...input].length,
    c: Buffer.byteLength(input),
  };
  const shown = ['l', 'w', 'm', 'c'].filter((f) => want.has(f)).map((f) => counts[f]);
  // On a pipe, one count prints bare and several are right-aligned in 7 columns.
  const text = shown.length === 1 ? String(shown[0]) : shown.map((n) => String(n).padStart(7)).join(' ');
  return { stdout: text + '\n', stderr: '', code: 0 };
}

/** The leading number of a line as sort -n reads it (blanks, sign, digits, a decimal point). */
function leadingNumber(line: string): number {
  const m = /^[ \t]*(-?(?:\d+\.?\d*|\.\d+))/.exec(line);
  return m ? Number(m[1]) : 0;
}

const byteOrder = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return Buffer.compare(x, y);
};

/** sort [-r] [-n] [-u]: byte order, as in the C locale. */
function sort(args: string[], input: string): FilterResult {
  const flags = new Set<string>();
  const operands: string[] = [];
  for (const a of args) {
    if (a === '--reverse') flags.add('r');
    else if (a === '--numeric-sort') flags.add('n');
    else if (a === '--unique') flags.add('u');
    else if (a.startsWith('--')) return usageError('sort', `unrecognized option '${a}'`, 2);
    else if (a.startsWith('-') && a !== '-') {
      for (const f of a.slice(1)) {
        if (!'rnu'.includes(f)) return usageError('sort', `invalid option -- '${f}'`, 2);
        flags.add(f);
      }
    } else operands.push(a);
  }
  const files = noFiles('sort', operands, 2);
  if (files) return files;
  const key = (a: string, b: string) => (flags.has('n') ? Math.sign(leadingNumber(a) - leadingNumber(b)) : 0);
  let ls = lines(input).sort((a, b) => key(a, b) || byteOrder(a, b));
  // -u keeps the first of lines whose keys compare equal.
  if (flags.has('u')) ls = ls.filter((l, i) => i === 0 || (flags.has('n') ? key(ls[i - 1], l) !== 0 : ls[i - 1] !== l));
  if (flags.has('r')) ls.reverse();
  return { stdout: joined(ls), stderr: '', code: 0 };
}
