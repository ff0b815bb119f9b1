/**
 * Zones and their disruption states (pkg/controller/nodelifecycle, v1.32): the controller
 * groups Nodes by zone and paces the NoExecute tainting of each zone by how many of its Nodes
 * are not Ready: a zone where most Nodes are down is more likely cut off from the control
 * plane than broken, and evicting everything from it would only make things worse.
 */
import type { KObject } from '../../api/meta';
import { mutant } from '../../sim/mutants';

export type ZoneState = 'Initial' | 'Normal' | 'PartialDisruption' | 'FullDisruption';

/** --node-eviction-rate: Nodes tainted per second in a healthy zone. */
export const EVICTION_LIMITER_QPS = 0.1;
/** --secondary-node-eviction-rate: in a partially disrupted zone of a large cluster. */
export const SECONDARY_EVICTION_LIMITER_QPS = 0.01;
/** --large-cluster-size-threshold: above this many Nodes a zone counts as large. */
export const LARGE_CLUSTER_THRESHOLD = 50;
/** --unhealthy-zone-threshold: the share of not-Ready Nodes that makes a zone partially disrupted. */
export const UNHEALTHY_ZONE_THRESHOLD = 0.55;
/** A Node with this label counts in no zone's health. */
export const LABEL_EXCLUDE_DISRUPTION = 'node.kubernetes.io/exclude-disruption';

/**
 * nodetopology.GetZoneKey: region and zone, the deprecated failure-domain.beta labels first;
 * "" when neither is set.
 */
export function zoneKeyOf(node: KObject): string {
  const l = node.metadata.labels ?? {};
  const zone = l['failure-domain.beta.kubernetes.io/zone'] ?? l['topology.kubernetes.io/zone'] ?? '';
  const region = l['failure-domain.beta.kubernetes.io/region'] ?? l['topology.kubernetes.io/region'] ?? '';
  return region === '' && zone === '' ? '' : `${region}:\x00:${zone}`;
}

export function isExcludedFromDisruptionChecks(node: KObject): boolean {
  return Object.prototype.hasOwnProperty.call(node.metadata.labels ?? {}, LABEL_EXCLUDE_DISRUPTION);
}

/**
 * ComputeZoneState from the zone's Ready conditions (undefined: a Node that never posted one):
 * no Ready Node is a full disruption; more than two not Ready and at least the threshold's share
 * a partial one; anything else normal. Returns the number not Ready too.
 */
export function computeZoneState(ready: ({ status?: string } | undefined)[], threshold = UNHEALTHY_ZONE_THRESHOLD): [number, ZoneState] {
  let readyNodes = 0;
  let notReady = 0;
  for (const c of ready) {
    if (c?.status === 'True') readyNodes++;
    else notReady++;
  }
  if (readyNodes === 0 && notReady > 0) return [notReady, 'FullDisruption'];
  // Upstream divides and compares in float32.
  const share = Math.fround(notReady / (notReady + readyNodes));
  // Stryker disable next-line ConditionalExpression: a bug-zoo switch (model/sim/mutants.ts), false outside npm run mutants, so the 'false' mutant is the code as it runs
  if (mutant('zone-state-ignores-threshold') && notReady > 2) return [notReady, 'PartialDisruption'];
  if (notReady > 2 && share >= Math.fround(threshold)) return [notReady, 'PartialDisruption'];
  return [notReady, 'Normal'];
}

/** ReducedQPSFunc: a partially disrupted zone is tainted at the secondary rate if large, not at all if small. */
export function reducedQPS(zoneSize: number, qps = SECONDARY_EVICTION_LIMITER_QPS, largeClusterThreshold = LARGE_CLUSTER_THRESHOLD): number {
  return zoneSize > largeClusterThreshold ? qps : 0;
}
