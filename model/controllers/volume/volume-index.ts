/**
 * Which volume a claim may have (pkg/controller/volume/persistentvolume index.go and
 * util.go's checks): the volume index keyed by access-mode set, FindMatchingVolume, and what
 * makes a volume a claim names unfit for it. Pure functions over objects; the binder
 * (binder.ts) writes what they decide.
 */
import type { KObject } from '../../api/meta';
import { labelSelectorAsSelector } from '../../api/labels/labelselector';
import { matchesLabels } from '../../api/labels/selector';
import { type Quantity, tryQuantity } from '../../api/quantity';

/** GetPersistentVolumeClaimClass / GetPersistentVolumeClass. */
export const classOf = (o: KObject): string => o.metadata.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? o.spec.storageClassName ?? '';

/** Quantity.Value(): the size in bytes, rounded up (checkVolumeSatisfyClaim compares these). */
const storageBytes = (v: unknown): bigint => tryQuantity(v)?.scaledValueBig(0) ?? 0n;

/** The exact quantity (FindMatchingVolume compares with Cmp); a missing one is zero. */
export const storageQuantity = (v: unknown): Quantity => tryQuantity(v) ?? tryQuantity('0')!;

export const hasAnnotation = (o: KObject, key: string): boolean => o.metadata.annotations?.[key] !== undefined;

/** CheckVolumeModeMismatches (an unset volumeMode is Filesystem, as the API server defaults it on either side). */
export const volumeModeMismatch = (claim: KObject, volume: KObject): boolean => claim.spec.volumeMode !== volume.spec.volumeMode;

/** CheckAccessModes: the volume has every mode the claim asks for. */
const accessModesFit = (claim: KObject, volume: KObject): boolean => ((claim.spec?.accessModes ?? []) as string[]).every((m) => ((volume.spec?.accessModes ?? []) as string[]).includes(m));

/** GetAccessModesAsString's order: the access-mode index keys a volume by its modes, once each, in this order. */
const ACCESS_MODE_ORDER = ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod'];
const accessModeSet = (modes: unknown): string[] => ACCESS_MODE_ORDER.filter((m) => Array.isArray(modes) && modes.includes(m));

/** IsVolumeBoundToClaim: the volume's claimRef names the claim (name and namespace, and its uid if it has one). */
export function isVolumeBoundToClaim(volume: KObject, claim: KObject): boolean {
  const ref = volume.spec.claimRef;
  if (!ref || ref.name !== claim.metadata.name || ref.namespace !== claim.metadata.namespace) return false;
  return !ref.uid || ref.uid === claim.metadata.uid;
}

/** checkVolumeSatisfyClaim: why a volume the claim names cannot be its volume, or undefined when it can. */
export function checkVolumeSatisfyClaim(volume: KObject, claim: KObject): string | undefined {
  if (volume.metadata.deletionTimestamp) return `the volume is marked for deletion "${volume.metadata.name}"`;
  if (storageBytes(volume.spec.capacity.storage) < storageBytes(claim.spec.resources.requests.storage)) return 'requested PV is too small';
  if (classOf(volume) !== classOf(claim)) return 'storageClassName does not match';
  if (volumeModeMismatch(claim, volume)) return 'incompatible volumeMode';
  if (!accessModesFit(claim, volume)) return 'incompatible accessMode';
  return undefined;
}

/**
 * findBestMatchForClaim: the volume index is keyed by access-mode set; the sets holding every
 * mode the claim asks for are searched fewest modes first, and the first set with a match wins,
 * so a claim for RWO takes an RWO volume before a smaller RWO+ROX one.
 */
export function findBestMatchForClaim(list: KObject[], claim: KObject, delayBinding: boolean): KObject | undefined {
  // Stryker disable next-line MethodExpression,ConditionalExpression,EqualityOperator,UnaryOperator: the order only breaks ties (between volumes of one size, or access-mode sets of one size), which upstream leaves to Go maps' order, so any order is one Kubernetes may take; by name, the model's is repeatable
  const volumes = [...list].sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
  const groups = new Map<string, KObject[]>();
  for (const v of volumes) {
    const key = accessModeSet(v.spec.accessModes).join(',');
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  const wanted: string[] = claim.spec.accessModes;
  const keys = [...groups.keys()].filter((k) => wanted.every((m) => k.split(',').includes(m)));
  keys.sort((a, b) => accessModeSet(a.split(',')).length - accessModeSet(b.split(',')).length);
  for (const k of keys) {
    const v = findMatchingVolume(claim, groups.get(k)!, delayBinding);
    if (v) return v;
  }
  return undefined;
}

/** FindMatchingVolume (no node: the controller's path): the volume pre-bound to the claim, else (not delayed) the smallest Available one that fits. */
function findMatchingVolume(claim: KObject, volumes: KObject[], delayBinding: boolean): KObject | undefined {
  const requested = storageQuantity(claim.spec.resources.requests.storage);
  const selector = labelSelectorAsSelector(claim.spec.selector);
  let smallest: KObject | undefined;
  let smallestQty: Quantity | undefined;
  for (const v of volumes) {
    if (v.spec.claimRef && !isVolumeBoundToClaim(v, claim)) continue;
    const qty = storageQuantity(v.spec.capacity.storage);
    // A pre-bound volume must fit too: size, volume mode, access modes (its index key), not being deleted.
    if (qty.cmp(requested) < 0 || volumeModeMismatch(claim, v) || v.metadata.deletionTimestamp) continue;
    if (isVolumeBoundToClaim(v, claim)) return v;
    // The scheduler binds a WaitForFirstConsumer claim to a volume on its Pod's node.
    if (delayBinding) continue;
    // Only an Available volume: one about to become Available is left to the next sync.
    if (v.status.phase !== 'Available') continue;
    if (selector && !matchesLabels(selector, v.metadata.labels)) continue;
    if (classOf(v) !== classOf(claim)) continue;
    // Stryker disable next-line EqualityOperator: (>=) which of two volumes of one size wins is, as above, upstream's map order
    if (!smallestQty || smallestQty.cmp(qty) > 0) {
      smallest = v;
      smallestQty = qty;
    }
  }
  return smallest;
}
