/**
 * The parser of Go's text/template (parse.go), for one template named "output" as kubectl's
 * GoTemplatePrinter makes it: text, actions with pipelines (commands joined by "|", variable
 * declarations and assignments), if/else if/else, range (with $i, $v := and break/continue), with,
 * parenthesised pipelines and field chains on them. define/template/block are not needed by
 * kubectl's printer and are refused.
 */
import { TemplateError } from './errors';
import { lex, type Token } from './lex';

export type Node =
  | { type: 'text'; text: string }
  | { type: 'action'; pos: number; pipe: Pipe }
  | { type: 'if' | 'with'; pos: number; pipe: Pipe; list: Node[]; elseList?: Node[] }
  | { type: 'range'; pos: number; pipe: Pipe; list: Node[]; elseList?: Node[] }
  | { type: 'break' | 'continue'; pos: number };

export interface Pipe {
  pos: number;
  /** The pipeline's source, as errors name it ("at <…>"). */
  text: string;
  isAssign: boolean;
  decl: string[];
  cmds: Cmd[];
}

export interface Cmd {
  pos: number;
  /** The command's source, as errors name it ("at <index .a 5>"). */
  text: string;
  args: Operand[];
}

export type Operand =
  | { type: 'field'; pos: number; ident: string[]; text: string }
  | { type: 'variable'; pos: number; ident: string[]; text: string }
  | { type: 'dot'; pos: number; text: string }
  | { type: 'nil'; pos: number; text: string }
  | { type: 'bool'; pos: number; value: boolean; text: string }
  | { type: 'number'; pos: number; value: number; isInt: boolean; text: string }
  | { type: 'string'; pos: number; value: string; text: string }
  | { type: 'identifier'; pos: number; name: string; text: string }
  | { type: 'chain'; pos: number; node: Operand; field: string[]; text: string }
  | { type: 'pipe'; pos: number; pipe: Pipe; text: string };

/** The functions a template may call: Go's builtins and kubectl's. */
export type FuncNames = Set<string>;

export function parse(input: string, name: string, funcs: FuncNames): Node[] {
  return new Parser(input, name, funcs).parseTemplate();
}

class Parser {
  private toks: Token[];
  private i = 0;
  private vars: string[][] = [['$']];
  private rangeDepth = 0;

  constructor(private readonly input: string, private readonly name: string, private readonly funcs: FuncNames) {
    this.toks = lex(input, name);
  }

  private fail(t: Token, msg: string): never {
    throw new TemplateError(`template: ${this.name}:${t.line}: ${msg}`);
  }

  private next(): Token {
    return this.toks[this.i++];
  }

  private peek(): Token {
    return this.toks[this.i];
  }

  /** The next token that is not a space. */
  private nextNonSpace(): Token {
    let t = this.next();
    while (t.type === 'space') t = this.next();
    return t;
  }

  private peekNonSpace(): Token {
    const save = this.i;
    const t = this.nextNonSpace();
    this.i = save;
    return t;
  }

  parseTemplate(): Node[] {
    const [list, end] = this.itemList(true);
    if (end) this.fail(end, `unexpected {{${end.val}}}`);
    return list;
  }

  /** Nodes until {{end}} or {{else}} (returned), or EOF at the top level. */
  private itemList(top: boolean): [Node[], Token | undefined] {
    const list: Node[] = [];
    for (;;) {
      const t = this.peek();
      if (t.type === 'eof') {
        if (!top) this.fail(t, 'unexpected EOF');
        return [list, undefined];
      }
      if (t.type === 'text') {
        this.next();
        list.push({ type: 'text', text: t.val });
        continue;
      }
      // "{{"
      this.next();
      const k = this.peekNonSpace();
      if (k.type === 'keyword' && (k.val === 'end' || k.val === 'else')) {
        this.nextNonSpace();
        if (top) this.fail(k, `unexpected {{${k.val}}}`);
        return [list, k];
      }
      list.push(this.action());
    }
  }

  private action(): Node {
    const t = this.nextNonSpace();
    if (t.type === 'keyword') {
      switch (t.val) {
        case 'if':
        case 'with':
          return this.control(t.val, t);
        case 'range':
          return this.control('range', t);
        case 'break':
        case 'continue':
          if (this.rangeDepth === 0) this.fail(t, `{{${t.val}}} outside {{range}}`);
          this.expectRight(t.val);
          return { type: t.val, pos: t.pos };
        default:
          this.fail(t, `{{${t.val}}} is not supported by kubectl's template printer here`);
      }
    }
    this.i--;
    return { type: 'action', pos: t.pos, pipe: this.pipeline('command', 'right') };
  }

  private expectRight(context: string): void {
    const t = this.nextNonSpace();
    if (t.type !== 'right') this.fail(t, `unexpected ${describe(t)} in ${context}`);
  }

  private control(kind: 'if' | 'with' | 'range', start: Token): Node {
    this.vars.push([]);
    if (kind === 'range') this.rangeDepth++;
    const pipe = this.pipeline(kind, 'right');
    if (pipe.cmds.length === 0) this.fail(start, `missing value for ${kind}`);
    const [list, end] = this.itemList(false);
    if (kind === 'range') this.rangeDepth--;
    let elseList: Node[] | undefined;
    if (end!.val === 'else') {
      const after = this.peekNonSpace();
      // {{else if …}} and {{else with …}}: a nested control as the whole else branch.
      if ((kind === 'if' && after.type === 'keyword' && after.val === 'if') || (kind === 'with' && after.type === 'keyword' && after.val === 'with')) {
        const kw = this.nextNonSpace();
        elseList = [this.control(kind, kw)];
      } else {
        this.expectRight('else');
        const [l2, end2] = this.itemList(false);
        if (end2!.val !== 'end') this.fail(end2!, 'expected end; found {{else}}');
        this.expectRight('end');
        elseList = l2;
      }
    } else this.expectRight('end');
    this.vars.pop();
    return { type: kind, pos: start.pos, pipe, list, elseList } as Node;
  }

  /** A pipeline up to `end` ('right' for "}}", 'rightParen' for ")"). */
  private pipeline(context: string, end: 'right' | 'rightParen'): Pipe {
    const first = this.peekNonSpace();
    const pipe: Pipe = { pos: first.pos, text: '', isAssign: false, decl: [], cmds: [] };
    // Declarations: $x := …, $x = …, $i, $v := … (range only).
    const save = this.i;
    const v = this.nextNonSpace();
    if (v.type === 'variable') {
      const after = this.nextNonSpace();
      if (after.type === 'declare' || after.type === 'assign') {
        pipe.isAssign = after.type === 'assign';
        pipe.decl.push(v.val);
        if (after.type === 'declare') this.vars[this.vars.length - 1].push(v.val);
        else if (!this.known(v.val)) this.fail(v, `undefined variable "${v.val}"`);
      } else if (after.type === 'comma' && context === 'range') {
        const v2 = this.nextNonSpace();
        const op = this.nextNonSpace();
        if (v2.type !== 'variable' || (op.type !== 'declare' && op.type !== 'assign')) this.fail(v2, 'range can only initialize variables');
        pipe.decl.push(v.val, v2.val);
        this.vars[this.vars.length - 1].push(v.val, v2.val);
      } else this.i = save;
    } else this.i = save;
    for (;;) {
      const t = this.peekNonSpace();
      if (t.type === end) {
        this.nextNonSpace();
        pipe.text = this.input.slice(first.pos, t.pos).trim();
        if (pipe.cmds.length === 0 && context === 'command') this.fail(t, 'missing value for command');
        return pipe;
      }
      if (t.type === 'eof' || (end === 'rightParen' && t.type === 'right')) this.fail(t, end === 'right' ? 'unclosed action' : 'unclosed left paren');
      pipe.cmds.push(this.command());
      const after = this.peekNonSpace();
      if (after.type === 'pipe') {
        this.nextNonSpace();
        const n = this.peekNonSpace();
        if (n.type === end || n.type === 'eof') this.fail(n, 'missing command');
      } else if (after.type !== end) this.fail(after, `unexpected ${describe(after)} in operand`);
    }
  }

  private known(name: string): boolean {
    return this.vars.some((scope) => scope.includes(name));
  }

  private command(): Cmd {
    const first = this.peekNonSpace();
    const cmd: Cmd = { pos: first.pos, text: '', args: [] };
    for (;;) {
      const t = this.peek();
      if (t.type === 'space') {
        this.next();
        continue;
      }
      if (t.type === 'right' || t.type === 'rightParen' || t.type === 'pipe' || t.type === 'eof') break;
      const op = this.operand();
      cmd.args.push(op);
      const n = this.peek();
      if (n.type !== 'space' && n.type !== 'right' && n.type !== 'rightParen' && n.type !== 'pipe' && n.type !== 'eof') this.fail(n, `unexpected ${describe(n)} in operand`);
    }
    if (cmd.args.length === 0) this.fail(first, 'empty command');
    cmd.text = cmd.args.map((a) => a.text).join(' ');
    return cmd;
  }

  private operand(): Operand {
    const node = this.term();
    // A field chain after a term: (…).a.b, $x.a, .a.b; the node then sits where the chain starts.
    const fields: string[] = [];
    const pos = this.peek().pos;
    while (this.peek().type === 'field') fields.push(this.next().val.slice(1));
    if (fields.length === 0) return node;
    const text = node.text + fields.map((f) => '.' + f).join('');
    if (node.type === 'variable') return { type: 'variable', pos, ident: [...node.ident, ...fields], text };
    if (node.type === 'field') return { type: 'field', pos, ident: [...node.ident, ...fields], text };
    if (node.type === 'dot') return { type: 'field', pos, ident: fields, text };
    if (node.type === 'bool' || node.type === 'string' || node.type === 'number' || node.type === 'nil') this.fail(this.peek(), `unexpected . after term ${JSON.stringify(node.text)}`);
    return { type: 'chain', pos, node, field: fields, text };
  }

  private term(): Operand {
    const t = this.next();
    switch (t.type) {
      case 'ident':
        if (!this.funcs.has(t.val)) this.fail(t, `function ${JSON.stringify(t.val)} not defined`);
        return { type: 'identifier', pos: t.pos, name: t.val, text: t.val };
      case 'dot':
        return { type: 'dot', pos: t.pos, text: '.' };
      case 'nil':
        return { type: 'nil', pos: t.pos, text: 'nil' };
      case 'variable':
        if (!this.known(t.val)) this.fail(t, `undefined variable ${JSON.stringify(t.val)}`);
        return { type: 'variable', pos: t.pos, ident: [t.val], text: t.val };
      case 'field':
        return { type: 'field', pos: t.pos, ident: [t.val.slice(1)], text: t.val };
      case 'bool':
        return { type: 'bool', pos: t.pos, value: t.val === 'true', text: t.val };
      case 'string':
        return { type: 'string', pos: t.pos, value: unquote(t.val, t, this), text: t.val };
      case 'rawString':
        return { type: 'string', pos: t.pos, value: t.val.slice(1, -1), text: t.val };
      case 'char': {
        const s = unquote('"' + t.val.slice(1, -1).replace(/"/g, '\\"') + '"', t, this);
        return { type: 'number', pos: t.pos, value: s.codePointAt(0) ?? 0, isInt: true, text: t.val };
      }
      case 'number':
        return numberOperand(t, this);
      case 'leftParen': {
        const pipe = this.pipeline('parenthesized pipeline', 'rightParen');
        return { type: 'pipe', pos: t.pos, pipe, text: this.input.slice(t.pos, this.toks[this.i - 1].pos + 1) };
      }
      default:
        this.fail(t, `unexpected ${describe(t)} in operand`);
    }
  }

  failAt(t: Token, msg: string): never {
    this.fail(t, msg);
  }
}

function describe(t: Token): string {
  if (t.type === 'right') return '"}}"';
  if (t.type === 'rightParen') return '")"';
  if (t.type === 'eof') return 'EOF';
  if (t.type === 'keyword') return `<${t.val}>`;
  return JSON.stringify(t.val);
}

function numberOperand(t: Token, p: Parser): Operand {
  const text = t.val.replace(/_/g, '');
  let value: number;
  let isInt = false;
  if (/^[+-]?0[xX]/.test(text) || /^[+-]?0[oO]/.test(text) || /^[+-]?0[bB]/.test(text)) {
    const neg = text.startsWith('-');
    const body = text.replace(/^[+-]/, '');
    value = Number(body.replace(/^0[oO]/, '0o')) * (neg ? -1 : 1);
    isInt = true;
  } else {
    value = Number(text);
    isInt = /^[+-]?[0-9]+$/.test(text);
  }
  if (Number.isNaN(value)) p.failAt(t, `illegal number syntax: ${JSON.stringify(t.val)}`);
  return { type: 'number', pos: t.pos, value, isInt, text: t.val };
}

/** strconv.Unquote of a Go double-quoted string. */
function unquote(q: string, t: Token, p: Parser): string {
  try {
    // Go's escapes that JSON lacks: \a \v \' \x.. \ooo \U........
    const j = q
      .replace(/\\a/g, '\\u0007')
      .replace(/\\v/g, '\\u000b')
      .replace(/\\'/g, "'")
      .replace(/\\x([0-9a-fA-F]{2})/g, (_, h) => '\\u00' + h)
      .replace(/\\([0-7]{3})/g, (_, o) => '\\u' + parseInt(o, 8).toString(16).padStart(4, '0'))
      .replace(/\\U([0-9a-fA-F]{8})/g, (_, h) => String.fromCodePoint(parseInt(h, 16)));
    return JSON.parse(j);
  } catch {
    p.failAt(t, `invalid syntax`);
  }
}
