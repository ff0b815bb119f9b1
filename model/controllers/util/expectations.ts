/**
 * controller.UIDTrackingControllerExpectations: what a controller is still waiting to observe
 * after it acted. A ReplicaSet that asked for 3 creates does not act again until its informer
 * has seen 3 Pod adds (or the expectations expire after 5 minutes), so a slow cache never makes
 * it create the same Pods twice. Deletes are tracked by Pod key, so one deletion counts once
 * whether it is seen as a deletionTimestamp update or as the final delete.
 */
import type { Simulation } from '../../sim/simulation';

/** controller.ExpectationsTimeout. */
export const EXPECTATIONS_TIMEOUT_MS = 5 * 60 * 1000;

interface Expectation {
  add: number;
  del: number;
  deleteKeys: Set<string>;
  timestamp: number;
}

export class ControllerExpectations {
  private readonly byKey = new Map<string, Expectation>();

  constructor(private readonly sim: Simulation) {}

  /** True when the controller may act: nothing expected, all observed, or expired. */
  satisfied(key: string): boolean {
    const e = this.byKey.get(key);
    if (!e) return true;
    if (e.add <= 0 && e.del <= 0) return true;
    return this.sim.now() - e.timestamp > EXPECTATIONS_TIMEOUT_MS;
  }

  expectCreations(key: string, n: number): void {
    this.byKey.set(key, { add: n, del: 0, deleteKeys: new Set(), timestamp: this.sim.now() });
  }

  expectDeletions(key: string, podKeys: string[]): void {
    this.byKey.set(key, { add: 0, del: podKeys.length, deleteKeys: new Set(podKeys), timestamp: this.sim.now() });
  }

  /** SetExpectations with the deleted Pods' keys: creates and deletes of one sync expected together. */
  setExpectations(key: string, add: number, deleteKeys: string[]): void {
    this.byKey.set(key, { add, del: deleteKeys.length, deleteKeys: new Set(deleteKeys), timestamp: this.sim.now() });
  }

  creationObserved(key: string): void {
    const e = this.byKey.get(key);
    if (e) e.add--;
  }

  deletionObserved(key: string, podKey: string): void {
    const e = this.byKey.get(key);
    if (e && e.deleteKeys.delete(podKey)) e.del--;
  }

  delete(key: string): void {
    this.byKey.delete(key);
  }
}
