/**
 * Storage validation (pkg/apis/core/validation ValidatePersistentVolumeClaimSpec and
 * ValidatePersistentVolumeSpec, pkg/apis/storage/validation ValidateStorageClass, v1.32), the
 * checks a learner meets: at least one known access mode, a positive storage request or
 * capacity, a provisioner for a StorageClass, and a claim's spec that does not change once
 * created except its requests.
 */
import { tryQuantity } from '../../api/quantity';
import { FieldError } from '../../api/status';

const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];

function validateAccessModes(modes: unknown, path: string, errs: FieldError[]): void {
  const list = Array.isArray(modes) ? modes : [];
  if (list.length === 0) errs.push(FieldError.required(path, 'at least 1 access mode is required'));
  for (const m of list) if (!ACCESS_MODES.includes(m)) errs.push(FieldError.notSupported(path, m, ACCESS_MODES));
  // Only a supported mode beside ReadWriteOncePod counts (an unknown one is already refused).
  if (list.includes('ReadWriteOncePod') && list.some((m) => m !== 'ReadWriteOncePod' && ACCESS_MODES.includes(m))) errs.push(FieldError.forbidden(path, 'may not use ReadWriteOncePod with other access modes'));
}

function validateStorageQuantity(v: unknown, path: string, errs: FieldError[]): void {
  if (v === undefined || v === null) {
    errs.push(FieldError.required(path));
    return;
  }
  const q = tryQuantity(v as any);
  // ValidatePositiveQuantityValue prints the quantity's canonical form.
  if (q && q.sign() <= 0) errs.push(FieldError.invalid(path, q.toString(), 'must be greater than zero'));
}

export function validateClaimSpec(spec: any, path: string, errs: FieldError[]): void {
  const s = spec && typeof spec === 'object' ? spec : {};
  validateAccessModes(s.accessModes, `${path}.accessModes`, errs);
  validateStorageQuantity(s.resources?.requests?.storage, `${path}.resources[storage]`, errs);
}

export function validateClaimUpdate(spec: any, old: any, errs: FieldError[]): void {
  // The binder may set volumeName once (when it was empty); requests may change (expansion).
  const strip = (x: any, volumeName: unknown) => JSON.stringify({ ...(x ?? {}), resources: undefined, volumeAttributesClassName: undefined, volumeName });
  const volumeName = old?.volumeName ? spec?.volumeName : undefined;
  if (strip(spec, volumeName) !== strip(old, old?.volumeName || undefined))
    errs.push(FieldError.forbidden('spec', 'spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims'));
}

export function validateVolumeSpec(spec: any, errs: FieldError[]): void {
  const s = spec && typeof spec === 'object' ? spec : {};
  validateAccessModes(s.accessModes, 'spec.accessModes', errs);
  validateStorageQuantity(s.capacity?.storage, 'spec.capacity[storage]', errs);
  const sources = ['hostPath', 'local', 'nfs', 'csi'].filter((k) => s[k] !== undefined && s[k] !== null);
  if (sources.length === 0) errs.push(FieldError.required('spec', 'must specify a volume type'));
  const policy = s.persistentVolumeReclaimPolicy;
  if (policy !== undefined && !['Delete', 'Recycle', 'Retain'].includes(policy)) errs.push(FieldError.notSupported('spec.persistentVolumeReclaimPolicy', policy, ['Delete', 'Recycle', 'Retain']));
}

export function validateStorageClass(sc: any, errs: FieldError[]): void {
  if (!sc?.provisioner) errs.push(FieldError.required('provisioner'));
  const policy = sc?.reclaimPolicy;
  if (policy !== undefined && !['Delete', 'Retain'].includes(policy)) errs.push(FieldError.notSupported('reclaimPolicy', policy, ['Delete', 'Retain']));
  const mode = sc?.volumeBindingMode;
  if (mode !== undefined && !['Immediate', 'WaitForFirstConsumer'].includes(mode)) errs.push(FieldError.notSupported('volumeBindingMode', mode, ['Immediate', 'WaitForFirstConsumer']));
}
