/**
 * A canonical text of a value for the update checks' equality (apiequality.Semantic.DeepEqual on
 * what was decoded): keys sorted, and a field set to null the same as one left out.
 */
export function canonical(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (typeof v === 'object')
    return `{${Object.keys(v as object)
      .sort()
      .filter((k) => (v as any)[k] !== undefined && (v as any)[k] !== null)
      .map((k) => `${JSON.stringify(k)}:${canonical((v as any)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}
