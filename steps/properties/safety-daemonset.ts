/**
 * A DaemonSet's rolling update, at every write once all its nodes have had a Ready Pod: at most
 * maxUnavailable (a percentage of the desired number scheduled, rounded up; 0 with a maxSurge,
 * whose new Pod is Ready before the old one goes) of those nodes are without a Ready Pod that is
 * not being deleted.
 */
import type { KObject } from '../../model/api/meta';
import { isReady } from './oracle';
import { daemonSetMaxUnavailable } from './rollout-bounds';

export class DaemonSetChecks {
  private readonly sets = new Map<string, KObject>();
  private readonly pods = new Map<string, Map<string, KObject>>();
  private readonly armed = new Set<string>();

  constructor(private readonly violate: (msg: string) => void) {}

  onDaemonSet(ds: KObject | undefined, uid: string): void {
    if (ds) this.sets.set(uid, ds);
    else this.sets.delete(uid);
    this.check(uid);
  }

  onPod(key: string, pod: KObject | undefined, owner: string | undefined, oldOwner: string | undefined): void {
    if (oldOwner && oldOwner !== owner) this.pods.get(oldOwner)?.delete(key);
    if (oldOwner && !owner) this.check(oldOwner);
    if (!owner) return;
    let m = this.pods.get(owner);
    if (!m) this.pods.set(owner, (m = new Map()));
    if (pod) m.set(key, pod);
    else m.delete(key);
    this.check(owner);
  }

  private check(uid: string): void {
    const ds = this.sets.get(uid);
    if (!ds || ds.metadata.deletionTimestamp) return;
    const desired = ds.status?.desiredNumberScheduled ?? 0;
    if (desired === 0) return;
    const ready = new Set([...(this.pods.get(uid)?.values() ?? [])].filter((p) => !p.metadata.deletionTimestamp && isReady(p)).map((p) => p.spec?.nodeName));
    const unavailable = desired - ready.size;
    if (unavailable <= 0) this.armed.add(uid);
    const max = daemonSetMaxUnavailable(ds, desired);
    if (this.armed.has(uid) && unavailable > max) this.violate(`DaemonSet ${ds.metadata.name} has ${unavailable} of ${desired} nodes without a Ready pod, above maxUnavailable ${ds.spec?.updateStrategy?.rollingUpdate?.maxUnavailable} (${max})`);
  }
}
