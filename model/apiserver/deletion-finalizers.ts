/**
 * The generic registry Store's deletionFinalizersForGarbageCollection (store.go): on delete,
 * the orphan and foregroundDeletion finalizers are both taken off and put back as the request
 * says (propagationPolicy), or as the object already says when the request is silent; the
 * other finalizers keep their order. Every kind this model serves defaults to
 * DeleteDependents (background), so a silent request on an object with neither orphans nothing.
 */
export const ORPHAN_FINALIZER = 'orphan';
export const FOREGROUND_FINALIZER = 'foregroundDeletion';

export type PropagationPolicy = 'Background' | 'Foreground' | 'Orphan';

/** shouldOrphanDependents. */
function shouldOrphan(finalizers: string[], policy: PropagationPolicy | undefined): boolean {
  if (policy) return policy === 'Orphan';
  for (const f of finalizers) {
    if (f === ORPHAN_FINALIZER) return true;
    if (f === FOREGROUND_FINALIZER) return false;
  }
  return false;
}

/** shouldDeleteDependents. */
function shouldDeleteDependents(finalizers: string[], policy: PropagationPolicy | undefined): boolean {
  if (policy) return policy === 'Foreground';
  return finalizers.includes(FOREGROUND_FINALIZER);
}

/** The finalizers the object is to have once deleted with this policy (the same list when nothing changes). */
export function deletionFinalizers(finalizers: string[], policy: PropagationPolicy | undefined): string[] {
  const next = finalizers.filter((f) => f !== ORPHAN_FINALIZER && f !== FOREGROUND_FINALIZER);
  if (shouldOrphan(finalizers, policy)) next.push(ORPHAN_FINALIZER);
  if (shouldDeleteDependents(finalizers, policy)) next.push(FOREGROUND_FINALIZER);
  const same = new Set(next).size === new Set(finalizers).size && next.every((f) => finalizers.includes(f));
  return same ? finalizers : next;
}
