/**
 * handleDisruption and the per-zone tainting queues (pkg/controller/nodelifecycle, v1.32):
 * after each monitorNodeHealth pass every zone gets a state from its Nodes' Ready conditions,
 * and a change of state swaps the rate at which its queue lets NoExecute taints through:
 * Normal and FullDisruption at --node-eviction-rate (0.1/s), PartialDisruption at the secondary
 * rate (0.01/s) in a zone of more than 50 Nodes and not at all in a smaller one. When every zone
 * is fully disrupted the controller assumes it is the one cut off: it takes the NoExecute
 * taints off every Node and stops tainting until some Node is Ready again.
 */
import type { KObject } from '../../api/meta';
import { RateLimitedTimedQueue, TokenBucket } from './rate-limited-queue';
import { computeZoneState, EVICTION_LIMITER_QPS, LARGE_CLUSTER_THRESHOLD, reducedQPS, SECONDARY_EVICTION_LIMITER_QPS, UNHEALTHY_ZONE_THRESHOLD, zoneKeyOf, type ZoneState } from './zones';

/** kube-controller-manager's flags for the node lifecycle controller (upstream's tests set their own). */
export interface EvictionRates {
  evictionLimiterQPS: number;
  secondaryEvictionLimiterQPS: number;
  largeClusterThreshold: number;
  unhealthyZoneThreshold: number;
}

export const DEFAULT_EVICTION_RATES: EvictionRates = {
  evictionLimiterQPS: EVICTION_LIMITER_QPS,
  secondaryEvictionLimiterQPS: SECONDARY_EVICTION_LIMITER_QPS,
  largeClusterThreshold: LARGE_CLUSTER_THRESHOLD,
  unhealthyZoneThreshold: UNHEALTHY_ZONE_THRESHOLD,
};

/** What handleDisruption needs from the controller. */
export interface DisruptionHooks {
  /** markNodeAsReachable: the Node's NoExecute readiness taints removed (and its queue entry). */
  markReachable(node: KObject): void;
  /** Every Node's probe timestamp set to now (leaving the all-zones-down mode). */
  resetProbeTimestamps(nodes: KObject[]): void;
  now(): number;
}

export class ZoneTainters {
  /** zoneStates, in the order zones were first seen. */
  readonly states = new Map<string, ZoneState>();
  /** zoneNoExecuteTainter. */
  readonly queues = new Map<string, RateLimitedTimedQueue>();

  constructor(
    private readonly hooks: DisruptionHooks,
    private readonly rates: EvictionRates = DEFAULT_EVICTION_RATES,
  ) {}

  /** addPodEvictorForNewZone. */
  addForNewZone(node: KObject): void {
    const zone = zoneKeyOf(node);
    if (this.states.has(zone)) return;
    this.states.set(zone, 'Initial');
    this.queues.set(zone, new RateLimitedTimedQueue(new TokenBucket(this.rates.evictionLimiterQPS, this.hooks.now), this.hooks.now));
  }

  queueOf(node: KObject): RateLimitedTimedQueue {
    const zone = zoneKeyOf(node);
    if (!this.queues.has(zone)) this.addForNewZone(node);
    return this.queues.get(zone)!;
  }

  /** setLimiterInZone. */
  private setLimiter(zone: string, zoneSize: number, state: ZoneState): void {
    const q = this.queues.get(zone);
    if (!q) return;
    const r = this.rates;
    if (state === 'Normal' || state === 'FullDisruption') q.swapLimiter(r.evictionLimiterQPS);
    else if (state === 'PartialDisruption') q.swapLimiter(reducedQPS(zoneSize, r.secondaryEvictionLimiterQPS, r.largeClusterThreshold));
  }

  /** handleDisruption: the new zone states and their rates, from this pass's Ready conditions by zone. */
  handleDisruption(zoneToConditions: Map<string, ({ status?: string } | undefined)[]>, nodes: KObject[]): void {
    const newStates = new Map<string, ZoneState>();
    let allAreFullyDisrupted = true;
    for (const [zone, conds] of zoneToConditions) {
      const [, state] = computeZoneState(conds, this.rates.unhealthyZoneThreshold);
      if (state !== 'FullDisruption') allAreFullyDisrupted = false;
      newStates.set(zone, state);
      if (!this.states.has(zone)) this.states.set(zone, 'Initial');
    }
    let allWasFullyDisrupted = true;
    for (const [zone, state] of [...this.states]) {
      if (!zoneToConditions.has(zone)) {
        this.states.delete(zone);
        continue;
      }
      if (state !== 'FullDisruption') {
        allWasFullyDisrupted = false;
        break;
      }
    }
    if (allAreFullyDisrupted && allWasFullyDisrupted) return;
    if (allAreFullyDisrupted) {
      // Every zone down: more likely the controller is cut off than every Node broken.
      for (const node of nodes) this.hooks.markReachable(node);
      for (const zone of this.states.keys()) this.queues.get(zone)?.swapLimiter(0);
      for (const zone of this.states.keys()) this.states.set(zone, 'FullDisruption');
      return;
    }
    if (allWasFullyDisrupted) {
      // Back: every Node gets a fresh grace period, every zone the rate its state calls for.
      this.hooks.resetProbeTimestamps(nodes);
      for (const zone of this.states.keys()) {
        const state = newStates.get(zone);
        if (!state) continue;
        this.setLimiter(zone, zoneToConditions.get(zone)?.length ?? 0, state);
        this.states.set(zone, state);
      }
      return;
    }
    for (const [zone, state] of this.states) {
      const next = newStates.get(zone);
      if (!next || next === state) continue;
      this.setLimiter(zone, zoneToConditions.get(zone)?.length ?? 0, next);
      this.states.set(zone, next);
    }
  }
}
