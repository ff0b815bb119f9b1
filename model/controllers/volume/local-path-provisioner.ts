/**
 * kind's local-path provisioner (rancher/local-path-provisioner with the
 * sigs.k8s.io/sig-storage-lib-external-provisioner controller), as behaviour: for a claim the
 * binder handed to `rancher.io/local-path` and the scheduler gave a node
 * (volume.kubernetes.io/selected-node), it creates a hostPath PersistentVolume `pvc-<claim uid>`
 * at /var/local-path-provisioner/pvc-<uid>_<namespace>_<claim> on that node, pinned there by a
 * node affinity and pre-bound to the claim (the binder completes the binding); a Released
 * volume of its class with reclaim policy Delete is deleted with its directory. In kind it runs
 * as the Deployment local-path-storage/local-path-provisioner; here it runs beside the control
 * plane without a Pod, so the cluster's Pod listings stay those of the seed's kubeadm cluster.
 */
import { keyOf, type KObject } from '../../api/meta';
import type { ComponentContext } from '../../component';
import type { EventRecorder } from '../../client/events';
import type { Informer } from '../../client/informer';
import { WorkQueue } from '../../client/workqueue';
import { reasonOf, withKind } from '../util/objects';
import { ANN_PROVISIONED_BY, ANN_SELECTED_NODE, ANN_STORAGE_PROVISIONER } from './binder';
import { classOf } from './volume-index';

export const LOCAL_PATH_PROVISIONER = 'rancher.io/local-path';
/** The provisioner's identity on its events (kind shows the Pod's name and a UUID after it). */
export const PROVISIONER_IDENTITY = 'rancher.io/local-path_local-path-provisioner';
export const BASE_PATH = '/var/local-path-provisioner';
const NODE_ANNOTATION = 'local.path.provisioner/selected-node';
/** sig-storage-lib-external-provisioner's DefaultCreateProvisionedPVRetryCount. */
const CREATE_TRIES = 5;

export class LocalPathProvisioner {
  readonly claimInformer: Informer;
  readonly volumeInformer: Informer;
  readonly classInformer: Informer;
  readonly queue: WorkQueue;
  private readonly recorder: EventRecorder;

  constructor(
    private readonly ctx: ComponentContext,
    /** Makes (true) or removes (false) the volume's directory on a node. */
    private readonly directory: (node: string, path: string, create: boolean) => void,
  ) {
    this.claimInformer = ctx.informers.get('persistentvolumeclaims');
    this.volumeInformer = ctx.informers.get('persistentvolumes');
    this.classInformer = ctx.informers.get('storageclasses');
    this.recorder = ctx.recorder(PROVISIONER_IDENTITY);
    const synced = () => this.claimInformer.hasSynced() && this.volumeInformer.hasSynced() && this.classInformer.hasSynced();
    this.queue = new WorkQueue(
      ctx.proc,
      // Stryker disable next-line StringLiteral: a queue's name only labels its tasks in the simulation (diagnostics)
      'local-path',
      (key) => (key.startsWith('pv/') ? this.syncVolume(key.slice(3)) : this.syncClaim(key)),
      { synced },
    );
    this.claimInformer.addEventHandler({ onAdd: (c) => this.queue.add(keyOf(c)), onUpdate: (_o, c) => this.queue.add(keyOf(c)) });
    this.volumeInformer.addEventHandler({ onAdd: (v) => this.queue.add(`pv/${v.metadata.name}`), onUpdate: (_o, v) => this.queue.add(`pv/${v.metadata.name}`) });
  }

  private classFor(o: KObject): any {
    const name = classOf(o);
    return name ? this.classInformer.getByName(undefined, name) : undefined;
  }

  /** shouldProvision + provisionClaimOperation. */
  syncClaim(key: string): void {
    const claim = this.claimInformer.get(key);
    if (!claim || claim.metadata.deletionTimestamp || claim.spec.volumeName) return;
    if (claim.metadata.annotations?.[ANN_STORAGE_PROVISIONER] !== LOCAL_PATH_PROVISIONER) return;
    const sc = this.classFor(claim);
    if (!sc || sc.provisioner !== LOCAL_PATH_PROVISIONER) return;
    const node = claim.metadata.annotations[ANN_SELECTED_NODE];
    if (sc.volumeBindingMode === 'WaitForFirstConsumer' && !node) return;
    const name = `pvc-${claim.metadata.uid}`;
    if (this.volumeInformer.getByName(undefined, name)) return;
    const ref = withKind(claim, 'v1', 'PersistentVolumeClaim');
    this.recorder.event(ref, 'Normal', 'Provisioning', `External provisioner is provisioning volume for claim "${claim.metadata.namespace}/${claim.metadata.name}"`);
    // provisionFor: a node-local volume serves one node's Pods only (upstream's controller retries with
    // back-off and repeats the event; here it is sent once, until the claim changes).
    if (claim.spec.accessModes.some((m: string) => m !== 'ReadWriteOnce' && m !== 'ReadWriteOncePod')) {
      this.recorder.event(ref, 'Warning', 'ProvisioningFailed', `failed to provision volume with StorageClass "${sc.metadata.name}": NodePath only supports ReadWriteOnce and ReadWriteOncePod (1.22+) access modes`);
      return;
    }
    if (!node) {
      this.recorder.event(ref, 'Warning', 'ProvisioningFailed', 'failed to provision volume with StorageClass "' + sc.metadata.name + '": configuration error, no node was specified');
      return;
    }
    const path = `${BASE_PATH}/${name}_${claim.metadata.namespace}_${claim.metadata.name}`;
    const pv: KObject = {
      metadata: { name, annotations: { [NODE_ANNOTATION]: node, [ANN_PROVISIONED_BY]: LOCAL_PATH_PROVISIONER } },
      spec: {
        accessModes: [...claim.spec.accessModes],
        capacity: { storage: claim.spec.resources.requests.storage },
        claimRef: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', name: claim.metadata.name, namespace: claim.metadata.namespace, resourceVersion: claim.metadata.resourceVersion, uid: claim.metadata.uid },
        hostPath: { path, type: 'DirectoryOrCreate' },
        nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [node] }] }] } },
        persistentVolumeReclaimPolicy: sc.reclaimPolicy,
        storageClassName: sc.metadata.name,
        volumeMode: 'Filesystem',
      },
    };
    this.directory(node, path, true);
    // backoffStore.StoreVolume: CREATE_TRIES tries (10 s apart upstream, at once here); a volume
    // already there counts as saved. When every try fails the directory goes again, and the claim
    // is provisioned anew.
    for (let tries = 1; ; tries++) {
      try {
        this.ctx.client.create('persistentvolumes', undefined, pv);
        break;
      } catch (e) {
        if (reasonOf(e) === 'AlreadyExists') break;
        if (tries < CREATE_TRIES) continue;
        this.recorder.event(ref, 'Warning', 'ProvisioningFailed', `Error creating provisioned PV object for claim ${claim.metadata.namespace}/${claim.metadata.name}: ${(e as Error).message}. Deleting the volume.`);
        this.directory(node, path, false);
        throw e;
      }
    }
    this.recorder.event(ref, 'Normal', 'ProvisioningSucceeded', `Successfully provisioned volume ${name}`);
  }

  /** shouldDelete + deleteVolumeOperation: a Released volume it made, with reclaim policy Delete. */
  syncVolume(name: string): void {
    const v = this.volumeInformer.getByName(undefined, name);
    if (!v || v.metadata.deletionTimestamp) return;
    if (v.metadata.annotations?.[ANN_PROVISIONED_BY] !== LOCAL_PATH_PROVISIONER) return;
    if (v.status.phase !== 'Released' || v.spec.persistentVolumeReclaimPolicy !== 'Delete') return;
    const node = v.metadata.annotations[NODE_ANNOTATION];
    if (node && v.spec.hostPath?.path) this.directory(node, v.spec.hostPath.path, false);
    // A failed delete (NotFound too) fails the operation, which is tried again, directory and all.
    this.ctx.client.delete('persistentvolumes', undefined, name);
  }
}
