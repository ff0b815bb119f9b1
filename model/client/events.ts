import type { KObject } from '../api/meta';
import { StatusError } from '../api/status';
import type { Simulation } from '../sim/simulation';
import type { ApiClient } from './client';

/**
 * client-go's event recorder: writes core/v1 Events through the API server, named
 * `<object>.<hex nanoseconds>`, and counts repeats of the same event (same object, reason,
 * message, source) by updating count and lastTimestamp instead of creating another.
 */
export class EventRecorder {
  /** Events already sent, by dedup key: their name and count (client-go's event correlator cache). */
  private readonly seen = new Map<string, { name: string; count: number }>();
  private lastNanos = 0n;

  constructor(
    private readonly sim: Simulation,
    private readonly client: ApiClient,
    /** source.component / reportingComponent, e.g. "default-scheduler", "kubelet". */
    private readonly component: string,
    /** source.host (kubelets set their node name). */
    private readonly host?: string,
  ) {}

  event(obj: KObject, type: 'Normal' | 'Warning', reason: string, message: string, fieldPath?: string): void {
    const ns = obj.metadata.namespace ?? 'default';
    const involvedObject = {
      kind: obj.kind,
      namespace: obj.metadata.namespace,
      name: obj.metadata.name,
      uid: obj.metadata.uid,
      apiVersion: obj.apiVersion,
      resourceVersion: obj.metadata.resourceVersion,
      fieldPath,
    };
    const dedupKey = [ns, obj.kind, obj.metadata.name, obj.metadata.uid, fieldPath ?? '', type, reason, message].join('\u0000');
    const now = this.sim.clock.nowRFC3339();
    try {
      const existing = this.seen.get(dedupKey);
      if (existing) {
        // Like client-go, patch the count from the local cache (no read: kubelets may not get events).
        try {
          this.client.patch('events', ns, existing.name, 'merge', { count: existing.count + 1, lastTimestamp: now });
          existing.count++;
          return;
        } catch (e) {
          if (!(e instanceof StatusError) || e.code !== 404) throw e;
        }
      }
      let nanos = BigInt(this.sim.clock.nowMs()) * 1_000_000n;
      if (nanos <= this.lastNanos) nanos = this.lastNanos + 1n;
      this.lastNanos = nanos;
      const name = `${obj.metadata.name}.${nanos.toString(16)}`;
      this.client.create('events', ns, {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name, namespace: ns },
        involvedObject,
        reason,
        message,
        source: this.host ? { component: this.component, host: this.host } : { component: this.component },
        firstTimestamp: now,
        lastTimestamp: now,
        count: 1,
        type,
        eventTime: null,
        reportingComponent: this.component,
        reportingInstance: this.host ?? '',
      });
      this.seen.set(dedupKey, { name, count: 1 });
    } catch (e) {
      // Events are best effort: a recorder never fails its caller.
      if (!(e instanceof StatusError)) throw e;
    }
  }
}
