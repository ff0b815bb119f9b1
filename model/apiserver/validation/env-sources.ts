/**
 * Where an environment variable's value comes from (pkg/apis/core/validation
 * validateEnvVarValueFrom): exactly one of fieldRef, resourceFieldRef, configMapKeyRef and
 * secretKeyRef, and none beside a value; a fieldRef to a field the kubelet can expose, a
 * resource it can read, a ConfigMap or Secret by a valid name and key.
 */
import { FieldError } from '../../api/status';
import { isConfigMapKey, isDNS1123Subdomain, isQualifiedName } from '../../api/validation';

/** validEnvDownwardAPIFieldPathExpressions, sorted as sets.List prints them. */
const FIELD_PATHS = ['metadata.name', 'metadata.namespace', 'metadata.uid', 'spec.nodeName', 'spec.serviceAccountName', 'status.hostIP', 'status.hostIPs', 'status.podIP', 'status.podIPs'];
/** validContainerResourceFieldPathExpressions. */
const RESOURCES = ['limits.cpu', 'limits.ephemeral-storage', 'limits.memory', 'requests.cpu', 'requests.ephemeral-storage', 'requests.memory'];

const isObj = (v: unknown): v is Record<string, any> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The labels ConvertDownwardAPIFieldLabel accepts for v1 Pods (spec.host is the old name of spec.nodeName). */
const CONVERTIBLE = new Set([
  'metadata.annotations', 'metadata.labels', 'metadata.name', 'metadata.namespace', 'metadata.uid', 'spec.nodeName', 'spec.restartPolicy',
  'spec.serviceAccountName', 'spec.schedulerName', 'status.phase', 'status.hostIP', 'status.hostIPs', 'status.podIP', 'status.podIPs',
]);

/** ConvertDownwardAPIFieldLabel: the internal field path, or why it cannot be converted. */
function convertFieldLabel(version: string, label: string): { path: string } | { error: string } {
  if (version !== 'v1') return { error: `unsupported pod version: ${version}` };
  const sub = /^(.*)\['(.*)'\]$/.exec(label);
  if (sub) return sub[1] === 'metadata.annotations' || sub[1] === 'metadata.labels' ? { path: label } : { error: `field label does not support subscript: ${label}` };
  if (label === 'spec.host') return { path: 'spec.nodeName' };
  return CONVERTIBLE.has(label) ? { path: label } : { error: `field label not supported: ${label}` };
}

/** validateObjectFieldSelector with the env expressions (labels and annotations by subscript). */
function validateFieldRef(ref: Record<string, any>, path: string, errs: FieldError[]): void {
  const fieldPath = String(ref.fieldPath ?? '');
  if (!ref.apiVersion) {
    errs.push(FieldError.required(`${path}.apiVersion`));
    return;
  }
  if (!fieldPath) {
    errs.push(FieldError.required(`${path}.fieldPath`));
    return;
  }
  const converted = convertFieldLabel(String(ref.apiVersion), fieldPath);
  if ('error' in converted) {
    errs.push(FieldError.invalid(`${path}.fieldPath`, fieldPath, `error converting fieldPath: ${converted.error}`));
    return;
  }
  // SplitMaybeSubscriptedPath; a subscript is validated at the selector's own path (ValidateQualifiedName(…, fldPath)).
  const sub = /^(metadata\.(?:labels|annotations))\['(.*)'\]$/.exec(converted.path);
  if (sub) {
    const key = sub[1] === 'metadata.annotations' ? sub[2].toLowerCase() : sub[2];
    for (const msg of isQualifiedName(key)) errs.push(FieldError.invalid(path, key, msg));
    return;
  }
  if (!FIELD_PATHS.includes(converted.path)) errs.push(FieldError.notSupported(`${path}.fieldPath`, converted.path, FIELD_PATHS));
}

/** validateConfigMapKeySelector / validateSecretKeySelector: a subdomain name, a config key. */
function validateKeySelector(ref: Record<string, any>, path: string, errs: FieldError[]): void {
  const name = String(ref.name ?? '');
  for (const msg of isDNS1123Subdomain(name)) errs.push(FieldError.invalid(`${path}.name`, name, msg));
  const key = String(ref.key ?? '');
  if (!key) errs.push(FieldError.required(`${path}.key`));
  else for (const msg of isConfigMapKey(key)) errs.push(FieldError.invalid(`${path}.key`, key, msg));
}

/** validateEnvVarValueFrom for env[i] at `path` (…env[i]); `value` is the variable's value. */
export function validateEnvValueFrom(ev: any, path: string, errs: FieldError[]): void {
  const from = ev?.valueFrom;
  if (!isObj(from)) return;
  const p = `${path}.valueFrom`;
  let sources = 0;
  if (isObj(from.fieldRef)) {
    sources++;
    validateFieldRef(from.fieldRef, `${p}.fieldRef`, errs);
  }
  if (isObj(from.resourceFieldRef)) {
    sources++;
    const resource = String(from.resourceFieldRef.resource ?? '');
    if (!resource) errs.push(FieldError.required(`${p}.resourceFieldRef.resource`));
    else if (!RESOURCES.includes(resource) && !/^(limits|requests)\.hugepages-/.test(resource))
      errs.push(FieldError.notSupported(`${p}.resourceFieldRef.resource`, resource, RESOURCES));
  }
  if (isObj(from.configMapKeyRef)) {
    sources++;
    validateKeySelector(from.configMapKeyRef, `${p}.configMapKeyRef`, errs);
  }
  if (isObj(from.secretKeyRef)) {
    sources++;
    validateKeySelector(from.secretKeyRef, `${p}.secretKeyRef`, errs);
  }
  if (sources === 0) errs.push(FieldError.invalid(p, '', 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`'));
  else if (typeof ev.value === 'string' && ev.value !== '') errs.push(FieldError.invalid(p, '', 'may not be specified when `value` is not empty'));
  else if (sources > 1) errs.push(FieldError.invalid(p, '', 'may not have more than one field specified at a time'));
}
