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
import { deletingDependents, FOREGROUND, GraphBuilder, hasFinalizer, ORPHAN, type GraphNode } from './graph';
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
    this.attemptToDelete = new WorkQueue(ctx.proc, 'garbage collector attempt to delete', (key) => {
      this.attemptToDeleteItem(nodeOfKey(key));
      this.attemptToDelete.forget(key);
    });
    this.attemptToOrphan = new WorkQueue(ctx.proc, 'garbage collector attempt to orphan', (key) => {
      this.orphanDependents(nodeOfKey(key));
      this.attemptToOrphan.forget(key);
    });
    this.graph = new GraphBuilder(ctx.informers, {
      attemptToDelete: (n) => this.attemptToDelete.add(keyOfNode(n)),
      attemptToOrphan: (n) => this.attemptToOrphan.add(keyOfNode(n)),
    });
  }

  /** attemptToDeleteItem: one object that may be garbage. */
  private attemptToDeleteItem(n: GraphNode): void {
    if (mutant('gc-orphans')) return;
    if (!this.graph.get(n)) return;
    // Decide on the live object, as the real collector does: the cache may not have seen an
    // ownerReference this collector just removed (orphaning) when the owner's delete arrives.
    const item = this.ctx.client.tryGet(n.resource, n.namespace, n.name);
    if (!item || item.metadata.uid !== n.uid) return;
    if (item.metadata.deletionTimestamp && !deletingDependents(item)) return;
    if (deletingDependents(item)) return this.processDeletingDependents(n, item);
    const refs = item.metadata.ownerReferences ?? [];
    if (refs.length === 0) return;
    const solid: OwnerReference[] = [];
    const dangling: OwnerReference[] = [];
    const waiting: OwnerReference[] = [];
    for (const ref of refs) {
      const owner = this.lookupOwner(item, ref);
      if (!owner) dangling.push(ref);
      else if (deletingDependents(owner)) waiting.push(ref);
      else solid.push(ref);
    }
    if (solid.length) {
      if (!dangling.length && !waiting.length) return;
      // Still owned: drop only the references to owners that are gone or deleting in the foreground.
      const patch = { metadata: { ownerReferences: [...dangling, ...waiting].map((r) => ({ $patch: 'delete', uid: r.uid })), uid: n.uid } };
      this.ignoreNotFound(() => this.ctx.client.patch(n.resource, n.namespace, n.name, 'strategic', patch));
      return;
    }
    if (waiting.length && this.graph.dependents(n.uid).length) {
      // An owner waits for its dependents, and this one has dependents of its own: foreground it too.
      return this.deleteObject(n, 'Foreground');
    }
    const policy = hasFinalizer(item, ORPHAN) ? 'Orphan' : hasFinalizer(item, FOREGROUND) ? 'Foreground' : 'Background';
    this.deleteObject(n, policy);
  }

  /**
   * isDangling: an owner is gone when it is in the absent-owner cache, or the graph does not
   * know it and the API server says NotFound (or has another object under that name).
   */
  private lookupOwner(item: KObject, ref: OwnerReference): KObject | undefined {
    if (this.graph.absentOwners.has(ref.uid)) return undefined;
    const known = this.graph.node(ref.uid);
    if (known) {
      const o = this.graph.get(known);
      if (o) return o;
    }
    const r = resourceForKind(ref.apiVersion, ref.kind);
    if (!r) return undefined;
    const owner = this.ctx.client.tryGet(r.resource, r.namespaced ? item.metadata.namespace : undefined, ref.name);
    if (owner && owner.metadata.uid === ref.uid) return owner;
    this.graph.absentOwners.add(ref.uid);
    return undefined;
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
      const patch = { metadata: { ownerReferences: [{ $patch: 'delete', uid: n.uid }], uid: obj.metadata.uid } };
      this.ignoreNotFound(() => this.ctx.client.patch(resource, obj.metadata.namespace, obj.metadata.name!, 'strategic', patch));
    }
    this.removeFinalizer(n, owner, ORPHAN);
  }

  /** removeFinalizer: a merge patch of the remaining finalizers, guarded by resourceVersion. */
  private removeFinalizer(n: GraphNode, owner: KObject, finalizer: string): void {
    if (!hasFinalizer(owner, finalizer)) return;
    const rest = (owner.metadata.finalizers ?? []).filter((f) => f !== finalizer);
    const patch = { metadata: { resourceVersion: owner.metadata.resourceVersion, finalizers: rest.length ? rest : null } };
    this.ignoreNotFound(() => this.ctx.client.patch(n.resource, n.namespace, n.name, 'merge', patch));
  }

  private deleteObject(n: GraphNode, policy: 'Background' | 'Foreground' | 'Orphan'): void {
    this.ignoreNotFound(() => this.ctx.client.delete(n.resource, n.namespace, n.name, { propagationPolicy: policy }));
  }

  private ignoreNotFound(fn: () => void): void {
    try {
      fn();
    } catch (e) {
      if (!(e instanceof StatusError) || reasonOf(e) !== 'NotFound') throw e;
    }
  }
}
