import type { KObject } from '../api/meta';
import { CacheStore, fieldValue } from './cache-store';
import { etcdPrefix, type ResourceInfo } from '../api/registry';
import { type FieldSelector, matchesLabels, type Selector } from '../api/selectors';
import { matchesFields } from './fieldlabels';
import type { WatchEvent } from './request';
import type { WatchEvent as EtcdEvent } from '../etcd/store';
import { decode } from './objects';

/** A client's watch: its filters and its delivery queue. */
export interface Watcher {
  id: number;
  actor: string;
  resource: ResourceInfo;
  namespace?: string;
  labels: Selector;
  fields: FieldSelector;
  /** The value this watcher is indexed under when it selects on one exact field ("spec.nodeName"). */
  indexed?: { field: string; value: string };
  queue: WatchEvent[];
  deliver: (events: WatchEvent[]) => void;
  close: (reason?: string) => void;
  closed: boolean;
}

/** Fields the watch cache indexes watchers by, so an event reaches only the watchers it may concern. */
const INDEXED_FIELDS: Record<string, string> = { pods: 'spec.nodeName' };

/**
 * Resources whose watch cache kube-apiserver disables by default (DefaultWatchCacheSizes:
 * events, core and events.k8s.io): their lists and watches are served from etcd, so no decoded
 * copy of each Event is held. Here the cache keeps only etcd's KeyValues for them (the same
 * strings etcd holds) and decodes when asked: what clients see is the same.
 */
const UNCACHED = new Set(['events']);

type HistoryEntry = { rv: number; type: 'ADDED' | 'MODIFIED' | 'DELETED'; obj?: KObject; old?: KObject; change?: EtcdEvent };

/**
 * The API server's per-resource watch cache: the recent history of changes (so a client can
 * resume a watch from a resourceVersion) and the set of watchers, indexed by namespace-free
 * exact field selectors (kubelets watch `spec.nodeName=<node>`), so that one Pod event is never
 * matched against every node's watch.
 */
export class WatchCache {
  /**
   * The last `capacity` changes, oldest first, from `head` on: the entries before it are dropped
   * in one splice once there are `capacity` of them, not one at a time (a splice per change
   * moved the whole window on every write).
   */
  private readonly history: HistoryEntry[] = [];
  private head = 0;
  /** Each live key's object as last decoded, with its revision, indexed for lists. */
  readonly store: CacheStore;
  private readonly broad = new Set<Watcher>();
  private readonly byField = new Map<string, Set<Watcher>>();

  constructor(
    readonly resource: ResourceInfo,
    private readonly capacity: number,
  ) {
    this.store = new CacheStore(etcdPrefix(resource), resource.namespaced, INDEXED_FIELDS[resource.resource], !UNCACHED.has(resource.resource));
  }

  get oldestRV(): number {
    return this.history.length > this.head ? this.history[this.head].rv : Number.MAX_SAFE_INTEGER;
  }

  add(w: Watcher): void {
    const field = INDEXED_FIELDS[this.resource.resource];
    const sel = field ? w.fields.find((f) => f.field === field && f.op === '=') : undefined;
    if (sel) {
      w.indexed = { field, value: sel.value };
      let set = this.byField.get(sel.value);
      if (!set) this.byField.set(sel.value, (set = new Set()));
      set.add(w);
    } else this.broad.add(w);
  }

  remove(w: Watcher): void {
    if (w.indexed) this.byField.get(w.indexed.value)?.delete(w);
    else this.broad.delete(w);
  }

  /** Every open watcher of this resource. */
  all(): Watcher[] {
    const out = [...this.broad];
    for (const s of this.byField.values()) out.push(...s);
    return out;
  }

  get watcherCount(): number {
    let n = this.broad.size;
    for (const s of this.byField.values()) n += s.size;
    return n;
  }

  /** Records a change and returns, per interested watcher, the event it should see. */
  push(rv: number, type: 'ADDED' | 'MODIFIED' | 'DELETED', obj: KObject, old: KObject | undefined, change: EtcdEvent): [Watcher, WatchEvent][] {
    this.history.push(this.store.keepsObjects ? { rv, type, obj, old } : { rv, type, change });
    if (this.history.length - this.head > this.capacity) {
      this.head = this.history.length - this.capacity;
      if (this.head >= this.capacity) {
        this.history.splice(0, this.head);
        this.head = 0;
      }
    }
    const out: [Watcher, WatchEvent][] = [];
    const consider = (w: Watcher) => {
      const ev = eventFor(w, type, obj, old);
      if (ev) out.push([w, ev]);
    };
    for (const w of this.broad) consider(w);
    const field = INDEXED_FIELDS[this.resource.resource];
    if (field) {
      const values = new Set([fieldValue(obj, field), old ? fieldValue(old, field) : undefined]);
      for (const v of values) if (v !== undefined) for (const w of this.byField.get(v) ?? []) consider(w);
    }
    return out;
  }

  /** Events after rv for one watcher (resuming a watch). */
  since(w: Watcher, rv: number): WatchEvent[] {
    const out: WatchEvent[] = [];
    for (let i = this.head; i < this.history.length; i++) {
      const h = this.history[i];
      if (h.rv <= rv) continue;
      const { obj, old } = h.change ? objectsOf(h.type, h.change) : (h as { obj: KObject; old?: KObject });
      const ev = eventFor(w, h.type, obj, old);
      if (ev) out.push(ev);
    }
    return out;
  }
}

/** An uncached change's objects, decoded again as the watch hub decoded them when it happened. */
function objectsOf(type: HistoryEntry['type'], e: EtcdEvent): { obj: KObject; old?: KObject } {
  const prev = e.prevKv && decode(e.prevKv.value, e.prevKv.modRevision);
  if (type !== 'DELETED') return { obj: decode(e.kv.value, e.kv.modRevision), old: prev };
  // A deleted object is its last version, stamped with the deletion's revision.
  prev!.metadata.resourceVersion = String(e.kv.modRevision);
  return { obj: prev!, old: prev };
}

export function matchesWatcher(w: Pick<Watcher, 'namespace' | 'labels' | 'fields'>, obj: KObject): boolean {
  if (w.namespace && obj.metadata.namespace !== w.namespace) return false;
  return matchesLabels(w.labels, obj.metadata.labels) && matchesFields(w.fields, obj);
}

/** An object moving into a watcher's selection is ADDED for it, moving out is DELETED. */
function eventFor(w: Watcher, type: 'ADDED' | 'MODIFIED' | 'DELETED', obj: KObject, old?: KObject): WatchEvent | undefined {
  const now = matchesWatcher(w, obj);
  if (type === 'ADDED') return now ? { type, object: obj } : undefined;
  if (type === 'DELETED') return now ? { type, object: obj } : undefined;
  const before = old ? matchesWatcher(w, old) : false;
  if (now && before) return { type: 'MODIFIED', object: obj };
  if (now) return { type: 'ADDED', object: obj };
  if (before) return { type: 'DELETED', object: obj };
  return undefined;
}
