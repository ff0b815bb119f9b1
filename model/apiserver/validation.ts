import type { KObject } from '../api/meta';
import { isDNS1123Label, isDNS1123Subdomain } from '../api/names';
import { fromLabelSelector, matchesLabels, SelectorParseError } from '../api/selectors';
import { FieldError } from '../api/status';
import { validateService } from './service-strategy';

/**
 * Validation with the field paths and messages of pkg/apis/{core,apps}/validation. Returns every error
 * found, so the Status lists them all as the real API server does.
 */
export function validate(resource: string, obj: KObject, old?: KObject): FieldError[] {
  const errs: FieldError[] = [];
  validateMeta(resource, obj, errs);
  switch (resource) {
    case 'pods':
      validatePodSpec(obj.spec, 'spec', errs);
      if (old) validatePodUpdate(obj, old, errs);
      break;
    case 'deployments':
    case 'replicasets':
    case 'daemonsets':
      validateWorkload(resource, obj, errs);
      break;
    case 'services':
      validateService(obj, errs);
      break;
    case 'nodes':
      break;
  }
  return errs;
}

function validateMeta(resource: string, obj: KObject, errs: FieldError[]): void {
  const name = obj.metadata?.name;
  if (!name) {
    errs.push(FieldError.required('metadata.name', 'name or generateName is required'));
    return;
  }
  // Pods, Deployments and most kinds accept DNS-1123 subdomains; Namespaces and Services want labels.
  const check = resource === 'namespaces' || resource === 'services' ? isDNS1123Label : isDNS1123Subdomain;
  for (const msg of check(name)) errs.push(FieldError.invalid('metadata.name', name, msg));
  for (const [k, v] of Object.entries(obj.metadata.labels ?? {})) {
    if (typeof v !== 'string') errs.push(FieldError.invalid(`metadata.labels`, v, 'label values must be strings'));
    else if (v.length > 63) errs.push(FieldError.invalid(`metadata.labels`, v, 'must be no more than 63 characters'));
    if (!/^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/.test(k))
      errs.push(FieldError.invalid('metadata.labels', k, "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"));
  }
}

export function validatePodSpec(spec: any, path: string, errs: FieldError[]): void {
  if (!spec || typeof spec !== 'object') {
    errs.push(FieldError.required(`${path}.containers`));
    return;
  }
  const containers = spec.containers;
  if (!Array.isArray(containers) || containers.length === 0) {
    errs.push(FieldError.required(`${path}.containers`));
    return;
  }
  const seen = new Set<string>();
  containers.forEach((c: any, i: number) => {
    const p = `${path}.containers[${i}]`;
    if (!c || typeof c !== 'object') {
      errs.push(FieldError.required(`${p}.name`));
      return;
    }
    if (!c.name) errs.push(FieldError.required(`${p}.name`));
    else {
      for (const m of isDNS1123Label(String(c.name))) errs.push(FieldError.invalid(`${p}.name`, c.name, m));
      if (seen.has(c.name)) errs.push(FieldError.duplicate(`${p}.name`, c.name));
      seen.add(c.name);
    }
    if (!c.image || typeof c.image !== 'string' || !c.image.trim()) errs.push(FieldError.required(`${p}.image`));
    if (c.imagePullPolicy && !['Always', 'IfNotPresent', 'Never'].includes(c.imagePullPolicy))
      errs.push(FieldError.notSupported(`${p}.imagePullPolicy`, c.imagePullPolicy, ['Always', 'IfNotPresent', 'Never']));
    (Array.isArray(c.ports) ? c.ports : []).forEach((port: any, j: number) => {
      const cp = port?.containerPort;
      if (typeof cp !== 'number' || cp < 1 || cp > 65535)
        errs.push(FieldError.invalid(`${p}.ports[${j}].containerPort`, cp ?? 0, 'must be between 1 and 65535, inclusive'));
    });
  });
  if (spec.restartPolicy && !['Always', 'OnFailure', 'Never'].includes(spec.restartPolicy))
    errs.push(FieldError.notSupported(`${path}.restartPolicy`, spec.restartPolicy, ['Always', 'OnFailure', 'Never']));
}

function validatePodUpdate(obj: KObject, old: KObject, errs: FieldError[]): void {
  const o = old.spec ?? {};
  const n = obj.spec ?? {};
  if (o.nodeName && n.nodeName !== o.nodeName) errs.push(FieldError.forbidden('spec.nodeName', 'pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)'));
}

function validateWorkload(resource: string, obj: KObject, errs: FieldError[]): void {
  const spec = obj.spec;
  if (!spec || typeof spec !== 'object') {
    errs.push(FieldError.required('spec.selector'));
    return;
  }
  if (spec.replicas !== undefined && (typeof spec.replicas !== 'number' || !Number.isInteger(spec.replicas)))
    errs.push(FieldError.invalid('spec.replicas', spec.replicas, 'must be an integer'));
  else if (typeof spec.replicas === 'number' && spec.replicas < 0)
    errs.push(FieldError.invalid('spec.replicas', spec.replicas, 'must be greater than or equal to 0'));
  let selectorOk = false;
  if (!spec.selector) errs.push(FieldError.required('spec.selector'));
  else {
    try {
      const sel = fromLabelSelector(spec.selector);
      if (sel && sel.length === 0) errs.push(FieldError.invalid('spec.selector', selectorText(spec.selector), 'empty selector is invalid for deployment'));
      else selectorOk = true;
      const labels = spec.template?.metadata?.labels;
      if (selectorOk && sel && !matchesLabels(sel, labels))
        errs.push(FieldError.invalid('spec.template.metadata.labels', goMap(labels), '`selector` does not match template `labels`'));
    } catch (e) {
      if (!(e instanceof SelectorParseError)) throw e;
      errs.push(FieldError.invalid('spec.selector', selectorText(spec.selector), e.message));
    }
  }
  if (!spec.template || typeof spec.template !== 'object') {
    errs.push(FieldError.required('spec.template'));
    return;
  }
  validatePodSpec(spec.template.spec, 'spec.template.spec', errs);
  const rp = spec.template.spec?.restartPolicy;
  if (rp && rp !== 'Always') errs.push(FieldError.notSupported('spec.template.spec.restartPolicy', rp, ['Always']));
  if (resource === 'deployments' && spec.strategy?.type && !['RollingUpdate', 'Recreate'].includes(spec.strategy.type))
    errs.push(FieldError.notSupported('spec.strategy.type', spec.strategy.type, ['Recreate', 'RollingUpdate']));
}

/** Go's %v of a map[string]string, as the validation messages print it. */
function goMap(labels: Record<string, string> | undefined): { toString(): string } {
  return { toString: () => `map[string]string${labels ? `{${Object.keys(labels).sort().map((k) => `"${k}":"${labels[k]}"`).join(', ')}}` : '(nil)'}` };
}

function selectorText(sel: unknown): { toString(): string } {
  return { toString: () => JSON.stringify(sel) };
}
