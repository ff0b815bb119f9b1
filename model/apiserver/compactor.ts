import { EtcdError, type EtcdStore } from '../etcd/store';
import type { Simulation } from '../sim/simulation';

/** kube-apiserver's --etcd-compaction-interval default (storagebackend.DefaultCompactInterval). */
export const DEFAULT_COMPACTION_INTERVAL_MS = 5 * 60 * 1000;

/** The key whose version is the compactors' logical clock and whose value the last compacted revision. */
const COMPACT_REV_KEY = 'compact_rev_key';

/**
 * kube-apiserver's etcd compactor (k8s.io/apiserver/pkg/storage/etcd3/compact.go): every
 * interval it takes its turn with a transaction on compact_rev_key's version, then compacts
 * etcd at the revision it saw on its previous turn, so etcd keeps one to two intervals of
 * history. Watches from a compacted revision fail with etcd's ErrCompacted from then on; the
 * API server's own watch cache keeps its window, and list continue tokens older than the
 * compaction expire (410).
 */
export class Compactor {
  /** Bumped by stop(): a pending tick of a stopped loop does nothing. */
  private generation = 0;

  constructor(
    private readonly sim: Simulation,
    private readonly etcd: EtcdStore,
    private readonly intervalMs: number,
  ) {}

  /** Starts the loop (the API server process is ready); the first compaction is one interval away. */
  start(): void {
    const generation = ++this.generation;
    if (this.intervalMs <= 0) return;
    // The loop's memory: the compact time (compact_rev_key's version) and the revision of its last turn.
    let compactTime = 0;
    let rev = 0;
    const tick = () => {
      if (generation !== this.generation) return;
      this.sim.schedule(this.intervalMs, 'etcd compaction', tick);
      if (!this.etcd.running) return; // compact failed: tried again next interval.
      [compactTime, rev] = this.compact(compactTime, rev);
    };
    this.sim.schedule(this.intervalMs, 'etcd compaction', tick);
  }

  stop(): void {
    this.generation++;
  }

  /** One turn: returns the compact time and the revision it saw. */
  private compact(expectVersion: number, rev: number): [number, number] {
    this.etcd.actor = 'kube-apiserver';
    const res = this.etcd.putIfVersion(COMPACT_REV_KEY, String(rev), expectVersion);
    const current = this.etcd.currentRevision;
    // Another API server took this turn: follow its clock.
    if (!res.ok) return [res.current?.version ?? 0, current];
    // No compaction on the first turn (bootstrap).
    if (rev !== 0) {
      try {
        this.etcd.compact(rev);
      } catch (e) {
        // Already compacted there (etcd restored from a snapshot): the next turn tries again.
        if (!(e instanceof EtcdError)) throw e;
      }
    }
    return [expectVersion + 1, current];
  }
}
