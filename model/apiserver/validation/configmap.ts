/**
 * ConfigMaps (pkg/apis/core/validation ValidateConfigMap and ValidateConfigMapUpdate): keys
 * that can be file names, no key in both data and binaryData, 1 MiB of values in all, and
 * nothing changes once `immutable` is set.
 */
import { FieldError } from '../../api/status';
import { isConfigMapKey } from '../../api/validation';

/** core.MaxSecretSize, which ConfigMaps share. */
const MAX_SIZE = 1024 * 1024;

const sortedKeys = (m: unknown): string[] => (m && typeof m === 'object' && !Array.isArray(m) ? Object.keys(m).sort() : []);

export function validateConfigMap(cm: any, errs: FieldError[]): void {
  const data = cm?.data ?? {};
  const binary = cm?.binaryData ?? {};
  let total = 0;
  for (const key of sortedKeys(data)) {
    for (const msg of isConfigMapKey(key)) errs.push(FieldError.invalid(`data[${key}]`, key, msg));
    if (key in binary) errs.push(FieldError.invalid(`data[${key}]`, key, 'duplicate of key present in binaryData'));
    total += Buffer.byteLength(String(data[key] ?? ''), 'utf8');
  }
  for (const key of sortedKeys(binary)) {
    for (const msg of isConfigMapKey(key)) errs.push(FieldError.invalid(`binaryData[${key}]`, key, msg));
    if (key in data) errs.push(FieldError.invalid(`binaryData[${key}]`, key, 'duplicate of key present in data'));
    // binaryData travels base64-encoded: its size is that of the decoded bytes.
    total += Buffer.from(String(binary[key] ?? ''), 'base64').length;
  }
  if (total > MAX_SIZE) errs.push(FieldError.tooLong('', MAX_SIZE));
}

export function validateConfigMapUpdate(cm: any, old: any, errs: FieldError[]): void {
  if (old?.immutable !== true) return;
  if (cm?.immutable !== true) errs.push(FieldError.forbidden('immutable', 'field is immutable when `immutable` is set'));
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? {}, sortedKeys(a)) === JSON.stringify(b ?? {}, sortedKeys(b));
  if (!same(cm?.data, old?.data)) errs.push(FieldError.forbidden('data', 'field is immutable when `immutable` is set'));
  if (!same(cm?.binaryData, old?.binaryData)) errs.push(FieldError.forbidden('binaryData', 'field is immutable when `immutable` is set'));
}
