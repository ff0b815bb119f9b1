/**
 * apps/v1 StatefulSet validation (pkg/apis/apps/validation ValidateStatefulSetSpec and
 * ValidateStatefulSetUpdate, v1.32): the pod management policy, the update strategy, the claim
 * retention policy, counts that are not negative, a non-empty selector that matches the
 * template's labels, restartPolicy Always; on update only replicas, ordinals, template,
 * updateStrategy, persistentVolumeClaimRetentionPolicy and minReadySeconds may change. Note
 * that upstream does not validate a StatefulSet's Pod template spec beyond its labels and
 * annotations (the volumes of claim templates would fail it), so neither does this.
 */
import { fromLabelSelector, matchesLabels } from '../../api/selectors';
import { FieldError } from '../../api/status';
import { labelSelectorValue, mapValue, plain } from './govalue';
import { validateAnnotations, validateLabels, validateLabelSelector, validateNonnegative } from './objectmeta';
import { canonical } from './semantic';

const q = (s: unknown) => JSON.stringify(String(s ?? ''));

/** %#v of apps.StatefulSetUpdateStrategy. */
function updateStrategyValue(us: any) {
  const ru = us?.rollingUpdate && typeof us.rollingUpdate === 'object' ? '(*apps.RollingUpdateStatefulSetStrategy)(0xc000000000)' : '(*apps.RollingUpdateStatefulSetStrategy)(nil)';
  return plain(`apps.StatefulSetUpdateStrategy{Type:${q(us?.type)}, RollingUpdate:${ru}}`);
}

/** %#v of *apps.RollingUpdateStatefulSetStrategy (a pointer: Invalid prints what it points to). */
function rollingUpdateValue(ru: any) {
  const part = typeof ru?.partition === 'number' ? '(*int32)(0xc000000000)' : '(*int32)(nil)';
  return plain(`apps.RollingUpdateStatefulSetStrategy{Partition:${part}, MaxUnavailable:(*intstr.IntOrString)(nil)}`);
}

function validateRetentionPolicyType(v: unknown, path: string, errs: FieldError[]): void {
  if (v !== 'Retain' && v !== 'Delete') errs.push(FieldError.notSupported(path, v ?? '', ['Retain', 'Delete']));
}

export function validateStatefulSetSpec(spec: any, errs: FieldError[]): void {
  const s = spec && typeof spec === 'object' ? spec : {};
  const pmp = s.podManagementPolicy ?? '';
  if (pmp === '') errs.push(FieldError.required('spec.podManagementPolicy'));
  else if (pmp !== 'OrderedReady' && pmp !== 'Parallel') errs.push(FieldError.invalid('spec.podManagementPolicy', pmp, "must be 'OrderedReady' or 'Parallel'"));

  const us = s.updateStrategy ?? {};
  const type = us.type ?? '';
  if (type === '') errs.push(FieldError.required('spec.updateStrategy'));
  else if (type === 'OnDelete') {
    if (us.rollingUpdate !== undefined && us.rollingUpdate !== null)
      errs.push(FieldError.invalid('spec.updateStrategy.rollingUpdate', rollingUpdateValue(us.rollingUpdate), "only allowed for updateStrategy 'RollingUpdate'"));
  } else if (type === 'RollingUpdate') {
    if (us.rollingUpdate && typeof us.rollingUpdate === 'object' && typeof us.rollingUpdate.partition === 'number')
      validateNonnegative(us.rollingUpdate.partition, 'spec.updateStrategy.rollingUpdate.partition', errs);
  } else errs.push(FieldError.invalid('spec.updateStrategy', updateStrategyValue(us), "must be 'RollingUpdate' or 'OnDelete'"));

  const policy = s.persistentVolumeClaimRetentionPolicy;
  if (policy && typeof policy === 'object') {
    validateRetentionPolicyType(policy.whenDeleted, 'spec.persistentVolumeClaimRetentionPolicy.whenDeleted', errs);
    validateRetentionPolicyType(policy.whenScaled, 'spec.persistentVolumeClaimRetentionPolicy.whenScaled', errs);
  }

  validateNonnegative(s.replicas ?? 0, 'spec.replicas', errs);
  validateNonnegative(s.minReadySeconds ?? 0, 'spec.minReadySeconds', errs);
  if (s.ordinals && typeof s.ordinals === 'object') validateNonnegative(s.ordinals.start ?? 0, 'spec.ordinals.start', errs);

  const sel = s.selector;
  if (sel === undefined || sel === null) errs.push(FieldError.required('spec.selector'));
  else {
    validateLabelSelector(sel, 'spec.selector', errs);
    const n = Object.keys(sel?.matchLabels ?? {}).length + (Array.isArray(sel?.matchExpressions) ? sel.matchExpressions.length : 0);
    if (n === 0) errs.push(FieldError.invalid('spec.selector', labelSelectorValue(sel), 'empty selector is invalid for statefulset'));
  }
  let selector: ReturnType<typeof fromLabelSelector> | undefined;
  try {
    selector = fromLabelSelector(sel);
  } catch {
    selector = undefined;
  }
  if (selector === undefined) errs.push(FieldError.invalid('spec.selector', labelSelectorValue(sel), ''));
  else {
    // ValidatePodTemplateSpecForStatefulSet: a nil selector is "nothing", not empty, and matches no labels.
    const labels = s.template?.metadata?.labels;
    const empty = selector !== null && selector.length === 0;
    if (!empty && (selector === null || !matchesLabels(selector, labels && typeof labels === 'object' ? labels : undefined)))
      errs.push(FieldError.invalid('spec.template.metadata.labels', mapValue(labels), '`selector` does not match template `labels`'));
    validateLabels(labels, 'spec.template.labels', errs);
    validateAnnotations(s.template?.metadata?.annotations, 'spec.template.annotations', errs);
  }
  const rp = s.template?.spec?.restartPolicy ?? '';
  if (rp !== 'Always') errs.push(FieldError.notSupported('spec.template.spec.restartPolicy', rp, ['Always']));
  if (s.template?.spec?.activeDeadlineSeconds !== undefined && s.template?.spec?.activeDeadlineSeconds !== null)
    errs.push(FieldError.forbidden('spec.template.spec.activeDeadlineSeconds', 'activeDeadlineSeconds in StatefulSet is not Supported'));
}

const UPDATABLE = ['replicas', 'ordinals', 'template', 'updateStrategy', 'minReadySeconds', 'persistentVolumeClaimRetentionPolicy'];

/** ValidateStatefulSetUpdate's spec rule: everything but the updatable fields stays as it was. */
export function validateStatefulSetUpdate(spec: any, old: any, errs: FieldError[]): void {
  const strip = (x: any) => {
    const o = { ...(x && typeof x === 'object' ? x : {}) };
    for (const k of UPDATABLE) delete o[k];
    return canonical(o);
  };
  if (strip(spec) !== strip(old))
    errs.push(
      FieldError.forbidden(
        'spec',
        "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
      ),
    );
}
