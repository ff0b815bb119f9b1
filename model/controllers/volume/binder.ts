/**
 * The PersistentVolume controller's binder (pkg/controller/volume/persistentvolume
 * pv_controller.go, "persistentvolume-binder-controller"): claims and volumes are synced level
 * by level. A claim whose binding is not completed (no bind-completed annotation) binds to the
 * volume it names if that one is free and fits, else to the volume whose claimRef names it (a
 * provisioner pre-binds what it made) or, for an Immediate class, to the smallest Available
 * volume of its class that fits; a WaitForFirstConsumer claim waits ("waiting for first consumer
 * to be created before binding") until the scheduler names a node, then asks its class's
 * external provisioner. Binding writes both sides: the volume's claimRef and phase Bound, the
 * claim's volumeName with the bind-completed and bound-by-controller annotations, its phase
 * Bound, capacity and access modes. A bound claim whose volume is gone, or another claim's, is
 * Lost; a volume whose claim is gone is Released, one whose claim went to another volume is
 * unbound (Released, when it was provisioned with reclaim policy Delete). The controller's
 * periodic resync of every claim is left out: a volume's or a class's arrival syncs them instead.
 */
import { keyOf, type KObject } from '../../api/meta';
import type { ComponentContext } from '../../component';
import type { EventRecorder } from '../../client/events';
import type { Informer } from '../../client/informer';
import { WorkQueue } from '../../client/workqueue';
import { withKind } from '../util/objects';
import { checkVolumeSatisfyClaim, classOf, findBestMatchForClaim, hasAnnotation, isVolumeBoundToClaim, storageQuantity, volumeModeMismatch } from './volume-index';

export const ANN_BIND_COMPLETED = 'pv.kubernetes.io/bind-completed';
export const ANN_BOUND_BY_CONTROLLER = 'pv.kubernetes.io/bound-by-controller';
export const ANN_SELECTED_NODE = 'volume.kubernetes.io/selected-node';
export const ANN_STORAGE_PROVISIONER = 'volume.kubernetes.io/storage-provisioner';
export const ANN_BETA_STORAGE_PROVISIONER = 'volume.beta.kubernetes.io/storage-provisioner';
export const ANN_PROVISIONED_BY = 'pv.kubernetes.io/provisioned-by';

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
    // Stryker disable next-line StringLiteral: a queue's name only labels its tasks in the simulation (diagnostics)
    this.claimQueue = new WorkQueue(ctx.proc, 'claims', (key) => this.syncClaim(key), { synced });
    // Stryker disable next-line StringLiteral: a queue's name only labels its tasks in the simulation (diagnostics)
    this.volumeQueue = new WorkQueue(ctx.proc, 'volumes', (key) => this.syncVolume(key), { synced });
    this.claimInformer.addEventHandler({
      onAdd: (c) => this.claimQueue.add(keyOf(c)),
      onUpdate: (_o, c) => this.claimQueue.add(keyOf(c)),
      onDelete: (c) => {
        // Its volume becomes Released.
        // Stryker disable next-line ConditionalExpression: a claim without a volume would queue an empty name, whose sync finds no volume and does nothing
        if (c.spec.volumeName) this.volumeQueue.add(c.spec.volumeName);
      },
    });
    // A claim synced before its class reached the cache could not be provisioned: the real
    // controller tries again at its next resync of every claim (--pvclaimbinder-sync-period, 15 s);
    // here the class's arrival syncs them all.
    this.classInformer.addEventHandler({ onAdd: () => this.syncAllClaims() });
    this.volumeInformer.addEventHandler({
      onAdd: (v) => this.onVolume(v),
      onUpdate: (_o, v) => this.onVolume(v),
      onDelete: (v) => {
        const ref = v.spec.claimRef;
        if (ref) this.claimQueue.add(`${ref.namespace}/${ref.name}`);
      },
    });
  }

  private onVolume(v: KObject): void {
    this.volumeQueue.add(v.metadata.name!);
    const ref = v.spec.claimRef;
    // Stryker disable next-line ConditionalExpression: (false) syncing every claim syncs the one the volume names too
    if (ref) this.claimQueue.add(`${ref.namespace}/${ref.name}`);
    // A volume nobody claims may fit a waiting claim, or be the one a claim names: the real
    // controller finds it at its next resync of every claim; here the volume's change syncs them all.
    else this.syncAllClaims();
  }

  /** Every claim queued, as the controller's periodic resync does (--pvclaimbinder-sync-period, 15 s). */
  private syncAllClaims(): void {
    for (const c of this.claimInformer.list()) this.claimQueue.add(keyOf(c));
  }

  private event(obj: KObject, type: 'Normal' | 'Warning', reason: string, message: string, kind = 'PersistentVolumeClaim'): void {
    this.recorder.event(withKind(obj, 'v1', kind), type, reason, message);
  }

  /** syncClaim: the bind-completed annotation, not volumeName, tells a claim whose binding is done. */
  syncClaim(key: string): void {
    const claim = this.claimInformer.get(key);
    if (!claim || claim.metadata.deletionTimestamp) return;
    if (!hasAnnotation(claim, ANN_BIND_COMPLETED)) this.syncUnboundClaim(claim);
    else this.syncBoundClaim(claim);
  }

  private syncUnboundClaim(claim: KObject): void {
    if (claim.spec.volumeName) return this.syncClaimNamingVolume(claim);
    const cls = classOf(claim);
    const sc = cls ? this.classInformer.getByName(undefined, cls) : undefined;
    const delayBinding = (sc as any)?.volumeBindingMode === 'WaitForFirstConsumer';
    const volume = findBestMatchForClaim(this.volumeInformer.list(), claim, delayBinding);
    if (volume) return this.bind(volume, claim);
    if (delayBinding && !hasAnnotation(claim, ANN_SELECTED_NODE)) {
      this.event(claim, 'Normal', 'WaitForFirstConsumer', 'waiting for first consumer to be created before binding');
    } else if (cls) {
      // provisionClaim: it returns before the claim is marked Pending.
      return this.provisionClaim(claim, cls, sc);
    } else {
      this.event(claim, 'Normal', 'FailedBinding', 'no persistent volumes available for this claim and no storage class is set');
    }
    this.updateClaimStatus(claim, 'Pending');
  }

  /** provisionClaim for an external provisioner: name it on the claim and wait for the volume. */
  private provisionClaim(claim: KObject, cls: string, sc: KObject | undefined): void {
    if (!sc) {
      this.event(claim, 'Warning', 'ProvisioningFailed', `storageclass.storage.k8s.io "${cls}" not found`);
      return;
    }
    const provisioner = (sc as any).provisioner as string;
    if (claim.metadata.annotations?.[ANN_STORAGE_PROVISIONER] !== provisioner) {
      const annotations = { ...claim.metadata.annotations, [ANN_BETA_STORAGE_PROVISIONER]: provisioner, [ANN_STORAGE_PROVISIONER]: provisioner };
      this.ctx.client.update('persistentvolumeclaims', claim.metadata.namespace, { ...claim, metadata: { ...claim.metadata, annotations } });
    }
    this.event(
      claim,
      'Normal',
      'ExternalProvisioning',
      `Waiting for a volume to be created either by the external provisioner '${provisioner}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.`,
    );
  }

  /** An unbound claim that names its volume: bound to it if the volume is free and fits, or already its own. */
  private syncClaimNamingVolume(claim: KObject): void {
    const volume = this.volumeInformer.getByName(undefined, claim.spec.volumeName);
    if (!volume) {
      this.updateClaimStatus(claim, 'Pending');
      return;
    }
    if (!volume.spec.claimRef) {
      const mismatch = checkVolumeSatisfyClaim(volume, claim);
      if (!mismatch) return this.bind(volume, claim);
      this.event(claim, 'Warning', 'VolumeMismatch', `Cannot bind to requested volume "${volume.metadata.name}": ${mismatch}`);
      this.updateClaimStatus(claim, 'Pending');
      return;
    }
    if (isVolumeBoundToClaim(volume, claim)) return this.bind(volume, claim);
    this.event(claim, 'Warning', 'FailedBinding', `volume "${volume.metadata.name}" already bound to a different claim.`);
    // A claim the controller bound to a volume that is someone else's is an error upstream (logged, not retried); the user's is retried as Pending.
    if (!hasAnnotation(claim, ANN_BOUND_BY_CONTROLLER)) this.updateClaimStatus(claim, 'Pending');
  }

  /** A claim whose binding completed: bound once its volume says so too; Lost when the volume is gone or another claim's. */
  private syncBoundClaim(claim: KObject): void {
    if (!claim.spec.volumeName) {
      this.updateClaimStatusWithEvent(claim, 'Lost', 'ClaimLost', 'Bound claim has lost reference to PersistentVolume. Data on the volume is lost!');
      return;
    }
    const volume = this.volumeInformer.getByName(undefined, claim.spec.volumeName);
    if (!volume) {
      this.updateClaimStatusWithEvent(claim, 'Lost', 'ClaimLost', 'Bound claim has lost its PersistentVolume. Data on the volume is lost!');
      return;
    }
    if (!volume.spec.claimRef || volume.spec.claimRef.uid === claim.metadata.uid) return this.bind(volume, claim);
    this.updateClaimStatusWithEvent(claim, 'Lost', 'ClaimMisbound', 'Two claims are bound to the same volume, this one is bound incorrectly');
  }

  /**
   * updateClaimStatus: the phase; a bound claim's access modes are its volume's, and its capacity
   * the volume's when it becomes Bound; a claim without a volume has neither.
   */
  private updateClaimStatus(claim: KObject, phase: string, volume?: KObject): KObject {
    const status: any = { ...claim.status };
    // Stryker disable next-line BooleanLiteral: the dirty flag only spares a write of the status the claim has, which changes nothing
    let dirty = false;
    // Stryker disable next-line ConditionalExpression: setting the phase the claim has only makes that no-op write
    if (claim.status.phase !== phase) {
      status.phase = phase;
      dirty = true;
    }
    if (!volume) {
      for (const field of ['accessModes', 'capacity'])
        // Stryker disable next-line ConditionalExpression: deleting a field the status lacks only makes that no-op write
        if (status[field] !== undefined) {
          delete status[field];
          dirty = true;
        }
    } else {
      // Stryker disable next-line ConditionalExpression: setting the access modes the claim has only makes that no-op write
      if (JSON.stringify(claim.status.accessModes) !== JSON.stringify(volume.spec.accessModes)) {
        status.accessModes = volume.spec.accessModes;
        dirty = true;
      }
      // Only when the claim becomes Bound, and unless it has the volume's capacity (a missing one is
      // zero, which no volume has): a bound claim's capacity may differ on purpose (a resize).
      if (claim.status.phase !== phase && storageQuantity(volume.spec.capacity.storage).cmp(storageQuantity(claim.status.capacity?.storage)) !== 0) {
        status.capacity = { ...volume.spec.capacity };
        dirty = true;
      }
    }
    // Stryker disable next-line ConditionalExpression: the dirty flag only spares a write of the status the claim has, which changes nothing
    if (!dirty) return claim;
    return this.ctx.client.updateStatus('persistentvolumeclaims', claim.metadata.namespace, { ...claim, status });
  }

  /** updateClaimStatusWithEvent: the event only when the phase changes. */
  private updateClaimStatusWithEvent(claim: KObject, phase: string, reason: string, message: string): void {
    if (claim.status.phase === phase) return;
    this.event(this.updateClaimStatus(claim, phase), 'Warning', reason, message);
  }

  /** updateVolumePhase: the phase, and the message with it (none clears it). */
  private updateVolumePhase(volume: KObject, phase: string): KObject {
    if (volume.status.phase === phase) return volume;
    const status: any = { ...volume.status, phase };
    delete status.message;
    return this.ctx.client.updateStatus('persistentvolumes', undefined, { ...volume, status });
  }

  /** bind: volume first (claimRef, then phase Bound), then the claim (volumeName and annotations, then its status). */
  private bind(volume: KObject, claim: KObject): void {
    const v = this.updateVolumePhase(this.bindVolumeToClaim(volume, claim), 'Bound');
    this.updateClaimStatus(this.bindClaimToVolume(claim, v), 'Bound', v);
  }

  /** GetBindVolumeToClaim: the claimRef names the claim and its uid; bound-by-controller when the volume did not name the claim already. */
  private bindVolumeToClaim(volume: KObject, claim: KObject): KObject {
    const ref = volume.spec.claimRef;
    let spec = volume.spec;
    let annotations = volume.metadata.annotations;
    // Stryker disable next-line BooleanLiteral: the dirty flag only spares a write of what is stored, which changes nothing
    let dirty = false;
    if (!ref || ref.name !== claim.metadata.name || ref.namespace !== claim.metadata.namespace || ref.uid !== claim.metadata.uid) {
      const claimRef = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', name: claim.metadata.name, namespace: claim.metadata.namespace, resourceVersion: claim.metadata.resourceVersion, uid: claim.metadata.uid };
      spec = { ...spec, claimRef };
      dirty = true;
    }
    if (!isVolumeBoundToClaim(volume, claim) && !hasAnnotation(volume, ANN_BOUND_BY_CONTROLLER)) {
      annotations = { ...annotations, [ANN_BOUND_BY_CONTROLLER]: 'yes' };
      dirty = true;
    }
    // Stryker disable next-line ConditionalExpression: the dirty flag only spares a write of what is stored, which changes nothing
    if (!dirty) return volume;
    return this.ctx.client.update('persistentvolumes', undefined, { ...volume, metadata: { ...volume.metadata, annotations }, spec });
  }

  /** bindClaimToVolume: volumeName (with bound-by-controller when the controller chose it) and bind-completed. */
  private bindClaimToVolume(claim: KObject, volume: KObject): KObject {
    const annotations: Record<string, string> = { ...(claim.metadata.annotations ?? {}) };
    let spec = claim.spec;
    // Stryker disable next-line BooleanLiteral: the dirty flag only spares a write of what is stored, which changes nothing
    let dirty = false;
    if (claim.spec.volumeName !== volume.metadata.name) {
      spec = { ...spec, volumeName: volume.metadata.name };
      annotations[ANN_BOUND_BY_CONTROLLER] ??= 'yes';
      // Stryker disable next-line BooleanLiteral: a claim whose volumeName changes here has no bind-completed yet (a bound claim is synced with the volume it names), so the next branch writes it anyway
      dirty = true;
    }
    if (!hasAnnotation(claim, ANN_BIND_COMPLETED)) {
      annotations[ANN_BIND_COMPLETED] = 'yes';
      dirty = true;
    }
    // Stryker disable next-line ConditionalExpression: the dirty flag only spares a write of what is stored, which changes nothing
    if (!dirty) return claim;
    return this.ctx.client.update('persistentvolumeclaims', claim.metadata.namespace, { ...claim, metadata: { ...claim.metadata, annotations }, spec });
  }

  /**
   * syncVolume: Available without a claim or only pre-bound to one; Released once its bound claim
   * is gone; Bound when the claim names it; rolled back when the claim went to another volume.
   */
  syncVolume(name: string): void {
    const v = this.volumeInformer.getByName(undefined, name);
    if (!v || v.metadata.deletionTimestamp) return;
    const ref = v.spec.claimRef;
    // Pre-bound (no uid yet): the claim's sync binds it.
    if (!ref || !ref.uid) {
      this.updateVolumePhase(v, 'Available');
      return;
    }
    const phase = v.status.phase;
    let claim = this.claimInformer.getByName(ref.namespace, ref.name);
    // A claim missing from the cache, or another claim of that name there, may only be late: ask the API server before releasing the volume.
    if ((!claim && phase !== 'Released' && phase !== 'Failed') || (claim && claim.metadata.uid !== ref.uid)) claim = this.ctx.client.tryGet('persistentvolumeclaims', ref.namespace, ref.name);
    if (claim && claim.metadata.uid !== ref.uid) claim = undefined;
    if (!claim) {
      // A Failed one stays Failed (updateVolumePhase leaves a Released one alone).
      if (phase !== 'Failed') this.updateVolumePhase(v, 'Released');
      return;
    }
    if (!claim.spec.volumeName) {
      if (volumeModeMismatch(claim, v)) {
        this.event(v, 'Warning', 'VolumeMismatch', `Cannot bind PersistentVolume to requested PersistentVolumeClaim "${claim.metadata.name}" due to incompatible volumeMode.`, 'PersistentVolume');
        this.event(claim, 'Warning', 'VolumeMismatch', `Cannot bind PersistentVolume "${name}" to requested PersistentVolumeClaim due to incompatible volumeMode.`);
        return;
      }
      // Not bound yet (or unbound by someone): the claim's sync completes it.
      this.claimQueue.add(keyOf(claim));
      return;
    }
    if (claim.spec.volumeName === name) {
      this.updateVolumePhase(v, 'Bound');
      return;
    }
    // The claim is bound to another volume.
    if (hasAnnotation(v, ANN_PROVISIONED_BY) && v.spec.persistentVolumeReclaimPolicy === 'Delete') {
      // Provisioned for this claim and not needed: Released, for its deleter (a Failed one stays Failed).
      if (phase !== 'Failed') this.updateVolumePhase(v, 'Released');
      return;
    }
    this.unbindVolume(v);
  }

  /** unbindVolume: the controller's binding is undone; a user's pre-binding keeps the claim's name and loses its uid. */
  private unbindVolume(v: KObject): void {
    let annotations = v.metadata.annotations;
    const spec = { ...v.spec };
    if (hasAnnotation(v, ANN_BOUND_BY_CONTROLLER)) {
      delete spec.claimRef;
      annotations = { ...annotations };
      delete annotations[ANN_BOUND_BY_CONTROLLER];
      // No annotations rather than an empty map.
      if (Object.keys(annotations).length === 0) annotations = undefined;
    } else {
      // An empty uid, which the API leaves out.
      spec.claimRef = { ...spec.claimRef };
      delete spec.claimRef.uid;
    }
    const updated = this.ctx.client.update('persistentvolumes', undefined, { ...v, metadata: { ...v.metadata, annotations }, spec });
    this.updateVolumePhase(updated, 'Available');
  }
}
