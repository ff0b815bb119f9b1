/**
 * policy/v1 validation (pkg/apis/policy/validation): ValidatePodDisruptionBudget's spec rules
 * and ValidatePodDisruptionBudgetStatusUpdate's non-negative counters.
 */
import { FieldError } from '../../api/status';
import { notMoreThan100Percent, validatePositiveIntOrPercent } from './apps';
import { validateLabelSelector } from './objectmeta';

/** Go's %#v of the spec: a pointer field prints as its address, which the model cannot know, so a fixed one stands in. */
function specValue(spec: any): { toString(): string } {
  const ptr = (v: unknown, t: string) => (v === undefined || v === null ? `(${t})(nil)` : `(${t})(0xc000000000)`);
  return {
    toString: () =>
      `policy.PodDisruptionBudgetSpec{MinAvailable:${ptr(spec.minAvailable, '*intstr.IntOrString')}, Selector:${ptr(spec.selector, '*v1.LabelSelector')}, MaxUnavailable:${ptr(spec.maxUnavailable, '*intstr.IntOrString')}, UnhealthyPodEvictionPolicy:${ptr(spec.unhealthyPodEvictionPolicy, '*policy.UnhealthyPodEvictionPolicyType')}}`,
  };
}

const EVICTION_POLICIES = ['AlwaysAllow', 'IfHealthyBudget'];

/** ValidatePodDisruptionBudgetSpec: one of minAvailable and maxUnavailable, each a count or a percentage up to 100%. */
export function validatePodDisruptionBudgetSpec(spec: any, errs: FieldError[]): void {
  spec = spec && typeof spec === 'object' ? spec : {};
  const has = (v: unknown) => v !== undefined && v !== null;
  if (has(spec.minAvailable) && has(spec.maxUnavailable)) errs.push(FieldError.invalid('spec', specValue(spec), 'minAvailable and maxUnavailable cannot be both set'));
  for (const f of ['minAvailable', 'maxUnavailable']) {
    if (!has(spec[f])) continue;
    validatePositiveIntOrPercent(spec[f], `spec.${f}`, errs);
    notMoreThan100Percent(spec[f], `spec.${f}`, errs);
  }
  validateLabelSelector(spec.selector, 'spec.selector', errs);
  const p: string | undefined = spec.unhealthyPodEvictionPolicy;
  if (p !== undefined && p !== null && !EVICTION_POLICIES.includes(p)) errs.push(FieldError.notSupported('spec.unhealthyPodEvictionPolicy', String(p), EVICTION_POLICIES));
}
