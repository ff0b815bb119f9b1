/**
 * The label selector lexer of apimachinery's labels package: identifiers, the keywords `in` and
 * `notin`, and the operator symbols, read greedily (`!=` before `!`, `==` before `=`).
 */
export type Token =
  | 'Error'
  | 'EndOfString'
  | 'ClosedPar'
  | 'Comma'
  | 'DoesNotExist'
  | 'DoubleEquals'
  | 'Equals'
  | 'GreaterThan'
  | 'Identifier'
  | 'In'
  | 'LessThan'
  | 'NotEquals'
  | 'NotIn'
  | 'OpenPar';

export interface ScannedItem {
  tok: Token;
  literal: string;
}

const STRING_TO_TOKEN: Record<string, Token> = {
  ')': 'ClosedPar',
  ',': 'Comma',
  '!': 'DoesNotExist',
  '==': 'DoubleEquals',
  '=': 'Equals',
  '>': 'GreaterThan',
  in: 'In',
  '<': 'LessThan',
  '!=': 'NotEquals',
  notin: 'NotIn',
  '(': 'OpenPar',
};

const literalToken = (s: string): Token | undefined => (Object.prototype.hasOwnProperty.call(STRING_TO_TOKEN, s) ? STRING_TO_TOKEN[s] : undefined);

const isWhitespace = (ch: string): boolean => ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n';
const isSpecialSymbol = (ch: string): boolean => '=!(),><'.includes(ch) && ch !== '';

/** Lexer over the selector's UTF-8 bytes, as upstream's (a multi-byte character is part of an identifier). */
export class Lexer {
  private pos = 0;
  private readonly bytes: Buffer;

  constructor(s: string) {
    this.bytes = Buffer.from(s, 'utf8');
  }

  /** The next byte as a one-character string, or '' at the end (where the position stays). */
  private read(): string {
    return this.pos < this.bytes.length ? String.fromCharCode(this.bytes[this.pos++]) : '';
  }

  private unread(): void {
    this.pos--;
  }

  private scanIDOrKeyword(): ScannedItem {
    const start = this.pos;
    for (;;) {
      const ch = this.read();
      if (ch === '') break;
      if (isSpecialSymbol(ch) || isWhitespace(ch)) {
        this.unread();
        break;
      }
    }
    const s = this.bytes.subarray(start, this.pos).toString('utf8');
    return { tok: literalToken(s) ?? 'Identifier', literal: s };
  }

  private scanSpecialSymbol(): ScannedItem {
    let last: ScannedItem | undefined;
    let buffer = '';
    for (;;) {
      const ch = this.read();
      if (ch === '') break;
      if (isSpecialSymbol(ch)) {
        buffer += ch;
        const tok = literalToken(buffer);
        if (tok) last = { tok, literal: buffer };
        else if (last) {
          this.unread();
          break;
        }
      } else {
        this.unread();
        break;
      }
    }
    if (!last) return { tok: 'Error', literal: `error expected: keyword found '${buffer}'` };
    return last;
  }

  /** The next token and its literal text. */
  lex(): ScannedItem {
    let ch = this.read();
    while (isWhitespace(ch)) ch = this.read();
    if (ch === '') return { tok: 'EndOfString', literal: '' };
    this.unread();
    return isSpecialSymbol(ch) ? this.scanSpecialSymbol() : this.scanIDOrKeyword();
  }
}
