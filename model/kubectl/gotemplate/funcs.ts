/**
 * The functions a kubectl go-template may call: Go's builtins (len, index, slice, not, eq, ne,
 * lt, le, gt, ge, print, printf, println, html, js, urlquery) and the two cli-runtime adds
 * (exists, base64decode). `and` and `or` are evaluated lazily by the executor.
 */
import { formatV, GoFloat, GoInt, goType, isFloat, isInteger, NO_VALUE, numberOf, sprintf, type Value } from './format';

export const FUNCTION_NAMES = new Set(['and', 'or', 'not', 'len', 'index', 'slice', 'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'print', 'printf', 'println', 'html', 'js', 'urlquery', 'call', 'exists', 'base64decode']);

type Fail = (msg: string) => never;

function want(name: string, args: Value[], n: number, fail: Fail): void {
  if (args.length !== n) fail(`wrong number of args for ${name}: want ${n} got ${args.length}`);
}

/** fmt.Sprint: spaces between operands when neither is a string. */
function sprint(args: Value[]): string {
  let out = '';
  args.forEach((a, i) => {
    if (i > 0 && typeof a !== 'string' && typeof args[i - 1] !== 'string') out += ' ';
    out += formatV(a);
  });
  return out;
}

type Kind = 'int' | 'float' | 'string' | 'bool' | 'nil' | 'other';

function kindOf(v: Value): Kind {
  if (v === null || v === NO_VALUE || v === undefined) return 'nil';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'string';
  if (isFloat(v)) return 'float';
  if (isInteger(v)) return 'int';
  return 'other';
}

/** eq/lt…: basic kinds only, both sides of the same kind (ints and floats do not mix). */
function compare(a: Value, b: Value, fail: Fail, ordered: boolean): number {
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (!ordered && (ka === 'nil' || kb === 'nil')) return ka === kb ? 0 : 1;
  if (ka === 'other' || kb === 'other' || (ordered && (ka === 'bool' || ka === 'nil'))) fail(ordered ? 'invalid type for comparison' : 'incompatible types for comparison');
  if (ka !== kb) fail('incompatible types for comparison');
  if (ka === 'string' || ka === 'bool') return a === b ? 0 : (a as string) < (b as string) ? -1 : 1;
  const x = numberOf(a)!;
  const y = numberOf(b)!;
  return x === y ? 0 : x < y ? -1 : 1;
}

function lengthOf(v: Value, fail: Fail): number {
  if (typeof v === 'string') return Buffer.byteLength(v, 'utf8');
  if (Array.isArray(v)) return v.length;
  if (v !== null && typeof v === 'object' && !(v instanceof GoFloat) && !(v instanceof GoInt)) return Object.keys(v as object).length;
  fail(`error calling len: len of type ${goType(v)}`);
}

function indexOf(item: Value, keys: Value[], fail: Fail): Value {
  let v = item;
  for (const k of keys) {
    if (Array.isArray(v)) {
      if (!isInteger(k)) fail(`error calling index: cannot index slice/array with type ${goType(k)}`);
      const i = numberOf(k)!;
      if (i < 0 || i >= v.length) fail(`error calling index: index out of range: ${i}`);
      v = v[i];
    } else if (v !== null && typeof v === 'object' && !(v instanceof GoFloat) && !(v instanceof GoInt)) {
      if (typeof k !== 'string') fail(`error calling index: value has type ${goType(k)}; should be string`);
      const o = v as Record<string, Value>;
      v = Object.prototype.hasOwnProperty.call(o, k) ? o[k] : null;
    } else if (v === null || v === NO_VALUE) fail('error calling index: index of untyped nil');
    else fail(`error calling index: can't index item of type ${goType(v)}`);
  }
  return v;
}

export function callFunction(name: string, args: Value[], fail: Fail, isTrue: (v: Value) => boolean): Value {
  switch (name) {
    case 'not':
      want(name, args, 1, fail);
      return !isTrue(args[0]);
    case 'len':
      want(name, args, 1, fail);
      return lengthOf(args[0], fail);
    case 'index':
      if (args.length < 1) fail('wrong number of args for index: want at least 1 got 0');
      return indexOf(args[0], args.slice(1), fail);
    case 'eq': {
      if (args.length < 2) fail('wrong number of args for eq: want at least 1 got 0'.replace('at least 1 got 0', `at least 2 got ${args.length}`));
      // eq a b c: a equals any of the others.
      return args.slice(1).some((b) => compare(args[0], b, (m) => fail(`error calling eq: ${m}`), false) === 0);
    }
    case 'ne':
      want(name, args, 2, fail);
      return compare(args[0], args[1], (m) => fail(`error calling ne: ${m}`), false) !== 0;
    case 'lt':
    case 'le':
    case 'gt':
    case 'ge': {
      want(name, args, 2, fail);
      const c = compare(args[0], args[1], (m) => fail(`error calling ${name}: ${m}`), true);
      return name === 'lt' ? c < 0 : name === 'le' ? c <= 0 : name === 'gt' ? c > 0 : c >= 0;
    }
    case 'print':
      return sprint(args);
    case 'println':
      return args.map(formatV).join(' ') + '\n';
    case 'printf':
      if (args.length < 1) fail('wrong number of args for printf: want at least 1 got 0');
      if (typeof args[0] !== 'string') fail(`wrong type for value; expected string; got ${goType(args[0])}`);
      return sprintf(args[0] as string, args.slice(1));
    case 'html':
      return sprint(args).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;').replace(/\0/g, '\uFFFD');
    case 'urlquery':
      return encodeURIComponent(sprint(args)).replace(/%20/g, '+').replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
    case 'js':
      return sprint(args).replace(/[\\'"<>&=]/g, (c) => (c === '\\' ? '\\\\' : c === "'" ? "\\'" : c === '"' ? '\\"' : `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`));
    case 'slice': {
      if (args.length < 1) fail('wrong number of args for slice: want at least 1 got 0');
      const [item, ...ix] = args;
      if (typeof item !== 'string' && !Array.isArray(item)) fail(`error calling slice: can't slice item of type ${goType(item)}`);
      const len = (item as string | Value[]).length;
      const n = ix.map((x) => {
        if (!isInteger(x)) fail(`error calling slice: cannot index slice/array with type ${goType(x)}`);
        return numberOf(x)!;
      });
      const from = n[0] ?? 0;
      const to = n[1] ?? len;
      if (from < 0 || to > len || from > to) fail(`error calling slice: index out of range: ${from > to ? from : to}`);
      return (item as string | Value[]).slice(from, to);
    }
    case 'exists': {
      // cli-runtime's exists: the nested keys are all there.
      if (args.length < 1) fail('wrong number of args for exists: want at least 1 got 0');
      let v = args[0];
      for (const k of args.slice(1)) {
        if (v === null || typeof v !== 'object' || Array.isArray(v) || typeof k !== 'string' || !(k in (v as object))) return false;
        v = (v as Record<string, Value>)[k];
      }
      return true;
    }
    case 'base64decode': {
      want(name, args, 1, fail);
      if (typeof args[0] !== 'string') fail(`wrong type for value; expected string; got ${goType(args[0])}`);
      const s = args[0] as string;
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(s) || s.length % 4 !== 0) fail(`error calling base64decode: base64 decode failed: illegal base64 data at input byte ${Math.max(0, s.search(/[^A-Za-z0-9+/=]/))}`);
      return Buffer.from(s, 'base64').toString('utf8');
    }
    case 'call':
      fail(`error calling call: non-function of type ${goType(args[0])}`);
  }
  fail(`"${name}" is not a defined function`);
}
