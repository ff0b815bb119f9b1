/**
 * A PolicyRule and whether it allows a request: rbac/v1's evaluation helpers (VerbMatches,
 * APIGroupMatches, ResourceMatches with "*\/scale"-style subresource rules, ResourceNameMatches,
 * NonResourceURLMatches with a trailing "*") and plugin/pkg/auth/authorizer/rbac's RuleAllows.
 */
import type { Identity } from '../../request';
import type { Attributes } from '../attributes';

/** rbacv1.PolicyRule as stored. */
export interface PolicyRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

/** What upstream's authorizer.RuleResolver answers (SelfSubjectRulesReview, `kubectl auth can-i --list`). */
export interface RulesForResult {
  resourceRules: PolicyRule[];
  nonResourceRules: PolicyRule[];
  incomplete: boolean;
  evaluationError?: string;
}

/** authorizer.RuleResolver: the rules a user holds in a namespace. */
export interface RuleResolver {
  rulesFor(user: Identity, namespace: string): RulesForResult;
}

const has = (xs: string[] | undefined, x: string): boolean => !!xs && (xs.includes('*') || xs.includes(x));

export function verbMatches(rule: PolicyRule, verb: string): boolean {
  return has(rule.verbs, verb);
}

export function apiGroupMatches(rule: PolicyRule, group: string): boolean {
  return has(rule.apiGroups, group);
}

/**
 * ResourceMatches: "*" or the exact "resource[/subresource]"; a rule resource "*\/sub" matches
 * that subresource of any resource.
 */
export function resourceMatches(rule: PolicyRule, combined: string, subresource: string): boolean {
  // Stryker disable next-line ArrayDeclaration: no request names a made-up "Stryker was here" resource
  for (const r of rule.resources ?? []) {
    if (r === '*' || r === combined) return true;
    if (!subresource) continue;
    if (r.length === subresource.length + 2 && r.startsWith('*/') && r.endsWith(subresource)) return true;
  }
  return false;
}

/** An empty resourceNames allows every name; otherwise the request must name one of them. */
export function resourceNameMatches(rule: PolicyRule, name: string): boolean {
  const names = rule.resourceNames ?? [];
  return names.length === 0 || names.includes(name);
}

/** NonResourceURLMatches: "*", the exact path, or a prefix ending in "*" (strings.TrimRight: every trailing "*" goes). */
export function nonResourceURLMatches(rule: PolicyRule, path: string): boolean {
  // Stryker disable next-line ArrayDeclaration: no request asks for a made-up "Stryker was here" path
  for (const u of rule.nonResourceURLs ?? []) {
    // Stryker disable next-line ConditionalExpression: "*" is also a prefix ending in "*", of every path
    if (u === '*' || u === path) return true;
    if (u.endsWith('*') && path.startsWith(u.replace(/\*+$/, ''))) return true;
  }
  return false;
}

/** RuleAllows. */
export function ruleAllows(attrs: Attributes, rule: PolicyRule): boolean {
  if (!verbMatches(rule, attrs.verb)) return false;
  // Stryker disable next-line StringLiteral: a non-resource request always has its path
  if (!attrs.resourceRequest) return nonResourceURLMatches(rule, attrs.path ?? '');
  const sub = attrs.subresource ?? '';
  // Stryker disable next-line StringLiteral: a resource request always names its resource and group ("" for the core group)
  const [resource, group] = [attrs.resource ?? '', attrs.apiGroup ?? ''];
  const combined = sub ? `${resource}/${sub}` : resource;
  return apiGroupMatches(rule, group) && resourceMatches(rule, combined, sub) && resourceNameMatches(rule, attrs.name ?? '');
}
