import type { ResourceInfo } from '../../api/registry';
import { errors } from '../../api/status';
import type { Authentication } from '../authentication';
import type { Authorizer } from '../authorization/attributes';
import type { ApiRequest, Identity } from '../request';
import { accessReview } from './access-review';
import { selfSubjectReview } from './selfsubjectreview';
import { selfSubjectRulesReview } from './selfsubjectrulesreview';
import { tokenReview } from './tokenreview';

/** What the reviews need of the API server. */
export interface ReviewContext {
  authentication: Authentication;
  authorizer: Authorizer;
  now(): string;
}

const REVIEWS = new Set(['selfsubjectreviews', 'tokenreviews', 'subjectaccessreviews', 'selfsubjectaccessreviews', 'localsubjectaccessreviews', 'selfsubjectrulesreviews']);

/**
 * The create-only review resources of authentication.k8s.io and authorization.k8s.io: each
 * answers a question in its status and is never stored. Undefined for any other resource; any
 * verb but create is 405, as their REST storage implements only Creater.
 */
export function answerReview(ctx: ReviewContext, id: Identity, r: ResourceInfo, req: ApiRequest): unknown | undefined {
  if (!REVIEWS.has(r.resource)) return undefined;
  if (req.verb !== 'create' || req.subresource) throw errors.methodNotAllowed('the server does not allow this method on the requested resource');
  switch (r.resource) {
    case 'selfsubjectreviews':
      return selfSubjectReview(id, ctx.now());
    case 'tokenreviews':
      return tokenReview(req.body, (token) => ctx.authentication.reviewToken(token));
    case 'selfsubjectrulesreviews':
      return selfSubjectRulesReview(req.body, id, ctx.authorizer);
    default:
      return accessReview(r.kind as 'SubjectAccessReview', req.body, id, ctx.authorizer, req.namespace);
  }
}
