/**
 * What the API server acknowledged to the generated users, for the safety observer to hold the
 * cluster to at every later write: annotation counters two concurrent writers set (no lost
 * update), fields an apply removed (gone for good), and deletions with their propagation policy.
 */
import type { DeletePolicy } from './case';

export interface Deletion {
  /** The owner's etcd key and uid. */
  key: string;
  uid: string;
  policy: DeletePolicy;
  /** Virtual ms when the API server accepted the delete. */
  at: number;
}

export class Ledger {
  /** Per etcd key: each writer's last acknowledged counter. */
  readonly acked = new Map<string, Record<string, number>>();
  /** Per etcd key: the labels and annotations a successful apply removed. */
  readonly removed = new Map<string, { labels: string[]; annotations: string[] }>();
  readonly deletions: Deletion[] = [];
  readonly violations: string[] = [];

  constructor(private readonly now: () => number) {}

  ack(key: string, writer: string, count: number): void {
    this.acked.set(key, { ...this.acked.get(key), [writer]: count });
  }

  /** An object written to etcd must still carry every acknowledged counter and none of the removed fields. */
  check(key: string, obj: { metadata: any } | undefined): void {
    if (obj === undefined) {
      this.acked.delete(key);
      this.removed.delete(key);
      return;
    }
    const acked = this.acked.get(key);
    const removed = this.removed.get(key);
    if (!acked && !removed) return;
    const meta = obj.metadata ?? {};
    for (const [writer, count] of Object.entries(acked ?? {})) {
      const stored = Number(meta.annotations?.[writer] ?? 0);
      if (stored < count) this.violate(`lost update: ${key} was written with ${writer}=${stored ?? 'absent'}, after the API server acknowledged ${writer}=${count}`);
    }
    this.checkRemoved(key, obj);
  }

  /** The fields the last apply removed must be gone from the object. */
  checkRemoved(key: string, obj: { metadata: any } | undefined): void {
    const removed = this.removed.get(key);
    if (!removed || obj === undefined) return;
    const meta = obj.metadata ?? {};
    for (const l of removed.labels) if (meta.labels?.[l] !== undefined) this.violate(`${key} still has label ${l}, which the last kubectl apply removed from the manifest`);
    for (const a of removed.annotations) if (meta.annotations?.[a] !== undefined) this.violate(`${key} still has annotation ${a}, which the last kubectl apply removed from the manifest`);
  }

  private violate(msg: string): void {
    if (this.violations.length < 5) this.violations.push(`at ${(this.now() / 1000).toFixed(3)}s: ${msg}`);
  }
}
