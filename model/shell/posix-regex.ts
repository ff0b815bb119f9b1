/**
 * POSIX regular expressions as GNU grep reads them, translated to JavaScript's: basic (BRE,
 * grep's default: `\(`, `\{`, `\|`, `\+`, `\?` are the operators, bare ones are literal) and
 * extended (ERE, `grep -E`). Errors carry GNU grep's words (`Unmatched ( or \(`).
 */
export class RegexError extends Error {}

const CLASSES: Record<string, string> = {
  alpha: 'A-Za-z',
  digit: '0-9',
  alnum: '0-9A-Za-z',
  upper: 'A-Z',
  lower: 'a-z',
  space: ' \\t\\n\\r\\f\\v',
  blank: ' \\t',
  punct: '!-\\/:-@\\[-`{-~',
  xdigit: '0-9A-Fa-f',
  cntrl: '\\x00-\\x1f\\x7f',
  print: ' -~',
  graph: '!-~',
};

/** A bracket expression starting at `[`: its JavaScript text and where it ends. */
function bracket(re: string, start: number): { js: string; end: number } {
  let i = start + 1;
  let js = '[';
  if (re[i] === '^') {
    js += '^';
    i++;
  }
  let first = true;
  for (; i < re.length; i++) {
    const c = re[i];
    if (c === ']' && !first) return { js: js + ']', end: i + 1 };
    first = false;
    if (c === '[' && (re[i + 1] === ':' || re[i + 1] === '.' || re[i + 1] === '=')) {
      const kind = re[i + 1];
      const close = re.indexOf(kind + ']', i + 2);
      if (close < 0) break;
      const name = re.slice(i + 2, close);
      if (kind === ':') {
        if (!(name in CLASSES)) throw new RegexError('Invalid character class name');
        js += CLASSES[name];
      } else js += name.replace(/[\\\]\[^-]/g, '\\$&');
      i = close + 1;
    } else if (c === '\\' || c === ']' || c === '[' || (c === '^' && js.length > 1)) js += '\\' + c;
    else js += c;
  }
  throw new RegexError('Unmatched [, [^, [:, [., or [=');
}

/** Translates a POSIX BRE (extended = false) or ERE into a JavaScript pattern. */
export function posixToJs(re: string, extended: boolean): string {
  let js = '';
  let depth = 0;
  // Where `*` is literal: at the start, after `(` or `|` or a leading `^`.
  let atStart = true;
  for (let i = 0; i < re.length; ) {
    const c = re[i];
    let token: string;
    let start = false;
    if (c === '[') {
      const b = bracket(re, i);
      js += b.js;
      i = b.end;
      atStart = false;
      continue;
    }
    if (c === '\\') {
      const d = re[i + 1];
      i += 2;
      if (d === undefined) throw new RegexError('Trailing backslash');
      if (!extended && d === '(') [token, start, depth] = ['(', true, depth + 1];
      else if (!extended && d === ')') {
        if (depth === 0) throw new RegexError('Unmatched ) or \\)');
        [token, depth] = [')', depth - 1];
      } else if (!extended && d === '|') [token, start] = ['|', true];
      else if (!extended && (d === '{' || d === '}' || d === '+' || d === '?')) token = d;
      else if (d === '<' || d === '>') token = '\\b';
      else if ('wWsSbB'.includes(d)) token = '\\' + d;
      else if (/[1-9]/.test(d)) token = '\\' + d;
      else token = d.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    } else {
      i++;
      if (extended && c === '(') [token, start, depth] = ['(', true, depth + 1];
      else if (extended && c === ')') {
        // GNU grep -E takes an unmatched `)` literally.
        if (depth === 0) token = '\\)';
        else [token, depth] = [')', depth - 1];
      } else if (extended && c === '|') [token, start] = ['|', true];
      else if (extended && '{+?'.includes(c)) token = atStart ? '\\' + c : c;
      else if (extended && c === '}') token = c;
      else if (c === '*') token = atStart ? '\\*' : '*';
      else if (c === '^') [token, start] = [extended || atStart ? '^' : '\\^', atStart];
      else if (c === '$') token = extended || i === re.length || re.startsWith('\\)', i) || re.startsWith('\\|', i) ? '$' : '\\$';
      else if ('(){}|+?/'.includes(c)) token = '\\' + c;
      else token = c;
    }
    js += token;
    atStart = start;
  }
  if (depth > 0) throw new RegexError('Unmatched ( or \\(');
  try {
    new RegExp(js);
  } catch {
    throw new RegexError(/\{/.test(js) ? 'Unmatched \\{' : 'Invalid regular expression');
  }
  return js;
}
