/**
 * How kube-apiserver's handlers answer a body that does not decode (apiserver's
 * endpoints/handlers create.go, update.go and patch.go in 1.32), and the strict decoding
 * errors they turn into warnings.
 */
import { errors, FieldError, StatusError } from '../../api/status';

/** runtime.NewStrictDecodingError: every strict error, joined with ", ". */
export function strictDecodingMessage(errs: string[]): string {
  return `strict decoding error: ${errs.join(', ')}`;
}

/** transformDecodeError: a create or update body the decoder refused (400). */
export function cannotBeHandled(kind: string, version: string, message: string): StatusError {
  return errors.badRequest(`${kind} in version "${version}" cannot be handled as a ${kind}: ${message}`);
}

/**
 * A patch whose result does not decode, or has strict errors under Strict:
 * errors.NewInvalid(schema.GroupKind{}, "", …) with one field.Invalid on "patch" holding what
 * was patched (422; kubectl prints "The request is invalid: patch: Invalid value: …").
 */
export function invalidPatch(value: string, message: string): StatusError {
  const cause = FieldError.invalid('patch', value, message);
  return new StatusError({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: ` "" is invalid: ${cause.toString()}`,
    reason: 'Invalid',
    details: { causes: [{ reason: cause.type, message: cause.detailMessage(), field: cause.field }] },
    code: 422,
  });
}

/**
 * fmt's %+v of a decoded JSON value (map[string]interface{} and friends): maps with sorted
 * keys as map[k:v], slices as [a b], nil as <nil>, floats as strconv's shortest 'g'.
 */
export function goSprintValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goSprintValue).join(' ')}]`;
  if (typeof v === 'object')
    return `map[${Object.keys(v as object)
      .sort()
      .map((k) => `${k}:${goSprintValue((v as Record<string, unknown>)[k])}`)
      .join(' ')}]`;
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) < 2 ** 63 ? BigInt(v).toString() : goFloat(v);
  return String(v);
}

/** %v of a float64 (strconv's 'g', shortest): the %e form when the exponent is below -4 or at least 6. */
function goFloat(f: number): string {
  if (!Number.isFinite(f)) return f > 0 ? '+Inf' : f < 0 ? '-Inf' : 'NaN';
  const [mant, expText] = f.toExponential().split('e');
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(f);
}
