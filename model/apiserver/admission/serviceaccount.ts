import { errors } from '../../api/status';
import type { AdmissionAttributes, AdmissionLookup } from './attributes';

export const DEFAULT_SERVICE_ACCOUNT = 'default';
/** ServiceAccountVolumeName and DefaultAPITokenMountPath. */
const VOLUME_PREFIX = 'kube-api-access-';
export const TOKEN_MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';
const MIRROR_ANNOTATION = 'kubernetes.io/config.mirror';

/**
 * TokenVolumeSource: the projected volume every Pod gets (the kubelet's 3607 s bound token, the
 * root CA of kube-root-ca.crt and the namespace), mode 0644 set explicitly.
 */
export function tokenVolumeSource(): object {
  return {
    defaultMode: 420,
    sources: [
      { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
      { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
      { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
    ],
  };
}

/**
 * The ServiceAccount admission plugin (plugin/pkg/admission/serviceaccount), on Pod creates: the
 * ServiceAccount "default" when none is named (refused when the named one does not exist),
 * spec.serviceAccount kept equal, and unless automounting is turned off (by the Pod, else by the
 * ServiceAccount) the projected volume kube-api-access-<5 chars> mounted read-only at
 * /var/run/secrets/kubernetes.io/serviceaccount in every container that has nothing there; the
 * ServiceAccount's imagePullSecrets when the Pod has none. Mirror Pods are left alone.
 */
export function admitServiceAccount(a: AdmissionAttributes, lookup: AdmissionLookup): void {
  if (a.operation !== 'CREATE' || a.resource.group !== '' || a.resource.resource !== 'pods' || a.subresource) return;
  const pod = a.object;
  if (!pod || typeof pod !== 'object') return;
  if (MIRROR_ANNOTATION in (pod.metadata?.annotations ?? {})) return;
  pod.spec = pod.spec ?? {};
  if (!pod.spec.serviceAccountName) pod.spec.serviceAccountName = pod.spec.serviceAccount || DEFAULT_SERVICE_ACCOUNT;
  const name: string = pod.spec.serviceAccountName;
  const sa = lookup.get('serviceaccounts', a.namespace, name);
  if (!sa) throw errors.forbiddenBecause(a.resource, a.name, `error looking up service account ${a.namespace}/${name}: serviceaccount "${name}" not found`);
  // The deprecated alias follows the name (the Pod strategy's dropDisabledFields/defaulting).
  pod.spec.serviceAccount = name;
  if (shouldAutomount(sa, pod)) mountToken(pod, lookup);
  if (!Array.isArray(pod.spec.imagePullSecrets) || pod.spec.imagePullSecrets.length === 0) {
    const secrets = (sa.imagePullSecrets ?? []).map((s: any) => ({ name: s.name }));
    if (secrets.length) pod.spec.imagePullSecrets = secrets;
  }
}

function shouldAutomount(sa: any, pod: any): boolean {
  if (typeof pod.spec.automountServiceAccountToken === 'boolean') return pod.spec.automountServiceAccountToken;
  if (typeof sa.automountServiceAccountToken === 'boolean') return sa.automountServiceAccountToken;
  return true;
}

function mountToken(pod: any, lookup: AdmissionLookup): void {
  const volumes: any[] = Array.isArray(pod.spec.volumes) ? pod.spec.volumes : [];
  const existing = volumes.find((v) => typeof v?.name === 'string' && v.name.startsWith(VOLUME_PREFIX));
  const volumeName: string = existing?.name ?? VOLUME_PREFIX + lookup.nameSuffix();
  let needed = false;
  for (const list of [pod.spec.initContainers, pod.spec.containers]) {
    for (const c of Array.isArray(list) ? list : []) {
      const mounts: any[] = Array.isArray(c.volumeMounts) ? c.volumeMounts : [];
      // Something already mounted at the path keeps the token out of that container.
      if (mounts.some((m) => m?.mountPath === TOKEN_MOUNT_PATH)) continue;
      c.volumeMounts = [...mounts, { name: volumeName, readOnly: true, mountPath: TOKEN_MOUNT_PATH }];
      needed = true;
    }
  }
  if (!existing && needed) pod.spec.volumes = [...volumes, { name: volumeName, projected: tokenVolumeSource() }];
}
