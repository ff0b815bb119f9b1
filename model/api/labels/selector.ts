/**
 * Label selectors as apimachinery's labels package parses, validates, matches and prints them:
 * "app=nginx,tier!=db", "env in (a,b)", "!canary", "replicas>1". Parsing is strict (the error
 * texts are upstream's, for example "unable to parse requirement: found 'y', expected: ',' or
 * ')'"), every key and value is validated, and requirements are kept sorted by key, so that
 * String() is canonical.
 */
import { FieldError } from '../status';
import { Lexer, type ScannedItem, type Token } from './lexer';
import { isQualifiedName, isValidLabelValue } from './validation';

/** selection.Operator: the strings upstream uses, which its error messages list. */
export type Operator = '=' | '==' | '!=' | 'in' | 'notin' | 'exists' | '!' | 'gt' | 'lt';

const BINARY_OPERATORS: Operator[] = ['in', 'notin', '=', '==', '!=', 'gt', 'lt'];
const UNARY_OPERATORS: Operator[] = ['exists', '!'];
const VALID_OPERATORS = [...BINARY_OPERATORS, ...UNARY_OPERATORS];

export interface Requirement {
  key: string;
  op: Operator;
  values: string[];
}

/** Requirements sorted by key; an empty list selects everything. */
export type Selector = Requirement[];

/** A selector that does not parse or validate; the message is upstream's error text. */
export class SelectorParseError extends Error {}

/** Go's %#v of a []string, as field errors print a bad value list. */
function goStringSlice(v: string[] | null): { toString(): string } {
  return { toString: () => (v === null ? '[]string(nil)' : `[]string{${v.map((s) => JSON.stringify(s)).join(', ')}}`) };
}

/** utilerrors.NewAggregate(...).Error(): one message bare, several de-duplicated in brackets. */
function aggregate(errs: FieldError[]): string {
  const msgs = [...new Set(errs.map((e) => e.toString()))];
  return msgs.length === 1 ? msgs[0] : `[${msgs.join(', ')}]`;
}

/** field.Path.Child on a path that may be nil (printed "<nil>" when used bare). */
const child = (path: string | undefined, name: string): string => (path ? `${path}.${name}` : name);

/** strconv.ParseInt(s, 10, 64): the value, or undefined for a syntax or range error. */
export function parseInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n >= -(2n ** 63n) && n < 2n ** 63n ? n : undefined;
}

/**
 * labels.NewRequirement: checks the key, the operator and its values. `values` null stands
 * for a nil slice (how LabelSelectorAsSelector passes an expression without values).
 */
export function newRequirement(key: string, op: string, values: string[] | null, path?: string): Requirement {
  const errs: FieldError[] = [];
  const keyErr = validateLabelKey(key, child(path, 'key'));
  if (keyErr) errs.push(keyErr);
  const vals = values ?? [];
  const valuePath = child(path, 'values');
  switch (op) {
    case 'in':
    case 'notin':
      if (vals.length === 0) errs.push(FieldError.invalid(valuePath, goStringSlice(values), "for 'in', 'notin' operators, values set can't be empty"));
      break;
    case '=':
    case '==':
    case '!=':
      if (vals.length !== 1) errs.push(FieldError.invalid(valuePath, goStringSlice(values), 'exact-match compatibility requires one single value'));
      break;
    case 'exists':
    case '!':
      if (vals.length !== 0) errs.push(FieldError.invalid(valuePath, goStringSlice(values), 'values set must be empty for exists and does not exist'));
      break;
    case 'gt':
    case 'lt':
      if (vals.length !== 1) errs.push(FieldError.invalid(valuePath, goStringSlice(values), "for 'Gt', 'Lt' operators, exactly one value is required"));
      vals.forEach((v, i) => {
        if (parseInt64(v) === undefined) errs.push(FieldError.invalid(`${valuePath}[${i}]`, v, "for 'Gt', 'Lt' operators, the value must be an integer"));
      });
      break;
    default:
      errs.push(FieldError.notSupported(child(path, 'operator'), op, VALID_OPERATORS));
  }
  vals.forEach((v, i) => {
    const e = validateLabelValue(key, v, `${valuePath}[${i}]`);
    if (e) errs.push(e);
  });
  if (errs.length) throw new SelectorParseError(aggregate(errs));
  return { key, op: op as Operator, values: vals };
}

function validateLabelKey(k: string, path: string | undefined): FieldError | undefined {
  const errs = isQualifiedName(k);
  return errs.length ? FieldError.invalid(path ?? '<nil>', k, errs.join('; ')) : undefined;
}

function validateLabelValue(k: string, v: string, path: string): FieldError | undefined {
  const errs = isValidLabelValue(v);
  return errs.length ? FieldError.invalid(`${path}[${k}]`, v, errs.join('; ')) : undefined;
}

/** labels.Labels.Has/Get on an object's labels (a null value reads as ""). */
const has = (labels: Record<string, unknown>, k: string): boolean => Object.prototype.hasOwnProperty.call(labels, k);
const get = (labels: Record<string, unknown>, k: string): string => {
  const v = labels[k];
  return v === null || v === undefined ? '' : String(v);
};

/** Requirement.Matches. */
export function requirementMatches(r: Requirement, labels: Record<string, unknown>): boolean {
  switch (r.op) {
    case 'in':
    case '=':
    case '==':
      return has(labels, r.key) && r.values.includes(get(labels, r.key));
    case 'notin':
    case '!=':
      return !has(labels, r.key) || !r.values.includes(get(labels, r.key));
    case 'exists':
      return has(labels, r.key);
    case '!':
      return !has(labels, r.key);
    case 'gt':
    case 'lt': {
      if (!has(labels, r.key) || r.values.length !== 1) return false;
      const lv = parseInt64(get(labels, r.key));
      const rv = parseInt64(r.values[0]);
      if (lv === undefined || rv === undefined) return false;
      return r.op === 'gt' ? lv > rv : lv < rv;
    }
    default:
      return false;
  }
}

/** Selector.Matches: every requirement holds. */
export function matchesLabels(sel: Selector, labels: Record<string, unknown> | null | undefined): boolean {
  const l = labels ?? {};
  return sel.every((r) => requirementMatches(r, l));
}

/** sort.Strings without touching the input. */
const sorted = (vs: string[]): string[] => [...vs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** Requirement.String: "x in (a,b)", "x!=y", "!x", "x>1". */
export function requirementString(r: Requirement): string {
  const prefix = r.op === '!' ? '!' : '';
  const opText: Record<Operator, string> = { '=': '=', '==': '==', '!=': '!=', in: ' in ', notin: ' notin ', gt: '>', lt: '<', exists: '', '!': '' };
  if (r.op === 'exists' || r.op === '!') return `${prefix}${r.key}`;
  const vals = r.values.length === 1 ? r.values[0] : sorted(r.values).join(',');
  const body = r.op === 'in' || r.op === 'notin' ? `(${vals})` : vals;
  return `${r.key}${opText[r.op]}${body}`;
}

/** Selector.String: the requirements joined by ",". */
export function selectorString(sel: Selector): string {
  return sel.map(requirementString).join(',');
}

/** selector.Add: appends and re-sorts by key (a stable sort, as Go's insertion sort of small slices). */
export function addRequirements(sel: Selector, ...reqs: Requirement[]): Selector {
  return [...sel, ...reqs].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Selector.RequiresExactMatch: the single value a requirement on `label` pins, if any. */
export function requiresExactMatch(sel: Selector, label: string): string | undefined {
  const r = sel.find((x) => x.key === label);
  if (r && (r.op === '=' || r.op === '==' || r.op === 'in') && r.values.length === 1) return r.values[0];
  return undefined;
}

/** The parser's two contexts: in a value list, `in` and `notin` are plain identifiers. */
type Context = 'KeyAndOperator' | 'Values';

class Parser {
  private readonly items: ScannedItem[] = [];
  private position = 0;

  constructor(text: string) {
    const l = new Lexer(text);
    for (;;) {
      const item = l.lex();
      this.items.push(item);
      if (item.tok === 'EndOfString') break;
    }
  }

  private view(item: ScannedItem, ctx: Context): [Token, string] {
    const tok = ctx === 'Values' && (item.tok === 'In' || item.tok === 'NotIn') ? 'Identifier' : item.tok;
    return [tok, item.literal];
  }

  lookahead(ctx: Context): [Token, string] {
    return this.view(this.items[this.position], ctx);
  }

  consume(ctx: Context): [Token, string] {
    return this.view(this.items[this.position++], ctx);
  }

  parse(): Requirement[] {
    const reqs: Requirement[] = [];
    for (;;) {
      const [tok, lit] = this.lookahead('Values');
      if (tok === 'EndOfString') return reqs;
      if (tok !== 'Identifier' && tok !== 'DoesNotExist') throw new SelectorParseError(`found '${lit}', expected: !, identifier, or 'end of string'`);
      try {
        reqs.push(this.parseRequirement());
      } catch (e) {
        if (e instanceof SelectorParseError) throw new SelectorParseError(`unable to parse requirement: ${e.message}`);
        throw e;
      }
      const [t, l] = this.consume('Values');
      if (t === 'EndOfString') return reqs;
      if (t !== 'Comma') throw new SelectorParseError(`found '${l}', expected: ',' or 'end of string'`);
      const [t2, l2] = this.lookahead('Values');
      if (t2 !== 'Identifier' && t2 !== 'DoesNotExist') throw new SelectorParseError(`found '${l2}', expected: identifier after ','`);
    }
  }

  private parseRequirement(): Requirement {
    const [key, inferred] = this.parseKeyAndInferOperator();
    if (inferred) return newRequirement(key, inferred, []);
    const op = this.parseOperator();
    const values = op === 'in' || op === 'notin' ? this.parseValues() : this.parseExactValue();
    return newRequirement(key, op, sorted([...values]));
  }

  private parseKeyAndInferOperator(): [string, Operator | undefined] {
    let op: Operator | undefined;
    let [tok, literal] = this.consume('Values');
    if (tok === 'DoesNotExist') {
      op = '!';
      [tok, literal] = this.consume('Values');
    }
    if (tok !== 'Identifier') throw new SelectorParseError(`found '${literal}', expected: identifier`);
    const keyErr = validateLabelKey(literal, undefined);
    if (keyErr) throw new SelectorParseError(keyErr.toString());
    const [next] = this.lookahead('Values');
    if ((next === 'EndOfString' || next === 'Comma') && op !== '!') op = 'exists';
    return [literal, op];
  }

  parseOperator(): Operator {
    const [tok, lit] = this.consume('KeyAndOperator');
    const ops: Partial<Record<Token, Operator>> = { In: 'in', Equals: '=', DoubleEquals: '==', GreaterThan: 'gt', LessThan: 'lt', NotIn: 'notin', NotEquals: '!=' };
    const op = ops[tok];
    if (!op) throw new SelectorParseError(`found '${lit}', expected: ${BINARY_OPERATORS.join(', ')}`);
    return op;
  }

  private parseValues(): Set<string> {
    let [tok, lit] = this.consume('Values');
    if (tok !== 'OpenPar') throw new SelectorParseError(`found '${lit}' expected: '('`);
    [tok, lit] = this.lookahead('Values');
    if (tok === 'Identifier' || tok === 'Comma') {
      const s = this.parseIdentifiersList();
      if (this.consume('Values')[0] !== 'ClosedPar') throw new SelectorParseError(`found '${lit}', expected: ')'`);
      return s;
    }
    if (tok === 'ClosedPar') {
      this.consume('Values');
      return new Set(['']);
    }
    throw new SelectorParseError(`found '${lit}', expected: ',', ')' or identifier`);
  }

  private parseIdentifiersList(): Set<string> {
    const s = new Set<string>();
    for (;;) {
      const [tok, lit] = this.consume('Values');
      if (tok === 'Identifier') {
        s.add(lit);
        const [tok2, lit2] = this.lookahead('Values');
        if (tok2 === 'Comma') continue;
        if (tok2 === 'ClosedPar') return s;
        throw new SelectorParseError(`found '${lit2}', expected: ',' or ')'`);
      } else if (tok === 'Comma') {
        // "(," "(,)" and ",," stand for empty values.
        if (s.size === 0) s.add('');
        const [tok2] = this.lookahead('Values');
        if (tok2 === 'ClosedPar') {
          s.add('');
          return s;
        }
        if (tok2 === 'Comma') {
          this.consume('Values');
          s.add('');
        }
      } else throw new SelectorParseError(`found '${lit}', expected: ',', or identifier`);
    }
  }

  private parseExactValue(): Set<string> {
    const [tok] = this.lookahead('Values');
    if (tok === 'EndOfString' || tok === 'Comma') return new Set(['']);
    const [t, lit] = this.consume('Values');
    if (t === 'Identifier') return new Set([lit]);
    throw new SelectorParseError(`found '${lit}', expected: identifier`);
  }
}

/** labels.Parse: the requirements of a selector string, sorted by key. Throws SelectorParseError. */
export function parseLabelSelector(text: string): Selector {
  return addRequirements([], ...new Parser(text).parse());
}

/** The tokens the lexer reads, for the lexer's own tables. */
export function lexTokens(text: string): Token[] {
  const l = new Lexer(text);
  const out: Token[] = [];
  for (let item = l.lex(); item.tok !== 'EndOfString'; item = l.lex()) out.push(item.tok);
  return out;
}

/** The parse-operator step alone (upstream's TestParseOperator). */
export function parseOperatorToken(text: string): Operator {
  return new Parser(text).parseOperator();
}
