/**
 * No ready endpoint for a Pod that is going or not ready: an EndpointSlice never says ready for
 * an endpoint it also says is terminating or not serving (no Service here publishes not-ready
 * addresses), and a Pod that has been terminating, not Ready or gone for a while is not listed
 * ready (the EndpointSlice controller had time to see it).
 */
import type { KObject } from '../../model/api/meta';
import type { Calm } from './calm';
import { isReady } from './oracle';

const ENDPOINTS_GRACE_MS = 5000;

export class EndpointChecks {
  /** Pod key (ns/name) -> the slices that list it ready. */
  private readonly readyIn = new Map<string, Set<string>>();
  /** Pod key -> since when it has been terminating, not Ready or gone. */
  private readonly badSince = new Map<string, number>();

  constructor(
    private readonly calm: Calm,
    private readonly now: () => number,
    private readonly violate: (msg: string) => void,
  ) {}

  onPod(podKey: string, pod: KObject | undefined): void {
    const bad = !pod || !!pod.metadata.deletionTimestamp || !isReady(pod);
    if (!bad) this.badSince.delete(podKey);
    else if (!this.badSince.has(podKey)) this.badSince.set(podKey, this.now());
  }

  onSlice(key: string, slice: KObject | undefined): void {
    for (const set of this.readyIn.values()) set.delete(key);
    for (const ep of (slice as any)?.endpoints ?? []) {
      const c = ep.conditions ?? {};
      const ref = ep.targetRef;
      if (c.ready === true && (c.terminating === true || c.serving === false))
        this.violate(`EndpointSlice ${key} lists ${ref?.name ?? ep.addresses?.[0]} ready yet ${c.terminating ? 'terminating' : 'not serving'}`);
      if (c.ready !== true || ref?.kind !== 'Pod') continue;
      const podKey = `${ref.namespace}/${ref.name}`;
      let set = this.readyIn.get(podKey);
      if (!set) this.readyIn.set(podKey, (set = new Set()));
      set.add(key);
    }
  }

  /** At every write: a Pod bad for longer than the grace (over a calm stretch) is listed ready nowhere. */
  check(): void {
    for (const [podKey, slices] of this.readyIn) {
      if (slices.size === 0) continue;
      const since = this.badSince.get(podKey);
      if (since === undefined || !this.calm.settled('kube-controller-manager', since, ENDPOINTS_GRACE_MS)) continue;
      this.violate(`EndpointSlice ${[...slices][0]} still lists pod ${podKey} ready, ${((this.now() - since) / 1000).toFixed(3)}s after it went terminating, not Ready or away`);
      slices.clear();
    }
  }
}
