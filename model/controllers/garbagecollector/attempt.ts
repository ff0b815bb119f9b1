/**
 * The garbage collector's decision for one object that may be garbage, as
 * garbagecollector.go's attemptToDeleteItem and classifyReferences make it: every owner reference
 * is solid (the owner exists and is not being deleted in the foreground), dangling (the owner is
 * gone, or another object holds its name) or waitingForDependentsDeletion (the owner is being
 * deleted in the foreground). Pure: the owners' lookups come in, the action goes out.
 */
import type { KObject, OwnerReference } from '../../api/meta';
import { deletingDependents, FOREGROUND, hasFinalizer, ORPHAN } from './graph';

/** What isDangling learnt of one owner reference. */
export type OwnerLookup =
  | { found: KObject }
  | { absent: true }
  /** The reference cannot be checked (a kind the API server does not serve): retry later. */
  | { error: string }
  /** A cluster-scoped object names a namespaced owner: invalid, never retried (namespacedOwnerOfClusterScopedObjectErr). */
  | { invalidNamespacedOwner: true };

export interface Classified {
  solid: OwnerReference[];
  dangling: OwnerReference[];
  waitingForDependentsDeletion: OwnerReference[];
}

/** classifyReferences: the first lookup that fails stops the classification, as upstream returns its error. */
export function classifyReferences(refs: OwnerReference[], lookup: (ref: OwnerReference) => OwnerLookup): Classified | Exclude<OwnerLookup, { found: KObject } | { absent: true }> {
  const out: Classified = { solid: [], dangling: [], waitingForDependentsDeletion: [] };
  for (const ref of refs) {
    const l = lookup(ref);
    if ('absent' in l) out.dangling.push(ref);
    else if ('found' in l) (deletingDependents(l.found) ? out.waitingForDependentsDeletion : out.solid).push(ref);
    else return l;
  }
  return out;
}

export type DeletePolicy = 'Background' | 'Foreground' | 'Orphan';

export type AttemptDecision =
  /** Nothing to do: no owners, or every owner solid. */
  | { action: 'none' }
  /** Owned but being deleted in the foreground itself: processDeletingDependentsItem. */
  | { action: 'processDeletingDependents' }
  /** Still has a solid owner: drop only the dangling and waiting references (deleteOwnerRefStrategicMergePatch). */
  | { action: 'removeOwnerReferences'; uids: string[] }
  /** Garbage: delete it; unblockOwnerReferences first when a dependent of its own waits for it (a cycle). */
  | { action: 'delete'; policy: DeletePolicy; unblockOwnerReferences?: boolean }
  /** An owner could not be looked up: requeue with back-off. */
  | { action: 'retry'; reason: string }
  /** An invalid reference that no retry will fix: drop the item from the queue. */
  | { action: 'forget' };

/** What attemptToDeleteItem knows of the item's dependents from the graph. */
export interface Dependents {
  count: number;
  /** Some dependent is itself being deleted in the foreground. */
  anyDeletingDependents: boolean;
}

/**
 * attemptToDeleteItem's switch, on the item's latest state. An item being deleted but not in the
 * foreground is left to its final deletion ("a one-way trip").
 */
export function decideAttemptToDelete(latest: KObject, lookup: (ref: OwnerReference) => OwnerLookup, dependents: Dependents): AttemptDecision {
  if (deletingDependents(latest)) return { action: 'processDeletingDependents' };
  if (latest.metadata.deletionTimestamp) return { action: 'none' };
  const refs = latest.metadata.ownerReferences ?? [];
  if (refs.length === 0) return { action: 'none' };
  const c = classifyReferences(refs, lookup);
  if ('error' in c) return { action: 'retry', reason: c.error };
  if ('invalidNamespacedOwner' in c) return { action: 'forget' };
  if (c.solid.length) {
    if (!c.dangling.length && !c.waitingForDependentsDeletion.length) return { action: 'none' };
    return { action: 'removeOwnerReferences', uids: [...c.dangling, ...c.waitingForDependentsDeletion].map((r) => r.uid) };
  }
  if (c.waitingForDependentsDeletion.length && dependents.count) {
    // An owner waits for its dependents, and this one has dependents of its own: foreground it
    // too, after unblocking its owners if one of its dependents waits for it (the cycle would never end).
    return { action: 'delete', policy: 'Foreground', ...(dependents.anyDeletingDependents ? { unblockOwnerReferences: true } : {}) };
  }
  const policy: DeletePolicy = hasFinalizer(latest, ORPHAN) ? 'Orphan' : hasFinalizer(latest, FOREGROUND) ? 'Foreground' : 'Background';
  return { action: 'delete', policy };
}

/** GenerateDeleteOwnerRefStrategicMergeBytes: a strategic merge patch deleting these owner references. */
export function deleteOwnerRefPatch(dependentUID: string, ownerUIDs: string[]): any {
  return { metadata: { ownerReferences: ownerUIDs.map((uid) => ({ $patch: 'delete', uid })), uid: dependentUID } };
}

/** unblockOwnerReferencesStrategicMergePatch: every blocking owner reference set to blockOwnerDeletion false. */
export function unblockOwnerReferencesPatch(dependentUID: string, refs: OwnerReference[]): any {
  const ownerReferences = refs.filter((r) => r.blockOwnerDeletion).map((r) => ({ uid: r.uid, blockOwnerDeletion: false }));
  return { metadata: { ownerReferences, uid: dependentUID } };
}
