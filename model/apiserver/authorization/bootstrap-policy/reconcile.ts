/**
 * How the rbac/bootstrap-roles hook brings an existing policy object back in line each time
 * kube-apiserver starts (pkg/registry/rbac/reconciliation, v1.32: reconcile_role.go
 * computeReconciledRole and aggregationRuleCovers, reconcile_rolebindings.go
 * computeReconciledRoleBinding and diffSubjectLists). The hook runs them in union mode
 * (RemoveExtraPermissions and RemoveExtraSubjects false): what the object lacks is added, nothing
 * an administrator added is taken away; only that mode is here.
 */
import { canonicalJSON, deepCopy } from '../../../api/meta';
import { covers } from '../rbac/escalation';

export const AUTOUPDATE_KEY = 'rbac.authorization.kubernetes.io/autoupdate';

/** ReconcileNone, ReconcileUpdate, or ReconcileRecreate (delete, then create the expected object). */
export type ReconcileOperation = 'none' | 'update' | 'recreate';

export interface Reconciled {
  operation: ReconcileOperation;
  /** The object to write (the existing one with what it lacks, or the expected one to recreate). */
  object: any;
  /** autoupdate "false": the object opted out, nothing is written whatever the operation. */
  protected: boolean;
}

/** Go's merge(expected, existing): the existing values win; nil when both maps are nil. */
function merge(expected?: Record<string, string>, existing?: Record<string, string>): Record<string, string> | undefined {
  if (!expected && !existing) return undefined;
  return { ...(expected ?? {}), ...(existing ?? {}) };
}

/** Semantic.DeepEqual of two string maps: nil and empty alike. */
const sameMap = (a?: Record<string, string>, b?: Record<string, string>) => canonicalJSON(a ?? {}) === canonicalJSON(b ?? {});

/** The expected labels and annotations the object lacks, added in place; whether any was. */
export function mergeMeta(object: any, expected: any): boolean {
  let changed = false;
  for (const field of ['labels', 'annotations'] as const) {
    const merged = merge(expected.metadata?.[field], object.metadata?.[field]);
    if (sameMap(merged, object.metadata?.[field])) continue;
    object.metadata = { ...(object.metadata ?? {}), [field]: merged };
    changed = true;
  }
  return changed;
}

const isProtected = (existing: any) => existing.metadata?.annotations?.[AUTOUPDATE_KEY] === 'false';

/** A LabelSelector compared as Semantic.DeepEqual does (empty lists and maps as absent). */
function selectorKey(s: any): string {
  const out: any = {};
  if (Object.keys(s?.matchLabels ?? {}).length) out.matchLabels = s.matchLabels;
  if ((s?.matchExpressions ?? []).length) out.matchExpressions = s.matchExpressions;
  return canonicalJSON(out);
}

/** aggregationRuleCovers(owner, servant): the servant's selectors the owner lacks. */
export function uncoveredSelectors(owner: any, servant: any): any[] {
  if (!servant) return [];
  if (!owner) return servant.clusterRoleSelectors ?? [];
  const have = new Set((owner.clusterRoleSelectors ?? []).map(selectorKey));
  return (servant.clusterRoleSelectors ?? []).filter((s: any) => !have.has(selectorKey(s)));
}

/**
 * computeReconciledRole in union mode, for a ClusterRole or a Role: the expected labels and
 * annotations it lacks, the rules it misses appended (broken down, as Covers reports them), the
 * selectors its aggregationRule misses appended, and its aggregationRule dropped when the
 * expected role has none.
 */
export function reconcileRole(existing: any, expected: any): Reconciled {
  const role = deepCopy(existing);
  let operation: ReconcileOperation = mergeMeta(role, expected) ? 'update' : 'none';
  const { missing } = covers(existing.rules ?? [], expected.rules ?? []);
  if (missing.length) {
    role.rules = [...(role.rules ?? []), ...missing];
    operation = 'update';
  }
  const missingSelectors = uncoveredSelectors(existing.aggregationRule, expected.aggregationRule);
  if (!expected.aggregationRule && existing.aggregationRule) {
    delete role.aggregationRule;
    operation = 'update';
  } else if (missingSelectors.length) {
    role.aggregationRule = { ...(role.aggregationRule ?? {}), clusterRoleSelectors: [...(role.aggregationRule?.clusterRoleSelectors ?? []), ...missingSelectors] };
    operation = 'update';
  }
  return { operation, object: role, protected: isProtected(existing) };
}

/** A Subject compared as Go compares the struct (an empty field as an absent one). */
const subjectKey = (s: any) => canonicalJSON({ kind: s.kind ?? '', apiGroup: s.apiGroup ?? '', name: s.name ?? '', namespace: s.namespace ?? '' });

/** diffSubjectLists: the subjects only in a, and only in b, each once, in their order. */
export function diffSubjects(a: any[] = [], b: any[] = []): [any[], any[]] {
  const only = (xs: any[], ys: any[]) => {
    const other = new Set(ys.map(subjectKey));
    const out: any[] = [];
    for (const x of xs) if (!other.has(subjectKey(x)) && !out.some((o) => subjectKey(o) === subjectKey(x))) out.push(x);
    return out;
  };
  return [only(a, b), only(b, a)];
}

const roleRefKey = (r: any) => canonicalJSON({ apiGroup: r?.apiGroup ?? '', kind: r?.kind ?? '', name: r?.name ?? '' });

/**
 * computeReconciledRoleBinding in union mode: a binding to another role is recreated as expected
 * (a roleRef cannot change); otherwise the expected labels and annotations it lacks, and the
 * subjects it misses appended.
 */
export function reconcileBinding(existing: any, expected: any): Reconciled {
  if (roleRefKey(existing.roleRef) !== roleRefKey(expected.roleRef)) return { operation: 'recreate', object: expected, protected: isProtected(existing) };
  const binding = deepCopy(existing);
  let operation: ReconcileOperation = mergeMeta(binding, expected) ? 'update' : 'none';
  const [missing] = diffSubjects(expected.subjects, existing.subjects);
  if (missing.length) {
    binding.subjects = [...(binding.subjects ?? []), ...missing];
    operation = 'update';
  }
  return { operation, object: binding, protected: isProtected(existing) };
}
