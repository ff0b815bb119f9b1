/**
 * Counts the API server's successful writes by resource, through the model's one hook after a
 * served write (sim.faults.afterWrite, the fault injector's): an injector that injects nothing
 * and only counts, so the run is the same as without it.
 */
import type { FaultHooks } from '../model/sim/faults';
import type { Simulation } from '../model/sim/simulation';

export class WriteCounter implements FaultHooks {
  readonly byResource = new Map<string, number>();

  constructor(sim: Simulation) {
    sim.faults = this;
  }

  apiRequest(): undefined {
    return undefined;
  }

  watchDelivery(): undefined {
    return undefined;
  }

  afterWrite(_actor: string, _verb: string, target: string): void {
    // target: resource[/subresource][/namespace][/name]; the resource is what we count by.
    const resource = target.slice(0, target.indexOf('/') < 0 ? undefined : target.indexOf('/'));
    this.byResource.set(resource, (this.byResource.get(resource) ?? 0) + 1);
  }

  count(resources: string[]): number {
    return resources.reduce((n, r) => n + (this.byResource.get(r) ?? 0), 0);
  }

  get total(): number {
    let n = 0;
    for (const v of this.byResource.values()) n += v;
    return n;
  }
}
