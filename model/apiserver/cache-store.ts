import type { KObject } from '../api/meta';
import type { KeyValue } from '../etcd/store';
import { decode } from './objects';

/**
 * A set of etcd keys that hands out its members in key order, sorting only after it changed.
 * The sorted copy is a memo: an ES private field, so the suite's state digest
 * (steps/support/state-digest.ts), which compares a cluster with a fresh boot, does not see it.
 */
class SortedKeys {
  private readonly set = new Set<string>();
  #sorted: string[] | undefined;

  add(key: string): void {
    if (this.set.has(key)) return;
    this.set.add(key);
    this.#sorted = undefined;
  }

  delete(key: string): void {
    if (this.set.delete(key)) this.#sorted = undefined;
  }

  get size(): number {
    return this.set.size;
  }

  /** The keys in etcd's range order (UTF-16 code units, as the store's range sorts them). */
  keys(): readonly string[] {
    return (this.#sorted ??= [...this.set].sort());
  }
}

/** One live object of the cache: as decoded at its last write, shared read-only. */
export interface CachedObject {
  rev: number;
  obj: KObject;
}

/**
 * The watch cache's store (the cacher's watchCache.store): every live object of one resource,
 * decoded once when its write arrives from etcd and shared read-only, with the indexes lists
 * select by (k8s.io/apiserver's cacher serves lists from here): the namespace (the key's
 * segment after the resource prefix) and, for Pods, spec.nodeName (the kubelets' selector).
 */
export class CacheStore {
  /** A live key: its object as decoded, or (when objects are not kept) its stored KeyValue. */
  private readonly objects = new Map<string, { rev: number; obj?: KObject; kv?: KeyValue; indexed?: string }>();
  private readonly all = new SortedKeys();
  private readonly byNamespace = new Map<string, SortedKeys>();
  private readonly byField = new Map<string, SortedKeys>();

  constructor(
    /** The resource's etcd prefix, "/registry/pods/". */
    private readonly prefix: string,
    private readonly namespaced: boolean,
    /** The one field this resource is indexed by, if any ("spec.nodeName" for Pods). */
    readonly indexedField: string | undefined,
    /**
     * False for a resource whose watch cache upstream disables (events): then only each key's
     * stored KeyValue is kept (its string is etcd's own), and an object is decoded when a list
     * or a new watch asks for it, as a list that goes to etcd decodes it.
     */
    readonly keepsObjects = true,
  ) {}

  get size(): number {
    return this.objects.size;
  }

  get(key: string): CachedObject | undefined {
    const e = this.objects.get(key);
    if (!e || e.obj) return e as CachedObject | undefined;
    return { rev: e.rev, obj: decode(e.kv!.value, e.kv!.modRevision) };
  }

  /** Records a key's new version: the object decoded from `kv` (kept unless keepsObjects is false). */
  set(key: string, rev: number, obj: KObject, kv: KeyValue): void {
    const before = this.objects.get(key);
    const indexed = this.indexedField ? fieldValue(obj, this.indexedField) : undefined;
    this.objects.set(key, this.keepsObjects ? { rev, obj, indexed } : { rev, kv, indexed });
    if (before) {
      if (before.indexed === indexed) return;
      if (before.indexed !== undefined) this.byField.get(before.indexed)?.delete(key);
    } else {
      this.all.add(key);
      const ns = this.namespaceOf(key);
      if (ns !== undefined) bucket(this.byNamespace, ns).add(key);
    }
    if (indexed !== undefined) bucket(this.byField, indexed).add(key);
  }

  delete(key: string): void {
    const before = this.objects.get(key);
    if (!before) return;
    this.objects.delete(key);
    this.all.delete(key);
    const ns = this.namespaceOf(key);
    if (ns !== undefined) drop(this.byNamespace, ns, key);
    if (before.indexed !== undefined) drop(this.byField, before.indexed, key);
  }

  /**
   * The keys under `prefix` (the resource's, or one namespace's) in key order, narrowed by the
   * index when the selector names the indexed field exactly: a superset of what the selectors
   * match, never a subset (the caller still matches each object).
   */
  keysFor(prefix: string, indexedValue: string | undefined): readonly string[] {
    const ns = prefix === this.prefix ? undefined : this.namespaceOf(prefix);
    if (indexedValue !== undefined && this.indexedField) {
      const keys = this.byField.get(indexedValue)?.keys() ?? [];
      return prefix === this.prefix ? keys : keys.filter((k) => k.startsWith(prefix));
    }
    if (prefix === this.prefix) return this.all.keys();
    if (ns !== undefined && `${this.prefix}${ns}/` === prefix) return this.byNamespace.get(ns)?.keys() ?? [];
    return this.all.keys().filter((k) => k.startsWith(prefix));
  }

  /** "/registry/pods/default/web-1" -> "default" (namespaced resources only). */
  private namespaceOf(key: string): string | undefined {
    if (!this.namespaced || !key.startsWith(this.prefix)) return undefined;
    const end = key.indexOf('/', this.prefix.length);
    return end < 0 ? undefined : key.slice(this.prefix.length, end);
  }
}

function bucket(m: Map<string, SortedKeys>, value: string): SortedKeys {
  let b = m.get(value);
  if (!b) m.set(value, (b = new SortedKeys()));
  return b;
}

function drop(m: Map<string, SortedKeys>, value: string, key: string): void {
  const b = m.get(value);
  if (!b) return;
  b.delete(key);
  if (b.size === 0) m.delete(value);
}

/** A field's value as field selectors compare it: "" when unset. */
export function fieldValue(obj: KObject, field: string): string {
  let cur: any = obj;
  for (const p of field.split('.')) cur = cur?.[p];
  return cur === undefined || cur === null ? '' : String(cur);
}
