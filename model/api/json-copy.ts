/**
 * deepCopy and canonicalJSON without a round trip through a JSON string: the API server, the
 * kubelets and the controllers copy and compare objects on every write, so these are among the
 * model's hottest functions. Both keep JSON's rules exactly (what JSON.parse(JSON.stringify(v))
 * and the former canonicalJSON gave): undefined, functions and symbols dropped from objects and
 * null in arrays, non-finite numbers null, -0 as 0, toJSON and anything but a plain object or
 * array through JSON itself.
 */

/** A value JSON leaves out of an object (undefined, a function, a symbol). */
const OMIT = Symbol('omit');

function copyValue(v: unknown): unknown {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      return Number.isFinite(v) ? v + 0 : null;
    case 'object':
      if (v === null) return null;
      break;
    case 'bigint':
      return JSON.parse(JSON.stringify(v)); // throws as JSON does
    default:
      return OMIT;
  }
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) {
      const c = copyValue(v[i]);
      out[i] = c === OMIT ? null : c;
    }
    return out;
  }
  const proto = Object.getPrototypeOf(v);
  if ((proto !== Object.prototype && proto !== null) || typeof (v as { toJSON?: unknown }).toJSON === 'function') return JSON.parse(JSON.stringify(v));
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)) {
    const c = copyValue(o[k]);
    if (c === OMIT) continue;
    if (k === '__proto__') Object.defineProperty(out, k, { value: c, enumerable: true, writable: true, configurable: true });
    else out[k] = c;
  }
  return out;
}

/** JSON.parse(JSON.stringify(v)), for v other than undefined. */
export function jsonCopy<T>(v: T): T {
  const c = copyValue(v);
  return (c === OMIT ? JSON.parse(JSON.stringify(v)) : c) as T;
}

/** Stable JSON: keys sorted (UTF-16 order), undefined-valued keys left out; for hashing and for comparing objects. */
export function canonicalJSON(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) {
    let s = '[';
    for (let i = 0; i < v.length; i++) {
      if (i) s += ',';
      if (i in v) s += canonicalJSON(v[i]); // a hole joins as nothing, as Array.map left it
    }
    return s + ']';
  }
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).sort();
  let s = '{';
  let first = true;
  for (const k of keys) {
    const x = o[k];
    if (x === undefined) continue;
    if (first) first = false;
    else s += ',';
    s += JSON.stringify(k) + ':' + canonicalJSON(x);
  }
  return s + '}';
}

const isEnumerableOwn = (o: object, k: string) => Object.prototype.propertyIsEnumerable.call(o, k);

/**
 * canonicalJSON(a) === canonicalJSON(b), without building either string: the write path
 * compares whole objects on every request (a no-op write, a changed spec), and most pairs differ
 * early or share subtrees. Keeps canonicalJSON's rules: key order ignored, undefined-valued keys
 * left out, undefined in an array and non-finite numbers as null, a hole as nothing.
 */
export function canonicalEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const ao = a !== null && typeof a === 'object';
  const bo = b !== null && typeof b === 'object';
  // An object's text starts with "{" or "[", a scalar's never does.
  if (!ao || !bo) return !ao && !bo && (JSON.stringify(a) ?? 'null') === (JSON.stringify(b) ?? 'null');
  const aa = Array.isArray(a);
  if (aa !== Array.isArray(b)) return false;
  if (aa) {
    const x = a as unknown[];
    const y = b as unknown[];
    // Arrays of different lengths agree only when holes hide it ([,] and [] both print "[]").
    if (x.length !== y.length) return canonicalJSON(x) === canonicalJSON(y);
    for (let i = 0; i < x.length; i++) {
      const hx = i in x;
      if (hx !== i in y) return false;
      if (hx && !canonicalEqual(x[i], y[i])) return false;
    }
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const k of Object.keys(x)) {
    const v = x[k];
    if (v === undefined) continue;
    n++;
    if (!isEnumerableOwn(y, k)) return false;
    const w = y[k];
    if (w === undefined || !canonicalEqual(v, w)) return false;
  }
  for (const k of Object.keys(y)) if (y[k] !== undefined) n--;
  return n === 0;
}
