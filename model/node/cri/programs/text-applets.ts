/**
 * busybox's head, tail and grep over their input (a pipe's, or the files named), with busybox's
 * messages and exit statuses: what a learner puts after `curl … |` to read a long answer.
 */

export interface TextResult {
  out: string;
  err: string;
  code: number;
}

type Read = (path: string) => string | undefined;

/** The input: each file named, or stdin (empty when nothing is piped in: no terminal). */
function inputs(name: string, files: string[], stdin: string | undefined, read: Read): { text: string; err: string; failed: boolean } {
  if (files.length === 0) return { text: stdin ?? '', err: '', failed: false };
  let text = '';
  let err = '';
  for (const f of files) {
    const c = f === '-' ? (stdin ?? '') : read(f);
    if (c === undefined) err += `${name}: can't open '${f}': No such file or directory\n`;
    else text += c;
  }
  return { text, err, failed: err !== '' };
}

/** Lines with their newlines kept (the last may lack one). */
function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** `head [-n N | -N] [FILE]…` and `tail [-n N | -N] [FILE]…`: the first or last N lines (10 by default). */
export function headTail(name: 'head' | 'tail', args: string[], stdin: string | undefined, read: Read): TextResult {
  let n = 10;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const v = a === '-n' ? args[++i] : a.startsWith('-n') ? a.slice(2) : /^-\d+$/.test(a) ? a.slice(1) : undefined;
    if (v === undefined && a.startsWith('-') && a !== '-') return { out: '', err: `${name}: unrecognized option '${a}'\n`, code: 1 };
    if (v === undefined) {
      files.push(a);
      continue;
    }
    if (!/^\+?\d+$/.test(v)) return { out: '', err: `${name}: invalid number '${v}'\n`, code: 1 };
    n = Number(v.replace('+', ''));
  }
  const input = inputs(name, files, stdin, read);
  const lines = splitLines(input.text);
  const picked = name === 'head' ? lines.slice(0, n) : n === 0 ? [] : lines.slice(-n);
  return { out: picked.join(''), err: input.err, code: input.failed ? 1 : 0 };
}

/**
 * `grep [-i] [-v] [-c] [-q] [-n] [-E|-F] PATTERN [FILE]…`: the matching lines; status 0 when a
 * line matched, 1 when none did, 2 on an error. A basic regular expression's `+ ? | ( ) { }` are
 * literal characters, as POSIX says; -E makes them operators.
 */
export function grep(args: string[], stdin: string | undefined, read: Read): TextResult {
  const opts = new Set<string>();
  const rest: string[] = [];
  for (const a of args) {
    if (/^-[ivcqnEF]+$/.test(a)) for (const f of a.slice(1)) opts.add(f);
    else if (a.startsWith('-') && a !== '-') return { out: '', err: `grep: unrecognized option '${a}'\n`, code: 2 };
    else rest.push(a);
  }
  const [pattern, ...files] = rest;
  if (pattern === undefined) return { out: '', err: 'grep: no pattern\n', code: 2 };
  let source = pattern;
  if (opts.has('F')) source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  else if (!opts.has('E')) source = pattern.replace(/\\([+?|(){}])|([+?|(){}])/g, (_m, escaped, plain) => (escaped ? escaped : `\\${plain}`));
  let re: RegExp;
  try {
    re = new RegExp(source, opts.has('i') ? 'i' : '');
  } catch {
    return { out: '', err: `grep: bad regex '${pattern}'\n`, code: 2 };
  }
  const input = inputs('grep', files, stdin, read);
  const matched = splitLines(input.text)
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => re.test(l.replace(/\n$/, '')) !== opts.has('v'));
  const end = (l: string) => (l.endsWith('\n') ? l : l + '\n');
  let out = '';
  if (opts.has('c')) out = `${matched.length}\n`;
  else if (!opts.has('q')) out = matched.map(({ l, i }) => (opts.has('n') ? `${i + 1}:` : '') + end(l)).join('');
  const err = input.err.replace(/^grep: can't open '(.*)': /gm, 'grep: $1: ');
  return { out, err, code: input.failed ? 2 : matched.length ? 0 : 1 };
}
