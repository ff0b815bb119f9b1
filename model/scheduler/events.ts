import type { KObject } from '../api/meta';
import { StatusError } from '../api/status';
import type { ApiClient } from '../client/client';
import type { Simulation } from '../sim/simulation';

/** What the recorder needs from its process: timers that die with it. */
export interface TimerHost {
  schedule(delayMs: number, label: string, fn: () => void): void;
}

interface Cached {
  name: string;
  namespace: string;
  body: KObject;
  eventTimeMs: number;
  series?: { count: number; lastObservedTime: string; lastObservedMs: number };
}

/** tools/events' finishTime and refreshTime. */
const FINISH_MS = 6 * 60 * 1000;
const REFRESH_MS = 30 * 60 * 1000;

/**
 * client-go's tools/events recorder (events.k8s.io/v1), which kube-scheduler uses, unlike
 * the core/v1 recorder of most components. Its Events carry eventTime, action,
 * reportingController ("default-scheduler") and reportingInstance ("default-scheduler-<host>")
 * and leave source, firstTimestamp, lastTimestamp and count empty, so through core/v1 they
 * read `source: {}` and `lastTimestamp: null`. Repeats of the same event (same object, type,
 * reason, action, note) become a series: the second occurrence patches series.count to 2, later
 * ones only count locally until the 30-minute heartbeat, or until the series ends (nothing new
 * for 6 minutes) and its final count is written.
 */
export class EventsV1Recorder {
  private readonly cache = new Map<string, Cached>();
  private lastNanos = 0n;
  private readonly start: number;
  private finishArmed = false;
  private refreshArmed = false;

  constructor(
    private readonly sim: Simulation,
    private readonly client: ApiClient,
    private readonly timers: TimerHost,
    readonly reportingController: string,
    readonly reportingInstance: string,
  ) {
    this.start = sim.now();
  }

  /** Eventf(regarding, related=nil, eventtype, reason, action, note). */
  eventf(regarding: KObject, type: 'Normal' | 'Warning', reason: string, action: string, note: string): void {
    const ns = regarding.metadata.namespace ?? 'default';
    const m = regarding.metadata;
    const key = [action, reason, this.reportingController, regarding.kind ?? 'Pod', ns, m.name, m.uid, type, note].join('\u0000');
    const now = this.sim.clock.nowMs();
    const micro = this.sim.clock.nowMicro();
    const cached = this.cache.get(key);
    if (cached) {
      if (cached.series) {
        cached.series.count++;
        cached.series.lastObservedTime = micro;
        cached.series.lastObservedMs = now;
        return;
      }
      cached.series = { count: 2, lastObservedTime: micro, lastObservedMs: now };
      this.writeSeries(cached);
      this.armRefresh();
      return;
    }
    let nanos = BigInt(now) * 1_000_000n;
    if (nanos <= this.lastNanos) nanos = this.lastNanos + 1n;
    this.lastNanos = nanos;
    const name = `${m.name}.${nanos.toString(16)}`;
    const body: KObject = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace: ns },
      involvedObject: { kind: regarding.kind ?? 'Pod', namespace: m.namespace, name: m.name, uid: m.uid, apiVersion: regarding.apiVersion ?? 'v1', resourceVersion: m.resourceVersion },
      reason,
      message: note,
      source: {},
      firstTimestamp: null,
      lastTimestamp: null,
      eventTime: micro,
      type,
      action,
      reportingComponent: this.reportingController,
      reportingInstance: this.reportingInstance,
    };
    const entry: Cached = { name, namespace: ns, body, eventTimeMs: now };
    this.cache.set(key, entry);
    this.create(entry);
    this.armFinish();
  }

  private create(entry: Cached): void {
    try {
      const body = entry.series ? { ...entry.body, series: { count: entry.series.count, lastObservedTime: entry.series.lastObservedTime } } : entry.body;
      this.client.create('events', entry.namespace, body);
    } catch (e) {
      // Events are best effort: a recorder never fails its caller.
      if (!(e instanceof StatusError)) throw e;
    }
  }

  /** recordEvent for a series: patch the count; if the Event is gone, create it again. */
  private writeSeries(entry: Cached): void {
    const series = { count: entry.series!.count, lastObservedTime: entry.series!.lastObservedTime };
    try {
      this.client.patch('events', entry.namespace, entry.name, 'merge', { series });
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      if (e.status.reason === 'NotFound') this.create(entry);
    }
  }

  private tickAfter(period: number): number {
    const t = this.sim.now();
    return this.start + (Math.floor((t - this.start) / period) + 1) * period;
  }

  /** finishSeries, every 6 minutes while anything is cached. */
  private armFinish(): void {
    if (this.finishArmed) return;
    this.finishArmed = true;
    this.timers.schedule(this.tickAfter(FINISH_MS) - this.sim.now(), 'events finishSeries', () => {
      this.finishArmed = false;
      const cutoff = this.sim.clock.nowMs() - FINISH_MS;
      for (const [key, entry] of [...this.cache]) {
        if (entry.series) {
          if (entry.series.lastObservedMs < cutoff) {
            this.writeSeries(entry);
            this.cache.delete(key);
          }
        } else if (entry.eventTimeMs < cutoff) this.cache.delete(key);
      }
      if (this.cache.size) this.armFinish();
    });
  }

  /** refreshExistingEventSeries, every 30 minutes while a series is open. */
  private armRefresh(): void {
    if (this.refreshArmed) return;
    this.refreshArmed = true;
    this.timers.schedule(this.tickAfter(REFRESH_MS) - this.sim.now(), 'events refreshExistingEventSeries', () => {
      this.refreshArmed = false;
      let open = false;
      for (const entry of this.cache.values()) {
        if (!entry.series) continue;
        this.writeSeries(entry);
        open = true;
      }
      if (open) this.armRefresh();
    });
  }
}
