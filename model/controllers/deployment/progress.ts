/**
 * The Progressing condition during a rollout (pkg/controller/deployment/progress.go):
 * NewReplicaSetAvailable once complete, ReplicaSetUpdated while Pods move, and
 * ProgressDeadlineExceeded when nothing moved for progressDeadlineSeconds. A stuck rollout is
 * requeued for the moment its deadline passes.
 */
import type { KObject } from '../../api/meta';
import { timeMs } from '../util/objects';
import { calculateStatus, normalizeStatus, statusEqual, updateDeploymentStatus, type DeploymentSyncContext } from './sync';
import * as u from './util';

export function syncRolloutStatus(c: DeploymentSyncContext, allRSs: (KObject | undefined)[], newRS: KObject | undefined, d: KObject): void {
  const status = calculateStatus(c, allRSs, newRS, d);
  if (!u.hasProgressDeadline(d)) u.removeCondition(status, 'Progressing');
  const current = u.getCondition(d.status, 'Progressing');
  const isComplete = (status.replicas ?? 0) === (status.updatedReplicas ?? 0) && current?.reason === u.Reason.NewRSAvailable;
  const now = c.nowRFC3339();
  if (u.hasProgressDeadline(d) && !isComplete) {
    if (u.deploymentComplete(d, status)) {
      const msg = newRS ? `ReplicaSet "${newRS.metadata.name}" has successfully progressed.` : `Deployment "${d.metadata.name}" has successfully progressed.`;
      u.setCondition(status, u.newCondition('Progressing', 'True', u.Reason.NewRSAvailable, msg, now));
    } else if (u.deploymentProgressing(d, status)) {
      const msg = newRS ? `ReplicaSet "${newRS.metadata.name}" is progressing.` : `Deployment "${d.metadata.name}" is progressing.`;
      const cond = u.newCondition('Progressing', 'True', u.Reason.ReplicaSetUpdated, msg, now);
      // Progress moves lastUpdateTime even when the reason stays the same.
      if (current) {
        if (current.status === 'True') cond.lastTransitionTime = current.lastTransitionTime;
        u.removeCondition(status, 'Progressing');
      }
      u.setCondition(status, cond);
    } else if (u.deploymentTimedOut(d, status, c.nowMs())) {
      const msg = newRS ? `ReplicaSet "${newRS.metadata.name}" has timed out progressing.` : `Deployment "${d.metadata.name}" has timed out progressing.`;
      u.setCondition(status, u.newCondition('Progressing', 'False', u.Reason.TimedOut, msg, now));
    }
  }
  const failure = replicaFailure(allRSs, newRS);
  if (failure) u.setCondition(status, failure);
  else u.removeCondition(status, 'ReplicaFailure');
  if (statusEqual(d.status, status)) {
    requeueStuckDeployment(c, d, status);
    return;
  }
  d.status = normalizeStatus(status);
  updateDeploymentStatus(c, d);
}

/** getReplicaFailures: a ReplicaFailure of the new ReplicaSet (else of any) becomes the Deployment's. */
function replicaFailure(allRSs: (KObject | undefined)[], newRS: KObject | undefined): u.DeploymentCondition | undefined {
  for (const rs of [newRS, ...allRSs]) {
    const c = (rs?.status?.conditions ?? []).find((x: any) => x.type === 'ReplicaFailure');
    if (c) return { type: 'ReplicaFailure', status: c.status, lastUpdateTime: c.lastTransitionTime, lastTransitionTime: c.lastTransitionTime, reason: c.reason, message: c.message };
  }
  return undefined;
}

/** requeueStuckDeployment: check again when the progress deadline would pass (plus a second of skew). */
export function requeueStuckDeployment(c: DeploymentSyncContext, d: KObject, status: any): void {
  const cur = u.getCondition(d.status, 'Progressing');
  if (!u.hasProgressDeadline(d) || !cur) return;
  if (u.deploymentComplete(d, status) || cur.reason === u.Reason.TimedOut) return;
  const after = timeMs(cur.lastUpdateTime) + d.spec.progressDeadlineSeconds * 1000 - c.nowMs();
  c.enqueueAfter(d, after < 1000 ? 0 : after + 1000);
}
