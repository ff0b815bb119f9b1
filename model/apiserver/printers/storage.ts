/**
 * The storage printers (pkg/printers/internalversion printPersistentVolume,
 * printPersistentVolumeClaim, printStorageClass, v1.32): a claim shows its volume, capacity and
 * access modes only once bound; a volume shows its claim as namespace/name; the default class
 * is marked "(default)".
 */
import { tryQuantity } from '../../api/quantity';
import { since } from './age';
import { AGE, NAME } from './columns';
import { column, type TableHandler } from './types';

/** helper.GetAccessModesAsString: RWO, ROX, RWX, RWOP in that order. */
export function accessModesString(modes: unknown): string {
  const list = Array.isArray(modes) ? modes : [];
  const out: string[] = [];
  for (const [mode, short] of [
    ['ReadWriteOnce', 'RWO'],
    ['ReadOnlyMany', 'ROX'],
    ['ReadWriteMany', 'RWX'],
    ['ReadWriteOncePod', 'RWOP'],
  ])
    if (list.includes(mode)) out.push(short);
  return out.join(',');
}

/** Quantity.String() of a resource list's storage entry ("0" when absent, as Go's zero Quantity). */
function storageString(v: unknown): string {
  const q = v === undefined || v === null ? undefined : tryQuantity(v);
  return q ? q.toString() : '0';
}

const VOLUME_MODE = column('VolumeMode', 'string', 'The volume mode of the persistent volume.', { priority: 1 });
const VAC = (text: string) => column('VolumeAttributesClass', 'string', text);
const volumeAttributesClass = (spec: any) => (spec?.volumeAttributesClassName ? spec.volumeAttributesClassName : '<unset>');
const volumeMode = (spec: any) => (spec?.volumeMode ? spec.volumeMode : '<unset>');

/** GetPersistentVolumeClaimClass / GetPersistentVolumeClass: the beta annotation wins over the field. */
function storageClassOf(o: any): string {
  return o.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? o.spec?.storageClassName ?? '';
}

export const persistentVolumeClaimPrinter: TableHandler = {
  columns: [
    NAME,
    column('Status', 'string', 'Phase represents the current phase of PersistentVolumeClaim.'),
    column('Volume', 'string', 'volumeName is the binding reference to the PersistentVolume backing this claim.'),
    column('Capacity', 'string', 'capacity represents the actual resources of the underlying volume.'),
    column('Access Modes', 'string', 'accessModes contains the actual access modes the volume backing the PVC has.'),
    column('StorageClass', 'string', 'StorageClass of the pvc'),
    VAC('VolumeAttributesClass of the pvc'),
    AGE,
    VOLUME_MODE,
  ],
  row(pvc, { nowMs }) {
    const bound = !!pvc.spec?.volumeName;
    const phase = pvc.metadata.deletionTimestamp ? 'Terminating' : (pvc.status?.phase ?? '');
    return {
      cells: [
        pvc.metadata.name!,
        phase,
        pvc.spec?.volumeName ?? '',
        bound ? storageString(pvc.status?.capacity?.storage) : '',
        bound ? accessModesString(pvc.status?.accessModes) : '',
        storageClassOf(pvc),
        volumeAttributesClass(pvc.spec),
        since(pvc.metadata.creationTimestamp, nowMs),
        volumeMode(pvc.spec),
      ],
    };
  },
};

export const persistentVolumePrinter: TableHandler = {
  columns: [
    NAME,
    column('Capacity', 'string', 'capacity is the description of the persistent volume\'s resources and capacity.'),
    column('Access Modes', 'string', 'accessModes contains all ways the volume can be mounted.'),
    column('Reclaim Policy', 'string', 'persistentVolumeReclaimPolicy defines what happens to a persistent volume when released from its claim.'),
    column('Status', 'string', 'phase indicates if a volume is available, bound to a claim, or released by a claim.'),
    column('Claim', 'string', 'claimRef is part of a bi-directional binding between PersistentVolume and PersistentVolumeClaim.'),
    column('StorageClass', 'string', 'StorageClass of the pv'),
    VAC('VolumeAttributesClass of the pv'),
    column('Reason', 'string', 'reason is a brief CamelCase string that describes any failure and is meant for machine parsing and tidy display in the CLI.'),
    AGE,
    VOLUME_MODE,
  ],
  row(pv, { nowMs }) {
    const ref = pv.spec?.claimRef;
    const claim = ref ? `${ref.namespace ?? ''}/${ref.name ?? ''}` : '';
    const phase = pv.metadata.deletionTimestamp ? 'Terminating' : (pv.status?.phase ?? '');
    return {
      cells: [
        pv.metadata.name!,
        storageString(pv.spec?.capacity?.storage),
        accessModesString(pv.spec?.accessModes),
        pv.spec?.persistentVolumeReclaimPolicy ?? '',
        phase,
        claim,
        storageClassOf(pv),
        volumeAttributesClass(pv.spec),
        pv.status?.reason ?? '',
        since(pv.metadata.creationTimestamp, nowMs),
        volumeMode(pv.spec),
      ],
    };
  },
};

/** storageutil.IsDefaultAnnotation: the GA annotation or the beta one, "true". */
export function isDefaultClass(sc: any): boolean {
  const a = sc?.metadata?.annotations ?? {};
  return a['storageclass.kubernetes.io/is-default-class'] === 'true' || a['storageclass.beta.kubernetes.io/is-default-class'] === 'true';
}

export const storageClassPrinter: TableHandler = {
  columns: [
    NAME,
    column('Provisioner', 'string', 'Indicates the type of the provisioner.'),
    column('ReclaimPolicy', 'string', 'Indicates the type of the reclaim policy.'),
    column('VolumeBindingMode', 'string', 'Indicates the type of the volume binding mode.'),
    column('AllowVolumeExpansion', 'string', 'Indicates whether the storage class allow volume expand.'),
    AGE,
  ],
  row(sc, { nowMs }) {
    const o = sc as any;
    return {
      cells: [
        isDefaultClass(sc) ? `${sc.metadata.name} (default)` : sc.metadata.name!,
        o.provisioner ?? '',
        o.reclaimPolicy ?? 'Delete',
        o.volumeBindingMode ?? 'Immediate',
        o.allowVolumeExpansion === true,
        since(sc.metadata.creationTimestamp, nowMs),
      ],
    };
  },
};
