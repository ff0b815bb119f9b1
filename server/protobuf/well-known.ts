/**
 * The messages whose Go types marshal their own JSON (MarshalJSON), so their protobuf fields
 * are not their JSON fields: meta/v1 Time, MicroTime, Duration and FieldsV1, resource.Quantity,
 * intstr.IntOrString, runtime.RawExtension. Each turns a decoded message (undefined: the Go
 * zero value, as an absent field decodes) into what encoding/json writes for it.
 */

type Decoded = Record<string, any> | undefined;

/** int64 fields decode as Long (or number); JSON numbers are what the API writes. */
export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v && typeof v === 'object' && typeof (v as any).toNumber === 'function') return (v as any).toNumber();
  return Number(v ?? 0);
}

const has = (m: Decoded, k: string) => !!m && Object.prototype.hasOwnProperty.call(m, k);

/** time.Time{} as Unix seconds: Go's zero time, which Time and MicroTime write as null. */
const GO_ZERO_SECONDS = -62135596800;

function rfc3339(seconds: number, micros?: number): string {
  const iso = new Date(seconds * 1000).toISOString().slice(0, 19);
  return micros === undefined ? `${iso}Z` : `${iso}.${String(micros).padStart(6, '0')}Z`;
}

/** Go's time.Duration.String(): "0s", "1.5s", "100ms", "1h0m0s". */
export function goDuration(ns: number): string {
  if (ns === 0) return '0s';
  const sign = ns < 0 ? '-' : '';
  let u = Math.abs(ns);
  const frac = (v: number, digits: number) => {
    const s = String(v).padStart(digits, '0').replace(/0+$/, '');
    return s ? `.${s}` : '';
  };
  if (u < 1e9) {
    if (u < 1e3) return `${sign}${u}ns`;
    if (u < 1e6) return `${sign}${Math.floor(u / 1e3)}${frac(u % 1e3, 3)}µs`;
    return `${sign}${Math.floor(u / 1e6)}${frac(u % 1e6, 6)}ms`;
  }
  const nanos = u % 1e9;
  u = Math.floor(u / 1e9);
  const s = `${u % 60}${frac(nanos, 9)}s`;
  u = Math.floor(u / 60);
  if (u === 0) return `${sign}${s}`;
  const m = `${u % 60}m`;
  u = Math.floor(u / 60);
  return u === 0 ? `${sign}${m}${s}` : `${sign}${u}h${m}${s}`;
}

/** A raw JSON document (FieldsV1, RawExtension); nil bytes are null. */
function rawJSON(raw: Uint8Array | undefined, what: string): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(Buffer.from(raw).toString('utf8'));
  } catch {
    throw new Error(`${what}: raw is not JSON`);
  }
}

export const WELL_KNOWN: Record<string, (m: Decoded) => unknown> = {
  // Time keeps whole seconds only (its Unmarshal drops nanos, as its JSON does).
  'k8s.io.apimachinery.pkg.apis.meta.v1.Time': (m) => {
    if (!m || !has(m, 'seconds') && !has(m, 'nanos')) return null;
    const s = toNumber(m.seconds);
    return s === GO_ZERO_SECONDS ? null : rfc3339(s);
  },
  // MicroTime truncates to microseconds.
  'k8s.io.apimachinery.pkg.apis.meta.v1.MicroTime': (m) => {
    if (!m || !has(m, 'seconds') && !has(m, 'nanos')) return null;
    const s = toNumber(m.seconds);
    const nanos = toNumber(m.nanos);
    if (s === GO_ZERO_SECONDS && nanos === 0) return null;
    const micros = Math.floor(nanos / 1000);
    return rfc3339(s + Math.floor(micros / 1e6), micros % 1e6);
  },
  'k8s.io.apimachinery.pkg.apis.meta.v1.Duration': (m) => goDuration(toNumber(m?.duration)),
  'k8s.io.apimachinery.pkg.apis.meta.v1.FieldsV1': (m) => rawJSON(has(m, 'Raw') ? m!.Raw : undefined, 'metav1.FieldsV1'),
  'k8s.io.apimachinery.pkg.runtime.RawExtension': (m) => rawJSON(has(m, 'raw') ? m!.raw : undefined, 'runtime.RawExtension'),
  // The zero Quantity writes "0".
  'k8s.io.apimachinery.pkg.api.resource.Quantity': (m) => (has(m, 'string') && m!.string !== '' ? m!.string : '0'),
  // Type 1 is intstr.String; anything else is the int.
  'k8s.io.apimachinery.pkg.util.intstr.IntOrString': (m) => (toNumber(m?.type) === 1 ? (m?.strVal ?? '') : toNumber(m?.intVal)),
  // ExtraValue is a named []string (user.Info's extra values): its JSON is the list, nil is null.
  'k8s.io.api.authentication.v1.ExtraValue': (m) => (m?.items?.length ? [...m.items] : null),
  'k8s.io.api.authorization.v1.ExtraValue': (m) => (m?.items?.length ? [...m.items] : null),
};
