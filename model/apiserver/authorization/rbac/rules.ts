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

/** NonResourceURLMatches: "*", the exact path, or a prefix ending in "*". */
export function nonResourceURLMatches(rule: PolicyRule, path: string): boolean {
  for (const u of rule.nonResourceURLs ?? []) {
    if (u === '*' || u === path) return true;
    if (u.endsWith('*') && path.startsWith(u.slice(0, -1))) return true;
  }
  return false;
}

/** RuleAllows. */
export function ruleAllows(attrs: Attributes, rule: PolicyRule): boolean {
  if (!verbMatches(rule, attrs.verb)) return false;
  if (!attrs.resourceRequest) return nonResourceURLMatches(rule, attrs.path ?? '');
  const sub = attrs.subresource ?? '';
  const combined = sub ? `${attrs.resource ?? ''}/${sub}` : attrs.resource ?? '';
  return apiGroupMatches(rule, attrs.apiGroup ?? '') && resourceMatches(rule, combined, sub) && resourceNameMatches(rule, attrs.name ?? '');
}
