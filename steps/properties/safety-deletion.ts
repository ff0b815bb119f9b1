/**
 * Deletion propagation, at the moment an owner leaves etcd: one deleted in the foreground (its
 * last version carried the foregroundDeletion finalizer) leaves no dependent that blocks it, and
 * one deleted with orphaning (the orphan finalizer) leaves no dependent still referring to it.
 * That each deleted owner and its dependents are gone (or orphaned) by the deadline is part of
 * convergence (runner.ts).
 */
import type { KObject } from '../../model/api/meta';

export class DeletionChecks {
  /** Every object with ownerReferences, by etcd key. */
  private readonly dependents = new Map<string, KObject>();
  /** The last stored version of every object, by etcd key, for the ones that may own others. */
  private readonly owners = new Map<string, KObject>();

  constructor(private readonly violate: (msg: string) => void) {}

  onEvent(key: string, obj: KObject | undefined): void {
    const last = this.owners.get(key);
    if (obj) {
      if ((obj.metadata.ownerReferences ?? []).length) this.dependents.set(key, obj);
      else this.dependents.delete(key);
      this.owners.set(key, obj);
      return;
    }
    this.dependents.delete(key);
    this.owners.delete(key);
    const finalizers: string[] = last?.metadata.finalizers ?? [];
    if (!last || !last.metadata.deletionTimestamp) return;
    const uid = last.metadata.uid;
    for (const [k, d] of this.dependents) {
      const ref = (d.metadata.ownerReferences ?? []).find((r: any) => r.uid === uid);
      if (!ref) continue;
      if (finalizers.includes('orphan')) this.violate(`${key} was deleted with propagationPolicy Orphan while ${k} still refers to it`);
      else if (finalizers.includes('foregroundDeletion') && ref.blockOwnerDeletion && !d.metadata.deletionTimestamp)
        this.violate(`${key} was deleted in the foreground while its dependent ${k} (blockOwnerDeletion) was not even being deleted`);
      else if (finalizers.includes('foregroundDeletion') && ref.blockOwnerDeletion) this.violate(`${key} was deleted in the foreground before its dependent ${k} was gone`);
    }
  }
}
