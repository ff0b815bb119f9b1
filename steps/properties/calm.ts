/**
 * When a component could not have known better: its faults (crashes, failing requests, broken
 * watches) and the API server's or etcd's make it late, legitimately. A bound on how fast a
 * component reacts ("within `grace` of the change") holds only over a calm stretch.
 */
import type { Case } from './case';

export type Watcher = 'kube-controller-manager' | 'kube-scheduler';

interface Window {
  who: Watcher | 'all';
  from: number;
  to: number;
}

/** A restarted static Pod comes back through its kubelet's back-off (up to 40 s here), then relists. */
const RESTART_MS = 45_000;

export class Calm {
  private readonly windows: Window[] = [];

  constructor(c: Case, t0: number, private readonly now: () => number) {
    for (const f of c.faults) {
      const from = t0 + f.at;
      if (f.kind === 'crash') this.windows.push({ who: f.component === 'kube-apiserver' || f.component === 'etcd' ? 'all' : f.component, from, to: from + f.downMs + RESTART_MS });
      else if (f.kind === 'crashMidReconcile') this.windows.push({ who: f.component, from, to: from + f.forMs + RESTART_MS });
      else if (f.kind === 'api' || f.kind === 'watch') this.windows.push({ who: f.actor, from, to: from + f.forMs + 3000 });
    }
  }

  /** True when `who` has been undisturbed for at least `graceMs` since `since` (or since its last disturbance, if later). */
  settled(who: Watcher, since: number, graceMs: number): boolean {
    const now = this.now();
    let start = since;
    for (const w of this.windows) {
      if (w.who !== who && w.who !== 'all') continue;
      if (w.from <= now && now <= w.to) return false;
      if (w.to <= now) start = Math.max(start, w.to);
    }
    return now - start >= graceMs;
  }
}
