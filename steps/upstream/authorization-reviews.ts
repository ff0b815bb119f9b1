/**
 * kubernetes v1.32's access review tables (pkg/registry/authorization: subjectaccessreview/
 * rest_test.go, util/helpers_test.go; pkg/apis/authorization/validation/validation_test.go;
 * steps/fixtures/upstream/authorization-reviews.json, whose "source" says what is left out and
 * which rows are kubespec's) run on the model's accessReview, authorizationAttributesFrom and
 * selfSubjectRulesReview, with fake authorizers; and a kubelet's review on a cluster.
 */
import { Then, When, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import { StatusError } from '../../model/api/status';
import type { Attributes, Authorizer, Decision } from '../../model/apiserver/authorization/attributes';
import { accessReview, authorizationAttributesFrom } from '../../model/apiserver/reviews/access-review';
import type { ReviewAttributes } from '../../model/apiserver/reviews/attributes-from';
import { selfSubjectRulesReview } from '../../model/apiserver/reviews/selfsubjectrulesreview';
import { ADMIN_TOKEN, kubeletToken } from '../../model/cluster';
import { runCases, same, upstreamFixture } from './apps-fakes';
import type { KubespecWorld } from '../world';

const FILE = 'authorization-reviews.json';
const CALLER = { user: 'caller', groups: [] };

/** upstream's authorizer.AttributesRecord, its zero values filled in (a nil slice or map as empty). */
function record(r: any): Record<string, unknown> {
  const u = r.User ?? {};
  return {
    User: { Name: u.Name ?? '', UID: u.UID ?? '', Groups: u.Groups ?? [], Extra: u.Extra ?? {} },
    Verb: r.Verb ?? '',
    Namespace: r.Namespace ?? '',
    APIGroup: r.APIGroup ?? '',
    APIVersion: r.APIVersion ?? '',
    Resource: r.Resource ?? '',
    Subresource: r.Subresource ?? '',
    Name: r.Name ?? '',
    ResourceRequest: r.ResourceRequest ?? false,
    Path: r.Path ?? '',
    FieldSelectorRequirements: r.FieldSelectorRequirements ?? [],
    FieldSelectorParsingErr: r.FieldSelectorParsingErr ?? null,
    LabelSelectorRequirements: (r.LabelSelectorRequirements ?? []).map((l: any) => ({ ...l, strValues: l.strValues ?? [] })),
    LabelSelectorParsingErr: r.LabelSelectorParsingErr ?? null,
  };
}

/** The model's attributes as upstream's record. */
function asRecord(a: ReviewAttributes): Record<string, unknown> {
  return record({
    User: { Name: a.user.user, UID: a.user.uid, Groups: a.user.groups, Extra: a.user.extra },
    Verb: a.verb,
    Namespace: a.namespace,
    APIGroup: a.apiGroup,
    APIVersion: a.apiVersion,
    Resource: a.resource,
    Subresource: a.subresource,
    Name: a.name,
    ResourceRequest: a.resourceRequest,
    Path: a.path,
    FieldSelectorRequirements: a.fieldSelectorRequirements?.map((f) => ({ Operator: f.op, Field: f.field, Value: f.value })),
    FieldSelectorParsingErr: a.fieldSelectorParsingErr,
    LabelSelectorRequirements: a.labelSelectorRequirements?.map((l) => ({ key: l.key, operator: l.op, strValues: l.values })),
    LabelSelectorParsingErr: a.labelSelectorParsingErr,
  });
}

/** The fake authorizer of rest_test.go: records the attributes, answers the row's decision, reason and error. */
function fakeAuthorizer(decision: Decision = 'no-opinion', reason = '', error?: string): Authorizer & { attrs?: Attributes } {
  const f: Authorizer & { attrs?: Attributes } = { authorize: (attrs) => ((f.attrs = attrs), { decision, reason, ...(error ? { error } : {}) }) };
  return f;
}

/** TestCreate: the error, or the attributes the authorizer saw and the status. */
function checkCreate(c: any): string | undefined {
  const auth = fakeAuthorizer(c.decision, c.reason, c.err);
  let review: any;
  try {
    review = accessReview('SubjectAccessReview', { spec: c.spec }, CALLER, auth, undefined);
  } catch (e) {
    if (c.expectedErr && String((e as Error).message).includes(c.expectedErr)) return undefined;
    return `threw ${(e as Error).message}`;
  }
  if (c.expectedErr) return `no error, want one containing ${c.expectedErr}`;
  const attrs = asRecord(auth.attrs as ReviewAttributes);
  // As upstream: a row with an evaluation error compares the attributes without their parse errors.
  if (c.expectedStatus.EvaluationError) attrs.FieldSelectorParsingErr = attrs.LabelSelectorParsingErr = null;
  const s = review.status;
  const status = { Allowed: s.allowed, Denied: s.denied ?? false, Reason: s.reason ?? '', EvaluationError: s.evaluationError ?? '' };
  const want = { Allowed: false, Denied: false, Reason: '', EvaluationError: '', ...c.expectedStatus };
  return same({ attrs, status }, { attrs: record(c.expectedAttrs), status: want });
}

type Kind = 'SubjectAccessReview' | 'SelfSubjectAccessReview' | 'LocalSubjectAccessReview';

/** The first field error a review is refused with ("" when it passes validation). */
function firstError(kind: Kind, body: unknown): string {
  try {
    accessReview(kind, body, CALLER, fakeAuthorizer(), undefined);
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    const cause = e.status.details?.causes?.[0];
    if (e.status.code === 422 && cause) return `${cause.field}: ${cause.message}`;
  }
  return '';
}

/** A validation table: every success case passes, every error case's first error contains its message (for each kind upstream runs it as). */
function checkValidation(successKinds: Kind[], errorKinds: Kind[], asBody: (obj: any) => unknown) {
  return (t: any): string | undefined => {
    const problems: string[] = [];
    for (const kind of successKinds)
      t.successCases.forEach((obj: any, i: number) => {
        const err = firstError(kind, asBody(obj));
        if (err) problems.push(`${kind} success case ${i}: ${err}`);
      });
    for (const kind of errorKinds) {
      for (const c of t.errorCases) {
        const err = firstError(kind, asBody(c.obj));
        if (!err.includes(c.msg)) problems.push(`${kind} ${c.name}: got ${JSON.stringify(err)}, want ${JSON.stringify(c.msg)}`);
      }
    }
    return problems.length ? problems.join('; ') : undefined;
  };
}

/** The (kubespec) answer rows: the whole review answered (or the Status refusing it), and whom the authorizer was asked about. */
function checkAnswer(c: any): string | undefined {
  const auth = fakeAuthorizer(c.decision, c.reason);
  try {
    const answer = accessReview(c.kind, c.body, CALLER, auth, c.urlNamespace);
    return same({ answer, asked: auth.attrs?.user }, { answer: c.want, asked: c.askedUser });
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    return same({ code: e.status.code, reason: e.status.reason, message: e.status.message }, c.error);
  }
}

const checks: Record<string, (c: any) => string | undefined> = {
  subjectAccessReviewCreate: checkCreate,
  accessReviewAnswer: checkAnswer,
  authorizationAttributesFrom: (c) => same(asRecord(authorizationAttributesFrom(c.spec)), record(c.want)),
  validateSARSpec: checkValidation(['SubjectAccessReview'], ['SubjectAccessReview', 'LocalSubjectAccessReview'], (spec) => ({ spec })),
  validateSelfSAR: checkValidation(['SelfSubjectAccessReview'], ['SelfSubjectAccessReview'], (spec) => ({ spec })),
  validateLocalSAR: checkValidation(['LocalSubjectAccessReview'], ['LocalSubjectAccessReview'], (obj) => obj),
  // selfsubjectrulesreview/rest.go: the caller's rules in spec.namespace, from the authorizer's RuleResolver.
  selfSubjectRulesReview: (c) => {
    const resolver = { authorize: fakeAuthorizer().authorize, rulesFor: () => c.resolved };
    try {
      return same(selfSubjectRulesReview(c.body, CALLER, resolver), c.want);
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      return same({ code: e.status.code, reason: e.status.reason, message: e.status.message }, c.error);
    }
  },
};

Then("every case of upstream's access review table {word} holds on the model", function (table: string) {
  // The validation tables are one case each: their success and error lists.
  if (table.startsWith('validate')) {
    const problem = checks[table](upstreamFixture(FILE, table));
    if (problem) throw new Error(`upstream ${table} fails on the model: ${problem}`);
    return;
  }
  runCases(FILE, table, checks[table]);
});

When('the kubelet of {string} asks in a SelfSubjectAccessReview whether it may list Pods with these field selectors:', function (this: KubespecWorld, node: string, table: DataTable) {
  (this as any).reviews = table.hashes().map((row) => {
    const resourceAttributes: any = { verb: 'list', resource: 'pods', version: 'v1' };
    if (row.rawSelector) resourceAttributes.fieldSelector = { rawSelector: row.rawSelector };
    if (row.requirements) resourceAttributes.fieldSelector = { requirements: JSON.parse(row.requirements) };
    const review: any = this.cluster.apiserver.handle({ verb: 'create', token: kubeletToken(node), resource: 'selfsubjectaccessreviews', body: { spec: { resourceAttributes } } });
    return { ...row, allowed: String(review.status.allowed), reason: review.status.reason ?? '', evaluationError: review.status.evaluationError ?? '' };
  });
});

Then('the reviews answer:', function (this: KubespecWorld, table: DataTable) {
  expect((this as any).reviews).toEqual(table.hashes());
});

/** A JSON path ("status.userInfo.username") of an answer. */
const at = (o: any, path: string): unknown => path.split('.').reduce((v, k) => v?.[k], o);

When('these review requests are sent, each as the kubelet of {string} or the admin:', function (this: KubespecWorld, node: string, table: DataTable) {
  (this as any).reviews = table.hashes().map((row) => {
    let answer: any;
    const token = row.as === 'admin' ? ADMIN_TOKEN : kubeletToken(node);
    try {
      answer = this.cluster.apiserver.handle({ verb: row.verb as any, token, resource: row.resource, subresource: row.subresource || undefined, name: row.subresource ? 'x' : undefined, body: row.body ? JSON.parse(row.body) : undefined });
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      answer = e.status;
    }
    return { ...row, value: JSON.stringify(at(answer, row.path)) };
  });
});
