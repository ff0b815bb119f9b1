import { errors, FieldError } from '../../api/status';
import { resourceByName } from '../../api/registry';
import type { Attributes, Authorizer } from '../authorization/attributes';
import type { Identity } from '../request';

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
  const user = kind === 'SelfSubjectAccessReview' ? caller : subjectOf(spec);
  const d = authorizer.authorize(attributesOf(user, spec));
  const status: Record<string, unknown> = { allowed: d.decision === 'allow' };
  if (d.decision === 'deny') status.denied = true;
  if (d.reason) status.reason = d.reason;
  return { kind, apiVersion: 'authorization.k8s.io/v1', metadata: { ...metadata, creationTimestamp: null }, spec: goOrder(spec), status };
}

const RESOURCE: Record<Kind, string> = {
  SubjectAccessReview: 'subjectaccessreviews',
  SelfSubjectAccessReview: 'selfsubjectaccessreviews',
  LocalSubjectAccessReview: 'localsubjectaccessreviews',
};

/** authorizationutil.AuthorizationAttributesFrom's user: the spec's user, groups, uid and extra. */
function subjectOf(spec: any): Identity {
  const id: Identity = { user: spec.user ?? '', groups: [...(spec.groups ?? [])] };
  if (spec.uid) id.uid = spec.uid;
  if (spec.extra && Object.keys(spec.extra).length) id.extra = spec.extra;
  return id;
}

/** ResourceAttributesFrom / NonResourceAttributesFrom: an empty version matches every version ("*"). */
function attributesOf(user: Identity, spec: any): Attributes {
  const ra = spec.resourceAttributes;
  if (ra) {
    return {
      user,
      verb: ra.verb ?? '',
      resourceRequest: true,
      namespace: ra.namespace || undefined,
      apiGroup: ra.group ?? '',
      apiVersion: ra.version || '*',
      resource: ra.resource ?? '',
      subresource: ra.subresource || undefined,
      name: ra.name || undefined,
    };
  }
  const nra = spec.nonResourceAttributes ?? {};
  return { user, verb: nra.verb ?? '', resourceRequest: false, path: nra.path ?? '' };
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

/** The spec as encoding/json writes the Go struct: its fields in declaration order, empty ones omitted. */
function goOrder(spec: any): Record<string, unknown> {
  const pick = (o: any, keys: string[]) => (o ? Object.fromEntries(keys.filter((k) => o[k] !== undefined && o[k] !== '').map((k) => [k, o[k]])) : undefined);
  const out: Record<string, unknown> = {
    resourceAttributes: pick(spec.resourceAttributes, ['namespace', 'verb', 'group', 'version', 'resource', 'subresource', 'name', 'fieldSelector', 'labelSelector']),
    nonResourceAttributes: pick(spec.nonResourceAttributes, ['path', 'verb']),
    user: spec.user || undefined,
    groups: spec.groups?.length ? spec.groups : undefined,
    extra: spec.extra && Object.keys(spec.extra).length ? spec.extra : undefined,
    uid: spec.uid || undefined,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}
