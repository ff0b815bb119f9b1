/**
 * Pod start-up latency as clusterloader2's PodStartupLatency measures it: from the Pod's
 * creationTimestamp (second precision, as the API server stamps it) to the moment a watch of
 * all Pods first observes it Running — here on the model's virtual clock. The observer is a
 * client of the API server like any other (a cluster-wide watch as the admin); it never writes.
 */
import type { ApiClient } from '../model/client/client';
import type { WatchHandle } from '../model/apiserver/request';
import type { Simulation } from '../model/sim/simulation';
import { percentile } from './common';

export class PodStartupObserver {
  /** Virtual start-up latency (ms) of each Pod seen Running, in the order they were seen. */
  readonly latencies: number[] = [];
  private readonly seen = new Set<string>();
  private handle?: WatchHandle;

  constructor(
    private readonly client: ApiClient,
    private readonly sim: Simulation,
    /** Only Pods of these namespaces count (the workload's, not the system's). */
    private readonly namespace: string,
  ) {
    this.open();
  }

  get running(): number {
    return this.latencies.length;
  }

  private open(): void {
    this.handle = this.client.watch(
      'pods',
      this.namespace,
      {},
      (events) => {
        for (const e of events) {
          const p = e.object;
          if (e.type === 'DELETED' || p.status?.phase !== 'Running') continue;
          const key = p.metadata.name ?? '';
          if (this.seen.has(key)) continue;
          this.seen.add(key);
          this.latencies.push(this.sim.clock.nowMs() - Date.parse(p.metadata.creationTimestamp ?? ''));
        }
      },
      // A closed stream is re-opened from the current state; Pods already seen stay seen.
      () => this.open(),
    );
  }

  stop(): void {
    this.handle?.stop();
  }

  /** p50 and p99 in virtual seconds. */
  summary(): { p50: number | null; p99: number | null } {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const s = (v: number | null) => (v === null ? null : v / 1000);
    return { p50: s(percentile(sorted, 50)), p99: s(percentile(sorted, 99)) };
  }
}
