import type { Ctx } from '../kubectl';
import { kubectlTabWriter } from '../printers/tabwriter';

/** rbacv1.PolicyRule as kubectl handles it here. */
interface PolicyRule {
  verbs: string[];
  apiGroups: string[];
  resources: string[];
  resourceNames: string[];
  nonResourceURLs: string[];
}

/**
 * `kubectl auth can-i --list` (CanIOptions.RunAccessList): a SelfSubjectRulesReview for the
 * namespace; its rules broken down to one verb, resource and name each, compacted again per
 * group/resource/name, sorted by the rule's String() (verbs first, which is why `[*]` rules lead),
 * printed as Resources, Non-Resource URLs, Resource Names and Verbs.
 */
export function accessList(ctx: Ctx, namespace: string, noHeaders: boolean, warn: (w: string) => void): number {
  const review = ctx.client.request({
    verb: 'create',
    resource: 'selfsubjectrulesreviews',
    body: { kind: 'SelfSubjectRulesReview', apiVersion: 'authorization.k8s.io/v1', metadata: { creationTimestamp: null }, spec: { namespace }, status: { resourceRules: null, nonResourceRules: null, incomplete: false } },
  });
  const status = review.status ?? {};
  if (status.incomplete) warn(`the list may be incomplete: ${status.evaluationError ?? ''}`);
  const rules: PolicyRule[] = [
    ...(status.resourceRules ?? []).map((r: any) => rule(r.verbs, r.apiGroups, r.resources, r.resourceNames, [])),
    ...(status.nonResourceRules ?? []).map((r: any) => rule(r.verbs, [], [], [], r.nonResourceURLs)),
  ];
  const compact = compactRules(rules.flatMap(breakdownRule));
  const sorted = compact.map((r, i) => ({ r, i, key: ruleString(r) })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i));
  const w = kubectlTabWriter();
  if (!noHeaders) w.write('Resources\tNon-Resource URLs\tResource Names\tVerbs\n');
  for (const { r } of sorted) w.write(`${combineResourceGroup(r.resources, r.apiGroups)}\t${list(r.nonResourceURLs)}\t${list(r.resourceNames)}\t${list(r.verbs)}\n`);
  w.flush();
  ctx.out += w.take();
  return 0;
}

function rule(verbs?: string[], apiGroups?: string[], resources?: string[], resourceNames?: string[], nonResourceURLs?: string[]): PolicyRule {
  return { verbs: verbs ?? [], apiGroups: apiGroups ?? [], resources: resources ?? [], resourceNames: resourceNames ?? [], nonResourceURLs: nonResourceURLs ?? [] };
}

/** fmt's %v of a []string. */
function list(xs: string[]): string {
  return `[${xs.join(' ')}]`;
}

/** rbacutil.BreakdownRule: one rule per group, resource, verb (and name); one per URL and verb. */
function breakdownRule(r: PolicyRule): PolicyRule[] {
  const out: PolicyRule[] = [];
  for (const g of r.apiGroups)
    for (const res of r.resources)
      for (const v of r.verbs) {
        if (r.resourceNames.length) for (const n of r.resourceNames) out.push(rule([v], [g], [res], [n], []));
        else out.push(rule([v], [g], [res], [], []));
      }
  for (const u of r.nonResourceURLs) for (const v of r.verbs) out.push(rule([v], [], [], [], [u]));
  return out;
}

/**
 * rbacutil.CompactRules: rules of one group, one resource and at most one name merge their verbs
 * (in the order met); the others stay as they are, before the merged ones.
 */
function compactRules(rules: PolicyRule[]): PolicyRule[] {
  const compacted: PolicyRule[] = [];
  const simple = new Map<string, PolicyRule>();
  for (const r of rules) {
    const isSimple = r.resourceNames.length <= 1 && r.nonResourceURLs.length === 0 && r.apiGroups.length === 1 && r.resources.length === 1;
    if (!isSimple) {
      compacted.push(r);
      continue;
    }
    const key = JSON.stringify([r.apiGroups[0], r.resources[0], r.resourceNames.length > 0, r.resourceNames[0] ?? '']);
    const existing = simple.get(key);
    if (!existing) simple.set(key, { ...r, verbs: [...r.verbs] });
    else for (const v of r.verbs) if (!existing.verbs.includes(v)) existing.verbs.push(v);
  }
  return [...compacted, ...simple.values()];
}

/** The generated PolicyRule.String(), the sort key of SortableRuleSlice. */
function ruleString(r: PolicyRule): string {
  return `&PolicyRule{Verbs:${list(r.verbs)},APIGroups:${list(r.apiGroups)},Resources:${list(r.resources)},ResourceNames:${list(r.resourceNames)},NonResourceURLs:${list(r.nonResourceURLs)},}`;
}

/** describe.CombineResourceGroup: "deployments.apps", "pods/log" -> "pods/log", "deployments.apps/scale". */
function combineResourceGroup(resources: string[], groups: string[]): string {
  if (resources.length === 0) return '';
  const [res, sub] = resources[0].split(/\/(.*)/s, 2);
  let out = res;
  if (groups.length > 0 && groups[0] !== '') out += '.' + groups[0];
  if (sub !== undefined) out += '/' + sub;
  return out;
}
