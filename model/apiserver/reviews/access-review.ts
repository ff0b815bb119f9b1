import { errors, FieldError } from '../../api/status';
import { resourceByName } from '../../api/registry';
import type { Authorization, Authorizer } from '../authorization/attributes';
import type { Identity } from '../request';
import { validateLabelName } from '../validation/objectmeta';
import { isValidLabelValue } from '../../api/validation';
import { resourceAttributesFrom, nonResourceAttributesFrom, type ReviewAttributes } from './attributes-from';

type Kind = 'SubjectAccessReview' | 'SelfSubjectAccessReview' | 'LocalSubjectAccessReview';

/**
 * authorization.k8s.io/v1 access reviews (pkg/registry/authorization/*subjectaccessreview):
 * "may this user do this?", answered by the API server's own authorizer chain, nothing stored.
 * SubjectAccessReview names the user (user, groups, uid, extra); SelfSubjectAccessReview asks
 * for the caller (`kubectl auth can-i`); LocalSubjectAccessReview is a SubjectAccessReview
 * confined to the namespace of its URL.
 */
export function accessReview(kind: Kind, body: any, caller: Identity, authorizer: Authorizer, urlNamespace: string | undefined): unknown {
  const spec = body?.spec ?? {};
  const metadata = { ...(body?.metadata ?? {}) };
  if (kind === 'LocalSubjectAccessReview') {
    // The create handler's namespace check and defaulting, before the REST storage sees it.
    if (metadata.namespace && urlNamespace && metadata.namespace !== urlNamespace)
      throw errors.badRequest('the namespace of the provided object does not match the namespace sent on the request');
    if (urlNamespace) metadata.namespace = urlNamespace;
  }
  const errs = validate(kind, spec, metadata);
  if (errs.length) throw errors.invalid(resourceByName(RESOURCE[kind])!, '', errs);
  if (kind === 'LocalSubjectAccessReview' && !urlNamespace) throw errors.badRequest('namespace is required on this type: ');
  const attrs = kind === 'SelfSubjectAccessReview' ? attributesOf(caller, spec) : authorizationAttributesFrom(spec);
  // An authorizer may fail to evaluate (a webhook's error); the model's own never do.
  const d: Authorization & { error?: string } = authorizer.authorize(attrs);
  const status: Record<string, unknown> = { allowed: d.decision === 'allow' };
  if (d.decision === 'deny') status.denied = true;
  if (d.reason) status.reason = d.reason;
  const evaluationError = buildEvaluationError(d.error, attrs);
  if (evaluationError) status.evaluationError = evaluationError;
  return { kind, apiVersion: 'authorization.k8s.io/v1', metadata: { ...metadata, creationTimestamp: null }, spec: goOrder(spec), status };
}

const RESOURCE: Record<Kind, string> = {
  SubjectAccessReview: 'subjectaccessreviews',
  SelfSubjectAccessReview: 'selfsubjectaccessreviews',
  LocalSubjectAccessReview: 'localsubjectaccessreviews',
};

/** authorizationutil.AuthorizationAttributesFrom: the spec's user, groups, uid and extra, asking what the spec asks. */
export function authorizationAttributesFrom(spec: any): ReviewAttributes {
  const user: Identity = { user: spec?.user ?? '', groups: [...(spec?.groups ?? [])] };
  if (spec?.uid) user.uid = spec.uid;
  if (spec?.extra) user.extra = spec.extra;
  return attributesOf(user, spec);
}

const attributesOf = (user: Identity, spec: any): ReviewAttributes =>
  spec?.resourceAttributes ? resourceAttributesFrom(user, spec.resourceAttributes) : nonResourceAttributesFrom(user, spec?.nonResourceAttributes ?? {});

/** BuildEvaluationError: the authorizer's error, then a word for each selector that did not parse (wholly or partly). */
export function buildEvaluationError(err: string | undefined, attrs: ReviewAttributes): string {
  const out: string[] = [];
  if (err) out.push(err);
  for (const [what, reqs, parseErr] of [
    ['fieldSelector', attrs.fieldSelectorRequirements, attrs.fieldSelectorParsingErr],
    ['labelSelector', attrs.labelSelectorRequirements, attrs.labelSelectorParsingErr],
  ] as const)
    if (parseErr !== undefined) out.push(`spec.resourceAttributes.${what} ${reqs?.length ? 'partially ' : ''}ignored due to parse error`);
  return out.join('; ');
}

/** ValidateSubjectAccessReview and its Self and Local variants (pkg/apis/authorization/validation). */
function validate(kind: Kind, spec: any, metadata: any): FieldError[] {
  const errs: FieldError[] = [];
  const ra = spec.resourceAttributes;
  const nra = spec.nonResourceAttributes;
  if (ra && nra) errs.push(FieldError.invalid('spec.nonResourceAttributes', nra, 'cannot be specified in combination with resourceAttributes'));
  if (!ra && !nra) errs.push(FieldError.invalid('spec.resourceAttributes', null, 'exactly one of nonResourceAttributes or resourceAttributes must be specified'));
  if (kind !== 'SelfSubjectAccessReview' && !spec.user && !(spec.groups ?? []).length)
    errs.push(FieldError.invalid('spec.user', spec.user ?? '', 'at least one of user or group must be specified'));
  if (ra) {
    validateSelector(ra.fieldSelector, 'spec.resourceAttributes.fieldSelector', validateFieldSelectorRequirement, errs);
    validateSelector(ra.labelSelector, 'spec.resourceAttributes.labelSelector', validateLabelSelectorRequirement, errs);
  }
  // metadata must be empty (a Local review's namespace aside), creationTimestamp: null being empty.
  const meta = { ...(metadata ?? {}) };
  delete meta.creationTimestamp;
  delete meta.managedFields;
  if (kind === 'LocalSubjectAccessReview') {
    delete meta.namespace;
    if (Object.keys(meta).length) errs.push(FieldError.invalid('metadata', meta, 'must be empty except for namespace'));
    if (ra && (ra.namespace ?? '') !== (metadata?.namespace ?? '')) errs.push(FieldError.invalid('spec.resourceAttributes.namespace', ra.namespace ?? '', 'must match metadata.namespace'));
    if (nra) errs.push(FieldError.invalid('spec.nonResourceAttributes', nra, 'disallowed on this kind of request'));
  } else if (Object.keys(meta).length) errs.push(FieldError.invalid('metadata', meta, 'must be empty'));
  return errs;
}

/** validateFieldSelectorAttributes and validateLabelSelectorAttributes: a raw selector or requirements, one of them. */
function validateSelector(sel: any, path: string, requirement: (r: any, path: string, errs: FieldError[]) => void, errs: FieldError[]): void {
  if (sel === undefined || sel === null) return;
  const raw: string = sel.rawSelector ?? '';
  const reqs: unknown[] = Array.isArray(sel.requirements) ? sel.requirements : [];
  if (raw && reqs.length) errs.push(FieldError.invalid(`${path}.rawSelector`, raw, 'may not specified at the same time as requirements'));
  if (!raw && !reqs.length) errs.push(FieldError.required(`${path}.requirements`, `when ${path} is specified, requirements or rawSelector is required`));
  reqs.forEach((r, i) => requirement(r ?? {}, `${path}.requirements[${i}]`, errs));
}

/** The operator's values: some for In and NotIn, none for Exists and DoesNotExist; an unknown operator is let through (a newer client's). */
function validateOperatorValues(r: any, path: string, errs: FieldError[]): void {
  const values: unknown[] = Array.isArray(r.values) ? r.values : [];
  if ((r.operator === 'In' || r.operator === 'NotIn') && values.length === 0) errs.push(FieldError.required(`${path}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
  if ((r.operator === 'Exists' || r.operator === 'DoesNotExist') && values.length > 0)
    errs.push(FieldError.forbidden(`${path}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
}

/** ValidateFieldSelectorRequirement with AllowUnknownOperatorInRequirement. */
function validateFieldSelectorRequirement(r: any, path: string, errs: FieldError[]): void {
  if (!r.key) errs.push(FieldError.required(`${path}.key`, 'must be specified'));
  validateOperatorValues(r, path, errs);
}

/** ValidateLabelSelectorRequirement with AllowUnknownOperatorInRequirement: also a qualified key and label values. */
function validateLabelSelectorRequirement(r: any, path: string, errs: FieldError[]): void {
  validateOperatorValues(r, path, errs);
  validateLabelName(r.key ?? '', `${path}.key`, errs);
  (Array.isArray(r.values) ? r.values : []).forEach((v: string, i: number) => {
    for (const msg of isValidLabelValue(v)) errs.push(FieldError.invalid(`${path}.values[${i}]`, v, msg));
  });
}

/** A struct as encoding/json writes it: its fields in declaration order, the empty ones (omitempty) left out. */
function pick(o: any, fields: Record<string, ((v: any) => unknown) | null>): Record<string, unknown> | undefined {
  if (!o || typeof o !== 'object') return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(fields)) {
    const v = f ? f(o[k]) : o[k];
    if (v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)) out[k] = v;
  }
  return out;
}

/** A selector's attributes (field or label): rawSelector, then requirements, each key, operator, values. */
const selectorAttributes = (sel: any) => pick(sel, { rawSelector: null, requirements: (rs) => (Array.isArray(rs) ? rs.map((r) => pick(r, { key: null, operator: null, values: null }) ?? r) : rs) });

/** The spec as encoding/json writes the Go struct. */
function goOrder(spec: any): Record<string, unknown> {
  return pick(spec, {
    resourceAttributes: (ra) =>
      pick(ra, { namespace: null, verb: null, group: null, version: null, resource: null, subresource: null, name: null, fieldSelector: selectorAttributes, labelSelector: selectorAttributes }),
    nonResourceAttributes: (nra) => pick(nra, { path: null, verb: null }),
    user: null,
    groups: null,
    extra: (e) => (e && Object.keys(e).length ? e : undefined),
    uid: null,
  })!;
}
