/**
 * The Recreate strategy (pkg/controller/deployment/recreate.go): scale every old ReplicaSet to
 * zero, wait until none of their Pods is left running, then create and scale up the new one.
 */
import type { KObject } from '../../api/meta';
import { syncRolloutStatus } from './progress';
import { cleanupDeployment, getAllReplicaSetsAndSyncRevision, scaleReplicaSet, type DeploymentSyncContext } from './sync';
import * as u from './util';

/** podMap: the Deployment's Pods grouped by the UID of the ReplicaSet that controls them. */
export function rolloutRecreate(c: DeploymentSyncContext, d: KObject, rsList: KObject[], podMap: Map<string, KObject[]>): void {
  // Do not create the new ReplicaSet yet: scaling down comes before scaling up.
  let { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(c, d, rsList, false);
  let allRSs = [...oldRSs, newRS];
  let scaledDown = false;
  for (const rs of u.activeReplicaSets(oldRSs)) if (scaleReplicaSet(c, rs, 0, d).scaled) scaledDown = true;
  if (scaledDown) return syncRolloutStatus(c, allRSs, newRS, d);
  if (oldPodsRunning(newRS, oldRSs, podMap)) return syncRolloutStatus(c, allRSs, newRS, d);
  if (!newRS) {
    ({ newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(c, d, rsList, true));
    allRSs = [...oldRSs, newRS];
  }
  scaleReplicaSet(c, newRS!, u.replicasOf(d), d);
  if (u.deploymentComplete(d, d.status ?? {})) cleanupDeployment(c, oldRSs, d);
  syncRolloutStatus(c, allRSs, newRS, d);
}

/** Old Pods still count until they are gone or have Succeeded/Failed. */
export function oldPodsRunning(newRS: KObject | undefined, oldRSs: KObject[], podMap: Map<string, KObject[]>): boolean {
  if (u.actualReplicas(oldRSs) > 0) return true;
  for (const [uid, pods] of podMap) {
    if (newRS && newRS.metadata.uid === uid) continue;
    for (const p of pods) if (p.status?.phase !== 'Failed' && p.status?.phase !== 'Succeeded') return true;
  }
  return false;
}
