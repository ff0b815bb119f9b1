/**
 * The two ways `kubectl explain` wraps descriptions: the OpenAPI v3 templates' `wrap`
 * (kubectl's word-wrap writer over github.com/mitchellh/go-wordwrap) and the v2 printer's
 * Formatter (pkg/explain/formatter.go), which also keeps lists, code blocks and blank lines.
 */

const NBSP = 0xa0;

/** Go's unicode.IsSpace. */
function isSpace(c: number): boolean {
  if (c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0x85 || c === NBSP) return true;
  return c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

/**
 * go-wordwrap's WrapString: breaks at white space so lines stay within `lim` characters (runes);
 * a word longer than the limit stays whole, and existing line breaks are kept.
 */
export function wordWrap(s: string, lim: number): string {
  let out = '';
  let current = 0;
  let word = '';
  let wordLen = 0;
  let space = '';
  let spaceLen = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '\n') {
      if (wordLen === 0) {
        if (current + spaceLen > lim) current = 0;
        else out += space;
      } else out += space + word;
      space = '';
      spaceLen = 0;
      word = '';
      wordLen = 0;
      out += ch;
      current = 0;
    } else if (isSpace(c) && c !== NBSP) {
      if (spaceLen === 0 || wordLen > 0) {
        current += spaceLen + wordLen;
        out += space + word;
        space = '';
        spaceLen = 0;
        word = '';
        wordLen = 0;
      }
      space += ch;
      spaceLen++;
    } else {
      word += ch;
      wordLen++;
      if (current + wordLen + spaceLen > lim && wordLen < lim) {
        out += '\n';
        current = 0;
        space = '';
        spaceLen = 0;
      }
    }
  }
  if (wordLen === 0) {
    if (current + spaceLen <= lim) out += space;
  } else out += space + word;
  return out;
}

/** Go's strings.Fields: the words between runs of white space. */
function fields(s: string): string[] {
  const out: string[] = [];
  let w = '';
  for (const ch of s) {
    if (isSpace(ch.codePointAt(0)!)) {
      if (w) out.push(w);
      w = '';
    } else w += ch;
  }
  if (w) out.push(w);
  return out;
}

/** Go's strings.TrimSpace. */
function trimSpace(s: string): string {
  const cs = [...s];
  let i = 0;
  let j = cs.length;
  while (i < j && isSpace(cs[i].codePointAt(0)!)) i++;
  while (j > i && isSpace(cs[j - 1].codePointAt(0)!)) j--;
  return cs.slice(i, j).join('');
}

/** RE2's \s is ASCII white space only. */
const BULLET = /^(\d+\.?|-|\*)[\t\n\f\r ]/;

/** Go's len(): lines are measured in bytes. */
const byteLength = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * The v2 Formatter's wrapString: words joined into lines of at most `wrap` bytes; a line ending
 * in ":" , an indented code line, a blank line or a list item starts a new line.
 */
export function wrapLines(str: string, wrap: number): string[] {
  const wrapped: string[] = [];
  let line: string[] = [];
  let lastWord = '';
  const flush = () => {
    if (line.length) {
      lastWord = '';
      wrapped.push(line.join(' '));
      line = [];
    }
  };
  const add = (word: string): boolean => {
    if (line.length === 0 || byteLength([...line, word].join(' ')) <= wrap) {
      line.push(word);
      return true;
    }
    return false;
  };
  for (const s of str.split('\n')) {
    if (s.startsWith('    ')) {
      flush();
      wrapped.push(s);
      continue;
    }
    if (wrapped.length > 0 && trimSpace(s) === '') {
      flush();
      wrapped.push('');
      continue;
    }
    const t = trimSpace(s);
    if (lastWord.endsWith(':') || t.length === 0 || BULLET.test(t)) flush();
    for (const word of fields(s)) {
      lastWord = word;
      if (!add(word)) {
        flush();
        add(word);
      }
    }
  }
  flush();
  return wrapped;
}
