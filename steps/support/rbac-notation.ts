/**
 * A short notation for RBAC rules and subjects in feature tables. A rule is
 * `verbs=get,list groups="",apps resources=pods names=a urls=/apis` (a list's items
 * comma-separated, `""` the empty string, nothing after `=` an empty list, a field not written
 * absent); several rules are separated by `;`. Subjects: `User:jane,Group:devs,ServiceAccount:ns/name`.
 */
import type { PolicyRule } from '../../model/apiserver/authorization/rbac/rules';

const FIELDS: Record<string, keyof PolicyRule> = { verbs: 'verbs', groups: 'apiGroups', resources: 'resources', names: 'resourceNames', urls: 'nonResourceURLs' };

/** One rule of the notation above; a field not written is absent (Go's nil). */
export function parseRule(text: string): PolicyRule {
  const rule: Partial<PolicyRule> = {};
  for (const part of text.trim().split(/\s+/)) {
    const eq = part.indexOf('=');
    const field = FIELDS[part.slice(0, eq)];
    if (eq < 0 || !field) throw new Error(`bad rule part ${JSON.stringify(part)} in ${JSON.stringify(text)}`);
    const value = part.slice(eq + 1);
    rule[field] = (value === '' ? [] : value.split(',').map((x) => (x === '""' ? '' : x))) as any;
  }
  return rule as PolicyRule;
}

export const parseRules = (text: string): PolicyRule[] => (text.trim() === '' ? [] : text.split(';').map(parseRule));

/** The notation of a rule, empty lists left out (what reflect.DeepEqual and CompactString see alike). */
export function formatRule(r: PolicyRule): string {
  const parts: string[] = [];
  for (const [name, field] of Object.entries(FIELDS)) {
    const xs = r[field] as string[] | undefined;
    if (xs && xs.length) parts.push(`${name}=${xs.map((x) => (x === '' ? '""' : x)).join(',')}`);
  }
  return parts.join(' ');
}

/**
 * "User:admin,Group:admins,ServiceAccount:kube-system/default": a User or Group has apiGroup
 * rbac.authorization.k8s.io (as the v1 API defaults it), a ServiceAccount none; "ServiceAccount:name"
 * has no namespace, ":name" no kind, and an empty part is left out.
 */
export function parseSubjects(text: string): object[] {
  if (text.trim() === '') return [];
  return text.split(',').map((s) => {
    const colon = s.indexOf(':');
    const [kind, rest] = [s.slice(0, colon), s.slice(colon + 1)];
    if (kind === 'ServiceAccount') {
      const slash = rest.indexOf('/');
      const [namespace, name] = slash < 0 ? ['', rest] : [rest.slice(0, slash), rest.slice(slash + 1)];
      return { kind, ...(name && { name }), ...(namespace && { namespace }) };
    }
    return { ...(kind && { kind, apiGroup: 'rbac.authorization.k8s.io' }), ...(rest && { name: rest }) };
  });
}
