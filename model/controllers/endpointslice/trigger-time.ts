import type { KObject } from '../../api/meta';
import { podReadyCondition } from '../util/podutil';

/** What the tracker remembers of a Service from its last sync (ServiceState). */
interface ServiceState {
  /** Each selected Pod's trigger time (its Ready condition's lastTransitionTime, '' without one). */
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
    // The trigger times that moved on since the last sync (After: a Pod not seen then counts).
    const changed: string[] = [];
    const podTimes = new Map<string, string>();
    for (const pod of pods) {
      // No Ready condition: Go's zero time, which no time is before.
      const t = podReadyCondition(pod)?.lastTransitionTime ?? '';
      podTimes.set(pod.metadata.name!, t);
      if (t > (last?.pods.get(pod.metadata.name!) ?? '')) changed.push(t);
    }
    // A Service from the API always has its creationTimestamp.
    const service: string = svc.metadata.creationTimestamp!;
    if (last && service > last.service) changed.push(service);
    this.states.set(key, { pods: podTimes, service });
    // A Service seen for the first time: its creation; otherwise the earliest that moved on, if any.
    return last ? changed.sort()[0] : service;
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
