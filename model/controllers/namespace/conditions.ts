/**
 * The Namespace conditions the namespace deleter maintains while it empties a Terminating
 * Namespace (pkg/controller/namespace/deletion/status_condition_utils.go): five types, each
 * False with its "ok" reason unless something is wrong; NamespaceContentRemaining turns True
 * while objects are left ("pods. has 2 resource instances": resource, a dot, the group).
 */
export const CONDITION_TYPES = [
  'NamespaceDeletionDiscoveryFailure',
  'NamespaceDeletionGroupVersionParsingFailure',
  'NamespaceDeletionContentFailure',
  'NamespaceContentRemaining',
  'NamespaceFinalizersRemaining',
] as const;

const OK: Record<string, { reason: string; message: string }> = {
  NamespaceDeletionDiscoveryFailure: { reason: 'ResourcesDiscovered', message: 'All resources successfully discovered' },
  NamespaceDeletionGroupVersionParsingFailure: { reason: 'ParsedGroupVersions', message: 'All legacy kube types successfully parsed' },
  NamespaceDeletionContentFailure: { reason: 'ContentDeleted', message: 'All content successfully deleted, may be waiting on finalization' },
  NamespaceContentRemaining: { reason: 'ContentRemoved', message: 'All content successfully removed' },
  NamespaceFinalizersRemaining: { reason: 'ContentHasNoFinalizers', message: 'All content-preserving finalizers finished' },
};

export interface NamespaceCondition {
  type: string;
  status: string;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

/** What one pass found left: objects per group/resource, and objects per finalizer still on them. */
export interface ContentTotals {
  remaining: Map<{ resource: string; group: string }, number>;
  finalizers: Map<string, number>;
}

/** ProcessContentTotals: the True conditions for what is left. */
export function contentConditions(t: ContentTotals, now: string): NamespaceCondition[] {
  const out: NamespaceCondition[] = [];
  // Only counts above 0 are recorded (deleteAllContent), so none is skipped here.
  const left = [...t.remaining].map(([gr, n]) => `${gr.resource}.${gr.group} has ${n} resource instances`);
  if (left.length)
    out.push({ type: 'NamespaceContentRemaining', status: 'True', lastTransitionTime: now, reason: 'SomeResourcesRemain', message: `Some resources are remaining: ${left.sort().join(', ')}` });
  const byFinalizer = [...t.finalizers].map(([f, n]) => `${f} in ${n} resource instances`);
  if (byFinalizer.length)
    out.push({
      type: 'NamespaceFinalizersRemaining',
      status: 'True',
      lastTransitionTime: now,
      reason: 'SomeFinalizersRemain',
      message: `Some content in the namespace has finalizers remaining: ${byFinalizer.sort().join(', ')}`,
    });
  return out;
}

/** updateConditions: every type present, in upstream's order; the transition time moves only with the status. Returns whether anything changed. */
export function updateConditions(status: { conditions?: NamespaceCondition[] }, found: NamespaceCondition[], now: string): boolean {
  let changed = false;
  const conditions = [...(status.conditions ?? [])].map((c) => ({ ...c }));
  for (const type of CONDITION_TYPES) {
    const want = found.find((c) => c.type === type) ?? { type, status: 'False', lastTransitionTime: now, ...OK[type] };
    const old = conditions.find((c) => c.type === type);
    if (!old) {
      conditions.push(want);
      changed = true;
    } else if (old.status !== want.status || old.message !== want.message || old.reason !== want.reason) {
      if (old.status !== want.status) old.lastTransitionTime = now;
      old.status = want.status;
      old.reason = want.reason;
      old.message = want.message;
      changed = true;
    }
  }
  status.conditions = conditions;
  return changed;
}

/** makeDeleteContentCondition: NamespaceDeletionContentFailure True with every error, sorted. */
export function deleteContentCondition(errors: string[], now: string): NamespaceCondition | undefined {
  if (errors.length === 0) return undefined;
  return {
    type: 'NamespaceDeletionContentFailure',
    status: 'True',
    lastTransitionTime: now,
    reason: 'ContentDeletionFailed',
    message: `Failed to delete all resource types, ${errors.length} remaining: ${[...errors].sort().join(', ')}`,
  };
}
