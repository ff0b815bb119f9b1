/**
 * Per-ReplicaSet counts of the Pods it controls, brought up to date at each sync from only the
 * Pods that changed since the last one. Upstream's syncReplicaSet lists and counts every Pod of
 * the namespace on every sync and relies on its work queue collapsing a burst of Pod events into
 * one sync; the model's queue collapses fewer (a worker runs a virtual millisecond after an
 * event), so a ReplicaSet of thousands of Pods would be recounted thousands of times. The counts
 * are those of the informer's cache at sync time, as a full recount would make them.
 */
import { canonicalJSON, keyOf, type KObject } from '../../api/meta';
import { matchesLabels, type Selector } from '../../api/selectors';
import { byControllerUID, type Informer } from '../../client/informer';
import { isPodActive, isPodReady } from '../util/podutil';
import { BY_CONTROLLER_UID } from '../util/indexes';
import { hasAllLabels } from './status';

/** What a sync needs to know of one controlled Pod. */
interface Facts {
  active: boolean;
  selected: boolean;
  fullyLabeled: boolean;
  ready: boolean;
}

/** Sums over the active Pods a ReplicaSet controls. */
export interface Tally {
  /** Active Pods with the ReplicaSet as controller. */
  active: number;
  /** Of those, how many its selector no longer selects (the claim would release them). */
  unselected: number;
  /** Of those, how many carry every label of its Pod template. */
  fullyLabeled: number;
  /** Of those, how many are Ready. */
  ready: number;
}

interface Entry extends Tally {
  /** The selector and template labels the facts were taken against. */
  basis: string;
  facts: Map<string, Facts>;
  /** Pods with an event since the last sync. */
  dirty: Set<string>;
}

export class PodTallies {
  private readonly byOwner = new Map<string, Entry>();

  constructor(private readonly pods: Informer) {
    pods.addEventHandler({
      onAdd: (p) => this.touched(p),
      onUpdate: (old, p) => {
        this.touched(old);
        this.touched(p);
      },
      onDelete: (p) => this.touched(p),
    });
  }

  /** A Pod event: the tallies of its controller (before and after) look at it again. */
  private touched(pod: KObject): void {
    const [uid] = byControllerUID(pod);
    if (uid !== undefined) this.byOwner.get(uid)?.dirty.add(keyOf(pod));
  }

  /** The ReplicaSet is gone: its counts are not needed any more. */
  forget(rs: KObject): void {
    this.byOwner.delete(rs.metadata.uid!);
  }

  /** The counts of rs's Pods in the informer's cache now. */
  tally(rs: KObject, selector: Selector): Tally {
    const uid = rs.metadata.uid!;
    const templateLabels = rs.spec?.template?.metadata?.labels ?? {};
    const basis = canonicalJSON([rs.spec?.selector ?? null, templateLabels]);
    const want = Object.entries(templateLabels);
    let e = this.byOwner.get(uid);
    if (!e || e.basis !== basis) {
      // First sync, or a new template: count every controlled Pod once.
      e = { basis, facts: new Map(), dirty: new Set(), active: 0, unselected: 0, fullyLabeled: 0, ready: 0 };
      this.byOwner.set(uid, e);
      for (const p of this.pods.byIndex(BY_CONTROLLER_UID, uid)) this.add(e, keyOf(p), p, selector, want);
      return e;
    }
    for (const key of e.dirty) {
      const before = e.facts.get(key);
      if (before) {
        e.facts.delete(key);
        this.count(e, before, -1);
      }
      const p = this.pods.get(key);
      if (p && byControllerUID(p)[0] === uid) this.add(e, key, p, selector, want);
    }
    e.dirty.clear();
    return e;
  }

  private add(e: Entry, key: string, p: KObject, selector: Selector, want: [string, unknown][]): void {
    const f: Facts = { active: isPodActive(p), selected: matchesLabels(selector, p.metadata.labels), fullyLabeled: hasAllLabels(p.metadata.labels, want), ready: isPodReady(p) };
    e.facts.set(key, f);
    this.count(e, f, 1);
  }

  private count(e: Entry, f: Facts, n: 1 | -1): void {
    if (!f.active) return;
    e.active += n;
    if (!f.selected) e.unselected += n;
    if (f.fullyLabeled) e.fullyLabeled += n;
    if (f.ready) e.ready += n;
  }
}
