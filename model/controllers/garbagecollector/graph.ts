/**
 * The garbage collector's GraphBuilder (pkg/controller/garbagecollector/graph_builder.go): it
 * watches every resource that can own or depend on another, knows each object by UID, finds
 * dependents through the informers' byOwnerUID index, and turns changes into work: an object
 * whose owner is unknown or gone, an owner starting a foreground or orphan deletion, an owner
 * whose last blocking dependent disappeared.
 */
import type { KObject, OwnerReference } from '../../api/meta';
import { resourceByName } from '../../api/registry';
import type { InformerFactory } from '../../client/factory';
import type { Informer } from '../../client/informer';
import { BY_OWNER_UID, ensureIndexes } from '../util/indexes';

/**
 * The resources the collector monitors (graph_builder's monitors, limited to what this model
 * serves and can own or be owned: Nodes own mirror Pods and their kubelets' Leases, Services own
 * EndpointSlices), owners first so that a first list sees owners before their dependents.
 */
export const GC_RESOURCES = ['nodes', 'services', 'deployments', 'daemonsets', 'replicasets', 'statefulsets', 'cronjobs', 'jobs', 'pods', 'endpointslices', 'controllerrevisions', 'persistentvolumeclaims', 'leases'] as const;

export const FOREGROUND = 'foregroundDeletion';
/** The size of the real collector's absentOwnerCache (an LRU). */
const ABSENT_OWNER_CACHE_SIZE = 500;
export const ORPHAN = 'orphan';

/** An object's identity in the graph. */
export interface GraphNode {
  resource: string;
  namespace?: string;
  name: string;
  uid: string;
}

export interface GraphSinks {
  attemptToDelete(n: GraphNode): void;
  attemptToOrphan(n: GraphNode): void;
}

/**
 * The absent-owner cache's key: an owner reference's coordinates (apiVersion, kind, name, uid)
 * and a namespace (none for a cluster-scoped owner), as upstream's objectReference.
 */
export const absentOwnerKey = (ref: { apiVersion: string; kind: string; name: string; uid: string }, namespace: string | undefined): string =>
  [ref.apiVersion, ref.kind, ref.name, ref.uid, namespace ?? ''].join('|');

const groupOf = (apiVersion: string): string => (apiVersion.includes('/') ? apiVersion.split('/')[0] : '');

/** The absent-owner key of an observed object that went away. */
function identityKey(resource: string, o: KObject): string {
  const r = resourceByName(resource)!;
  return absentOwnerKey({ apiVersion: r.group ? `${r.group}/${r.version}` : r.version, kind: r.kind, name: o.metadata.name!, uid: o.metadata.uid! }, o.metadata.namespace);
}

export const nodeOf = (resource: string, o: KObject): GraphNode => ({ resource, namespace: o.metadata.namespace, name: o.metadata.name!, uid: o.metadata.uid! });

export const hasFinalizer = (o: KObject, f: string): boolean => (o.metadata.finalizers ?? []).includes(f);
/** isDeletingDependents: being deleted in the foreground. */
export const deletingDependents = (o: KObject): boolean => !!o.metadata.deletionTimestamp && hasFinalizer(o, FOREGROUND);

export class GraphBuilder {
  readonly informers = new Map<string, Informer>();
  private readonly byUID = new Map<string, GraphNode>();
  /** absentOwnerCache: owners known to be gone (absentOwnerKey), so their dependents need no lookup. */
  absentOwners = new BoundedSet(ABSENT_OWNER_CACHE_SIZE);

  constructor(
    factory: InformerFactory,
    private readonly sinks: GraphSinks,
  ) {
    for (const resource of GC_RESOURCES) {
      const inf = factory.get(resource);
      ensureIndexes(inf, BY_OWNER_UID);
      this.informers.set(resource, inf);
      inf.addEventHandler({
        onAdd: (o) => this.onAdd(resource, o),
        onUpdate: (old, o) => this.onUpdate(resource, old, o),
        onDelete: (o) => this.onDelete(resource, o),
      });
    }
  }

  hasSynced(): boolean {
    return [...this.informers.values()].every((i) => i.hasSynced());
  }

  node(uid: string): GraphNode | undefined {
    return this.byUID.get(uid);
  }

  /** The current object of a node, from its informer's cache (undefined if gone or replaced). */
  get(n: GraphNode): KObject | undefined {
    const o = this.informers.get(n.resource)?.getByName(n.namespace, n.name);
    return o && o.metadata.uid === n.uid ? o : undefined;
  }

  /** Every watched object listing uid among its owners. */
  dependents(uid: string): { resource: string; obj: KObject }[] {
    const out: { resource: string; obj: KObject }[] = [];
    for (const [resource, inf] of this.informers) for (const obj of inf.byIndex(BY_OWNER_UID, uid)) out.push({ resource, obj });
    return out;
  }

  private onAdd(resource: string, o: KObject): void {
    const n = nodeOf(resource, o);
    this.byUID.set(n.uid, n);
    // An owner the graph has not seen may not exist, and a reference that does not name the
    // owner seen under its UID may point at nothing: check (the real builder adds a virtual node).
    if ((o.metadata.ownerReferences ?? []).some((r) => this.potentiallyInvalid(n, r))) this.sinks.attemptToDelete(n);
    this.processTransitions(undefined, o, n);
  }

  private onUpdate(resource: string, old: KObject, o: KObject): void {
    const n = nodeOf(resource, o);
    this.byUID.set(n.uid, n);
    const before = new Map((old.metadata.ownerReferences ?? []).map((r) => [r.uid, r]));
    const after = new Map((o.metadata.ownerReferences ?? []).map((r) => [r.uid, r]));
    if ([...after.values()].some((r) => !before.has(r.uid) && this.potentiallyInvalid(n, r))) this.sinks.attemptToDelete(n);
    // addUnblockedOwnersToDeleteQueue: a reference that blocked its owner and was removed, or no
    // longer blocks, may unblock an owner deleting in the foreground. A reference that never
    // blocked, or only starts to, wakes nothing.
    for (const [uid, ref] of before) {
      if (!ref.blockOwnerDeletion || after.get(uid)?.blockOwnerDeletion) continue;
      this.wakeDeletingOwner(uid);
    }
    this.processTransitions(old, o, n);
  }

  /**
   * addDependentToOwners' hasPotentiallyInvalidOwnerReference: the owner is unknown, or known
   * under other coordinates (another namespace for a namespaced owner, another group, kind or
   * name).
   */
  private potentiallyInvalid(n: GraphNode, ref: OwnerReference): boolean {
    const owner = this.byUID.get(ref.uid);
    if (!owner) return true;
    const r = resourceByName(owner.resource)!;
    if (owner.namespace && owner.namespace !== n.namespace) return true;
    return r.kind !== ref.kind || (r.group ?? '') !== groupOf(ref.apiVersion) || owner.name !== ref.name;
  }

  private onDelete(resource: string, o: KObject): void {
    if (this.byUID.get(o.metadata.uid!)?.resource === resource) this.byUID.delete(o.metadata.uid!);
    // Its dependents may now be garbage; its owners may be waiting for it.
    const deps = this.dependents(o.metadata.uid!);
    if (deps.length) this.absentOwners.add(identityKey(resource, o));
    for (const dep of deps) this.sinks.attemptToDelete(nodeOf(dep.resource, dep.obj));
    for (const r of o.metadata.ownerReferences ?? []) this.wakeDeletingOwner(r.uid);
  }

  private wakeDeletingOwner(uid: string): void {
    const owner = this.byUID.get(uid);
    const obj = owner && this.get(owner);
    if (obj && deletingDependents(obj)) this.sinks.attemptToDelete(owner!);
  }

  /** startsWaitingForDependentsOrphaned / startsWaitingForDependentsDeleted. */
  private processTransitions(old: KObject | undefined, o: KObject, n: GraphNode): void {
    const was = (f: string) => !!old && !!old.metadata.deletionTimestamp && hasFinalizer(old, f);
    if (o.metadata.deletionTimestamp && hasFinalizer(o, ORPHAN) && !was(ORPHAN)) {
      this.sinks.attemptToOrphan(n);
      return;
    }
    if (deletingDependents(o) && !was(FOREGROUND)) {
      for (const dep of this.dependents(n.uid)) this.sinks.attemptToDelete(nodeOf(dep.resource, dep.obj));
      this.sinks.attemptToDelete(n);
    }
  }
}

/** A set that forgets its least recently used entries beyond a size (the absent-owner LRU). */
export class BoundedSet {
  private readonly items = new Set<string>();
  constructor(private readonly max: number) {}
  add(v: string): void {
    this.items.delete(v);
    this.items.add(v);
    if (this.items.size > this.max) this.items.delete(this.items.values().next().value!);
  }
  /** A hit makes the entry the newest, as the LRU's Get does. */
  has(v: string): boolean {
    if (!this.items.has(v)) return false;
    this.items.delete(v);
    this.items.add(v);
    return true;
  }
}
