/**
 * Secrets (pkg/apis/core/validation ValidateSecret and ValidateSecretUpdate): keys that can be
 * file names, 1 MiB of data in all, and the keys each built-in type requires (a TLS Secret its
 * certificate and key, a docker config Secret well-formed JSON ...). The type never changes, and
 * nothing changes once `immutable` is set.
 */
import { decodeGoJSONStream, goJSONValueEnd, goQuoteChar } from '../../api/gojson';
import { FieldError } from '../../api/status';
import { isConfigMapKey } from '../../api/validation';

/** core.MaxSecretSize. */
const MAX_SIZE = 1024 * 1024;
/** What a validation error shows instead of a Secret's contents. */
const REDACTED = '<secret contents redacted>';

const keysOf = (m: unknown): string[] => (m && typeof m === 'object' && !Array.isArray(m) ? Object.keys(m).sort() : []);
const decoded = (v: unknown): Buffer => Buffer.from(String(v ?? ''), 'base64');

export function validateSecret(secret: any, errs: FieldError[]): void {
  const data: Record<string, string> = secret?.data ?? {};
  let total = 0;
  for (const key of keysOf(data)) {
    for (const msg of isConfigMapKey(key)) errs.push(FieldError.invalid(`data[${key}]`, key, msg));
    total += decoded(data[key]).length;
  }
  if (total > MAX_SIZE) errs.push(FieldError.tooLong('data', MAX_SIZE));
  const has = (k: string) => Object.prototype.hasOwnProperty.call(data, k);
  switch (secret?.type) {
    case 'kubernetes.io/service-account-token':
      // Only the ServiceAccount's name: the token controller fills in the rest later.
      if (!secret.metadata?.annotations?.['kubernetes.io/service-account.name'])
        errs.push(FieldError.required('metadata.annotations[kubernetes.io/service-account.name]'));
      break;
    case 'kubernetes.io/dockercfg':
      requireJSON(data, '.dockercfg', errs);
      break;
    case 'kubernetes.io/dockerconfigjson':
      requireJSON(data, '.dockerconfigjson', errs);
      break;
    case 'kubernetes.io/basic-auth':
      // Either may be empty, but one of the two must be there.
      if (!has('username') && !has('password')) errs.push(FieldError.required('data[username]'), FieldError.required('data[password]'));
      break;
    case 'kubernetes.io/ssh-auth':
      if (decoded(data['ssh-privatekey']).length === 0) errs.push(FieldError.required('data[ssh-privatekey]'));
      break;
    case 'kubernetes.io/tls':
      if (!has('tls.crt')) errs.push(FieldError.required('data[tls.crt]'));
      if (!has('tls.key')) errs.push(FieldError.required('data[tls.key]'));
      break;
  }
}

/** The key must exist and hold a JSON object, as json.Unmarshal into a map[string]interface{} checks. */
function requireJSON(data: Record<string, string>, key: string, errs: FieldError[]): void {
  if (!Object.prototype.hasOwnProperty.call(data, key)) {
    errs.push(FieldError.required(`data[${key}]`));
    return;
  }
  const problem = unmarshalObjectError(decoded(data[key]).toString('utf8'));
  if (problem) errs.push(FieldError.invalid(`data[${key}]`, REDACTED, problem));
}

/**
 * json.Unmarshal's error for a map target: checkValid scans the whole input first (a number may
 * end where the input does; anything but white space after the first value is an error there),
 * then the value's type.
 */
function unmarshalObjectError(input: string): string | undefined {
  // A trailing space ends a number the way the end of Unmarshal's input does.
  const text = `${input} `;
  const { values, error } = decodeGoJSONStream(text);
  if (values.length === 0) {
    if (!error) return 'unexpected end of JSON input';
    const msg = error.message.replace(/^json: offset \d+: /, '');
    return msg === 'unexpected EOF' ? 'unexpected end of JSON input' : msg;
  }
  if (values.length > 1 || error) {
    const after = text.slice(goJSONValueEnd(text, 0)).replace(/^[ \t\r\n]+/, '');
    return `invalid character ${goQuoteChar(after[0])} after top-level value`;
  }
  const v = values[0];
  if (v === null || (typeof v === 'object' && !Array.isArray(v))) return undefined;
  const kind = Array.isArray(v) ? 'array' : typeof v === 'string' ? 'string' : typeof v === 'boolean' ? 'bool' : 'number';
  return `json: cannot unmarshal ${kind} into Go value of type map[string]interface {}`;
}

export function validateSecretUpdate(secret: any, old: any, errs: FieldError[]): void {
  if ((secret?.type ?? '') !== (old?.type ?? '')) errs.push(FieldError.invalid('type', secret?.type ?? '', 'field is immutable'));
  if (old?.immutable !== true) return;
  if (secret?.immutable !== true) errs.push(FieldError.forbidden('immutable', 'field is immutable when `immutable` is set'));
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? {}, keysOf(a)) === JSON.stringify(b ?? {}, keysOf(b));
  if (!same(secret?.data, old?.data)) errs.push(FieldError.forbidden('data', 'field is immutable when `immutable` is set'));
}

/**
 * What decoding does to a v1 Secret before validation: stringData is write-only, merged into
 * data (its values win; Convert_v1_Secret_To_core_Secret), and the type defaults to Opaque.
 */
export function defaultSecret(secret: any): void {
  if (!secret || typeof secret !== 'object') return;
  const stringData = secret.stringData;
  if (stringData && typeof stringData === 'object' && !Array.isArray(stringData)) {
    secret.data = { ...(secret.data ?? {}) };
    for (const [k, v] of Object.entries(stringData)) secret.data[k] = Buffer.from(String(v ?? ''), 'utf8').toString('base64');
  }
  delete secret.stringData;
  if (!secret.type) secret.type = 'Opaque';
}
