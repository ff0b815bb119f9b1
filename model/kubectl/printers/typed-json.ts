import { goString } from './json';

/**
 * A typed object's JSON as kubectl prints what it built itself (a client-side dry run of a
 * generator): json.MarshalIndent of the Go struct, so fields in the struct's order as built
 * (callers insert them in that order, and map keys sorted), unset (undefined) fields omitted.
 */
export function typedJSON(v: unknown, indent = ''): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return goString(v);
  if (typeof v !== 'object') return String(v);
  const inner = indent + '    ';
  if (Array.isArray(v)) return v.length === 0 ? '[]' : `[\n${v.map((x) => inner + typedJSON(x, inner)).join(',\n')}\n${indent}]`;
  const keys = Object.keys(v as object).filter((k) => (v as any)[k] !== undefined);
  if (keys.length === 0) return '{}';
  return `{\n${keys.map((k) => `${inner}${goString(k)}: ${typedJSON((v as any)[k], inner)}`).join(',\n')}\n${indent}}`;
}

/** A Go map[string]…'s keys as encoding/json writes them: sorted bytewise. */
export function sortedMap<T>(m: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const k of Object.keys(m).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) out[k] = m[k];
  return out;
}

/** json.Marshal of a typed object (no indent): what util.CreateOrUpdateAnnotation stores as last-applied. */
export function typedCompactJSON(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return goString(v);
  if (typeof v !== 'object') return String(v);
  if (Array.isArray(v)) return `[${v.map(typedCompactJSON).join(',')}]`;
  const keys = Object.keys(v as object).filter((k) => (v as any)[k] !== undefined);
  return `{${keys.map((k) => `${goString(k)}:${typedCompactJSON((v as any)[k])}`).join(',')}}`;
}
