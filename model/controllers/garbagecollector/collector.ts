/**
 * The garbage collector (pkg/controller/garbagecollector): deletes objects whose owners are all
 * gone, drives foreground deletion (delete the blocking dependents, then drop the owner's
 * foregroundDeletion finalizer so the API server removes it) and orphaning (strip the owner's
 * reference from its dependents, then drop the orphan finalizer).
 */
import type { KObject, OwnerReference } from '../../api/meta';
import { resourceForKind } from '../../api/registry';
import { StatusError } from '../../api/status';
import type { ComponentContext } from '../../component';
import { WorkQueue } from '../../client/workqueue';
import { reasonOf } from '../util/objects';
import { decideAttemptToDelete, deleteOwnerRefPatch, unblockOwnerReferencesPatch, type OwnerLookup } from './attempt';
import { absentOwnerKey, deletingDependents, FOREGROUND, GraphBuilder, hasFinalizer, ORPHAN, type GraphNode } from './graph';
import { mutant } from '../../sim/mutants';

const keyOfNode = (n: GraphNode) => `${n.resource}|${n.namespace ?? ''}|${n.name}|${n.uid}`;
function nodeOfKey(key: string): GraphNode {
  const [resource, namespace, name, uid] = key.split('|');
  return { resource, namespace: namespace || undefined, name, uid };
}

export class GarbageCollector {
  readonly name = 'garbage-collector-controller';
  readonly graph: GraphBuilder;
  readonly attemptToDelete: WorkQueue;
  readonly attemptToOrphan: WorkQueue;

  constructor(private readonly ctx: ComponentContext) {
    // Run's WaitForNamedCacheSync: the workers start once every monitor has synced.
    const synced = () => this.graph.hasSynced();
    this.attemptToDelete = new WorkQueue(
      ctx.proc,
      'garbage collector attempt to delete',
      (key) => {
        if (this.attemptToDeleteItem(nodeOfKey(key))) this.attemptToDelete.forget(key);
        else this.attemptToDelete.addRateLimited(key);
      },
      { synced },
    );
    this.attemptToOrphan = new WorkQueue(
      ctx.proc,
      'garbage collector attempt to orphan',
      (key) => {
        this.orphanDependents(nodeOfKey(key));
        this.attemptToOrphan.forget(key);
      },
      { synced },
    );
    this.graph = new GraphBuilder(ctx.informers, {
      attemptToDelete: (n) => this.attemptToDelete.add(keyOfNode(n)),
      attemptToOrphan: (n) => this.attemptToOrphan.add(keyOfNode(n)),
    });
  }

  /** attemptToDeleteItem: one object that may be garbage; false when it is to be retried. */
  attemptToDeleteItem(n: GraphNode): boolean {
    if (mutant('gc-orphans')) return true;
    // Decide on the live object, as the real collector does: the cache may not have seen an
    // ownerReference this collector just removed (orphaning) when the owner's delete arrives.
    const item = this.ctx.client.tryGet(n.resource, n.namespace, n.name);
    if (!item || item.metadata.uid !== n.uid) return true;
    const dependents = this.graph.dependents(n.uid);
    const d = decideAttemptToDelete(item, (ref) => this.isDangling(item, ref), { count: dependents.length, anyDeletingDependents: dependents.some(({ obj }) => deletingDependents(obj)) });
    switch (d.action) {
      case 'processDeletingDependents':
        this.processDeletingDependents(n, item);
        return true;
      // A failed write, NotFound included, is retried as upstream's attemptToDeleteWorker
      // requeues any error (the next try finds the object gone and drops it).
      case 'removeOwnerReferences':
        this.ctx.client.patch(n.resource, n.namespace, n.name, 'strategic', deleteOwnerRefPatch(n.uid, d.uids));
        return true;
      case 'delete':
        if (d.unblockOwnerReferences) this.ctx.client.patch(n.resource, n.namespace, n.name, 'strategic', unblockOwnerReferencesPatch(n.uid, item.metadata.ownerReferences ?? []));
        this.ctx.client.delete(n.resource, n.namespace, n.name, { propagationPolicy: d.policy });
        return true;
      case 'retry':
        return false;
      default:
        return true;
    }
  }

  /**
   * isDangling: an owner is gone when the absent-owner cache says so (cluster-scoped coordinates
   * first, then in the item's namespace), or the API server has nothing, or another object, at
   * the reference's coordinates. The graph's copy stands in for the GET when it is the object
   * those coordinates name (upstream's TODO: only virtual owners need the API server).
   */
  private isDangling(item: KObject, ref: OwnerReference): OwnerLookup {
    const ns = item.metadata.namespace;
    if (this.graph.absentOwners.has(absentOwnerKey(ref, undefined)) || (ns && this.graph.absentOwners.has(absentOwnerKey(ref, ns)))) return { absent: true };
    const r = resourceForKind(ref.apiVersion, ref.kind);
    if (!r) return { error: `unable to get REST mapping for ${ref.apiVersion}/${ref.kind}` };
    if (r.namespaced && !ns) return { invalidNamespacedOwner: true };
    const ownerNs = r.namespaced ? ns : undefined;
    const known = this.graph.node(ref.uid);
    const cached = known && known.resource === r.resource && known.name === ref.name && known.namespace === ownerNs ? this.graph.get(known) : undefined;
    const owner = cached ?? this.ctx.client.tryGet(r.resource, ownerNs, ref.name);
    if (owner && owner.metadata.uid === ref.uid) return { found: owner };
    this.graph.absentOwners.add(absentOwnerKey(ref, ownerNs));
    return { absent: true };
  }

  /** processDeletingDependentsItem: finish the owner once no dependent blocks it; else delete those that do. */
  private processDeletingDependents(n: GraphNode, owner: KObject): void {
    const blocking = this.graph
      .dependents(n.uid)
      .filter(({ obj }) => (obj.metadata.ownerReferences ?? []).some((r) => r.uid === n.uid && r.blockOwnerDeletion));
    if (blocking.length === 0 || mutant('gc-foreground-deletes-owner-first')) return this.removeFinalizer(n, owner, FOREGROUND);
    for (const { resource, obj } of blocking) {
      if (deletingDependents(obj)) continue;
      this.attemptToDelete.add(keyOfNode({ resource, namespace: obj.metadata.namespace, name: obj.metadata.name!, uid: obj.metadata.uid! }));
    }
  }

  /** attemptToOrphanWorker: strip the owner's reference from every dependent, then drop the orphan finalizer. */
  private orphanDependents(n: GraphNode): void {
    const owner = this.graph.get(n);
    if (!owner || !hasFinalizer(owner, ORPHAN)) return;
    for (const { resource, obj } of this.graph.dependents(n.uid)) {
      if (mutant('gc-orphan-keeps-owner-references')) continue;
      const patch = deleteOwnerRefPatch(obj.metadata.uid!, [n.uid]);
      this.ignoreNotFound(() => this.ctx.client.patch(resource, obj.metadata.namespace, obj.metadata.name!, 'strategic', patch));
    }
    this.removeFinalizer(n, owner, ORPHAN);
  }

  /**
   * removeFinalizer: a merge patch of the remaining finalizers, guarded by resourceVersion. An
   * owner already gone is done with (upstream reads it first and stops at NotFound).
   */
  private removeFinalizer(n: GraphNode, owner: KObject, finalizer: string): void {
    if (!hasFinalizer(owner, finalizer)) return;
    const rest = (owner.metadata.finalizers ?? []).filter((f) => f !== finalizer);
    const patch = { metadata: { resourceVersion: owner.metadata.resourceVersion, finalizers: rest.length ? rest : null } };
    this.ignoreNotFound(() => this.ctx.client.patch(n.resource, n.namespace, n.name, 'merge', patch));
  }

  private ignoreNotFound(fn: () => void): void {
    try {
      fn();
    } catch (e) {
      if (!(e instanceof StatusError) || reasonOf(e) !== 'NotFound') throw e;
    }
  }
}
