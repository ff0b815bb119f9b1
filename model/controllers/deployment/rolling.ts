/**
 * The RollingUpdate strategy (pkg/controller/deployment/rolling.go): grow the new ReplicaSet
 * up to replicas + maxSurge in total, shrink old ones while at least replicas - maxUnavailable
 * stay available, unhealthy old Pods first.
 */
import type { KObject } from '../../api/meta';
import { syncRolloutStatus } from './progress';
import { cleanupDeployment, getAllReplicaSetsAndSyncRevision, newRSNewReplicas, scaleReplicaSet, type DeploymentSyncContext } from './sync';
import * as u from './util';
import { internal } from '../util/controllerref';
import { mutant } from '../../sim/mutants';

export function rolloutRolling(c: DeploymentSyncContext, d: KObject, rsList: KObject[]): void {
  const { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(c, d, rsList, true);
  const allRSs = [...oldRSs, newRS!];
  if (reconcileNewReplicaSet(c, allRSs, newRS!, d)) return syncRolloutStatus(c, allRSs, newRS, d);
  if (reconcileOldReplicaSets(c, allRSs, u.activeReplicaSets(oldRSs), newRS!, d)) return syncRolloutStatus(c, allRSs, newRS, d);
  if (u.deploymentComplete(d, d.status ?? {})) cleanupDeployment(c, oldRSs, d);
  syncRolloutStatus(c, allRSs, newRS, d);
}

export function reconcileNewReplicaSet(c: DeploymentSyncContext, allRSs: KObject[], newRS: KObject, d: KObject): boolean {
  const want = u.replicasOf(d);
  if (u.replicasOf(newRS) === want) return false;
  if (u.replicasOf(newRS) > want) return scaleReplicaSet(c, newRS, want, d).scaled;
  return scaleReplicaSet(c, newRS, mutant('deployment-ignores-max-surge') ? want : newRSNewReplicas(d, allRSs, newRS), d).scaled;
}

export function reconcileOldReplicaSets(c: DeploymentSyncContext, allRSs: KObject[], oldRSs: KObject[], newRS: KObject, d: KObject): boolean {
  if (u.specReplicas(oldRSs) === 0) return false;
  const minAvailable = u.minAvailable(d);
  const newUnavailable = u.replicasOf(newRS) - (newRS.status?.availableReplicas ?? 0);
  const maxScaledDown = u.specReplicas(allRSs) - minAvailable - newUnavailable;
  if (maxScaledDown <= 0) return false;
  const { rss, count: cleaned } = cleanupUnhealthyReplicas(c, oldRSs, d, maxScaledDown);
  const scaledDown = scaleDownOldReplicaSetsForRollingUpdate(c, [...rss, newRS], rss, d);
  return cleaned + scaledDown > 0;
}

/** Scales down old ReplicaSets' unavailable Pods first, oldest ReplicaSet first. */
export function cleanupUnhealthyReplicas(c: DeploymentSyncContext, oldRSs: KObject[], d: KObject, maxCleanup: number): { rss: KObject[]; count: number } {
  const rss = [...oldRSs].sort(u.byCreation);
  let total = 0;
  for (let i = 0; i < rss.length && total < maxCleanup; i++) {
    const rs = rss[i];
    const unhealthy = u.replicasOf(rs) - (rs.status?.availableReplicas ?? 0);
    if (u.replicasOf(rs) === 0 || unhealthy === 0) continue;
    const n = Math.min(maxCleanup - total, unhealthy);
    // A status still counting Pods of a spec already scaled down (the ReplicaSet controller has
    // not caught up) would be a scale "down" upwards: upstream fails the sync here, which also
    // keeps scaleDownOldReplicaSetsForRollingUpdate from trusting that stale availability.
    if (u.replicasOf(rs) - n > u.replicasOf(rs))
      throw internal(`when cleaning up unhealthy replicas, got invalid request to scale down ${rs.metadata.namespace}/${rs.metadata.name} ${u.replicasOf(rs)} -> ${u.replicasOf(rs) - n}`);
    rss[i] = scaleReplicaSet(c, rs, u.replicasOf(rs) - n, d).rs;
    total += n;
  }
  return { rss, count: total };
}

/** Scales down old ReplicaSets as far as availability allows, oldest first. */
export function scaleDownOldReplicaSetsForRollingUpdate(c: DeploymentSyncContext, allRSs: KObject[], oldRSs: KObject[], d: KObject): number {
  const minAvailable = mutant('deployment-ignores-max-unavailable') ? 0 : u.minAvailable(d);
  const available = u.availableReplicas(allRSs);
  if (available <= minAvailable) return 0;
  const target = available - minAvailable;
  let total = 0;
  for (const rs of [...oldRSs].sort(u.byCreation)) {
    if (total >= target) break;
    if (u.replicasOf(rs) === 0) continue;
    const n = Math.min(u.replicasOf(rs), target - total);
    scaleReplicaSet(c, rs, u.replicasOf(rs) - n, d);
    total += n;
  }
  return total;
}
