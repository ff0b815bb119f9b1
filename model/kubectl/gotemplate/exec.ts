/**
 * Executing a parsed template (Go's text/template exec.go) on the data kubectl hands it: field
 * access on maps (a missing key is "<no value>", or an error under missingkey=error), truthiness,
 * range over arrays, maps (keys sorted) and integers, variables, pipelines with the previous
 * result as the last argument, and Go's error texts ("template: output:1:2: executing "output"
 * at <.x>: …").
 */
import { TemplateError } from './errors';
import { callFunction } from './funcs';
import { formatV, GoFloat, GoInt, NO_VALUE, type Value } from './format';
import type { Cmd, Node, Operand, Pipe } from './parse';

export interface ExecOptions {
  name: string;
  source: string;
  /** missingkey=default (true) or missingkey=error (false). */
  allowMissingKeys: boolean;
}

class Break {}
class Continue {}

interface Variable {
  name: string;
  value: Value;
}

export function execute(nodes: Node[], data: Value, opts: ExecOptions): { out: string; error?: TemplateError } {
  const s = new State(opts, data);
  try {
    s.walkList(data, nodes);
    return { out: s.out };
  } catch (e) {
    if (e instanceof TemplateError) return { out: s.out, error: e };
    throw e;
  }
}

class State {
  out = '';
  private vars: Variable[];
  private at: Operand | { pos: number; text: string } | undefined;

  constructor(private readonly opts: ExecOptions, data: Value) {
    this.vars = [{ name: '$', value: data }];
  }

  /** s.errorf: the location of the node being evaluated, then the message. */
  fail(msg: string): never {
    const node = this.at;
    if (!node) throw new TemplateError(`template: ${this.opts.name}: ${msg}`);
    const before = this.opts.source.slice(0, node.pos);
    const line = 1 + (before.match(/\n/g)?.length ?? 0);
    const col = node.pos - (before.lastIndexOf('\n') + 1);
    throw new TemplateError(`template: ${this.opts.name}:${line}:${col}: executing "${this.opts.name}" at <${node.text}>: ${msg}`);
  }

  walkList(dot: Value, nodes: Node[]): void {
    for (const n of nodes) this.walk(dot, n);
  }

  private walk(dot: Value, n: Node): void {
    switch (n.type) {
      case 'text':
        this.out += n.text;
        return;
      case 'action': {
        const v = this.evalPipeline(dot, n.pipe);
        if (n.pipe.decl.length === 0) this.out += this.printable(v);
        return;
      }
      case 'if':
      case 'with': {
        const mark = this.vars.length;
        const v = this.evalPipeline(dot, n.pipe);
        if (this.isTrue(v)) this.walkList(n.type === 'with' ? v : dot, n.list);
        else if (n.elseList) this.walkList(dot, n.elseList);
        this.vars.length = mark;
        return;
      }
      case 'range':
        this.walkRange(dot, n);
        return;
      case 'break':
        throw new Break();
      case 'continue':
        throw new Continue();
    }
  }

  private walkRange(dot: Value, n: Extract<Node, { type: 'range' }>): void {
    const mark = this.vars.length;
    // The range's own variables are set per element, not by the pipeline.
    const pipe: Pipe = { ...n.pipe, decl: [] };
    const v = this.evalPipeline(dot, pipe);
    const items: [Value, Value][] = [];
    if (Array.isArray(v)) v.forEach((e, i) => items.push([i, e]));
    else if (v !== null && typeof v === 'object' && !(v instanceof GoFloat) && !(v instanceof GoInt)) {
      const o = v as Record<string, Value>;
      for (const k of Object.keys(o).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) items.push([k, o[k]]);
    } else if (v === null || v === NO_VALUE) items.length = 0;
    else {
      this.at = { pos: n.pipe.pos, text: n.pipe.text };
      this.fail(`range can't iterate over ${formatV(v)}`);
    }
    const decl = n.pipe.decl;
    for (const [k, e] of items) {
      // One variable is the element; two are the key (or index) and the element.
      if (decl.length === 1) this.setVar(decl[0], e, mark);
      if (decl.length === 2) {
        this.setVar(decl[0], k, mark);
        this.setVar(decl[1], e, mark);
      }
      try {
        this.walkList(e, n.list);
      } catch (x) {
        if (x instanceof Break) break;
        if (!(x instanceof Continue)) throw x;
      }
      this.vars.length = mark + decl.length;
    }
    if (items.length === 0 && n.elseList) this.walkList(dot, n.elseList);
    this.vars.length = mark;
  }

  private setVar(name: string, value: Value, mark: number): void {
    const i = this.vars.findIndex((v, j) => j >= mark && v.name === name);
    if (i >= 0) this.vars[i].value = value;
    else this.vars.push({ name, value });
  }

  private evalPipeline(dot: Value, pipe: Pipe): Value {
    let v: Value = undefined;
    let has = false;
    for (const c of pipe.cmds) {
      v = this.evalCommand(dot, c, has ? v : undefined, has);
      has = true;
    }
    for (const name of pipe.decl) {
      if (pipe.isAssign) {
        const found = [...this.vars].reverse().find((x) => x.name === name);
        if (found) found.value = v;
      } else this.vars.push({ name, value: v });
    }
    return v;
  }

  private evalCommand(dot: Value, cmd: Cmd, final: Value, hasFinal: boolean): Value {
    const first = cmd.args[0];
    if (first.type === 'identifier') return this.call(dot, first, cmd, cmd.args.slice(1), final, hasFinal);
    if (cmd.args.length > 1 || hasFinal) {
      this.at = first;
      if (first.type === 'field' || first.type === 'chain' || first.type === 'variable') {
        // A field with arguments would be a method call: maps have none.
        return this.evalOperand(dot, first);
      }
      this.fail(`can't give argument to non-function ${first.text}`);
    }
    return this.evalOperand(dot, first);
  }

  private call(dot: Value, fn: Extract<Operand, { type: 'identifier' }>, cmd: { pos: number; text: string }, argNodes: Operand[], final: Value, hasFinal: boolean): Value {
    this.at = cmd;
    // and/or evaluate lazily, stopping at the first decisive argument.
    if (fn.name === 'and' || fn.name === 'or') {
      const all = argNodes.map((a) => () => this.evalOperand(dot, a));
      if (hasFinal) all.push(() => final);
      if (all.length === 0) this.fail(`wrong number of args for ${fn.name}: want at least 1 got 0`);
      let v: Value = undefined;
      for (const get of all) {
        v = get();
        if (this.isTrue(v) === (fn.name === 'or')) return v;
      }
      return v;
    }
    const args = argNodes.map((a) => this.evalOperand(dot, a));
    if (hasFinal) args.push(final);
    // Errors of a call name the whole command ("at <index .a 5>").
    this.at = cmd;
    return callFunction(fn.name, args, (msg) => this.fail(msg), (v) => this.isTrue(v));
  }

  evalOperand(dot: Value, n: Operand): Value {
    this.at = n;
    switch (n.type) {
      case 'dot':
        return dot;
      case 'nil':
        this.fail('nil is not a command');
      case 'bool':
        return n.value;
      case 'string':
        return n.value;
      case 'number':
        return n.isInt ? new GoInt(n.value) : new GoFloat(n.value);
      case 'field':
        return this.fieldChain(dot, n.ident, n);
      case 'variable': {
        const v = [...this.vars].reverse().find((x) => x.name === n.ident[0]);
        if (!v) this.fail(`undefined variable: ${n.ident[0]}`);
        return this.fieldChain(v.value, n.ident.slice(1), n);
      }
      case 'chain': {
        const base = this.evalOperand(dot, n.node);
        this.at = n;
        return this.fieldChain(base, n.field, n);
      }
      case 'pipe':
        return this.evalPipeline(dot, n.pipe);
      case 'identifier':
        return this.call(dot, n, n, [], undefined, false);
    }
  }

  /** evalField, for each name: a map's entry, or Go's error for anything else. */
  private fieldChain(v: Value, names: string[], at: Operand): Value {
    for (const name of names) {
      this.at = at;
      // A missing key's invalid value stays invalid down the chain (or fails under missingkey=error).
      if (v === NO_VALUE) {
        if (!this.opts.allowMissingKeys) this.fail(`nil data; no entry for key "${name}"`);
        return NO_VALUE;
      }
      if (v === null || v === undefined) this.fail(`nil pointer evaluating interface {}.${name}`);
      // What the map held is an interface {} whatever is in it.
      if (typeof v !== 'object' || Array.isArray(v) || v instanceof GoFloat || v instanceof GoInt) this.fail(`can't evaluate field ${name} in type interface {}`);
      const o = v as Record<string, Value>;
      if (Object.prototype.hasOwnProperty.call(o, name)) v = o[name];
      else if (this.opts.allowMissingKeys) v = NO_VALUE;
      else this.fail(`map has no entry for key "${name}"`);
    }
    return v;
  }

  /** Go's truth: false, 0, nil and empty strings, arrays and maps are false. */
  isTrue(v: Value): boolean {
    if (v === NO_VALUE || v === null || v === undefined) return false;
    if (typeof v === 'boolean') return v;
    if (typeof v === 'number') return v !== 0;
    if (v instanceof GoFloat || v instanceof GoInt) return v.value !== 0;
    if (typeof v === 'string') return v !== '';
    if (Array.isArray(v)) return v.length > 0;
    return Object.keys(v as object).length > 0;
  }

  /** printableValue: a nil interface (a missing key, a JSON null) prints as "<no value>". */
  private printable(v: Value): string {
    if (v === null || v === undefined) return '<no value>';
    return formatV(v);
  }
}
