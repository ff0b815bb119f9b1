import { errors } from '../../api/status';
import type { Authorizer } from '../authorization/attributes';
import type { Identity } from '../request';

/** One rule as a rules review reports it (rbac/v1 PolicyRule's fields). */
interface Rule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

/** authorizer.RuleResolver: what an authorizer can say of the rules a user holds in a namespace. */
export interface RuleResolver {
  rulesFor(user: Identity, namespace: string): { resourceRules: Rule[]; nonResourceRules: Rule[]; incomplete: boolean; evaluationError?: string };
}

/**
 * authorization.k8s.io/v1 SelfSubjectRulesReview (pkg/registry/authorization/
 * selfsubjectrulesreview): the rules the caller holds in spec.namespace, from every authorizer
 * of the chain that can list them (upstream's union RuleResolver: rules concatenated, incomplete
 * if any is, their errors joined). `kubectl auth can-i --list` prints it.
 */
export function selfSubjectRulesReview(body: any, caller: Identity, authorizer: Authorizer): unknown {
  const namespace = body?.spec?.namespace;
  if (!namespace) throw errors.badRequest('no namespace on request');
  const resourceRules: Rule[] = [];
  const nonResourceRules: Rule[] = [];
  const errs: string[] = [];
  let incomplete = false;
  for (const r of resolversOf(authorizer)) {
    const got = r.rulesFor(caller, namespace);
    resourceRules.push(...got.resourceRules);
    nonResourceRules.push(...got.nonResourceRules);
    incomplete ||= got.incomplete;
    if (got.evaluationError) errs.push(got.evaluationError);
  }
  const status: Record<string, unknown> = {
    resourceRules: resourceRules.map((r) => ({ verbs: r.verbs, ...(r.apiGroups?.length ? { apiGroups: r.apiGroups } : {}), ...(r.resources?.length ? { resources: r.resources } : {}), ...(r.resourceNames?.length ? { resourceNames: r.resourceNames } : {}) })),
    nonResourceRules: nonResourceRules.map((r) => ({ verbs: r.verbs, ...(r.nonResourceURLs?.length ? { nonResourceURLs: r.nonResourceURLs } : {}) })),
    incomplete,
  };
  if (errs.length) status.evaluationError = errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`;
  // The REST storage answers a new object holding only the status: the spec is not echoed.
  return { kind: 'SelfSubjectRulesReview', apiVersion: 'authorization.k8s.io/v1', metadata: { creationTimestamp: null }, spec: {}, status };
}

function isResolver(a: unknown): a is RuleResolver {
  return typeof (a as RuleResolver | undefined)?.rulesFor === 'function';
}

/** The authorizer itself if it resolves rules, else the members of the chain that do (in chain order). */
function resolversOf(authorizer: Authorizer): RuleResolver[] {
  if (isResolver(authorizer)) return [authorizer];
  const members = (authorizer as unknown as { authorizers?: unknown[] }).authorizers ?? [];
  return members.filter(isResolver);
}
