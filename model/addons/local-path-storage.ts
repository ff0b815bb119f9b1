/**
 * kind's storage add-on: the default StorageClass `standard` (provisioner rancher.io/local-path,
 * reclaimPolicy Delete, volumeBindingMode WaitForFirstConsumer) and the local-path provisioner
 * that serves it (model/controllers/volume/local-path-provisioner.ts). The provisioner runs as
 * its own process beside the control plane, with its own credentials, and makes the volumes'
 * directories on the chosen node as kind's helper Pod does.
 */
import { StatusError } from '../api/status';
import type { ApiServer } from '../apiserver/server';
import { ApiClient } from '../client/client';
import { makeContext } from '../component';
import { LocalPathProvisioner } from '../controllers/volume/local-path-provisioner';
import type { NodeFiles } from '../node/files';
import type { Simulation } from '../sim/simulation';
import { Process } from '../sim/process';

const TOKEN = 'local-path-provisioner-token';
const ADMIN_TOKEN = 'kind-storage-admin-token';

export function standardStorageClass(): any {
  return {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { name: 'standard', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
    provisioner: 'rancher.io/local-path',
    reclaimPolicy: 'Delete',
    volumeBindingMode: 'WaitForFirstConsumer',
  };
}

/** Creates the StorageClass (unless it exists) and starts the provisioner. */
export function installLocalPathStorage(sim: Simulation, server: ApiServer, controlPlane: string, filesOf: (node: string) => NodeFiles | undefined): void {
  server.issueToken(TOKEN, { user: 'system:serviceaccount:local-path-storage:local-path-provisioner-service-account', groups: ['system:serviceaccounts', 'system:authenticated'] });
  // kind applies its storage manifest with the cluster's admin credentials.
  server.issueToken(ADMIN_TOKEN, { user: 'kubernetes-admin', groups: ['kubeadm:cluster-admins', 'system:authenticated'] });
  const client = new ApiClient(server, ADMIN_TOKEN, 'kubectl/v1.32.2 (linux/amd64) kubernetes/67a30c0');
  try {
    client.create('storageclasses', undefined, standardStorageClass());
  } catch (e) {
    if (!(e instanceof StatusError && e.reason === 'AlreadyExists')) throw e;
  }
  // A process of its own (pid 0: not one of a node's processes), so a crash of anything else leaves it running.
  const proc = new Process(sim, 0, controlPlane, 'local-path-provisioner', 'local-path-provisioner start');
  const ctx = makeContext(sim, proc, server, TOKEN);
  new LocalPathProvisioner(ctx, (node, path, create) => {
    const files = filesOf(node);
    if (!files) return;
    if (create) files.mkdirAll(path);
    else files.removeAll(path);
  });
  ctx.informers.start();
}
