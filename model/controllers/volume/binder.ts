/**
 * The PersistentVolume controller's binder (pkg/controller/volume/persistentvolume
 * pv_controller.go, "persistentvolume-binder-controller"): claims and volumes are synced level
 * by level. An unbound claim binds to the volume whose claimRef names it (a provisioner
 * pre-binds what it made) or, for an Immediate class, to an Available volume of its class that
 * fits; a WaitForFirstConsumer claim waits ("waiting for first consumer to be created before
 * binding") until the scheduler names a node, then asks its class's external provisioner. Binding
 * writes both sides: the volume's claimRef and phase Bound, the claim's volumeName with the
 * bind-completed and bound-by-controller annotations, its phase Bound, capacity and access
 * modes. A volume whose claim is gone is Released.
 */
import { keyOf, type KObject } from '../../api/meta';
import { tryQuantity } from '../../api/quantity';
import type { ComponentContext } from '../../component';
import type { EventRecorder } from '../../client/events';
import type { Informer } from '../../client/informer';
import { WorkQueue } from '../../client/workqueue';
import { withKind } from '../util/objects';

export const ANN_BIND_COMPLETED = 'pv.kubernetes.io/bind-completed';
export const ANN_BOUND_BY_CONTROLLER = 'pv.kubernetes.io/bound-by-controller';
export const ANN_SELECTED_NODE = 'volume.kubernetes.io/selected-node';
export const ANN_STORAGE_PROVISIONER = 'volume.kubernetes.io/storage-provisioner';
export const ANN_BETA_STORAGE_PROVISIONER = 'volume.beta.kubernetes.io/storage-provisioner';
export const ANN_PROVISIONED_BY = 'pv.kubernetes.io/provisioned-by';

/** GetPersistentVolumeClaimClass / GetPersistentVolumeClass. */
export const classOf = (o: KObject): string => o.metadata.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? o.spec?.storageClassName ?? '';

const storageBytes = (v: unknown): bigint => {
  const q = v === undefined || v === null ? undefined : tryQuantity(v);
  return q ? BigInt(Math.ceil(q.milliValue() / 1000)) : 0n;
};

export class PersistentVolumeBinder {
  readonly claimInformer: Informer;
  readonly volumeInformer: Informer;
  readonly classInformer: Informer;
  /**
   * The Pod and Node caches upstream's controller also waits for (its pod lister tells whether a
   * Pod uses a claim, its node lister a volume's topology); the model's binder reads neither, but
   * waits for them as pv_controller_base.go's Run does.
   */
  readonly podInformer: Informer;
  readonly nodeInformer: Informer;
  readonly claimQueue: WorkQueue;
  readonly volumeQueue: WorkQueue;
  private readonly recorder: EventRecorder;

  constructor(private readonly ctx: ComponentContext) {
    this.claimInformer = ctx.informers.get('persistentvolumeclaims');
    this.volumeInformer = ctx.informers.get('persistentvolumes');
    this.classInformer = ctx.informers.get('storageclasses');
    this.podInformer = ctx.informers.get('pods');
    this.nodeInformer = ctx.informers.get('nodes');
    this.recorder = ctx.recorder('persistentvolume-controller');
    const synced = () => [this.volumeInformer, this.claimInformer, this.classInformer, this.podInformer, this.nodeInformer].every((i) => i.hasSynced());
    this.claimQueue = new WorkQueue(ctx.proc, 'claims', (key) => this.syncClaim(key), { synced });
    this.volumeQueue = new WorkQueue(ctx.proc, 'volumes', (key) => this.syncVolume(key), { synced });
    this.claimInformer.addEventHandler({
      onAdd: (c) => this.claimQueue.add(keyOf(c)),
      onUpdate: (_o, c) => this.claimQueue.add(keyOf(c)),
      onDelete: (c) => {
        // Its volume becomes Released.
        if (c.spec?.volumeName) this.volumeQueue.add(c.spec.volumeName);
      },
    });
    this.volumeInformer.addEventHandler({
      onAdd: (v) => this.onVolume(v),
      onUpdate: (_o, v) => this.onVolume(v),
      onDelete: (v) => {
        const ref = v.spec?.claimRef;
        if (ref) this.claimQueue.add(`${ref.namespace}/${ref.name}`);
      },
    });
  }

  private onVolume(v: KObject): void {
    this.volumeQueue.add(v.metadata.name!);
    const ref = v.spec?.claimRef;
    if (ref) this.claimQueue.add(`${ref.namespace}/${ref.name}`);
    // A volume nobody claims yet may fit a waiting claim. The real controller finds it at its
    // next resync (--pvclaimbinder-sync-period, 15 s); here the volume's arrival wakes the claims.
    else for (const c of this.claimInformer.list()) if (!c.spec?.volumeName) this.claimQueue.add(keyOf(c));
  }

  private event(claim: KObject, type: 'Normal' | 'Warning', reason: string, message: string): void {
    this.recorder.event(withKind(claim, 'v1', 'PersistentVolumeClaim'), type, reason, message);
  }

  /** findBestMatchForClaim: the volume pre-bound to the claim, else (not delayed) the smallest Available one that fits. */
  private findVolume(claim: KObject, delayBinding: boolean): KObject | undefined {
    const volumes = this.volumeInformer.list().sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
    const pre = volumes.find((v) => v.spec?.claimRef?.name === claim.metadata.name && v.spec?.claimRef?.namespace === claim.metadata.namespace && (!v.spec.claimRef.uid || v.spec.claimRef.uid === claim.metadata.uid));
    if (pre) return pre;
    if (delayBinding) return undefined;
    const want = storageBytes(claim.spec?.resources?.requests?.storage);
    const modes: string[] = claim.spec?.accessModes ?? [];
    const fits = volumes.filter(
      (v) =>
        !v.spec?.claimRef &&
        classOf(v) === classOf(claim) &&
        storageBytes(v.spec?.capacity?.storage) >= want &&
        modes.every((m) => (v.spec?.accessModes ?? []).includes(m)) &&
        (v.spec?.volumeMode ?? 'Filesystem') === (claim.spec?.volumeMode ?? 'Filesystem'),
    );
    fits.sort((a, b) => (storageBytes(a.spec?.capacity?.storage) < storageBytes(b.spec?.capacity?.storage) ? -1 : 1));
    return fits[0];
  }

  syncClaim(key: string): void {
    const claim = this.claimInformer.get(key);
    if (!claim || claim.metadata.deletionTimestamp) return;
    if (claim.spec?.volumeName) return this.syncBoundClaim(claim);
    const cls = classOf(claim);
    const sc = cls ? this.classInformer.getByName(undefined, cls) : undefined;
    const delayBinding = (sc as any)?.volumeBindingMode === 'WaitForFirstConsumer';
    const volume = this.findVolume(claim, delayBinding);
    if (volume) return this.bind(volume, claim);
    if (delayBinding && !claim.metadata.annotations?.[ANN_SELECTED_NODE]) {
      if (claim.status?.phase !== 'Pending') this.setClaimPhase(claim, 'Pending');
      this.event(claim, 'Normal', 'WaitForFirstConsumer', 'waiting for first consumer to be created before binding');
      return;
    }
    if (!cls) {
      this.event(claim, 'Normal', 'FailedBinding', 'no persistent volumes available for this claim and no storage class is set');
      return;
    }
    if (!sc) {
      this.event(claim, 'Warning', 'ProvisioningFailed', `storageclass.storage.k8s.io "${cls}" not found`);
      return;
    }
    // provisionClaim for an external provisioner: name it on the claim and wait for the volume.
    const provisioner = (sc as any).provisioner as string;
    if (claim.metadata.annotations?.[ANN_STORAGE_PROVISIONER] !== provisioner) {
      const annotations = { ...(claim.metadata.annotations ?? {}), [ANN_BETA_STORAGE_PROVISIONER]: provisioner, [ANN_STORAGE_PROVISIONER]: provisioner };
      this.ctx.client.update('persistentvolumeclaims', claim.metadata.namespace, { ...withKind(claim, 'v1', 'PersistentVolumeClaim'), metadata: { ...claim.metadata, annotations } });
    }
    this.event(
      claim,
      'Normal',
      'ExternalProvisioning',
      `Waiting for a volume to be created either by the external provisioner '${provisioner}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.`,
    );
  }

  /** A claim with a volumeName: bound once its volume says so too; Lost when the volume is gone. */
  private syncBoundClaim(claim: KObject): void {
    const volume = this.volumeInformer.getByName(undefined, claim.spec.volumeName);
    if (!volume) {
      if (claim.status?.phase !== 'Lost') {
        this.setClaimPhase(claim, 'Lost');
        this.event(claim, 'Warning', 'ClaimLost', 'Bound claim has lost its PersistentVolume. Data on the volume is lost!');
      }
      return;
    }
    if (!volume.spec?.claimRef || volume.spec.claimRef.uid === claim.metadata.uid || !volume.spec.claimRef.uid) this.bind(volume, claim);
  }

  private setClaimPhase(claim: KObject, phase: string): void {
    this.ctx.client.updateStatus('persistentvolumeclaims', claim.metadata.namespace, { ...withKind(claim, 'v1', 'PersistentVolumeClaim'), status: { ...(claim.status ?? {}), phase } });
  }

  /** bind: volume first (claimRef, then phase Bound), then the claim (volumeName and annotations, then its status). */
  private bind(volume: KObject, claim: KObject): void {
    const c = this.ctx.client;
    let v = volume;
    const ref = v.spec?.claimRef;
    if (!ref || ref.uid !== claim.metadata.uid) {
      const claimRef = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', name: claim.metadata.name, namespace: claim.metadata.namespace, resourceVersion: claim.metadata.resourceVersion, uid: claim.metadata.uid };
      const annotations = ref ? v.metadata.annotations : { ...(v.metadata.annotations ?? {}), [ANN_BOUND_BY_CONTROLLER]: 'yes' };
      v = c.update('persistentvolumes', undefined, { ...withKind(v, 'v1', 'PersistentVolume'), metadata: { ...v.metadata, annotations }, spec: { ...v.spec, claimRef } });
    }
    if (v.status?.phase !== 'Bound') v = c.updateStatus('persistentvolumes', undefined, { ...withKind(v, 'v1', 'PersistentVolume'), status: { ...(v.status ?? {}), phase: 'Bound' } });
    let cl = claim;
    if (cl.spec?.volumeName !== v.metadata.name || cl.metadata.annotations?.[ANN_BIND_COMPLETED] !== 'yes') {
      const annotations: Record<string, string> = { ...(cl.metadata.annotations ?? {}), [ANN_BIND_COMPLETED]: 'yes' };
      if (cl.spec?.volumeName !== v.metadata.name) annotations[ANN_BOUND_BY_CONTROLLER] = 'yes';
      cl = c.update('persistentvolumeclaims', cl.metadata.namespace, { ...withKind(cl, 'v1', 'PersistentVolumeClaim'), metadata: { ...cl.metadata, annotations }, spec: { ...cl.spec, volumeName: v.metadata.name } });
    }
    if (cl.status?.phase !== 'Bound')
      c.updateStatus('persistentvolumeclaims', cl.metadata.namespace, {
        ...withKind(cl, 'v1', 'PersistentVolumeClaim'),
        status: { ...(cl.status ?? {}), phase: 'Bound', accessModes: v.spec?.accessModes ?? [], capacity: { ...(v.spec?.capacity ?? {}) } },
      });
  }

  /** syncVolume: Available without a claim, Released once its bound claim is gone. */
  syncVolume(name: string): void {
    const v = this.volumeInformer.getByName(undefined, name);
    if (!v || v.metadata.deletionTimestamp) return;
    const ref = v.spec?.claimRef;
    let phase = v.status?.phase;
    if (!ref) phase = 'Available';
    else if (ref.uid) {
      const claim = this.claimInformer.getByName(ref.namespace, ref.name);
      if (!claim || claim.metadata.uid !== ref.uid) phase = v.status?.phase === 'Failed' ? 'Failed' : 'Released';
    }
    if (phase && phase !== v.status?.phase) this.ctx.client.updateStatus('persistentvolumes', undefined, { ...withKind(v, 'v1', 'PersistentVolume'), status: { ...(v.status ?? {}), phase } });
  }
}
