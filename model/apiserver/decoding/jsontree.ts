/**
 * A JSON document as Go's decoder sees it: keys in the order sent, duplicates kept, numbers
 * as their literal text. JSON.parse loses all three (the last duplicate wins, "1.0" reads as
 * 1), so a body whose raw text is at hand is read with this parser instead; an in-process
 * caller's object converts to the same tree.
 */
export type JNode =
  | { t: 'object'; entries: [string, JNode][] }
  | { t: 'array'; items: JNode[] }
  | { t: 'number'; text: string }
  | { t: 'string'; v: string }
  | { t: 'bool'; v: boolean }
  | { t: 'null' };

/** The tree of a JavaScript value (what JSON.parse or a YAML decoder produced). */
export function treeOf(v: unknown): JNode {
  if (v === null || v === undefined) return { t: 'null' };
  if (typeof v === 'string') return { t: 'string', v };
  if (typeof v === 'boolean') return { t: 'bool', v };
  if (typeof v === 'number') return { t: 'number', text: numberText(v) };
  if (Array.isArray(v)) return { t: 'array', items: v.map(treeOf) };
  if (typeof v === 'object') return { t: 'object', entries: Object.entries(v as object).filter(([, x]) => x !== undefined).map(([k, x]) => [k, treeOf(x)]) };
  return { t: 'null' };
}

/** A number as Go's encoder writes it: integers in full, 1e+21 as 1e21. */
function numberText(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return BigInt(n).toString();
  return String(n).replace('e+', 'e');
}

/** The JavaScript value of a tree (the last duplicate wins, as JSON.parse has it). */
export function valueOf(j: JNode): unknown {
  switch (j.t) {
    case 'object':
      return Object.fromEntries(j.entries.map(([k, v]) => [k, valueOf(v)]));
    case 'array':
      return j.items.map(valueOf);
    case 'number':
      return Number(j.text);
    case 'null':
      return null;
    default:
      return j.v;
  }
}

class Parser {
  i = 0;
  constructor(private readonly s: string) {}

  ws(): void {
    while (this.i < this.s.length && ' \t\r\n'.includes(this.s[this.i])) this.i++;
  }

  value(): JNode {
    this.ws();
    const c = this.s[this.i];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return { t: 'string', v: this.string() };
    if (this.s.startsWith('true', this.i)) return (this.i += 4), { t: 'bool', v: true };
    if (this.s.startsWith('false', this.i)) return (this.i += 5), { t: 'bool', v: false };
    if (this.s.startsWith('null', this.i)) return (this.i += 4), { t: 'null' };
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.s.slice(this.i, this.i + 400));
    if (!m) throw new SyntaxError(`unexpected ${c} at ${this.i}`);
    this.i += m[0].length;
    return { t: 'number', text: m[0] };
  }

  string(): string {
    const start = this.i;
    this.i++;
    while (this.s[this.i] !== '"') {
      if (this.i >= this.s.length) throw new SyntaxError('unterminated string');
      this.i += this.s[this.i] === '\\' ? 2 : 1;
    }
    this.i++;
    return JSON.parse(this.s.slice(start, this.i));
  }

  object(): JNode {
    const entries: [string, JNode][] = [];
    this.i++;
    this.ws();
    if (this.s[this.i] === '}') return this.i++, { t: 'object', entries };
    for (;;) {
      this.ws();
      const k = this.string();
      this.ws();
      if (this.s[this.i++] !== ':') throw new SyntaxError('expected :');
      entries.push([k, this.value()]);
      this.ws();
      const c = this.s[this.i++];
      if (c === '}') return { t: 'object', entries };
      if (c !== ',') throw new SyntaxError('expected , or }');
    }
  }

  array(): JNode {
    const items: JNode[] = [];
    this.i++;
    this.ws();
    if (this.s[this.i] === ']') return this.i++, { t: 'array', items };
    for (;;) {
      items.push(this.value());
      this.ws();
      const c = this.s[this.i++];
      if (c === ']') return { t: 'array', items };
      if (c !== ',') throw new SyntaxError('expected , or ]');
    }
  }
}

/** Parses JSON text already known to be valid; undefined if it is not (the caller falls back to its value). */
export function parseTree(text: string): JNode | undefined {
  try {
    const p = new Parser(text);
    const v = p.value();
    p.ws();
    return p.i === text.length ? v : undefined;
  } catch (e) {
    if (e instanceof SyntaxError) return undefined;
    throw e;
  }
}
