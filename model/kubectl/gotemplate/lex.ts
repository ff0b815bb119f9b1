/**
 * The lexer of Go's text/template (lex.go), for the templates kubectl's -o go-template takes:
 * text between actions, "{{- " and " -}}" trimming the spaces beside them, comments, and the
 * tokens inside an action. Positions are byte offsets into the template (for errors' line:col).
 */
import { TemplateError } from './errors';

export type TokenType =
  | 'text' | 'left' | 'right' | 'space' | 'ident' | 'keyword' | 'field' | 'dot' | 'variable'
  | 'string' | 'rawString' | 'char' | 'number' | 'bool' | 'nil' | 'leftParen' | 'rightParen'
  | 'pipe' | 'declare' | 'assign' | 'comma' | 'eof';

export interface Token {
  type: TokenType;
  val: string;
  pos: number;
  line: number;
}

const KEYWORDS = new Set(['if', 'else', 'end', 'range', 'with', 'define', 'template', 'block', 'break', 'continue']);
const SPACE = /[ \t\r\n]/;

function isAlnum(c: string): boolean {
  return /[A-Za-z0-9_]/.test(c) || c.charCodeAt(0) > 127;
}

/** Splits a template into tokens; throws TemplateError ("unclosed action", …) as Go's parser reports them. */
export function lex(input: string, name: string): Token[] {
  const out: Token[] = [];
  let pos = 0;
  const lineAt = (p: number) => 1 + (input.slice(0, p).match(/\n/g)?.length ?? 0);
  const fail = (p: number, msg: string) => {
    throw new TemplateError(`template: ${name}:${lineAt(p)}: ${msg}`);
  };
  while (pos < input.length) {
    let open = input.indexOf('{{', pos);
    if (open < 0) open = input.length;
    let text = input.slice(pos, open);
    // "{{- " trims the spaces before the action.
    const trimLeft = open < input.length && input[open + 2] === '-' && SPACE.test(input[open + 3] ?? '');
    if (trimLeft) text = text.replace(/[ \t\r\n]+$/, '');
    if (text) out.push({ type: 'text', val: text, pos, line: lineAt(pos) });
    if (open >= input.length) break;
    let p = open + 2 + (trimLeft ? 2 : 0);
    // A comment: {{/* … */}}, with the same trim markers.
    if (input.startsWith('/*', p)) {
      const end = input.indexOf('*/', p + 2);
      if (end < 0) fail(p, 'unclosed comment');
      let q = end + 2;
      const trimR = input.startsWith(' -}}', q) || input.startsWith('\t-}}', q) || input.startsWith('\n-}}', q);
      if (trimR) q += 1;
      if (input.startsWith('-}}', q) && trimR) q += 1;
      if (!input.startsWith('}}', q)) fail(p, 'comment ends before closing delimiter');
      pos = q + 2;
      if (trimR) pos = skipSpace(input, pos);
      continue;
    }
    out.push({ type: 'left', val: '{{', pos: open, line: lineAt(open) });
    // Inside the action until "}}" (or " -}}").
    let parenDepth = 0;
    for (;;) {
      if (p >= input.length) fail(p, 'unclosed action');
      const c = input[p];
      const rightTrim = SPACE.test(c) && input.startsWith('-}}', p + 1);
      if (rightTrim || input.startsWith('}}', p)) {
        if (parenDepth > 0) fail(p, 'unclosed left paren');
        if (rightTrim) p += 2;
        out.push({ type: 'right', val: '}}', pos: p, line: lineAt(p) });
        p += 2;
        if (rightTrim) p = skipSpace(input, p);
        break;
      }
      const start = p;
      if (SPACE.test(c)) {
        // Spaces separate operands; the one before "-}}" belongs to the trim marker.
        while (p < input.length && SPACE.test(input[p]) && !input.startsWith('-}}', p + 1)) p++;
        if (p === start) p++;
        out.push({ type: 'space', val: input.slice(start, p), pos: start, line: lineAt(start) });
      } else if (c === ':' && input[p + 1] === '=') {
        out.push({ type: 'declare', val: ':=', pos: p, line: lineAt(p) });
        p += 2;
      } else if (c === '=') {
        out.push({ type: 'assign', val: '=', pos: p, line: lineAt(p) });
        p++;
      } else if (c === '|') {
        out.push({ type: 'pipe', val: '|', pos: p, line: lineAt(p) });
        p++;
      } else if (c === ',') {
        out.push({ type: 'comma', val: ',', pos: p, line: lineAt(p) });
        p++;
      } else if (c === '(') {
        parenDepth++;
        out.push({ type: 'leftParen', val: '(', pos: p, line: lineAt(p) });
        p++;
      } else if (c === ')') {
        if (--parenDepth < 0) fail(p, `unexpected right paren`);
        out.push({ type: 'rightParen', val: ')', pos: p, line: lineAt(p) });
        p++;
      } else if (c === '"') {
        p++;
        while (p < input.length && input[p] !== '"') {
          if (input[p] === '\\') p++;
          if (input[p] === '\n' || p >= input.length) fail(p, 'unterminated quoted string');
          p++;
        }
        if (p >= input.length) fail(p, 'unterminated quoted string');
        p++;
        out.push({ type: 'string', val: input.slice(start, p), pos: start, line: lineAt(start) });
      } else if (c === '`') {
        const end = input.indexOf('`', p + 1);
        if (end < 0) fail(p, 'unterminated raw quoted string');
        p = end + 1;
        out.push({ type: 'rawString', val: input.slice(start, p), pos: start, line: lineAt(start) });
      } else if (c === "'") {
        p++;
        while (p < input.length && input[p] !== "'") {
          if (input[p] === '\\') p++;
          p++;
        }
        if (p >= input.length) fail(p, 'unterminated character constant');
        p++;
        out.push({ type: 'char', val: input.slice(start, p), pos: start, line: lineAt(start) });
      } else if (c === '$') {
        p++;
        while (p < input.length && isAlnum(input[p])) p++;
        out.push({ type: 'variable', val: input.slice(start, p), pos: start, line: lineAt(start) });
      } else if (c === '.') {
        if (/[0-9]/.test(input[p + 1] ?? '')) {
          p = lexNumber(input, p);
          out.push({ type: 'number', val: input.slice(start, p), pos: start, line: lineAt(start) });
        } else if (isAlnum(input[p + 1] ?? '')) {
          p++;
          while (p < input.length && isAlnum(input[p])) p++;
          out.push({ type: 'field', val: input.slice(start, p), pos: start, line: lineAt(start) });
        } else {
          out.push({ type: 'dot', val: '.', pos: p, line: lineAt(p) });
          p++;
        }
      } else if (/[0-9+-]/.test(c)) {
        p = lexNumber(input, p);
        if (p === start) fail(p, `bad number syntax: "${c}"`);
        out.push({ type: 'number', val: input.slice(start, p), pos: start, line: lineAt(start) });
      } else if (isAlnum(c)) {
        while (p < input.length && isAlnum(input[p])) p++;
        const word = input.slice(start, p);
        const type: TokenType = KEYWORDS.has(word) ? 'keyword' : word === 'true' || word === 'false' ? 'bool' : word === 'nil' ? 'nil' : 'ident';
        out.push({ type, val: word, pos: start, line: lineAt(start) });
      } else fail(p, `unrecognized character in action: U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} '${c}'`);
    }
    pos = p;
  }
  out.push({ type: 'eof', val: '', pos: input.length, line: lineAt(input.length) });
  return out;
}

function skipSpace(s: string, p: number): number {
  while (p < s.length && SPACE.test(s[p])) p++;
  return p;
}

/** A Go number literal's extent: sign, digits, fraction, exponent, 0x/0o/0b, underscores. */
function lexNumber(s: string, p: number): number {
  const m = /^[+-]?(0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|[0-9_]*\.?[0-9_]*([eE][+-]?[0-9_]+)?)i?/.exec(s.slice(p));
  return p + (m ? m[0].length : 0);
}
