/**
 * A persistentVolumeClaim volume as the kubelet sets it up (volumemanager's
 * desired_state_of_world_populator getPVCExtractPV, then the PV's plugin): the claim must be
 * Bound, and its volume is mounted from the PV's source, here a hostPath on the node (what
 * kind's local-path provisioner makes). A claim that is missing or not yet bound fails the
 * mount, which the kubelet retries.
 */
import type { KObject } from '../../api/meta';
import { EnvError } from './env';

export function claimVolumePath(pod: KObject, claimName: string, get: (resource: 'persistentvolumeclaims' | 'persistentvolumes', name: string) => KObject | undefined): string {
  const key = `${pod.metadata.namespace}/${claimName}`;
  const claim = get('persistentvolumeclaims', claimName);
  if (!claim) throw new EnvError(`error processing PVC ${key}: failed to fetch PVC from API server: persistentvolumeclaims "${claimName}" not found`);
  if (claim.status?.phase !== 'Bound' || !claim.spec?.volumeName)
    throw new EnvError(`error processing PVC ${key}: PVC is not bound`);
  const pv = get('persistentvolumes', claim.spec.volumeName);
  if (!pv) throw new EnvError(`error processing PVC ${key}: failed to fetch PV ${claim.spec.volumeName} from API server: persistentvolumes "${claim.spec.volumeName}" not found`);
  const path = pv.spec?.hostPath?.path ?? pv.spec?.local?.path;
  if (typeof path !== 'string') throw new EnvError(`error processing PVC ${key}: volume ${pv.metadata.name} has no source this node can mount`);
  return path;
}
