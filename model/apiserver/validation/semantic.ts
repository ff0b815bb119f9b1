/** A pointer field that is set: neither null nor left out (an empty list counts as set). */
export const isSet = (v: unknown): boolean => v !== undefined && v !== null;

/** Nothing, as the forked reflect.DeepEqual of Semantic sees it: null, missing, or an empty slice (nil and empty slices are equal). */
const isNil = (v: unknown): boolean => v === undefined || v === null || (Array.isArray(v) && v.length === 0);

/**
 * A canonical text of a value for the update checks' equality (apiequality.Semantic.DeepEqual on
 * what was decoded): keys sorted, and a field set to null or to an empty list the same as one left out.
 */
export function canonical(v: unknown): string {
  if (isNil(v)) return 'null';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (typeof v === 'object')
    return `{${Object.keys(v as object)
      .sort()
      .filter((k) => !isNil((v as any)[k]))
      .map((k) => `${JSON.stringify(k)}:${canonical((v as any)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/**
 * canonical(a) === canonical(b), without building either string (a Pod update compares the
 * whole old and new spec): null and a missing field the same, key order ignored.
 */
export function semanticallyEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const an = isNil(a);
  const bn = isNil(b);
  // NaN and the infinities print as null too.
  if (an || bn) return (an && bn) || canonical(a) === canonical(b);
  const ao = typeof a === 'object';
  const bo = typeof b === 'object';
  // An object's text starts with "{" or "[", a scalar's never does.
  if (!ao || !bo) return !ao && !bo && canonical(a) === canonical(b);
  const aa = Array.isArray(a);
  if (aa !== Array.isArray(b)) return false;
  if (aa) {
    const x = a as unknown[];
    const y = b as unknown[];
    // Holes print as nothing: only then can arrays of different lengths agree.
    if (x.length !== y.length) return canonical(x) === canonical(y);
    for (let i = 0; i < x.length; i++) {
      const hx = i in x;
      if (hx !== i in y) return canonical(x) === canonical(y);
      if (hx && !semanticallyEqual(x[i], y[i])) return false;
    }
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const k of Object.keys(x)) {
    const v = x[k];
    if (isNil(v)) continue;
    n++;
    if (!Object.prototype.propertyIsEnumerable.call(y, k)) return false;
    const w = y[k];
    if (isNil(w) || !semanticallyEqual(v, w)) return false;
  }
  for (const k of Object.keys(y)) if (!isNil(y[k])) n--;
  return n === 0;
}
