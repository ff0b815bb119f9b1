import type { Identity } from '../request';
import type { Attributes, Authorization, Authorizer } from './attributes';
import type { RuleResolver, RulesForResult } from './rbac/rules';

/**
 * kube-apiserver's union authorizer (--authorization-mode=Node,RBAC): each authorizer in turn;
 * the first Allow or Deny decides, with its reason; when all have no opinion the request is
 * denied, the reasons of those that gave one joined by newlines (union.go) as the Forbidden
 * message's tail.
 */
export class AuthorizerChain implements Authorizer, RuleResolver {
  constructor(private readonly authorizers: Authorizer[]) {}

  authorize(attrs: Attributes): Authorization {
    const reasons: string[] = [];
    for (const a of this.authorizers) {
      const d = a.authorize(attrs);
      if (d.decision !== 'no-opinion') return d;
      if (d.reason) reasons.push(d.reason);
    }
    return { decision: 'no-opinion', reason: reasons.join('\n') };
  }

  /**
   * The union RuleResolver: every member's rules (those that resolve rules), incomplete when any
   * is, the evaluation errors joined. What SelfSubjectRulesReview and `kubectl auth can-i --list` read.
   */
  rulesFor(user: Identity, namespace: string): RulesForResult {
    const out: RulesForResult = { resourceRules: [], nonResourceRules: [], incomplete: false };
    const errs: string[] = [];
    for (const a of this.authorizers) {
      const r = (a as Partial<RuleResolver>).rulesFor?.(user, namespace);
      if (!r) continue;
      out.resourceRules.push(...r.resourceRules);
      out.nonResourceRules.push(...r.nonResourceRules);
      out.incomplete ||= r.incomplete;
      if (r.evaluationError) errs.push(r.evaluationError);
    }
    if (errs.length) out.evaluationError = errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`;
    return out;
  }
}

/** Allowed only on an explicit Allow, as kube-apiserver's WithAuthorization filter does. */
export function allowed(a: Authorization): boolean {
  return a.decision === 'allow';
}
