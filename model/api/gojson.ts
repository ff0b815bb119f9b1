/**
 * A stream of JSON values read as Go's encoding/json Decoder reads them (kubectl's
 * YAMLOrJSONDecoder on a file that starts with "{"), with its error texts: a syntax error is
 * `json: offset N: invalid character '}' looking for beginning of object key string` (N counts
 * the bytes read, the offending one included), a value cut short is `unexpected EOF`.
 */

/** A value of the stream that could not be read; the values before it were. */
export class GoJSONError extends Error {}

/** Reads values until the end of the text or the first error; returns both. */
export function decodeGoJSONStream(text: string): { values: unknown[]; error?: GoJSONError } {
  const values: unknown[] = [];
  let i = 0;
  for (;;) {
    i = skipSpace(text, i);
    if (i >= text.length) return { values };
    const start = i;
    try {
      i = new Scanner(text, i).value();
    } catch (e) {
      if (e instanceof GoJSONError) return { values, error: e };
      throw e;
    }
    values.push(JSON.parse(text.slice(start, i)));
  }
}

/** Where the value starting at `start` (after any white space) ends; throws its GoJSONError. */
export function goJSONValueEnd(text: string, start: number): number {
  return new Scanner(text, skipSpace(text, start)).value();
}

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\r' || c === '\n';
}

function skipSpace(s: string, i: number): number {
  while (i < s.length && isSpace(s[i])) i++;
  return i;
}

/** Go's quoteChar: the offending character as encoding/json's SyntaxError shows it. */
export function goQuoteChar(c: string): string {
  if (c === "'") return "'\\''";
  if (c === '"') return `'"'`;
  const code = c.codePointAt(0)!;
  const named: Record<number, string> = { 7: '\\a', 8: '\\b', 9: '\\t', 10: '\\n', 11: '\\v', 12: '\\f', 13: '\\r', 92: '\\\\' };
  if (named[code]) return `'${named[code]}'`;
  if (code < 0x20 || code === 0x7f) return `'\\x${code.toString(16).padStart(2, '0')}'`;
  return `'${c}'`;
}

/** One value's scan, character by character as encoding/json's scanner steps. */
class Scanner {
  constructor(
    private readonly s: string,
    private i: number,
  ) {}

  /** Scans one value from the current position; returns the index just past it. */
  value(): number {
    this.i = skipSpace(this.s, this.i);
    const c = this.peek();
    if (c === '{') this.object();
    else if (c === '[') this.array();
    else if (c === '"') this.string();
    else if (c === '-' || (c >= '0' && c <= '9')) this.number();
    else if (c === 't') this.literal('true');
    else if (c === 'f') this.literal('false');
    else if (c === 'n') this.literal('null');
    else throw this.fail('looking for beginning of value');
    return this.i;
  }

  private object(): void {
    this.i++;
    this.i = skipSpace(this.s, this.i);
    if (this.peek() === '}') {
      this.i++;
      return;
    }
    for (;;) {
      this.i = skipSpace(this.s, this.i);
      if (this.peek() !== '"') throw this.fail('looking for beginning of object key string');
      this.string();
      this.i = skipSpace(this.s, this.i);
      if (this.peek() !== ':') throw this.fail('after object key');
      this.i++;
      this.value();
      this.i = skipSpace(this.s, this.i);
      const c = this.peek();
      this.i++;
      if (c === '}') return;
      if (c !== ',') {
        this.i--;
        throw this.fail('after object key:value pair');
      }
    }
  }

  private array(): void {
    this.i++;
    this.i = skipSpace(this.s, this.i);
    if (this.peek() === ']') {
      this.i++;
      return;
    }
    for (;;) {
      this.value();
      this.i = skipSpace(this.s, this.i);
      const c = this.peek();
      if (c === ']') {
        this.i++;
        return;
      }
      if (c !== ',') throw this.fail('after array element');
      this.i++;
    }
  }

  private string(): void {
    this.i++;
    for (;;) {
      const c = this.peek();
      if (c === '"') {
        this.i++;
        return;
      }
      if (c === '\\') {
        this.i++;
        const e = this.peek();
        if (e === 'u') {
          this.i++;
          for (let k = 0; k < 4; k++) {
            if (!/^[0-9a-fA-F]$/.test(this.peek())) throw this.fail('in \\u hexadecimal character escape');
            this.i++;
          }
          continue;
        }
        if (!'"\\/bfnrt'.includes(e)) throw this.fail('in string escape code');
        this.i++;
        continue;
      }
      if (c < ' ') throw this.fail('in string literal');
      this.i += c.length;
    }
  }

  private number(): void {
    const digit = () => this.peek() >= '0' && this.peek() <= '9' && this.peek().length === 1;
    if (this.peek() === '-') {
      this.i++;
      if (!digit()) throw this.fail('in numeric literal');
    }
    if (this.peek() === '0') this.i++;
    else while (digit()) this.i++;
    if (this.peek() === '.') {
      this.i++;
      if (!digit()) throw this.fail('after decimal point in numeric literal');
      while (digit()) this.i++;
    }
    if (this.peek() === 'e' || this.peek() === 'E') {
      this.i++;
      if (this.peek() === '+' || this.peek() === '-') this.i++;
      if (!digit()) throw this.fail('in exponent of numeric literal');
      while (digit()) this.i++;
    }
  }

  private literal(word: string): void {
    this.i++;
    for (let k = 1; k < word.length; k++) {
      if (this.peek() !== word[k]) throw this.fail(`in literal ${word} (expecting '${word[k]}')`);
      this.i++;
    }
  }

  /** The next character; "" past the end (which every caller treats as the value cut short). */
  private peek(): string {
    if (this.i >= this.s.length) throw new GoJSONError('unexpected EOF');
    const cp = this.s.codePointAt(this.i)!;
    return String.fromCodePoint(cp);
  }

  private fail(context: string): GoJSONError {
    const c = this.peek();
    const offset = Buffer.byteLength(this.s.slice(0, this.i), 'utf8') + 1;
    return new GoJSONError(`json: offset ${offset}: invalid character ${goQuoteChar(c)} ${context}`);
  }
}
