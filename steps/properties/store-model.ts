/**
 * The MVCC store against a far simpler model (fast-check model-based testing): a map, a revision
 * counter and a list of changes. Reads see the last write, a watch from any revision delivers
 * every later change once and in order, and compacted revisions answer "too old".
 */
import fc from 'fast-check';
import { EtcdStore, ErrCompacted, ErrFutureRev } from '../../model/etcd/store';

interface Model {
  rev: number;
  compacted: number;
  kv: Map<string, { value: string; mod: number }>;
  log: { rev: number; key: string; type: 'PUT' | 'DELETE' }[];
}

interface Real {
  store: EtcdStore;
  /** Open watches: what each received so far. */
  watches: { from: number; prefix: string; got: string[] }[];
}

const KEYS = ['/registry/pods/default/a', '/registry/pods/default/b', '/registry/pods/kube-system/c', '/registry/minions/n1'];
const PREFIXES = ['/registry/', '/registry/pods/', '/registry/pods/default/', '/registry/minions/'];

const fmt = (e: { rev: number; key: string; type: string }) => `${e.rev} ${e.type} ${e.key}`;

function checkWatches(m: Model, r: Real): void {
  for (const w of r.watches) {
    const want = m.log.filter((e) => e.rev >= w.from && e.key.startsWith(w.prefix)).map(fmt);
    if (want.join('\n') !== w.got.join('\n')) throw new Error(`watch from ${w.from} on ${w.prefix} delivered\n${w.got.join('\n')}\nwant\n${want.join('\n')}`);
  }
}

function expectEq(what: string, got: unknown, want: unknown): void {
  if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
}

class Put implements fc.Command<Model, Real> {
  constructor(readonly key: string, readonly value: string, readonly guard: 'none' | 'right' | 'wrong') {}
  check = () => true;
  run(m: Model, r: Real): void {
    const cur = m.kv.get(this.key);
    const expected = this.guard === 'none' ? undefined : this.guard === 'right' ? (cur?.mod ?? 0) : (cur?.mod ?? 0) + 1;
    const res = r.store.putIf(this.key, this.value, expected);
    const ok = this.guard !== 'wrong';
    expectEq(`putIf ${this.key} succeeded`, res.ok, ok);
    if (ok) {
      m.rev++;
      m.kv.set(this.key, { value: this.value, mod: m.rev });
      m.log.push({ rev: m.rev, key: this.key, type: 'PUT' });
    }
    expectEq('revision', r.store.currentRevision, m.rev);
    checkWatches(m, r);
  }
  toString = () => `put(${this.key}, ${this.value}, ${this.guard})`;
}

class Delete implements fc.Command<Model, Real> {
  constructor(readonly key: string) {}
  check = () => true;
  run(m: Model, r: Real): void {
    const res = r.store.deleteIf(this.key);
    expectEq(`delete ${this.key} succeeded`, res.ok, m.kv.has(this.key));
    if (m.kv.delete(this.key)) {
      m.rev++;
      m.log.push({ rev: m.rev, key: this.key, type: 'DELETE' });
    }
    checkWatches(m, r);
  }
  toString = () => `delete(${this.key})`;
}

class Read implements fc.Command<Model, Real> {
  constructor(readonly prefix: string) {}
  check = () => true;
  run(m: Model, r: Real): void {
    const got = r.store.range(this.prefix).map((kv) => [kv.key, kv.value, kv.modRevision]);
    const want = [...m.kv].filter(([k]) => k.startsWith(this.prefix)).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, v.value, v.mod]);
    expectEq(`range ${this.prefix}`, got, want);
    for (const k of KEYS) expectEq(`get ${k}`, r.store.get(k)?.value, m.kv.get(k)?.value);
  }
  toString = () => `range(${this.prefix})`;
}

class Compact implements fc.Command<Model, Real> {
  constructor(readonly back: number) {}
  check = () => true;
  run(m: Model, r: Real): void {
    const rev = m.rev - this.back;
    let err = '';
    try {
      r.store.compact(rev);
    } catch (e) {
      err = (e as Error).message;
    }
    const want = rev <= m.compacted ? ErrCompacted : rev > m.rev ? ErrFutureRev : '';
    expectEq(`compact(${rev})`, err, want);
    if (!want) m.compacted = rev;
  }
  toString = () => `compact(current-${this.back})`;
}

class Watch implements fc.Command<Model, Real> {
  constructor(readonly back: number, readonly prefix: string) {}
  check = () => true;
  run(m: Model, r: Real): void {
    const from = Math.max(1, m.rev + 1 - this.back);
    const w = { from, prefix: this.prefix, got: [] as string[] };
    let err = '';
    try {
      r.store.watch(this.prefix, from, (events) => w.got.push(...events.map((e) => fmt({ rev: e.kv.modRevision, key: e.kv.key, type: e.type }))));
    } catch (e) {
      err = (e as Error).message;
    }
    expectEq(`watch from ${from}`, err, from <= m.compacted ? ErrCompacted : '');
    if (!err) r.watches.push(w);
    checkWatches(m, r);
  }
  toString = () => `watch(${this.prefix}, current+1-${this.back})`;
}

/** The command space: writes, guarded writes, deletes, reads, compactions and watches. */
export const storeCommands = [
  fc.tuple(fc.constantFrom(...KEYS), fc.string({ maxLength: 4 }), fc.constantFrom('none' as const, 'right' as const, 'wrong' as const)).map(([k, v, g]) => new Put(k, v, g)),
  fc.constantFrom(...KEYS).map((k) => new Delete(k)),
  fc.constantFrom(...PREFIXES).map((p) => new Read(p)),
  fc.integer({ min: -1, max: 6 }).map((b) => new Compact(b)),
  fc.tuple(fc.integer({ min: 0, max: 8 }), fc.constantFrom(...PREFIXES)).map(([b, p]) => new Watch(b, p)),
];

export function storeProperty(maxCommands: number): fc.IPropertyWithHooks<[Iterable<fc.Command<Model, Real>>]> {
  return fc.property(fc.commands(storeCommands, { maxCommands }), (cmds) => {
    const setup = () => ({ model: { rev: 1, compacted: 0, kv: new Map(), log: [] } as Model, real: { store: new EtcdStore(), watches: [] } as Real });
    fc.modelRun(setup, cmds);
  });
}
