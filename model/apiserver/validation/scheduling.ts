/**
 * The scheduling fields of a PodSpec (pkg/apis/core/validation): tolerations, node affinity's
 * selector terms and preferred weights, and nodeSelector.
 */
import { FieldError } from '../../api/status';
import { isDNS1123Subdomain, isValidLabelValue } from '../../api/validation';
import { validateLabelName, validateLabels } from './objectmeta';
import { tolerationValue } from './govalue';

const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const str = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** ValidateTolerations. */
export function validateTolerations(tolerations: unknown, path: string, errs: FieldError[]): void {
  if (!Array.isArray(tolerations)) return;
  tolerations.forEach((t: any, i) => {
    const p = `${path}[${i}]`;
    const key = str(t?.key);
    const op = str(t?.operator);
    const value = str(t?.value);
    const effect = str(t?.effect);
    if (key) validateLabelName(key, `${p}.key`, errs);
    if (!key && op !== 'Exists') errs.push(FieldError.invalid(`${p}.operator`, op, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    if (typeof t?.tolerationSeconds === 'number' && effect !== 'NoExecute') errs.push(FieldError.invalid(`${p}.effect`, effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    if (op === 'Equal' || op === '') {
      const msgs = isValidLabelValue(value);
      if (msgs.length) errs.push(FieldError.invalid(`${p}.operator`, value, msgs.join(';')));
    } else if (op === 'Exists') {
      if (value) errs.push(FieldError.invalid(`${p}.operator`, tolerationValue(t), "value must be empty when `operator` is 'Exists'"));
    } else errs.push(FieldError.notSupported(`${p}.operator`, op, ['Equal', 'Exists']));
    if (effect && !TAINT_EFFECTS.includes(effect)) errs.push(FieldError.notSupported(`${p}.effect`, effect, TAINT_EFFECTS));
  });
}

/** ValidateNodeSelectorRequirement: operators and how many values each takes. */
function validateNodeSelectorRequirement(rq: any, path: string, errs: FieldError[]): void {
  const values: unknown[] = Array.isArray(rq?.values) ? rq.values : [];
  const op = str(rq?.operator);
  if (op === 'In' || op === 'NotIn') {
    if (values.length === 0) errs.push(FieldError.required(`${path}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
  } else if (op === 'Exists' || op === 'DoesNotExist') {
    if (values.length > 0) errs.push(FieldError.forbidden(`${path}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
  } else if (op === 'Gt' || op === 'Lt') {
    if (values.length !== 1) errs.push(FieldError.required(`${path}.values`, "must be specified single value when `operator` is 'Lt' or 'Gt'"));
  } else errs.push(FieldError.invalid(`${path}.operator`, op, 'not a valid selector operator'));
  validateLabelName(str(rq?.key), `${path}.key`, errs);
}

/** ValidateNodeFieldSelectorRequirement: only metadata.name, with In or NotIn and one value. */
function validateNodeFieldSelectorRequirement(rq: any, path: string, errs: FieldError[]): void {
  const values: unknown[] = Array.isArray(rq?.values) ? rq.values : [];
  const op = str(rq?.operator);
  if (op === 'In' || op === 'NotIn') {
    if (values.length !== 1) errs.push(FieldError.required(`${path}.values`, "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
  } else errs.push(FieldError.invalid(`${path}.operator`, op, 'not a valid selector operator'));
  // nodeFieldSelectorValidators: metadata.name is the only key, each value a node name.
  if (str(rq?.key) !== 'metadata.name') errs.push(FieldError.invalid(`${path}.key`, str(rq?.key), 'not a valid field selector key'));
  else values.forEach((v, i) => {
    for (const msg of isDNS1123Subdomain(str(v))) errs.push(FieldError.invalid(`${path}.values[${i}]`, str(v), msg));
  });
}

function validateNodeSelectorTerm(term: any, path: string, errs: FieldError[]): void {
  (Array.isArray(term?.matchExpressions) ? term.matchExpressions : []).forEach((rq: unknown, i: number) => validateNodeSelectorRequirement(rq, `${path}.matchExpressions[${i}]`, errs));
  (Array.isArray(term?.matchFields) ? term.matchFields : []).forEach((rq: unknown, i: number) => validateNodeFieldSelectorRequirement(rq, `${path}.matchFields[${i}]`, errs));
}

/** validateAffinity, node affinity part: at least one required term, weights 1-100. */
export function validateAffinity(affinity: any, path: string, errs: FieldError[]): void {
  const na = affinity?.nodeAffinity;
  if (!na || typeof na !== 'object') return;
  const np = `${path}.nodeAffinity`;
  const required = na.requiredDuringSchedulingIgnoredDuringExecution;
  if (required && typeof required === 'object') {
    const rp = `${np}.requiredDuringSchedulingIgnoredDuringExecution`;
    const terms: unknown[] = Array.isArray(required.nodeSelectorTerms) ? required.nodeSelectorTerms : [];
    if (terms.length === 0) errs.push(FieldError.required(`${rp}.nodeSelectorTerms`, 'must have at least one node selector term'));
    terms.forEach((t, i) => validateNodeSelectorTerm(t, `${rp}.nodeSelectorTerms[${i}]`, errs));
  }
  const preferred: unknown[] = Array.isArray(na.preferredDuringSchedulingIgnoredDuringExecution) ? na.preferredDuringSchedulingIgnoredDuringExecution : [];
  preferred.forEach((p: any, i) => {
    const pp = `${np}.preferredDuringSchedulingIgnoredDuringExecution[${i}]`;
    if (typeof p?.weight !== 'number' || p.weight <= 0 || p.weight > 100) errs.push(FieldError.invalid(`${pp}.weight`, p?.weight ?? 0, 'must be in the range 1-100'));
    validateNodeSelectorTerm(p?.preference, `${pp}.preference`, errs);
  });
}

export function validateNodeSelector(nodeSelector: unknown, path: string, errs: FieldError[]): void {
  validateLabels(nodeSelector, path, errs);
}
