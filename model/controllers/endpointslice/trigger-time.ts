import type { KObject } from '../../api/meta';
import { podReadyCondition } from '../util/podutil';

/** What the tracker remembers of a Service from its last sync (ServiceState). */
interface ServiceState {
  /** Each selected Pod's trigger time (its Ready condition's lastTransitionTime). */
  pods: Map<string, string>;
  /** The Service's trigger time (its creationTimestamp). */
  service: string;
}

/**
 * endpointslice's TriggerTimeTracker (trigger_time_tracker.go): the time written as the
 * endpoints.kubernetes.io/last-change-trigger-time annotation of the slices a sync changes. On a
 * Service's first sync it is the Service's creation; after that, the earliest of the trigger
 * times that changed since the last sync (a Pod's Ready transition, the Service's creation), or
 * none when none changed, which clears the annotation. Times are RFC 3339 strings of one form, so
 * they compare as strings.
 */
export class TriggerTimeTracker {
  private readonly states = new Map<string, ServiceState>();

  /** ComputeEndpointLastChangeTriggerTime: updates the Service's state and returns the time to write. */
  compute(key: string, svc: KObject, pods: KObject[]): string | undefined {
    const last = this.states.get(key);
    let minChanged: string | undefined;
    const earlier = (t: string) => {
      if (minChanged === undefined || t < minChanged) minChanged = t;
    };
    const podTimes = new Map<string, string>();
    for (const pod of pods) {
      const t = podReadyCondition(pod)?.lastTransitionTime;
      if (!t) continue;
      podTimes.set(pod.metadata.name!, t);
      const before = last?.pods.get(pod.metadata.name!);
      if (before === undefined || t > before) earlier(t);
    }
    const service = svc.metadata.creationTimestamp ?? '';
    if (service && (last === undefined || service > last.service)) earlier(service);
    this.states.set(key, { pods: podTimes, service });
    if (!last) return svc.metadata.creationTimestamp;
    return minChanged;
  }

  /** Whether the tracker has a state for the Service (upstream's tests read ServiceStates). */
  tracks(key: string): boolean {
    return this.states.has(key);
  }

  /** DeleteService: a Service gone is forgotten (one made again under its name starts anew). */
  forget(key: string): void {
    this.states.delete(key);
  }
}
