/**
 * YAML as kubectl prints it: sigs.k8s.io/yaml turns the object's JSON into go-yaml v2 output.
 * Map keys sorted with go-yaml's key order, sequences not indented under their key, strings
 * plain where go-yaml allows, 'single-quoted' where indicators forbid plain, "double-quoted"
 * where plain text would read as another type (numbers, booleans, timestamps, ""), literal
 * blocks for multi-line strings, and long plain/quoted scalars folded past column 80.
 */
const BEST_WIDTH = 80;

export function toYAML(value: unknown): string {
  const out: string[] = [];
  if (isMap(value) && Object.keys(defined(value)).length > 0) emitMap(defined(value), 0, out, '');
  else if (Array.isArray(value) && value.length > 0) emitSeq(value, 0, out, '');
  else out.push(scalarInline(value, 0, 0) + '\n');
  return out.join('');
}

function isMap(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function defined(m: Record<string, unknown>): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const k of Object.keys(m)) if (m[k] !== undefined) o[k] = m[k];
  return o;
}

/** Emits the entries of a map; `first` is the prefix of the first line ("- " inside a sequence). */
function emitMap(m: Record<string, unknown>, indent: number, out: string[], first: string): void {
  const keys = Object.keys(m).sort(goYamlKeyLess);
  keys.forEach((k, i) => {
    const lead = i === 0 && first ? first : ' '.repeat(indent);
    const key = keyScalar(k);
    emitEntryValue(lead + key + ':', m[k], indent, out);
  });
}

function emitEntryValue(prefix: string, v: unknown, indent: number, out: string[]): void {
  if (isMap(v) && Object.keys(defined(v)).length > 0) {
    out.push(prefix + '\n');
    emitMap(defined(v), indent + 2, out, '');
  } else if (Array.isArray(v) && v.length > 0) {
    out.push(prefix + '\n');
    emitSeq(v, indent, out, '');
  } else if (typeof v === 'string' && v.includes('\n') && literalAllowed(v)) {
    out.push(prefix + ' ' + literal(v, indent + 2));
  } else {
    out.push(prefix + ' ' + scalarInline(v, prefix.length + 1, indent + 2) + '\n');
  }
}

function emitSeq(seq: unknown[], indent: number, out: string[], first: string): void {
  seq.forEach((item, i) => {
    const lead = (i === 0 && first ? first : ' '.repeat(indent)) + '- ';
    if (isMap(item) && Object.keys(defined(item)).length > 0) emitMap(defined(item), indent + 2, out, lead);
    else if (Array.isArray(item) && item.length > 0) emitSeq(item, indent + 2, out, lead);
    else if (typeof item === 'string' && item.includes('\n') && literalAllowed(item)) out.push(lead + literal(item, indent + 2));
    else out.push(lead + scalarInline(item, lead.length, indent + 2) + '\n');
  });
}

function keyScalar(k: string): string {
  const style = stringStyle(k);
  if (style === 'plain') return k;
  if (style === 'single') return `'${k.replace(/'/g, "''")}'`;
  return doubleQuoted(k);
}

function scalarInline(v: unknown, column: number, indent: number): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return goFloat(v);
  if (isMap(v)) return '{}';
  if (Array.isArray(v)) return '[]';
  const s = String(v);
  const style = stringStyle(s);
  if (style === 'plain') return fold(s, column, indent, 'plain');
  if (style === 'single') return fold(s, column, indent, 'single');
  return doubleQuoted(s);
}

/** strconv.FormatFloat(f, 'g', -1, 64) for the numbers objects hold. */
export function goFloat(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return String(n);
  return String(n).replace(/e([+-])(\d)$/, 'e$10$2');
}

/** yaml_emitter_write_plain/single_quoted_scalar: a space past column 80 becomes a line break. */
function fold(s: string, column: number, indent: number, style: 'plain' | 'single'): string {
  let col = column;
  let out = '';
  if (style === 'single') {
    out += "'";
    col++;
  }
  const chars = [...s];
  let spaces = false;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    if (ch === ' ') {
      const next = chars[i + 1];
      const okPos = style === 'plain' || (i !== 0 && i !== chars.length - 1);
      if (!spaces && col > BEST_WIDTH && okPos && next !== ' ' && next !== undefined) {
        out += '\n' + ' '.repeat(indent);
        col = indent;
      } else {
        out += ch;
        col++;
      }
      spaces = true;
    } else {
      const t = style === 'single' && ch === "'" ? "''" : ch;
      out += t;
      col += t.length;
      spaces = false;
    }
  }
  if (style === 'single') out += "'";
  return out;
}

function literalAllowed(s: string): boolean {
  const a = analyze(s);
  return a.blockAllowed;
}

/** A literal block: "|", "|-" (no final newline) or "|+" (several), content at `indent`. */
function literal(s: string, indent: number): string {
  let chomp = '';
  if (!s.endsWith('\n')) chomp = '-';
  else if (s.endsWith('\n\n')) chomp = '+';
  const indicator = s.startsWith(' ') || s.startsWith('\n') ? '2' : '';
  const body = s.endsWith('\n') ? s.slice(0, -1) : s;
  const lines = body.split('\n').map((l) => (l === '' ? '' : ' '.repeat(indent) + l));
  return `|${indicator}${chomp}\n${lines.join('\n')}\n`;
}

function doubleQuoted(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (c < 0x20 || c === 0x7f) out += '\\x' + c.toString(16).toUpperCase().padStart(2, '0');
    else out += ch;
  }
  return out + '"';
}

/** Which style go-yaml v2 picks for a string value or key. */
function stringStyle(s: string): 'plain' | 'single' | 'double' {
  if (resolvesToNonString(s)) return 'double';
  const a = analyze(s);
  if (a.special) return 'double';
  if (a.blockPlainAllowed) return 'plain';
  if (a.singleQuotedAllowed) return 'single';
  return 'double';
}

function analyze(s: string) {
  const r = { blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: true, special: false };
  if (s.length === 0) return { ...r, blockAllowed: false };
  const v = [...s];
  let blockIndicators = s.startsWith('---') || s.startsWith('...');
  let leadingSpace = false,
    leadingBreak = false,
    trailingSpace = false,
    trailingBreak = false,
    breakSpace = false,
    spaceBreak = false,
    lineBreaks = false,
    previousSpace = false,
    previousBreak = false,
    precededByWhitespace = true;
  const blank = (c: string | undefined) => c === undefined || c === ' ' || c === '\t' || c === '\n' || c === '\r';
  for (let i = 0; i < v.length; i++) {
    const c = v[i];
    const followedByWhitespace = blank(v[i + 1]);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(c)) blockIndicators = true;
      else if ((c === '?' || c === ':' || c === '-') && followedByWhitespace) blockIndicators = true;
    } else if (c === ':' && followedByWhitespace) blockIndicators = true;
    else if (c === '#' && precededByWhitespace) blockIndicators = true;
    const code = c.codePointAt(0)!;
    if ((code < 0x20 && c !== '\n' && c !== '\t') || code === 0x7f || code === 0xfeff) r.special = true;
    if (c === ' ') {
      if (i === 0) leadingSpace = true;
      if (i === v.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (c === '\n') {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === v.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = blank(c);
  }
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) r.blockPlainAllowed = false;
  if (trailingSpace) r.blockAllowed = false;
  if (breakSpace) {
    r.blockPlainAllowed = false;
    r.singleQuotedAllowed = false;
  }
  if (spaceBreak || r.special) {
    r.blockPlainAllowed = false;
    r.singleQuotedAllowed = false;
    r.blockAllowed = false;
  }
  if (lineBreaks) {
    r.blockPlainAllowed = false;
    // go-yaml encodes strings with newlines as literal blocks; in keys they are double-quoted
    r.singleQuotedAllowed = r.singleQuotedAllowed && false;
  }
  if (blockIndicators) r.blockPlainAllowed = false;
  return r;
}

/** go-yaml v2's resolve(): plain text that would not read back as a string. */
function resolvesToNonString(s: string): boolean {
  if (s === '' || s === '~') return true;
  if (/^(null|Null|NULL)$/.test(s)) return true;
  if (/^(y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/.test(s)) return true;
  if (/^[-+]?(0|[1-9][0-9_]*)$/.test(s)) return true;
  if (/^[-+]?0[0-7_]+$/.test(s) || /^[-+]?0x[0-9a-fA-F_]+$/.test(s) || /^[-+]?0b[01_]+$/.test(s)) return true;
  if (/^[-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(s)) return true;
  if (/^[-+]?\.(inf|Inf|INF)$/.test(s) || /^\.(nan|NaN|NAN)$/.test(s)) return true;
  if (/^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$/.test(s)) return true; // base 60
  if (/^\d{4}-\d\d?-\d\d?([Tt ]|\s+)?(\d\d?:\d\d:\d\d(\.\d*)?(\s*(Z|[-+]\d\d?(:\d\d)?))?)?$/.test(s) && /^\d{4}-\d\d?-\d\d?/.test(s)) return true;
  if (s === '<<') return true;
  return false;
}

/** go-yaml v2's keyList.Less: letters after other runes, digit runs compared as numbers. */
export function goYamlKeyLess(a: string, b: string): number {
  const ar = [...a];
  const br = [...b];
  const isLetter = (c: string) => /\p{L}/u.test(c);
  const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
  for (let i = 0; i < ar.length && i < br.length; i++) {
    if (ar[i] === br[i]) continue;
    const al = isLetter(ar[i]);
    const bl = isLetter(br[i]);
    if (al && bl) return ar[i] < br[i] ? -1 : 1;
    if (al || bl) return bl ? -1 : 1;
    let an = 0,
      bn = 0;
    if (ar[i] === '0' || br[i] === '0') {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== '0') {
          an = 1;
          bn = 1;
          break;
        }
      }
    }
    let ai = i,
      bi = i;
    for (; ai < ar.length && isDigit(ar[ai]); ai++) an = an * 10 + Number(ar[ai]);
    for (; bi < br.length && isDigit(br[bi]); bi++) bn = bn * 10 + Number(br[bi]);
    if (an !== bn) return an < bn ? -1 : 1;
    if (ai !== bi) return ai < bi ? -1 : 1;
    return ar[i] < br[i] ? -1 : 1;
  }
  return ar.length - br.length;
}
