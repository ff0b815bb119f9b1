/**
 * The DefaultStorageClass admission plugin (plugin/pkg/admission/storage/storageclass/setdefault):
 * a claim created without spec.storageClassName gets the default StorageClass (annotated
 * storageclass.kubernetes.io/is-default-class=true; the newest when several are), so kind's
 * `standard` class provisions it. An explicit "" means "no class" and is left alone.
 */
import type { KObject } from '../api/meta';

const isDefault = (sc: KObject): boolean => {
  const a = sc.metadata?.annotations ?? {};
  return a['storageclass.kubernetes.io/is-default-class'] === 'true' || a['storageclass.beta.kubernetes.io/is-default-class'] === 'true';
};

/** Go's string order (no locale). */
const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function admitDefaultStorageClass(pvc: KObject, classes: KObject[]): void {
  const spec = (pvc.spec = pvc.spec && typeof pvc.spec === 'object' ? pvc.spec : {});
  if (spec.storageClassName !== undefined && spec.storageClassName !== null) return;
  if (pvc.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'] !== undefined) return;
  const defaults = classes
    .filter(isDefault)
    .sort((a, b) => byteOrder(b.metadata.creationTimestamp ?? '', a.metadata.creationTimestamp ?? '') || byteOrder(a.metadata.name!, b.metadata.name!));
  if (defaults.length) spec.storageClassName = defaults[0].metadata.name;
}
