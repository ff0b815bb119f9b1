/**
 * Errors of the patch libraries, worded as k8s.io/apimachinery's mergepatch and strategicpatch
 * packages word them (the API server returns their text to the client).
 */
export class PatchError extends Error {}

/** Go's %v of a decoded JSON value: map[a:1 b:x], [1 2], <nil>. */
export function goValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goValue).join(' ')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `map[${Object.keys(o)
      .sort()
      .map((k) => `${k}:${goValue(o[k])}`)
      .join(' ')}]`;
  }
  if (typeof v === 'number') return Math.abs(v) >= 1e21 ? v.toExponential().replace(/e\+?/, 'e+') : String(v);
  return String(v);
}

/** Go's reflect.TypeOf of a decoded JSON value, as the mergepatch errors print it. */
export function goType(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return '[]interface {}';
  if (typeof v === 'object') return 'map[string]interface {}';
  if (typeof v === 'number') return 'float64';
  if (typeof v === 'boolean') return 'bool';
  return 'string';
}

export const errBadPatchFormatForPrimitiveList = () => new PatchError('invalid patch format of primitive list');
export const errBadPatchFormatForRetainKeys = () => new PatchError('invalid patch format of retainKeys');
export const errBadPatchFormatForSetElementOrderList = () => new PatchError('invalid patch format of setElementOrder list');
export const errNoListOfLists = () => new PatchError('lists of lists are not supported');
export const errNoMergeKey = (m: unknown, key: string) => new PatchError(`map: ${goValue(m)} does not contain declared merge key: ${key}`);
export const errBadArgType = (expected: string, actual: unknown) => new PatchError(`expected a ${expected}, but received a ${goType(actual)}`);
export const errBadPatchType = (t: unknown, m: unknown) => new PatchError(`unknown patch type: ${goValue(t)} in map: ${goValue(m)}`);
