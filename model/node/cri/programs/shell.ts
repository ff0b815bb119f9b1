/**
 * The part of a POSIX shell `sh -c` scripts in Pod specs use: simple commands with quoting and
 * `$VAR` / `${VAR}` / `$?` expansion, command substitution (`$(…)` and backquotes, also inside
 * double quotes), variable assignments, pipelines (`a | b`), lists joined by `;`, newlines,
 * `&&` and `||`, and the compound commands `while`/`until … do … done`, `for NAME in …; do …
 * done` and `if … then … [else …] fi`. Redirections, subshells, background jobs and arithmetic
 * are not modelled: a script using them is refused with a syntax error that says so.
 */

/**
 * A piece of a word: literal text, text subject to parameter expansion, or a command
 * substitution (`subst`: the commands whose output, less its trailing newlines, takes its place).
 */
export interface WordPart {
  text: string;
  expand: boolean;
  subst?: List;
}
export type Word = WordPart[];

export type Command =
  | { kind: 'simple'; words: Word[] }
  | { kind: 'loop'; until: boolean; cond: List; body: List }
  | { kind: 'for'; name: string; items: Word[]; body: List }
  | { kind: 'if'; branches: { cond: List; body: List }[]; otherwise?: List }
  /** `a | b | c`: each command's output is the next one's input; the status is the last one's. */
  | { kind: 'pipeline'; cmds: Command[] };

/** Commands and the operator before each (`;` for the first). */
export type List = { op: ';' | '&&' | '||'; cmd: Command }[];

export class ShellSyntaxError extends Error {}

type Token = { op: string } | { word: Word; raw: string };

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '\n' || c === ';') {
      out.push({ op: ';' });
      i++;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (two === '&&' || two === '||') {
      out.push({ op: two });
      i += 2;
      continue;
    }
    if (c === '|') {
      out.push({ op: '|' });
      i++;
      continue;
    }
    if ('|&<>()'.includes(c)) throw new ShellSyntaxError(c === '(' || c === ')' ? `syntax error: unexpected "${c}"` : `syntax error: "${c}" is not supported by this model`);
    const word: Word = [];
    let raw = '';
    while (i < src.length && !' \t\n;&|<>()'.includes(src[i])) {
      const ch = src[i];
      if (ch === "'") {
        const end = src.indexOf("'", i + 1);
        if (end < 0) throw new ShellSyntaxError('syntax error: unterminated quoted string');
        word.push({ text: src.slice(i + 1, end), expand: false });
        raw += src.slice(i, end + 1);
        i = end + 1;
      } else if (isSubstStart(src, i)) {
        const end = substEnd(src, i);
        word.push(substPart(src, i, end));
        raw += src.slice(i, end);
        i = end;
      } else if (ch === '"') {
        let j = i + 1;
        let text = '';
        while (j < src.length && src[j] !== '"') {
          if (isSubstStart(src, j)) {
            // "…$(cmd)…": the text so far, the substitution, then the rest of the quotes.
            if (text) word.push({ text, expand: true });
            text = '';
            const end = substEnd(src, j);
            word.push(substPart(src, j, end));
            j = end;
          } else if (src[j] === '\\' && '"\\$`'.includes(src[j + 1] ?? '')) {
            text += src[j + 1] === '$' ? '\u0000' : src[j + 1];
            j += 2;
          } else text += src[j++];
        }
        if (j >= src.length) throw new ShellSyntaxError('syntax error: unterminated quoted string');
        if (text || !word.length) word.push({ text, expand: true });
        raw += src.slice(i, j + 1);
        i = j + 1;
      } else if (ch === '\\') {
        word.push({ text: src[i + 1] ?? '', expand: false });
        raw += src.slice(i, i + 2);
        i += 2;
      } else {
        let j = i;
        while (j < src.length && !' \t\n;&|<>()\'"\\`'.includes(src[j]) && !isSubstStart(src, j)) j++;
        word.push({ text: src.slice(i, j), expand: true });
        raw += src.slice(i, j);
        i = j;
      }
    }
    out.push({ word, raw });
  }
  return out;
}

/** `$(` or a backquote opens a command substitution; `$((` is arithmetic, which is not modelled. */
function isSubstStart(src: string, i: number): boolean {
  if (src[i] === '`') return true;
  if (src[i] !== '$' || src[i + 1] !== '(') return false;
  if (src[i + 2] === '(') throw new ShellSyntaxError('syntax error: arithmetic expansion "$((" is not supported by this model');
  return true;
}

/** Where a substitution that starts at `i` ends (just past its `)` or closing backquote). */
function substEnd(src: string, i: number): number {
  if (src[i] === '`') {
    const end = src.indexOf('`', i + 1);
    if (end < 0) throw new ShellSyntaxError('syntax error: unterminated quoted string');
    return end + 1;
  }
  let depth = 0;
  for (let j = i + 1; j < src.length; j++) {
    const c = src[j];
    if (c === "'") {
      j = src.indexOf("'", j + 1);
      if (j < 0) break;
    } else if (c === '"') {
      j++;
      while (j < src.length && src[j] !== '"') j += src[j] === '\\' ? 2 : 1;
    } else if (c === '\\') j++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return j + 1;
  }
  throw new ShellSyntaxError('syntax error: unterminated quoted string');
}

function substPart(src: string, start: number, end: number): WordPart {
  const inner = src[start] === '`' ? src.slice(start + 1, end - 1) : src.slice(start + 2, end - 1);
  return { text: '', expand: false, subst: parseScript(inner) };
}

const KEYWORDS = new Set(['do', 'done', 'then', 'else', 'elif', 'fi', 'in']);

/** Parses a script (the argument of `sh -c`). */
export function parseScript(src: string): List {
  const toks = tokenize(src);
  let pos = 0;
  const peekWord = (): string | undefined => {
    const t = toks[pos];
    return t && 'word' in t ? t.raw : undefined;
  };
  const skipSeparators = () => {
    while (pos < toks.length && 'op' in toks[pos] && (toks[pos] as { op: string }).op === ';') pos++;
  };
  const expect = (kw: string) => {
    skipSeparators();
    if (peekWord() !== kw) throw new ShellSyntaxError(`syntax error: unexpected ${peekWord() ? `"${peekWord()}"` : 'end of file'} (expecting "${kw}")`);
    pos++;
  };
  function list(stops: string[]): List {
    const items: List = [];
    let op: ';' | '&&' | '||' = ';';
    for (;;) {
      skipSeparators();
      const w = peekWord();
      if (pos >= toks.length || (w !== undefined && stops.includes(w))) break;
      items.push({ op, cmd: pipeline() });
      const t = toks[pos];
      if (t && 'op' in t) {
        op = t.op as ';' | '&&' | '||';
        pos++;
        if (op !== ';') continue;
      }
      op = ';';
    }
    return items;
  }
  function pipeline(): Command {
    const cmds = [command()];
    while (pos < toks.length && 'op' in toks[pos] && (toks[pos] as { op: string }).op === '|') {
      pos++;
      // A newline may follow the bar.
      skipSeparators();
      if (pos >= toks.length) throw new ShellSyntaxError('syntax error: unexpected end of file');
      cmds.push(command());
    }
    return cmds.length === 1 ? cmds[0] : { kind: 'pipeline', cmds };
  }
  function command(): Command {
    const w = peekWord();
    if (w === 'while' || w === 'until') {
      pos++;
      const cond = list(['do']);
      expect('do');
      const body = list(['done']);
      expect('done');
      return { kind: 'loop', until: w === 'until', cond, body };
    }
    if (w === 'for') {
      pos++;
      const name = peekWord();
      if (!name || !/^[A-Za-z_]\w*$/.test(name)) throw new ShellSyntaxError(`syntax error: bad for loop variable`);
      pos++;
      const items: Word[] = [];
      if (peekWord() === 'in') {
        pos++;
        while (pos < toks.length && 'word' in toks[pos]) items.push((toks[pos++] as { word: Word }).word);
      }
      expect('do');
      const body = list(['done']);
      expect('done');
      return { kind: 'for', name, items, body };
    }
    if (w === 'if') {
      pos++;
      const branches: { cond: List; body: List }[] = [];
      let otherwise: List | undefined;
      for (;;) {
        const cond = list(['then']);
        expect('then');
        const body = list(['elif', 'else', 'fi']);
        branches.push({ cond, body });
        skipSeparators();
        const next = peekWord();
        pos++;
        if (next === 'elif') continue;
        if (next === 'else') {
          otherwise = list(['fi']);
          expect('fi');
        } else if (next !== 'fi') throw new ShellSyntaxError('syntax error: unexpected end of file (expecting "fi")');
        break;
      }
      return { kind: 'if', branches, otherwise };
    }
    if (w !== undefined && KEYWORDS.has(w)) throw new ShellSyntaxError(`syntax error: unexpected "${w}"`);
    const words: Word[] = [];
    while (pos < toks.length && 'word' in toks[pos]) words.push((toks[pos++] as { word: Word }).word);
    if (words.length === 0) throw new ShellSyntaxError(`syntax error: unexpected "${(toks[pos] as { op: string }).op}"`);
    return { kind: 'simple', words };
  }
  const result = list([]);
  if (pos < toks.length) throw new ShellSyntaxError(`syntax error: unexpected "${peekWord() ?? (toks[pos] as { op: string }).op}"`);
  return result;
}

/**
 * Parameter expansion of one word: $NAME, ${NAME}, $? and $$; unset names expand to nothing. A
 * command substitution is replaced by what `substituted` says it printed.
 */
export function expandWord(word: Word, lookup: (name: string) => string, substituted: (part: WordPart) => string = () => ''): string {
  let out = '';
  for (const part of word) {
    if (part.subst) {
      out += substituted(part);
      continue;
    }
    if (!part.expand) {
      out += part.text;
      continue;
    }
    out += part.text.replace(/\$(?:\{([A-Za-z_]\w*|\?)\}|([A-Za-z_]\w*)|(\?)|(\$))/g, (_m, braced, plain, status, pid) => lookup(braced ?? plain ?? status ?? pid)).replace(/\u0000/g, '$');
  }
  return out;
}

/** The command substitutions of some words, in the order the shell runs them. */
export function substitutionsOf(words: Word[]): WordPart[] {
  return words.flatMap((w) => w.filter((p) => p.subst));
}
