/**
 * apps/v1 validation (pkg/apis/apps/validation and the strategies' ValidateUpdate): Deployments,
 * ReplicaSets and DaemonSets — a selector that matches the template's labels, counts that are
 * not negative, rolling-update parameters, and a selector that never changes once created.
 */
import { fromLabelSelector, matchesLabels } from '../../api/selectors';
import { FieldError } from '../../api/status';
import { isValidPercent } from '../../api/validation';
import { IS_NEGATIVE, validateImmutable, validateLabelSelector, validateNonnegative } from './objectmeta';
import { validatePodTemplateSpec } from './pod';
import { intOrStringValue, labelSelectorValue, mapValue } from './govalue';
import { mutant } from '../../sim/mutants';

type Kind = 'deployments' | 'replicasets' | 'daemonsets';
const EMPTY_SELECTOR: Record<Kind, string> = {
  deployments: 'empty selector is invalid for deployment',
  // ValidateReplicaSetSpec reuses the Deployment's words.
  replicasets: 'empty selector is invalid for deployment',
  daemonsets: 'empty selector is invalid for daemonset',
};
const TEMPLATE_OWNER: Record<Kind, string> = { deployments: 'ReplicaSet', replicasets: 'ReplicaSet', daemonsets: 'DaemonSet' };

/** The selector as a model Selector, or undefined when LabelSelectorAsSelector fails. */
function asSelector(sel: unknown): ReturnType<typeof fromLabelSelector> | undefined {
  try {
    return fromLabelSelector(sel as any);
  } catch {
    return undefined;
  }
}

/** The selector checks and the template, as ValidateDeploymentSpec / ValidateReplicaSetSpec / ValidateDaemonSetSpec. */
function validateSelectorAndTemplate(kind: Kind, spec: any, errs: FieldError[]): void {
  const sel = spec.selector;
  const hasSelector = sel !== undefined && sel !== null;
  if (!hasSelector && kind !== 'daemonsets') errs.push(FieldError.required('spec.selector'));
  if (hasSelector) {
    validateLabelSelector(sel, 'spec.selector', errs);
    const n = Object.keys(sel.matchLabels ?? {}).length + (Array.isArray(sel.matchExpressions) ? sel.matchExpressions.length : 0);
    if (n === 0 && kind !== 'daemonsets') errs.push(FieldError.invalid('spec.selector', labelSelectorValue(sel), EMPTY_SELECTOR[kind]));
  }
  const selector = asSelector(sel);
  const labels = spec.template?.metadata?.labels;
  if (kind === 'daemonsets') {
    // A nil selector matches nothing, so it never matches the template.
    // LabelSelectorAsSelector's error is reported by ValidateLabelSelector above; only a selector that parsed is matched.
    if (selector !== undefined && !matchesSelector(selector, labels)) errs.push(FieldError.invalid('spec.template.metadata.labels', mapValue(labels), '`selector` does not match template `labels`'));
    if (hasSelector && Object.keys(sel.matchLabels ?? {}).length + (Array.isArray(sel.matchExpressions) ? sel.matchExpressions.length : 0) === 0)
      errs.push(FieldError.invalid('spec.selector', labelSelectorValue(sel), EMPTY_SELECTOR[kind]));
  } else if (selector === undefined) {
    errs.push(FieldError.invalid('spec.selector', labelSelectorValue(sel), 'invalid label selector'));
    return;
    // Upstream skips an Empty() selector, which matches every set of labels anyway; a nil one matches none.
  } else if (!matchesSelector(selector, labels)) {
    errs.push(FieldError.invalid('spec.template.metadata.labels', mapValue(labels), '`selector` does not match template `labels`'));
  }
  validatePodTemplateSpec(spec.template, 'spec.template', errs);
  const rp = spec.template?.spec?.restartPolicy;
  if (rp !== 'Always') errs.push(FieldError.notSupported('spec.template.spec.restartPolicy', rp ?? '', ['Always']));
  if (spec.template?.spec?.activeDeadlineSeconds !== undefined && spec.template?.spec?.activeDeadlineSeconds !== null)
    errs.push(FieldError.forbidden('spec.template.spec.activeDeadlineSeconds', `activeDeadlineSeconds in ${TEMPLATE_OWNER[kind]} is not Supported`));
}

function matchesSelector(selector: NonNullable<ReturnType<typeof fromLabelSelector>> | null, labels: unknown): boolean {
  if (selector === null) return false;
  return matchesLabels(selector, labels && typeof labels === 'object' ? (labels as Record<string, string>) : undefined);
}

/** strconv.Atoi: a whole decimal number with an optional sign, else 0 (the error ignored). */
const atoi = (s: string): number => (/^[+-]?\d+$/.test(s) ? Number(s) : 0);

/** getIntOrPercentValue: a valid percent's number, else IntValue() (a string that is no percent is Atoi'd). */
function intOrPercentValue(v: unknown): number {
  if (typeof v === 'string') return isValidPercent(v).length === 0 ? atoi(v.slice(0, -1)) : atoi(v);
  return typeof v === 'number' ? v : 0;
}

/** ValidatePositiveIntOrPercent. */
export function validatePositiveIntOrPercent(v: unknown, path: string, errs: FieldError[]): void {
  if (typeof v === 'string') for (const msg of isValidPercent(v)) errs.push(FieldError.invalid(path, intOrStringValue(v), msg));
  else validateNonnegative(v, path, errs);
}

export function notMoreThan100Percent(v: unknown, path: string, errs: FieldError[]): void {
  if (typeof v === 'string' && isValidPercent(v).length === 0 && intOrPercentValue(v) > 100) errs.push(FieldError.invalid(path, intOrStringValue(v), 'must not be greater than 100%'));
}

/** ValidateDeploymentStrategy. */
function validateDeploymentStrategy(strategy: any, errs: FieldError[]): void {
  const type = strategy?.type;
  const p = 'spec.strategy';
  if (type === 'Recreate') {
    if (strategy.rollingUpdate !== undefined && strategy.rollingUpdate !== null) errs.push(FieldError.forbidden(`${p}.rollingUpdate`, "may not be specified when strategy `type` is 'Recreate'"));
  } else if (type === 'RollingUpdate') {
    const ru = strategy.rollingUpdate;
    // Decoded, rollingUpdate is an object or nil.
    if (!ru) {
      errs.push(FieldError.required(`${p}.rollingUpdate`, 'this should be defaulted and never be nil'));
      return;
    }
    validatePositiveIntOrPercent(ru.maxUnavailable, `${p}.rollingUpdate.maxUnavailable`, errs);
    validatePositiveIntOrPercent(ru.maxSurge, `${p}.rollingUpdate.maxSurge`, errs);
    if (intOrPercentValue(ru.maxUnavailable) === 0 && intOrPercentValue(ru.maxSurge) === 0)
      errs.push(FieldError.invalid(`${p}.rollingUpdate.maxUnavailable`, intOrStringValue(ru.maxUnavailable), 'may not be 0 when `maxSurge` is 0'));
    notMoreThan100Percent(ru.maxUnavailable, `${p}.rollingUpdate.maxUnavailable`, errs);
  } else errs.push(FieldError.notSupported(p, strategyValue('DeploymentStrategy', 'RollingUpdateDeployment', strategy), ['Recreate', 'RollingUpdate']));
}

/** ValidateDaemonSetUpdateStrategy. */
function validateDaemonSetUpdateStrategy(strategy: any, errs: FieldError[]): void {
  const p = 'spec.updateStrategy';
  const type = strategy?.type;
  if (type === 'OnDelete') return;
  if (type !== 'RollingUpdate') {
    errs.push(FieldError.notSupported(p, strategyValue('DaemonSetUpdateStrategy', 'RollingUpdateDaemonSet', strategy), ['RollingUpdate', 'OnDelete']));
    return;
  }
  const ru = strategy.rollingUpdate;
  if (!ru) {
    errs.push(FieldError.required(`${p}.rollingUpdate`));
    return;
  }
  validatePositiveIntOrPercent(ru.maxUnavailable, `${p}.rollingUpdate.maxUnavailable`, errs);
  validatePositiveIntOrPercent(ru.maxSurge, `${p}.rollingUpdate.maxSurge`, errs);
  notMoreThan100Percent(ru.maxUnavailable, `${p}.rollingUpdate.maxUnavailable`, errs);
  notMoreThan100Percent(ru.maxSurge, `${p}.rollingUpdate.maxSurge`, errs);
  const hasUnavailable = intOrPercentValue(ru.maxUnavailable) !== 0;
  const hasSurge = intOrPercentValue(ru.maxSurge) !== 0;
  if (hasUnavailable && hasSurge) errs.push(FieldError.invalid(`${p}.rollingUpdate.maxSurge`, intOrStringValue(ru.maxSurge), 'may not be set when maxUnavailable is non-zero'));
  else if (!hasUnavailable && !hasSurge) errs.push(FieldError.required(`${p}.rollingUpdate.maxUnavailable`, 'cannot be 0 when maxSurge is 0'));
}

/** %#v of a strategy struct (apps.DeploymentStrategy or apps.DaemonSetUpdateStrategy), as NotSupported prints it. */
function strategyValue(struct: string, rollingUpdate: string, strategy: any): { toString(): string } {
  return { toString: () => `apps.${struct}{Type:${JSON.stringify(String(strategy?.type ?? ''))}, RollingUpdate:(*apps.${rollingUpdate})(nil)}` };
}

/** The spec of a Deployment, ReplicaSet or DaemonSet. */
export function validateWorkloadSpec(kind: Kind, spec: any, errs: FieldError[]): void {
  const s = spec && typeof spec === 'object' ? spec : {};
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a DaemonSet has no replicas field (the decoder drops it), so checking it too changes nothing
  if (kind !== 'daemonsets' && !mutant('validation-allows-negative-replicas')) validateNonnegative(s.replicas ?? 0, 'spec.replicas', errs);
  if (kind === 'replicasets') validateNonnegative(s.minReadySeconds, 'spec.minReadySeconds', errs);
  validateSelectorAndTemplate(kind, s, errs);
  if (kind === 'deployments') {
    validateDeploymentStrategy(s.strategy, errs);
    validateNonnegative(s.minReadySeconds, 'spec.minReadySeconds', errs);
    validateNonnegative(s.revisionHistoryLimit, 'spec.revisionHistoryLimit', errs);
    if (typeof s.progressDeadlineSeconds === 'number') {
      validateNonnegative(s.progressDeadlineSeconds, 'spec.progressDeadlineSeconds', errs);
      if (s.progressDeadlineSeconds <= (typeof s.minReadySeconds === 'number' ? s.minReadySeconds : 0))
        errs.push(FieldError.invalid('spec.progressDeadlineSeconds', s.progressDeadlineSeconds, 'must be greater than minReadySeconds'));
    }
  }
  if (kind === 'daemonsets') {
    validateNonnegative(s.minReadySeconds, 'spec.minReadySeconds', errs);
    validateNonnegative(s.templateGeneration, 'spec.templateGeneration', errs);
    validateDaemonSetUpdateStrategy(s.updateStrategy, errs);
    validateNonnegative(s.revisionHistoryLimit, 'spec.revisionHistoryLimit', errs);
  }
}

/** The apps/v1 strategies' ValidateUpdate: spec.selector is immutable. */
export function validateWorkloadUpdate(spec: any, old: any, errs: FieldError[]): void {
  validateImmutable(spec?.selector, old?.selector, 'spec.selector', labelSelectorValue(spec?.selector), errs);
}

export { IS_NEGATIVE };
