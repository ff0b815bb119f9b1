/**
 * tryUpdateNodeHealth's two halves (pkg/controller/nodelifecycle/node_lifecycle_controller.go):
 * when the controller last saw a sign of life from a Node (its Ready heartbeat changing or its
 * Lease renewed, on the controller's own clock), and what the Node's conditions become once
 * that is longer ago than the grace period.
 */
import type { KObject } from '../../api/meta';
import { mutant } from '../../sim/mutants';

/** --node-monitor-grace-period. */
export const NODE_MONITOR_GRACE_PERIOD_MS = 40_000;
/** --node-startup-grace-period: a Node that never posted Ready is given longer. */
export const NODE_STARTUP_GRACE_PERIOD_MS = 60_000;

/**
 * The conditions the controller turns Unknown; NetworkUnavailable is left alone (it belongs to
 * the network plugin), and so are any others.
 */
export const MONITORED_CONDITIONS = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'];

/** nodeHealthData: what the controller last saw of a Node and when (ms, its own clock). */
export interface NodeHealth {
  probeTimestamp: number;
  /** The saved status's Ready condition (undefined: none was posted). */
  ready?: { lastHeartbeatTime?: string };
  /** The saved Lease's renewTime. */
  leaseRenew?: string;
}

const readyOf = (node: KObject): any => (node.status?.conditions ?? []).find((c: any) => c.type === 'Ready');

/**
 * The health the controller keeps for `node` after looking at it now, and the grace period it
 * is entitled to. A Node without a Ready condition counts from its creation and gets the
 * startup grace period; one seen for the first time (or posting Ready for the first time)
 * counts from now; a new heartbeat or a renewed Lease moves the probe time to now.
 */
export function observeHealth(node: KObject, saved: NodeHealth | undefined, leaseRenew: string | undefined, now: number): { health: NodeHealth; gracePeriodMs: number } {
  const current = readyOf(node);
  let health: NodeHealth | undefined = saved;
  let gracePeriodMs = NODE_MONITOR_GRACE_PERIOD_MS;
  if (!current) {
    gracePeriodMs = NODE_STARTUP_GRACE_PERIOD_MS;
    const created = Date.parse(node.metadata.creationTimestamp ?? '');
    health = saved ? { ...saved, ready: undefined } : { probeTimestamp: Number.isNaN(created) ? now : created };
  } else if (!saved || !saved.ready || saved.ready.lastHeartbeatTime !== current.lastHeartbeatTime) {
    health = { probeTimestamp: now, ready: { lastHeartbeatTime: current.lastHeartbeatTime }, leaseRenew: saved?.leaseRenew };
  }
  // A Lease counts only when renewed after the one saved (RFC 3339 micro times compare as strings).
  if (leaseRenew !== undefined && (health!.leaseRenew === undefined || health!.leaseRenew < leaseRenew)) health = { ...health!, leaseRenew, probeTimestamp: now };
  // Stryker disable next-line ConditionalExpression: a bug-zoo switch (model/sim/mutants.ts), false outside npm run mutants, so the 'false' mutant is the code as it runs
  if (mutant('nodelifecycle-short-grace-period')) gracePeriodMs /= 2;
  return { health: health!, gracePeriodMs };
}

/**
 * The conditions of a Node not heard from for longer than its grace period: each monitored
 * condition Unknown (NodeStatusUnknown), one the kubelet never posted added as Unknown
 * (NodeStatusNeverUpdated, heartbeat at the Node's creation); conditions already Unknown and
 * all others unchanged.
 */
export function unknownConditions(node: KObject, now: string): any[] {
  const conditions: any[] = (node.status?.conditions ?? []).map((c: any) =>
    !MONITORED_CONDITIONS.includes(c.type) || c.status === 'Unknown'
      ? c
      : { ...c, status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastTransitionTime: now },
  );
  for (const type of MONITORED_CONDITIONS) {
    if (conditions.some((c) => c.type === type)) continue;
    // Stryker disable next-line ConditionalExpression: a bug-zoo switch (model/sim/mutants.ts), false outside npm run mutants, so the 'false' mutant is the code as it runs
    if (mutant('nodelifecycle-no-never-updated-conditions') && type !== 'Ready') continue;
    conditions.push({ type, status: 'Unknown', lastHeartbeatTime: node.metadata.creationTimestamp, lastTransitionTime: now, reason: 'NodeStatusNeverUpdated', message: 'Kubelet never posted node status.' });
  }
  return conditions;
}

/** Whether two Ready conditions differ (apiequality.Semantic.DeepEqual on the fields a condition has). */
export function readyChanged(before: any, after: any): boolean {
  const k = (c: any) => JSON.stringify([c?.type, c?.status, c?.reason ?? '', c?.message ?? '', c?.lastHeartbeatTime ?? '', c?.lastTransitionTime ?? '']);
  return k(before) !== k(after);
}
