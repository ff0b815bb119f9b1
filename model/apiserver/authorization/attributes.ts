import type { Identity } from '../request';

/**
 * What an authorizer decides on: upstream's authorizer.Attributes (k8s.io/apiserver
 * pkg/authorization/authorizer). A resource request names verb, API group, resource,
 * subresource, namespace and name; a non-resource request names verb and path.
 */
export interface Attributes {
  user: Identity;
  verb: string;
  resourceRequest: boolean;
  apiGroup?: string;
  apiVersion?: string;
  resource?: string;
  subresource?: string;
  /** Empty for cluster-scoped resources and for a list or watch across all namespaces. */
  namespace?: string;
  name?: string;
  /** A list or watch's field selector (AuthorizeWithSelectors): the Node authorizer lets a kubelet list its own Pods by it. */
  fieldSelector?: string;
  /** Non-resource requests: the URL path. */
  path?: string;
}

/** authorizer.Decision: Allow and Deny end the chain; NoOpinion passes to the next authorizer. */
export type Decision = 'allow' | 'deny' | 'no-opinion';

/** A decision and its reason; a denial's reason is appended to the Forbidden message when not empty. */
export interface Authorization {
  decision: Decision;
  reason: string;
}

/** One authorizer of the chain (kube-apiserver --authorization-mode=Node,RBAC). */
export interface Authorizer {
  authorize(attrs: Attributes): Authorization;
}

export const NO_OPINION: Authorization = { decision: 'no-opinion', reason: '' };
