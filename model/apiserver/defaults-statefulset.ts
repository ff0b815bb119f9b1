/**
 * Defaulting for StatefulSets and the storage kinds (pkg/apis/apps/v1 and core/v1, storage/v1
 * SetDefaults_*): the fields `kubectl get -o yaml` shows that the user left out. StatefulSet
 * gets OrderedReady, a RollingUpdate with partition 0 (also when updateStrategy was omitted,
 * which is why `rollout status` says "partitioned roll out complete"), 1 replica, 10 revisions
 * and a Retain/Retain claim retention policy (StatefulSetAutoDeletePVC is on in 1.32).
 */
import type { KObject } from '../api/meta';

type TemplateDefaulter = (template: any) => void;

/** SetDefaults_PersistentVolumeClaim on a claim or a claim template. */
export function defaultClaim(pvc: any): void {
  if (!pvc || typeof pvc !== 'object') return;
  pvc.spec = pvc.spec && typeof pvc.spec === 'object' ? pvc.spec : {};
  if (pvc.spec.volumeMode === undefined || pvc.spec.volumeMode === null) pvc.spec.volumeMode = 'Filesystem';
  pvc.status = pvc.status && typeof pvc.status === 'object' ? pvc.status : {};
  if (!pvc.status.phase) pvc.status.phase = 'Pending';
}

export function defaultStatefulSet(obj: KObject, defaultTemplate: TemplateDefaulter): void {
  const spec = (obj.spec = obj.spec && typeof obj.spec === 'object' ? obj.spec : {});
  if (!spec.podManagementPolicy) spec.podManagementPolicy = 'OrderedReady';
  const us = (spec.updateStrategy = spec.updateStrategy && typeof spec.updateStrategy === 'object' ? spec.updateStrategy : {});
  if (!us.type) {
    us.type = 'RollingUpdate';
    if (us.rollingUpdate === undefined || us.rollingUpdate === null) us.rollingUpdate = {};
  }
  if (us.type === 'RollingUpdate' && us.rollingUpdate && typeof us.rollingUpdate === 'object') {
    if (us.rollingUpdate.partition === undefined || us.rollingUpdate.partition === null) us.rollingUpdate.partition = 0;
    // maxUnavailable belongs to the MaxUnavailableStatefulSet gate, off in 1.32: dropped.
    delete us.rollingUpdate.maxUnavailable;
  }
  const policy = (spec.persistentVolumeClaimRetentionPolicy =
    spec.persistentVolumeClaimRetentionPolicy && typeof spec.persistentVolumeClaimRetentionPolicy === 'object' ? spec.persistentVolumeClaimRetentionPolicy : {});
  if (!policy.whenDeleted) policy.whenDeleted = 'Retain';
  if (!policy.whenScaled) policy.whenScaled = 'Retain';
  if (spec.replicas === undefined || spec.replicas === null) spec.replicas = 1;
  if (spec.revisionHistoryLimit === undefined || spec.revisionHistoryLimit === null) spec.revisionHistoryLimit = 10;
  defaultTemplate(spec.template);
  for (const t of Array.isArray(spec.volumeClaimTemplates) ? spec.volumeClaimTemplates : []) {
    if (!t || typeof t !== 'object') continue;
    t.apiVersion = t.apiVersion ?? 'v1';
    t.kind = t.kind ?? 'PersistentVolumeClaim';
    t.metadata = t.metadata && typeof t.metadata === 'object' ? t.metadata : {};
    if (t.metadata.creationTimestamp === undefined) t.metadata.creationTimestamp = null;
    defaultClaim(t);
  }
}

/** SetDefaults_PersistentVolume. */
export function defaultPersistentVolume(pv: KObject): void {
  const spec = (pv.spec = pv.spec && typeof pv.spec === 'object' ? pv.spec : {});
  if (!spec.persistentVolumeReclaimPolicy) spec.persistentVolumeReclaimPolicy = 'Retain';
  if (spec.volumeMode === undefined || spec.volumeMode === null) spec.volumeMode = 'Filesystem';
  pv.status = pv.status && typeof pv.status === 'object' ? pv.status : {};
  if (!pv.status.phase) pv.status.phase = 'Pending';
}

/** SetDefaults_StorageClass: Delete, Immediate. */
export function defaultStorageClass(sc: KObject): void {
  const o = sc as any;
  if (!o.reclaimPolicy) o.reclaimPolicy = 'Delete';
  if (!o.volumeBindingMode) o.volumeBindingMode = 'Immediate';
}

/** The hook defaults.ts calls: true when the resource is one of these. */
export function applyStatefulSetAndStorageDefaults(resource: string, obj: KObject, defaultTemplate: TemplateDefaulter): boolean {
  switch (resource) {
    case 'statefulsets':
      defaultStatefulSet(obj, defaultTemplate);
      return true;
    case 'persistentvolumeclaims':
      defaultClaim(obj);
      return true;
    case 'persistentvolumes':
      defaultPersistentVolume(obj);
      return true;
    case 'storageclasses':
      defaultStorageClass(obj);
      return true;
  }
  return false;
}
