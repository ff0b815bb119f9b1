/**
 * kubectl describe for RBAC (pkg/describe: RoleDescriber, ClusterRoleDescriber,
 * RoleBindingDescriber, ClusterRoleBindingDescriber): a role's rules broken down to one verb
 * each, compacted back per resource and sorted as the rules' Go String() sorts, in the
 * PolicyRule table; a binding's role and subjects.
 */
import type { KObject } from '../../api/meta';
import { breakdownRule, compactRules } from '../../apiserver/authorization/rbac/escalation';
import type { PolicyRule } from '../../apiserver/authorization/rbac/rules';
import { PrefixWriter, printAnnotations, printLabels } from './writer';

/** fmt's %v of a []string: [a b]. */
const v = (xs: string[] | undefined) => `[${(xs ?? []).join(' ')}]`;

/** The generated PolicyRule.String(), which SortableRuleSlice compares. */
const goString = (r: PolicyRule) => `&PolicyRule{Verbs:${v(r.verbs)},APIGroups:${v(r.apiGroups)},Resources:${v(r.resources)},ResourceNames:${v(r.resourceNames)},NonResourceURLs:${v(r.nonResourceURLs)},}`;

/** CombineResourceGroup: "deployments.apps/scale" from ["deployments/scale"] and ["apps"]. */
function combineResourceGroup(resources: string[] | undefined, groups: string[] | undefined): string {
  if (!resources?.length) return '';
  const slash = resources[0].indexOf('/');
  let out = slash < 0 ? resources[0] : resources[0].slice(0, slash);
  if (groups?.length && groups[0] !== '') out += '.' + groups[0];
  if (slash >= 0) out += resources[0].slice(slash);
  return out;
}

export function describeRole(obj: KObject): string {
  const rules = compactRules(((obj as any).rules ?? []).flatMap((r: PolicyRule) => breakdownRule(r)));
  // sort.Stable by String(): byte order, as strings.Compare.
  const sorted = rules.map((r) => [goString(r), r] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const w = new PrefixWriter();
  w.write(0, `Name:\t${obj.metadata.name}\n`);
  printLabels(w, 'Labels', obj.metadata.labels);
  printAnnotations(w, 'Annotations', obj.metadata.annotations);
  w.write(0, 'PolicyRule:\n');
  w.write(1, 'Resources\tNon-Resource URLs\tResource Names\tVerbs\n');
  w.write(1, '---------\t-----------------\t--------------\t-----\n');
  for (const [, r] of sorted) w.write(1, `${combineResourceGroup(r.resources, r.apiGroups)}\t${v(r.nonResourceURLs)}\t${v(r.resourceNames)}\t${v(r.verbs)}\n`);
  return w.toString();
}

export function describeBinding(obj: KObject): string {
  const b = obj as any;
  const w = new PrefixWriter();
  w.write(0, `Name:\t${obj.metadata.name}\n`);
  printLabels(w, 'Labels', obj.metadata.labels);
  printAnnotations(w, 'Annotations', obj.metadata.annotations);
  w.write(0, 'Role:\n');
  w.write(1, `Kind:\t${b.roleRef?.kind ?? ''}\n`);
  w.write(1, `Name:\t${b.roleRef?.name ?? ''}\n`);
  w.write(0, 'Subjects:\n');
  w.write(1, 'Kind\tName\tNamespace\n');
  w.write(1, '----\t----\t---------\n');
  for (const s of b.subjects ?? []) w.write(1, `${s.kind ?? ''}\t${s.name ?? ''}\t${s.namespace ?? ''}\n`);
  return w.toString();
}
