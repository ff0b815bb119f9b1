/**
 * Storage validation (pkg/apis/core/validation ValidatePersistentVolumeClaimSpec and
 * ValidatePersistentVolumeSpec, pkg/apis/storage/validation ValidateStorageClass, v1.32), the
 * checks a learner meets: at least one known access mode, a positive storage request or
 * capacity, a provisioner for a StorageClass, and a claim's spec that does not change once
 * created except its requests.
 */
import { posix } from 'node:path';
import { tryQuantity } from '../../api/quantity';
import { FieldError } from '../../api/status';
import { isDNS1123Subdomain, isQualifiedName } from '../../api/validation';
import { plain } from './govalue';
import { isSet, semanticallyEqual } from './semantic';

const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];

/** A claim's empty access modes say why; a volume's say nothing (ValidatePersistentVolumeSpec). */
function validateAccessModes(modes: unknown, path: string, errs: FieldError[], requiredDetail = 'at least 1 access mode is required'): void {
  const list = Array.isArray(modes) ? modes : [];
  if (list.length === 0) errs.push(FieldError.required(path, requiredDetail));
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

const BETA_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';

/**
 * ValidatePersistentVolumeClaimUpdate: the spec never changes but for a volumeName set once, a class set
 * once on a claim without one (RetroactiveDefaultStorageClass), and a bound claim's storage request;
 * the request may not go below status.capacity (RecoverVolumeExpansionFailure, beta and on in 1.32),
 * and volumeMode is immutable. (volumeAttributesClassName is left to the model: its gate is off.)
 */
export function validateClaimUpdate(claim: any, oldClaim: any, errs: FieldError[]): void {
  const next = structuredClone(claim?.spec ?? {});
  const prev = structuredClone(oldClaim?.spec ?? {});
  next.volumeAttributesClassName = prev.volumeAttributesClassName = undefined;
  if (!prev.volumeName) prev.volumeName = next.volumeName;
  const hadAnnotation = oldClaim?.metadata?.annotations?.[BETA_CLASS_ANNOTATION] !== undefined;
  if (!hadAnnotation && !isSet(prev.storageClassName) && typeof next.storageClassName === 'string' && next.storageClassName.length > 0) next.storageClassName = prev.storageClassName;
  if (claim?.status?.phase === 'Bound' && next.resources?.requests) next.resources.requests.storage = prev.resources?.requests?.storage;
  if (!semanticallyEqual(next, prev)) errs.push(FieldError.forbidden('spec', 'spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims'));
  const zero = tryQuantity('0')!;
  const size = (q: unknown) => tryQuantity(q) ?? zero;
  const newSize = size(claim?.spec?.resources?.requests?.storage);
  if (newSize.cmp(size(oldClaim?.spec?.resources?.requests?.storage)) < 0 && newSize.cmp(size(oldClaim?.status?.capacity?.storage)) <= 0)
    errs.push(FieldError.forbidden('spec.resources.requests.storage', 'field can not be less than status.capacity'));
  if ((claim?.spec?.volumeMode ?? null) !== (oldClaim?.spec?.volumeMode ?? null)) errs.push(FieldError.invalid('volumeMode', claim?.spec?.volumeMode ?? null, 'field is immutable'));
}

/** The volume sources the model knows, in ValidatePersistentVolumeSpec's order. */
const PV_SOURCES = ['hostPath', 'nfs', 'local', 'csi'];
const RECLAIM_POLICIES = ['Delete', 'Recycle', 'Retain'];

export function validateVolumeSpec(spec: any, errs: FieldError[]): void {
  const s = spec && typeof spec === 'object' ? spec : {};
  validateAccessModes(s.accessModes, 'spec.accessModes', errs, '');
  const capacity = s.capacity && typeof s.capacity === 'object' && !Array.isArray(s.capacity) ? s.capacity : undefined;
  const resources = Object.keys(capacity ?? {});
  if (resources.length === 0) errs.push(FieldError.required('spec.capacity'));
  // Only storage (the bad value is core.ResourceList's %#v: written out here for a missing or empty one).
  if (!resources.includes('storage') || resources.length > 1)
    errs.push(FieldError.notSupported('spec.capacity', plain(capacity === undefined ? 'core.ResourceList(nil)' : resources.length === 0 ? 'core.ResourceList{}' : `core.ResourceList{${resources.map((r) => JSON.stringify(r)).join(', ')}}`), ['storage']));
  for (const r of resources.sort()) {
    const q = tryQuantity(capacity[r]);
    if (q && q.sign() <= 0) errs.push(FieldError.invalid(`spec.capacity[${r}]`, q.toString(), 'must be greater than zero'));
  }
  const policy = s.persistentVolumeReclaimPolicy;
  if (typeof policy === 'string' && policy.length > 0 && !RECLAIM_POLICIES.includes(policy)) errs.push(FieldError.notSupported('spec.persistentVolumeReclaimPolicy', policy, RECLAIM_POLICIES));
  let volumes = 0;
  for (const k of PV_SOURCES) {
    if (!isSet(s[k])) continue;
    if (volumes > 0) errs.push(FieldError.forbidden(`spec.${k}`, 'may not specify more than 1 volume type'));
    else {
      volumes++;
      if (k === 'local' && !isSet(s.nodeAffinity)) errs.push(FieldError.required('spec.nodeAffinity', 'Local volume requires node affinity'));
    }
  }
  if (volumes === 0) errs.push(FieldError.required('spec', 'must specify a volume type'));
  // A hostPath of "/" may not be recycled (path.Clean, as posix.normalize: "/", "//", "/." ...).
  if (isSet(s.hostPath) && posix.normalize(String(s.hostPath?.path ?? '')) === '/' && policy === 'Recycle')
    errs.push(FieldError.forbidden('spec.persistentVolumeReclaimPolicy', "may not be 'recycle' for a hostPath mount of '/'"));
  if (typeof s.storageClassName === 'string' && s.storageClassName.length > 0)
    for (const msg of isDNS1123Subdomain(s.storageClassName)) errs.push(FieldError.invalid('spec.storageClassName', s.storageClassName, msg));
  if (isSet(s.volumeMode) && !['Block', 'Filesystem'].includes(s.volumeMode)) errs.push(FieldError.notSupported('spec.volumeMode', s.volumeMode, ['Block', 'Filesystem']));
}

/** The members of core.PersistentVolumeSource (the volume types a PersistentVolume may use). */
const PV_SOURCE_FIELDS = ['gcePersistentDisk', 'awsElasticBlockStore', 'hostPath', 'glusterfs', 'nfs', 'rbd', 'iscsi', 'cinder', 'cephfs', 'fc', 'flocker', 'flexVolume', 'azureFile', 'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk', 'portworxVolume', 'scaleIO', 'local', 'storageos', 'csi'];

/**
 * ValidatePersistentVolumeUpdate after the new spec's own validation: the volume source never
 * changes (but a CSI volume may gain a controllerExpandSecretRef), nor does volumeMode.
 */
export function validateVolumeUpdate(spec: any, old: any, errs: FieldError[]): void {
  const source = (s: any) => Object.fromEntries(PV_SOURCE_FIELDS.filter((k) => isSet(s?.[k])).map((k) => [k, s[k]]));
  const next: any = structuredClone(source(spec));
  const prev: any = source(old);
  if (isSet(prev.csi) && !isSet(prev.csi.controllerExpandSecretRef) && isSet(next.csi?.controllerExpandSecretRef)) delete next.csi.controllerExpandSecretRef;
  if (!semanticallyEqual(next, prev)) errs.push(FieldError.forbidden('spec.persistentvolumesource', 'spec.persistentvolumesource is immutable after creation'));
  if ((spec?.volumeMode ?? null) !== (old?.volumeMode ?? null)) errs.push(FieldError.invalid('volumeMode', spec?.volumeMode ?? null, 'field is immutable'));
}

/** ValidateStorageClass (pkg/apis/storage/validation): provisioner, parameters, reclaim policy, binding mode. */
export function validateStorageClass(sc: any, errs: FieldError[]): void {
  const provisioner = typeof sc?.provisioner === 'string' ? sc.provisioner : '';
  if (provisioner.length === 0) errs.push(FieldError.required('provisioner'));
  // validateProvisioner checks the lower-cased name.
  else for (const msg of isQualifiedName(provisioner.toLowerCase())) errs.push(FieldError.invalid('provisioner', provisioner.toLowerCase(), msg));
  const params = sc?.parameters && typeof sc.parameters === 'object' ? sc.parameters : {};
  if (Object.keys(params).length > 512) errs.push(FieldError.tooLong('parameters', 512));
  else {
    let size = 0;
    for (const [k, v] of Object.entries(params)) {
      if (k.length === 0) errs.push(FieldError.invalid('parameters', k, 'field can not be empty.'));
      size += Buffer.byteLength(k) + Buffer.byteLength(String(v ?? ''));
    }
    if (size > 256 * 1024) errs.push(FieldError.tooLong('parameters', 256 * 1024));
  }
  const policy = sc?.reclaimPolicy;
  if (typeof policy === 'string' && policy.length > 0 && !['Delete', 'Retain'].includes(policy)) errs.push(FieldError.notSupported('reclaimPolicy', policy, ['Delete', 'Retain']));
  const mode = sc?.volumeBindingMode;
  if (!isSet(mode)) errs.push(FieldError.required('volumeBindingMode'));
  else if (!['Immediate', 'WaitForFirstConsumer'].includes(mode as string)) errs.push(FieldError.notSupported('volumeBindingMode', mode, ['Immediate', 'WaitForFirstConsumer']));
}

/**
 * ValidateStorageClassUpdate (after the class's own validation): parameters (reflect.DeepEqual: an
 * empty map is not a missing one), provisioner and reclaim policy never change, nor does the binding mode.
 */
export function validateStorageClassUpdate(sc: any, old: any, errs: FieldError[]): void {
  const params = (x: any) => (isSet(x?.parameters) ? JSON.stringify(Object.entries(x.parameters).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : 'nil');
  if (params(sc) !== params(old)) errs.push(FieldError.forbidden('parameters', 'updates to parameters are forbidden.'));
  if ((sc?.provisioner ?? '') !== (old?.provisioner ?? '')) errs.push(FieldError.forbidden('provisioner', 'updates to provisioner are forbidden.'));
  if ((sc?.reclaimPolicy ?? '') !== (old?.reclaimPolicy ?? '')) errs.push(FieldError.forbidden('reclaimPolicy', 'updates to reclaimPolicy are forbidden.'));
  if ((sc?.volumeBindingMode ?? null) !== (old?.volumeBindingMode ?? null)) errs.push(FieldError.invalid('volumeBindingMode', sc?.volumeBindingMode ?? null, 'field is immutable'));
}
