/**
 * ValidatePodUpdate (pkg/apis/core/validation, v1.32): after the new spec's own validation, a Pod
 * update may change only its images (never how many containers), lower or set
 * activeDeadlineSeconds, add tolerations (or change their tolerationSeconds), remove scheduling
 * gates, and set terminationGracePeriodSeconds to 1 if it was negative; a Pod that still has
 * scheduling gates may also gain nodeSelector entries. Everything else must equal the stored spec
 * once those fields are copied over from it.
 */
import { FieldError } from '../../api/status';
import { inclusiveRangeError } from '../../api/validation';
import { validateTolerations } from './scheduling';
import { isSet, semanticallyEqual } from './semantic';
import { mapValue } from './govalue';

const MAX_INT32 = 2147483647;
const list = (v: unknown): any[] => (Array.isArray(v) ? v : []);

/** The fields ValidatePodUpdate lets change (InPlacePodVerticalScaling is off in 1.32). */
export const POD_UPDATABLE_FIELDS =
  '`spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';

/** ValidateContainerUpdates: the same number of containers; stop (true) when it changed. */
function validateContainerUpdates(next: unknown, old: unknown, path: string, errs: FieldError[]): boolean {
  if (list(next).length !== list(old).length) {
    errs.push(FieldError.forbidden(path, 'pod updates may not add or remove containers'));
    return true;
  }
  list(next).forEach((c: any, i) => {
    const image = typeof c?.image === 'string' ? c.image : '';
    if (image.length === 0) errs.push(FieldError.required(`${path}[${i}].image`));
    if (image.trim().length !== image.length) errs.push(FieldError.invalid(`${path}[${i}].image`, image, 'must not have leading or trailing whitespace'));
  });
  return false;
}

/** validateOnlyAddedTolerations: every old toleration is still there, tolerationSeconds aside. */
function validateOnlyAddedTolerations(next: unknown, old: unknown, errs: FieldError[]): void {
  for (const o of list(old)) {
    if (!list(next).some((n) => semanticallyEqual({ ...o, tolerationSeconds: n?.tolerationSeconds }, n))) {
      errs.push(FieldError.forbidden('spec.tolerations', 'existing toleration can not be modified except its tolerationSeconds'));
      return;
    }
  }
  validateTolerations(next, 'spec.tolerations', errs);
}

/** validateOnlyDeletedSchedulingGates: no gate that the old spec did not have. */
function validateOnlyDeletedSchedulingGates(next: unknown, old: unknown, errs: FieldError[]): void {
  const oldNames = new Set(list(old).map((g) => g?.name));
  // Upstream collects the new gates in a map (the last index of each name wins) and ranges over it.
  const added = new Map<string, number>();
  list(next).forEach((g, i) => added.set(g?.name, i));
  for (const [name, i] of [...added].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    if (!oldNames.has(name)) errs.push(FieldError.forbidden(`spec.schedulingGates[${i}].name`, `only deletion is allowed, but found new scheduling gate '${name}'`));
}

/** validateNodeSelectorMutation: every stored entry is still there with its value (one error at most). */
function validateNodeSelectorMutation(next: unknown, old: unknown, errs: FieldError[]): void {
  const n = next && typeof next === 'object' ? (next as Record<string, unknown>) : {};
  for (const [k, v] of Object.entries(old && typeof old === 'object' ? old : {})) {
    if (!Object.prototype.hasOwnProperty.call(n, k) || n[k] !== v) {
      errs.push(FieldError.invalid('spec.nodeSelector', mapValue(next), 'only additions to spec.nodeSelector are allowed (no mutations or deletions)'));
      return;
    }
  }
}

/**
 * The update rules, given the new spec (already validated as a spec) and the stored one.
 * Upstream appends a cmp.Diff of the two specs to the last message, whose layout cmp randomises
 * on purpose; the model prints the sentence alone.
 */
export function validatePodUpdate(spec: any, old: any, errs: FieldError[]): void {
  const n = spec && typeof spec === 'object' ? spec : {};
  const o = old && typeof old === 'object' ? old : {};
  if (validateContainerUpdates(n.containers, o.containers, 'spec.containers', errs)) return;
  if (validateContainerUpdates(n.initContainers, o.initContainers, 'spec.initContainers', errs)) return;
  // Two updates of activeDeadlineSeconds: from nil to a value, or to a lesser one.
  const ads = n.activeDeadlineSeconds;
  if (isSet(ads)) {
    if (ads < 0 || ads > MAX_INT32) {
      errs.push(FieldError.invalid('spec.activeDeadlineSeconds', ads, inclusiveRangeError(0, MAX_INT32)));
      return;
    }
    if (isSet(o.activeDeadlineSeconds) && o.activeDeadlineSeconds < ads) {
      errs.push(FieldError.invalid('spec.activeDeadlineSeconds', ads, 'must be less than or equal to previous value'));
      return;
    }
  } else if (isSet(o.activeDeadlineSeconds)) errs.push(FieldError.invalid('spec.activeDeadlineSeconds', null, 'must not update from a positive integer to nil value'));
  validateOnlyAddedTolerations(n.tolerations, o.tolerations, errs);
  validateOnlyDeletedSchedulingGates(n.schedulingGates, o.schedulingGates, errs);
  const munged = {
    ...n,
    containers: withImagesOf(n.containers, o.containers),
    initContainers: withImagesOf(n.initContainers, o.initContainers),
    activeDeadlineSeconds: o.activeDeadlineSeconds,
    schedulingGates: o.schedulingGates,
    tolerations: o.tolerations,
  };
  // The API server fills nodeName through pods/binding: an update that leaves it out keeps it.
  if (munged.nodeName === undefined) munged.nodeName = o.nodeName;
  if (typeof o.terminationGracePeriodSeconds === 'number' && o.terminationGracePeriodSeconds < 0 && munged.terminationGracePeriodSeconds === 1)
    munged.terminationGracePeriodSeconds = o.terminationGracePeriodSeconds;
  // A gated Pod (the stored spec has scheduling gates) may gain nodeSelector entries. (Upstream also
  // lets a gated Pod's required node affinity terms gain requirements; the model does not yet.)
  if (list(o.schedulingGates).length > 0 && !semanticallyEqual(munged.nodeSelector, o.nodeSelector)) {
    validateNodeSelectorMutation(munged.nodeSelector, o.nodeSelector, errs);
    munged.nodeSelector = o.nodeSelector;
  }
  if (!semanticallyEqual(munged, o)) errs.push(FieldError.forbidden('spec', `pod updates may not change fields other than ${POD_UPDATABLE_FIELDS}`));
}

/** Each container with the stored one's image (the counts are equal here). */
function withImagesOf(next: unknown, old: unknown): unknown {
  if (!Array.isArray(next) || !Array.isArray(old)) return next;
  return next.map((c, i) => (c && typeof c === 'object' ? { ...c, image: old[i]?.image } : c));
}
