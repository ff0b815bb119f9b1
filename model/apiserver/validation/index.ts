/**
 * The API server's validation step: each kind's Validate (create) or ValidateUpdate, with the
 * field paths and messages of pkg/apis/{core,apps}/validation in v1.32. Returns every error
 * found, so the Status lists them all as the real API server does.
 */
import type { KObject } from '../../api/meta';
import type { FieldError } from '../../api/status';
import { validateWorkloadSpec, validateWorkloadUpdate } from './apps';
import { validateCronJob, validateJob } from './batch';
import { validateConfigMap, validateConfigMapUpdate } from './configmap';
import { nameIsDNS1035Label, nameIsDNSLabel, nameIsDNSSubdomain, type NameFn } from '../../api/validation';
import { validateNamespaceSpec } from './namespace';
import { validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import { validatePodSpec, validatePodUpdate } from './pod';
import { validatePodDisruptionBudgetSpec } from './policy';
import { validateServiceSpec, validateServiceUpdate } from './service';
import { validateStatefulSetSpec, validateStatefulSetUpdate } from './statefulset';
import { validateClaimSpec, validateClaimUpdate, validateStorageClass, validateStorageClassUpdate, validateVolumeSpec, validateVolumeUpdate } from './storage';
import { validateSecret, validateSecretUpdate } from './secret';
import { RBAC_CLUSTER_SCOPED, RBAC_NAME_FNS, validateRbac } from './rbac';

export { namespaceDeletionForbidden } from './namespace';

/** How each kind's names are checked: Services are DNS-1035 labels, Namespaces DNS-1123 labels, the rest subdomains. */
const NAME_FNS: Record<string, NameFn> = { services: nameIsDNS1035Label, namespaces: nameIsDNSLabel, statefulsets: nameIsDNSLabel, ...RBAC_NAME_FNS };
const CLUSTER_SCOPED = new Set(['namespaces', 'nodes', 'persistentvolumes', 'storageclasses', ...RBAC_CLUSTER_SCOPED]);

export function validate(resource: string, obj: KObject, old?: KObject): FieldError[] {
  const errs: FieldError[] = [];
  if (old) validateObjectMetaUpdate(obj.metadata, old.metadata, 'metadata', errs);
  else validateObjectMeta(obj.metadata, !CLUSTER_SCOPED.has(resource), NAME_FNS[resource] ?? nameIsDNSSubdomain, 'metadata', errs);
  switch (resource) {
    case 'jobs':
      validateJob(obj, old, errs);
      break;
    case 'cronjobs':
      validateCronJob(obj, old, errs);
      break;
    case 'pods':
      if (old) {
        // The stored spec carries the defaults a client may leave out of a PUT.
        const spec = { ...(old.spec ?? {}), ...(obj.spec ?? {}) };
        validatePodSpec(spec, 'spec', errs);
        validatePodUpdate(spec, old.spec, errs);
      } else validatePodSpec(obj.spec, 'spec', errs);
      break;
    case 'deployments':
    case 'replicasets':
    case 'daemonsets':
      validateWorkloadSpec(resource, obj.spec, errs);
      // The strategies' ValidateUpdate adds the immutable selector after the spec's errors.
      if (old) validateWorkloadUpdate(obj.spec, old.spec, errs);
      break;
    case 'services':
      if (old) validateServiceUpdate(obj.spec, old.spec, errs);
      validateServiceSpec(obj.spec, errs);
      break;
    case 'namespaces':
      validateNamespaceSpec(obj.spec, errs);
      break;
    case 'statefulsets':
      validateStatefulSetSpec(obj.spec, errs);
      if (old) validateStatefulSetUpdate(obj.spec, old.spec, errs);
      break;
    case 'persistentvolumeclaims':
      validateClaimSpec(obj.spec, 'spec', errs);
      if (old) validateClaimUpdate(obj, old, errs);
      break;
    case 'persistentvolumes':
      validateVolumeSpec(obj.spec, errs);
      if (old) validateVolumeUpdate(obj.spec, old.spec, errs);
      break;
    case 'storageclasses':
      validateStorageClass(obj, errs);
      if (old) validateStorageClassUpdate(obj, old, errs);
      break;
    case 'poddisruptionbudgets':
      validatePodDisruptionBudgetSpec(obj.spec, errs);
      break;
    case 'configmaps':
      if (old) validateConfigMapUpdate(obj, old, errs);
      validateConfigMap(obj, errs);
      break;
    case 'secrets':
      if (old) validateSecretUpdate(obj, old, errs);
      validateSecret(obj, errs);
      break;
    case 'roles':
    case 'clusterroles':
    case 'rolebindings':
    case 'clusterrolebindings':
      validateRbac(resource, obj, old, errs);
      break;
  }
  return errs;
}
