import type { KObject } from '../api/meta';
import { etcdPrefix, qualifiedResource, RESOURCES, type ResourceInfo } from '../api/registry';
import { errors, StatusError } from '../api/status';
import type { EtcdStore, WatchEvent as EtcdEvent } from '../etcd/store';
import type { Simulation } from '../sim/simulation';
import { actorOf, decode, parseSelectors } from './objects';
import type { ApiRequest, Identity, WatchEvent, WatchHandle } from './request';
import { decodeStored } from './decoded-event';
import { WatchCache, type Watcher } from './watchcache';
import type { CacheStore } from './cache-store';
import { matchesLabels } from '../api/selectors';
import { matchesFields } from './fieldlabels';

/** Latency of a watch delivery in virtual milliseconds: a base plus seeded jitter. */
const WATCH_LATENCY_MS = 1;
const WATCH_JITTER_MS = 4;

/**
 * The API server's watch side: one etcd watch per resource feeds a watch cache, which fans
 * each change out to the client watches it concerns. Deliveries are batched per watcher and
 * arrive after a small seeded latency, in order.
 */
export class WatchHub {
  private readonly caches = new Map<string, WatchCache>();
  private nextWatcher = 1;
  private etcdCancels: (() => void)[] = [];

  constructor(
    private readonly sim: Simulation,
    private readonly etcd: EtcdStore,
    private readonly capacity: number,
  ) {}

  /** (Re)builds the watch caches from etcd, as a starting kube-apiserver does; old watches end. */
  start(): void {
    for (const cancel of this.etcdCancels) cancel();
    this.etcdCancels = [];
    this.closeAll('apiserver restarted');
    for (const r of RESOURCES) {
      const cache = new WatchCache(r, this.capacity);
      this.caches.set(r.resource, cache);
      this.etcd.actor = 'kube-apiserver';
      // The cacher's reflector: list (each object decoded once), then watch every change after it.
      for (const kv of this.etcd.range(etcdPrefix(r))) cache.store.set(kv.key, kv.modRevision, decode(kv.value, kv.modRevision), kv);
      this.etcdCancels.push(this.etcd.watch(etcdPrefix(r), 0, (events) => this.onEtcdEvents(cache, events)));
    }
  }

  /** The watch cache's store of a resource (lists are served from it). */
  cacheOf(r: ResourceInfo): CacheStore {
    return this.caches.get(r.resource)!.store;
  }

  private onEtcdEvents(cache: WatchCache, events: EtcdEvent[]): void {
    for (const e of events) {
      // The previous version of a modified object is the one this cache decoded at its last
      // write (shared and read-only, as every watcher's copy is): decode it again only when the
      // cache did not see that write (after a restart) or the object is deleted (its copy is
      // re-stamped below).
      const last = cache.store.get(e.kv.key);
      const old = !e.prevKv ? undefined : e.type !== 'DELETE' && last?.rev === e.prevKv.modRevision ? last.obj : decode(e.prevKv.value, e.prevKv.modRevision);
      let type: 'ADDED' | 'MODIFIED' | 'DELETED';
      let obj: KObject;
      if (e.type === 'DELETE') {
        type = 'DELETED';
        obj = old!;
        obj.metadata.resourceVersion = String(e.kv.modRevision);
        cache.store.delete(e.kv.key);
      } else {
        type = e.prevKv ? 'MODIFIED' : 'ADDED';
        obj = decodeStored(e.kv);
        cache.store.set(e.kv.key, e.kv.modRevision, obj, e.kv);
      }
      for (const [w, ev] of cache.push(e.kv.modRevision, type, obj, old, e)) this.enqueue(w, ev);
    }
  }

  private enqueue(w: Watcher, ev: WatchEvent): void {
    if (w.closed) return;
    w.queue.push(ev);
    if (w.queue.length > 1) return;
    this.sim.schedule(WATCH_LATENCY_MS + this.sim.rng.int(WATCH_JITTER_MS + 1), `watch delivery to ${w.actor}`, () => this.flush(w));
  }

  /** Delivers a watcher's queued batch, unless an injected fault drops, delays or repeats it. */
  private flush(w: Watcher): void {
    if (w.closed) return;
    const fault = this.sim.faults?.watchDelivery(w.actor, w.resource.resource);
    if (fault?.kind === 'delay') return this.sim.schedule(fault.ms, `watch delivery to ${w.actor}`, () => this.flush(w));
    const batch = w.queue.splice(0);
    // A dropped delivery is a broken stream: the events are lost and the client must re-watch.
    if (fault?.kind === 'drop') return w.close('watch stream broken (injected)');
    for (const ev of batch) this.sim.trace.record('watch', w.actor, ev.type, `${w.resource.resource}/${ev.object.metadata.namespace ? ev.object.metadata.namespace + '/' : ''}${ev.object.metadata.name}`, ev.object.metadata.resourceVersion);
    w.deliver(batch);
    if (fault?.kind === 'duplicate' && !w.closed) w.deliver(batch);
  }

  /**
   * Opens a watch. Events after `query.resourceVersion` are replayed from the watch cache; a
   * version older than the cache holds fails with 410 Gone ("too old resource version"), and
   * the client relists. onClose is called when the server ends the stream.
   */
  open(id: Identity, r: ResourceInfo, req: ApiRequest, onEvents: (events: WatchEvent[]) => void, onClose: (reason?: string) => void): WatchHandle {
    const { labels, fields } = parseSelectors(req);
    const cache = this.caches.get(r.resource)!;
    const given = req.query?.resourceVersion ?? '';
    // APIObjectVersioner.ParseResourceVersion, as InterpretWatchError words its InvalidError.
    if (given !== '' && !/^\d+$/.test(given))
      throw new StatusError({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: `${qualifiedResource(r)} "" is invalid: resourceVersion: Invalid value: "${given}": strconv.ParseUint: parsing ${JSON.stringify(given)}: invalid syntax`,
        reason: 'Invalid',
        details: { group: r.group || undefined, kind: r.resource, causes: [{ reason: 'FieldValueInvalid', message: `Invalid value: "${given}": strconv.ParseUint: parsing ${JSON.stringify(given)}: invalid syntax`, field: 'resourceVersion' }] },
        code: 422,
      });
    const rv = Number(given || '0');
    if (rv > 0 && rv < cache.oldestRV - 1 && rv < this.etcd.currentRevision)
      throw errors.gone(`too old resource version: ${rv} (${cache.oldestRV - 1})`);
    // A version etcd has not reached (etcd was restored from an older snapshot): the cache waits
    // 3 s for it, then answers 504 (NewTooLargeResourceVersionError) and the client relists.
    if (rv > this.etcd.currentRevision)
      throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `Too large resource version: ${rv}, current: ${this.etcd.currentRevision}`, reason: 'Timeout', details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version', field: '' }], retryAfterSeconds: 1 }, code: 504 });
    const w: Watcher = {
      id: this.nextWatcher++,
      actor: actorOf(id, req),
      resource: r,
      namespace: r.namespaced ? req.namespace : undefined,
      labels,
      fields,
      queue: [],
      deliver: onEvents,
      closed: false,
      close: (reason?: string) => {
        if (w.closed) return;
        w.closed = true;
        cache.remove(w);
        onClose(reason);
      },
    };
    this.sim.trace.record('api', w.actor, 'watch', `${r.resource}${req.namespace ? '/' + req.namespace : ''}`, `rv=${rv}`);
    cache.add(w);
    if (rv > 0) for (const ev of cache.since(w, rv)) this.enqueue(w, ev);
    // resourceVersion unset or "0": the watch starts with the current state, one ADDED event per object.
    else for (const obj of this.current(cache, w)) this.enqueue(w, { type: 'ADDED', object: obj });
    return {
      stop: () => {
        if (w.closed) return;
        w.closed = true;
        cache.remove(w);
      },
    };
  }

  /** The objects a new watcher selects, from the watch cache's store (shared, read-only), in key order. */
  private current(cache: WatchCache, w: Watcher): KObject[] {
    const out: KObject[] = [];
    const store = cache.store;
    const indexed = store.indexedField ? w.fields.find((f) => f.field === store.indexedField && f.op === '=')?.value : undefined;
    for (const key of store.keysFor(etcdPrefix(w.resource, w.namespace), indexed)) {
      const obj = store.get(key)!.obj;
      if (matchesLabels(w.labels, obj.metadata.labels) && matchesFields(w.fields, obj)) out.push(obj);
    }
    return out;
  }

  /** Ends every open watch (the process died); clients see their streams close. */
  closeAll(reason: string): void {
    for (const cache of this.caches.values()) {
      for (const w of cache.all()) w.close(reason);
    }
  }
}
