/**
 * Errors of the patch libraries, worded as k8s.io/apimachinery's mergepatch and strategicpatch
 * packages word them (the API server returns their text to the client).
 */
export class PatchError extends Error {
  /**
   * How kube-apiserver answers it (interpretStrategicMergePatchError): the patch-format errors
   * are 400 Bad Request, lists of lists 422, anything else from the library 500; unset, 422.
   */
  constructor(
    message: string,
    readonly code?: 400 | 500,
  ) {
    super(message);
  }
}

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

export const errBadPatchFormatForPrimitiveList = () => new PatchError('invalid patch format of primitive list', 400);
export const errBadPatchFormatForRetainKeys = () => new PatchError('invalid patch format of retainKeys', 400);
export const errBadPatchFormatForSetElementOrderList = () => new PatchError('invalid patch format of setElementOrder list', 400);
export const errNoListOfLists = () => new PatchError('lists of lists are not supported');
export const errNoMergeKey = (m: unknown, key: string) => new PatchError(`map: ${goValue(m)} does not contain declared merge key: ${key}`);
export const errBadArgType = (expected: string, actual: unknown) => new PatchError(`expected a ${expected}, but received a ${goType(actual)}`);
export const errBadPatchType = (t: unknown, m: unknown) => new PatchError(`unknown patch type: ${goValue(t)} in map: ${goValue(m)}`);
