/**
 * JSON as kubectl's -o json prints it: Go's json.MarshalIndent(obj, "", "    ") of the
 * unstructured object, so map keys sorted bytewise and <, >, & escaped as \u003c, \u003e, \u0026.
 */
export function toJSON(value: unknown): string {
  return write(value, '') + '\n';
}

function write(v: unknown, indent: string): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return goString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const inner = indent + '    ';
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return `[\n${v.map((x) => inner + write(x, inner)).join(',\n')}\n${indent}]`;
  }
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (keys.length === 0) return '{}';
  return `{\n${keys.map((k) => `${inner}${goString(k)}: ${write(o[k], inner)}`).join(',\n')}\n${indent}}`;
}

/** encoding/json string escaping with HTML escaping on (the default). */
export function goString(s: string): string {
  return JSON.stringify(s)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Go's json.Marshal (compact, sorted keys): last-applied-configuration's form. */
export function toCompactJSON(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return goString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(toCompactJSON).join(',')}]`;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map((k) => `${goString(k)}:${toCompactJSON(o[k])}`).join(',')}}`;
}
