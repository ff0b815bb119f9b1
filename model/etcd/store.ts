import type { Trace } from '../sim/trace';

/** A key-value pair as etcd's mvccpb.KeyValue holds it. */
export interface KeyValue {
  key: string;
  value: string;
  createRevision: number;
  modRevision: number;
  version: number;
}

export interface WatchEvent {
  type: 'PUT' | 'DELETE';
  kv: KeyValue;
  prevKv?: KeyValue;
}

/** etcd's error texts (server/mvcc and etcdserver/api/v3rpc/rpctypes). */
export class EtcdError extends Error {
  constructor(
    message: string,
    readonly code: 'compacted' | 'futureRev' | 'notRunning',
  ) {
    super(message);
  }
}
export const ErrCompacted = 'mvcc: required revision has been compacted';
export const ErrFutureRev = 'mvcc: required revision is a future revision';

interface Watcher {
  prefix: string;
  fn: (events: WatchEvent[]) => void;
}

/**
 * An MVCC key-value store in etcd's shape: one global revision, per-key create/mod revision
 * and version, range by prefix, transactions comparing a key's mod revision, watch from a
 * revision, and compaction. It only stores: it never creates or changes anything by itself.
 */
export class EtcdStore {
  private revision = 1;
  private compacted = 0;
  private readonly kvs = new Map<string, KeyValue>();
  /** Keys grouped by their "/registry/<resource>/" prefix, so a range never scans the whole store. */
  private readonly byResource = new Map<string, Set<string>>();
  /** Change history after the compacted revision, oldest first; watches replay from it. */
  private history: { rev: number; event: WatchEvent }[] = [];
  private readonly watchers = new Set<Watcher>();
  /** The client identity of the current request; set by the caller for the trace. */
  actor = 'kube-apiserver';
  /** False while the etcd process is down (its data stays on disk). */
  running = true;

  constructor(private readonly trace?: Trace) {}

  get currentRevision(): number {
    return this.revision;
  }

  get compactRevision(): number {
    return this.compacted;
  }

  private record(verb: string, key: string, detail?: string): void {
    this.trace?.record('etcd', this.actor, verb, key, detail);
  }

  get(key: string): KeyValue | undefined {
    this.record('range', key);
    return this.kvs.get(key);
  }

  /** Keys with the prefix, sorted as etcd returns them. */
  range(prefix: string, opts: { keysOnly?: boolean } = {}): KeyValue[] {
    this.record('range', prefix, 'prefix');
    const group = this.byResource.get(resourcePrefix(prefix));
    const keys = group ? [...group] : [...this.kvs.keys()];
    const out: KeyValue[] = [];
    for (const k of keys) if (k.startsWith(prefix)) out.push(this.kvs.get(k)!);
    out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return opts.keysOnly ? out.map((kv) => ({ ...kv, value: '' })) : out;
  }

  count(prefix: string): number {
    const group = this.byResource.get(resourcePrefix(prefix));
    if (group && resourcePrefix(prefix) === prefix) return group.size;
    let n = 0;
    for (const k of group ?? this.kvs.keys()) if (k.startsWith(prefix)) n++;
    return n;
  }

  /**
   * A transaction of the form Kubernetes' storage layer uses: if the key's mod revision is
   * `expectedModRevision` (0: the key must not exist), put the value; else return the current kv.
   */
  putIf(key: string, value: string, expectedModRevision: number | undefined): { ok: true; kv: KeyValue } | { ok: false; current?: KeyValue } {
    const cur = this.kvs.get(key);
    if (expectedModRevision !== undefined && (cur?.modRevision ?? 0) !== expectedModRevision) {
      this.record('txn', key, 'compare failed');
      return { ok: false, current: cur };
    }
    this.revision++;
    const kv: KeyValue = {
      key,
      value,
      createRevision: cur ? cur.createRevision : this.revision,
      modRevision: this.revision,
      version: cur ? cur.version + 1 : 1,
    };
    this.kvs.set(key, kv);
    let group = this.byResource.get(resourcePrefix(key));
    if (!group) this.byResource.set(resourcePrefix(key), (group = new Set()));
    group.add(key);
    this.record('put', key, `rev=${this.revision}`);
    this.emit({ type: 'PUT', kv, prevKv: cur });
    return { ok: true, kv };
  }

  /**
   * A transaction comparing the key's version (0: the key does not exist): put on success,
   * else the current kv. kube-apiserver's compactor takes its turn with it (compact_rev_key).
   */
  putIfVersion(key: string, value: string, expectedVersion: number): { ok: true; kv: KeyValue } | { ok: false; current?: KeyValue } {
    const cur = this.kvs.get(key);
    if ((cur?.version ?? 0) !== expectedVersion) {
      this.record('txn', key, 'compare failed');
      return { ok: false, current: cur };
    }
    return this.putIf(key, value, undefined);
  }

  put(key: string, value: string): KeyValue {
    return (this.putIf(key, value, undefined) as { ok: true; kv: KeyValue }).kv;
  }

  /** Deletes if the mod revision matches (undefined: unconditionally). */
  deleteIf(key: string, expectedModRevision?: number): { ok: true; prev: KeyValue } | { ok: false; current?: KeyValue } {
    const cur = this.kvs.get(key);
    if (!cur || (expectedModRevision !== undefined && cur.modRevision !== expectedModRevision)) {
      this.record('txn', key, 'compare failed');
      return { ok: false, current: cur };
    }
    this.revision++;
    this.kvs.delete(key);
    this.byResource.get(resourcePrefix(key))?.delete(key);
    this.record('delete', key, `rev=${this.revision}`);
    this.emit({ type: 'DELETE', kv: { ...cur, value: '', modRevision: this.revision }, prevKv: cur });
    return { ok: true, prev: cur };
  }

  private emit(event: WatchEvent): void {
    this.history.push({ rev: this.revision, event });
    for (const w of this.watchers) if (event.kv.key.startsWith(w.prefix)) w.fn([event]);
  }

  /**
   * Watches keys under prefix, first replaying every change after `fromRevision` (exclusive of
   * earlier ones: events with revision >= fromRevision), then live changes. Throws ErrCompacted
   * when that history is gone. Returns a cancel function.
   */
  watch(prefix: string, fromRevision: number, fn: (events: WatchEvent[]) => void): () => void {
    if (fromRevision > 0 && fromRevision <= this.compacted) throw new EtcdError(ErrCompacted, 'compacted');
    if (fromRevision > this.revision + 1) throw new EtcdError(ErrFutureRev, 'futureRev');
    this.record('watch', prefix, `from=${fromRevision}`);
    if (fromRevision > 0) {
      const replay = this.history.filter((h) => h.rev >= fromRevision && h.event.kv.key.startsWith(prefix)).map((h) => h.event);
      if (replay.length) fn(replay);
    }
    const w: Watcher = { prefix, fn };
    this.watchers.add(w);
    return () => this.watchers.delete(w);
  }

  /** Drops history at and below rev; watches from there fail with ErrCompacted. */
  compact(rev: number): void {
    if (rev <= this.compacted) throw new EtcdError(ErrCompacted, 'compacted');
    if (rev > this.revision) throw new EtcdError(ErrFutureRev, 'futureRev');
    this.compacted = rev;
    this.history = this.history.filter((h) => h.rev > rev);
    this.record('compact', '', `rev=${rev}`);
  }

  /**
   * Replaces the whole keyspace with a snapshot's (etcd started on a restored data dir): the
   * revision is the snapshot's, and no history is kept before it, so watches from earlier
   * revisions fail as compacted. Existing watchers see no events: a restore is not a change
   * etcd streams (why the API servers must be restarted after one).
   */
  restore(snap: { revision: number; kvs: KeyValue[] }): void {
    this.kvs.clear();
    this.byResource.clear();
    for (const kv of snap.kvs) {
      this.kvs.set(kv.key, { ...kv });
      let group = this.byResource.get(resourcePrefix(kv.key));
      if (!group) this.byResource.set(resourcePrefix(kv.key), (group = new Set()));
      group.add(kv.key);
    }
    this.revision = snap.revision;
    this.compacted = snap.revision;
    this.history = [];
    this.record('restore', '', `rev=${snap.revision}`);
  }

  /** A snapshot of every key (etcdctl snapshot save). */
  snapshot(): { revision: number; kvs: KeyValue[] } {
    return { revision: this.revision, kvs: [...this.kvs.values()].map((kv) => ({ ...kv })) };
  }
}

/** "/registry/pods/default/x" -> "/registry/pods/"; the unit the store indexes by. */
function resourcePrefix(key: string): string {
  const parts = key.split('/');
  // ['', 'registry', 'pods', ...]
  if (parts.length < 4) return key;
  return `/${parts[1]}/${parts[2]}/`;
}
