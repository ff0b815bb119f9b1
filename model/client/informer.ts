import { keyOf, type KObject } from '../api/meta';
import { StatusError } from '../api/status';
import type { WatchEvent, WatchHandle } from '../apiserver/request';
import type { Process } from '../sim/process';
import type { ApiClient, ListOptions } from './client';
import { mutant } from '../sim/mutants';

export interface EventHandler {
  onAdd?(obj: KObject): void;
  onUpdate?(oldObj: KObject, newObj: KObject): void;
  onDelete?(obj: KObject): void;
}

/** An index function: the index values an object is filed under (client-go's IndexFunc). */
export type IndexFunc = (obj: KObject) => string[];

/** Back-off between failed list/watch attempts (reflector's backoff manager, simplified). */
const RETRY_MIN_MS = 800;
const RETRY_MAX_MS = 30_000;

/**
 * A shared informer: list, then watch from the list's resourceVersion, keeping a local cache
 * with indexes and calling handlers. When the watch closes it resumes from the last
 * resourceVersion seen; when that is too old (410 Gone) it relists. Objects in the cache are
 * shared and must not be mutated: copy before changing (as with client-go).
 */
export class Informer {
  private readonly items = new Map<string, KObject>();
  private readonly indexers = new Map<string, IndexFunc>();
  private readonly indexes = new Map<string, Map<string, Set<string>>>();
  private readonly handlers: EventHandler[] = [];
  private watch?: WatchHandle;
  private lastRV = '0';
  private synced = false;
  private failures = 0;
  private started = false;
  /** How many times this informer listed (a relist after expiry counts). */
  lists = 0;

  constructor(
    private readonly proc: Process,
    private readonly client: ApiClient,
    readonly resource: string,
    private readonly opts: ListOptions & { namespace?: string } = {},
  ) {
    this.addIndexer('namespace', (o) => (o.metadata.namespace ? [o.metadata.namespace] : []));
  }

  addIndexer(name: string, fn: IndexFunc): void {
    this.indexers.set(name, fn);
    const idx = new Map<string, Set<string>>();
    this.indexes.set(name, idx);
    for (const [k, o] of this.items) for (const v of fn(o)) addTo(idx, v, k);
  }

  addEventHandler(h: EventHandler): void {
    this.handlers.push(h);
    // Like client-go, a late handler first gets an Add for everything already cached.
    for (const o of this.items.values()) h.onAdd?.(o);
  }

  hasSynced(): boolean {
    return this.synced;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.proc.onExit(() => this.watch?.stop());
    this.listAndWatch();
  }

  // ------------------------------------------------------------ lister

  get(key: string): KObject | undefined {
    return this.items.get(key);
  }

  getByName(namespace: string | undefined, name: string): KObject | undefined {
    return this.items.get(namespace ? `${namespace}/${name}` : name);
  }

  list(): KObject[] {
    return [...this.items.values()];
  }

  byIndex(index: string, value: string): KObject[] {
    const keys = this.indexes.get(index)?.get(value);
    if (!keys) return [];
    const out: KObject[] = [];
    for (const k of keys) out.push(this.items.get(k)!);
    return out;
  }

  get size(): number {
    return this.items.size;
  }

  // ------------------------------------------------------------ reflector

  private retry(): void {
    const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.min(this.failures, 6));
    this.failures++;
    this.proc.schedule(delay, `${this.resource} informer retry`, () => this.listAndWatch());
  }

  private listAndWatch(): void {
    let list;
    try {
      list = this.client.list(this.resource, this.opts.namespace, { labelSelector: this.opts.labelSelector, fieldSelector: this.opts.fieldSelector });
    } catch (e) {
      if (e instanceof StatusError) return this.retry();
      throw e;
    }
    this.lists++;
    this.replace(list.items);
    this.lastRV = list.metadata.resourceVersion;
    this.synced = true;
    this.startWatch();
  }

  private startWatch(): void {
    try {
      this.watch = this.client.watch(
        this.resource,
        this.opts.namespace,
        { labelSelector: this.opts.labelSelector, fieldSelector: this.opts.fieldSelector, resourceVersion: this.lastRV },
        (events) => this.onEvents(events),
        () => {
          this.watch = undefined;
          // The stream ended: resume from the last version seen, after a short pause.
          this.proc.schedule(RETRY_MIN_MS, `${this.resource} informer rewatch`, () => this.startWatch());
        },
      );
      this.failures = 0;
    } catch (e) {
      if (e instanceof StatusError) {
        // 410 Gone: the version is too old, relist. Anything else (server down): back off, relist.
        return this.retry();
      }
      throw e;
    }
  }

  private onEvents(events: WatchEvent[]): void {
    for (const ev of events) {
      const key = keyOf(ev.object);
      const old = this.items.get(key);
      this.lastRV = ev.object.metadata.resourceVersion ?? this.lastRV;
      if (ev.type === 'DELETED') {
        if (!old || mutant('informer-ignores-deletes')) continue;
        this.remove(key, old);
        for (const h of this.handlers) h.onDelete?.(ev.object);
      } else if (ev.type === 'ADDED' || ev.type === 'MODIFIED') {
        this.put(key, ev.object, old);
        for (const h of this.handlers) old ? h.onUpdate?.(old, ev.object) : h.onAdd?.(ev.object);
      }
    }
  }

  /** A relist: replaces the cache and tells handlers what changed in between. */
  private replace(items: KObject[]): void {
    const seen = new Set<string>();
    for (const o of items) {
      const key = keyOf(o);
      seen.add(key);
      const old = this.items.get(key);
      this.put(key, o, old);
      for (const h of this.handlers) old ? h.onUpdate?.(old, o) : h.onAdd?.(o);
    }
    for (const [key, old] of [...this.items]) {
      if (seen.has(key)) continue;
      this.remove(key, old);
      for (const h of this.handlers) h.onDelete?.(old);
    }
  }

  private put(key: string, obj: KObject, old: KObject | undefined): void {
    if (old) this.unindex(key, old);
    this.items.set(key, obj);
    for (const [name, fn] of this.indexers) for (const v of fn(obj)) addTo(this.indexes.get(name)!, v, key);
  }

  private remove(key: string, old: KObject): void {
    this.unindex(key, old);
    this.items.delete(key);
  }

  private unindex(key: string, obj: KObject): void {
    for (const [name, fn] of this.indexers) {
      const idx = this.indexes.get(name)!;
      for (const v of fn(obj)) {
        const set = idx.get(v);
        set?.delete(key);
        if (set && set.size === 0) idx.delete(v);
      }
    }
  }
}

function addTo(idx: Map<string, Set<string>>, v: string, key: string): void {
  let set = idx.get(v);
  if (!set) idx.set(v, (set = new Set()));
  set.add(key);
}

/** Index by controller owner UID: "what does this ReplicaSet own", without scanning. */
export const byControllerUID: IndexFunc = (o) => {
  const ref = (o.metadata.ownerReferences ?? []).find((r) => r.controller);
  return ref ? [ref.uid] : [];
};

/** Index by any owner UID (the garbage collector's dependents graph). */
export const byOwnerUID: IndexFunc = (o) => (o.metadata.ownerReferences ?? []).map((r) => r.uid);

/** Index Pods by node. */
export const byNodeName: IndexFunc = (o) => (o.spec?.nodeName ? [o.spec.nodeName] : []);
