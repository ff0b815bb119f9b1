/**
 * What every Deployment sync shares (pkg/controller/deployment/sync.go): finding the new and
 * old ReplicaSets, creating the new one, scaling (proportionally, when a rollout is scaled
 * midway), cleaning up old revisions, and the status.
 */
import { canonicalJSON, controllerOf, deepCopy, type KObject } from '../../api/meta';
import { errors, StatusError } from '../../api/status';
import { resourceByName } from '../../api/registry';
import type { ApiClient } from '../../client/client';
import type { EventRecorder } from '../../client/events';
import type { Informer } from '../../client/informer';
import { isNamespaceTerminating, newControllerRef, omitEmpty, reasonOf, sortedRecord, withKind } from '../util/objects';
import { computeHash, equalIgnoreHash, POD_TEMPLATE_HASH } from './hash';
import * as u from './util';

/** What the sync functions need from the controller. */
export interface DeploymentSyncContext {
  client: ApiClient;
  recorder: EventRecorder;
  rsInformer: Informer;
  nowRFC3339(): string;
  nowMs(): number;
  enqueueAfter(d: KObject, ms: number): void;
}

export interface ReplicaSets {
  newRS?: KObject;
  oldRSs: KObject[];
}

const dRef = (d: KObject) => withKind(d, 'apps/v1', 'Deployment');

/** FindNewReplicaSet: the oldest ReplicaSet whose template equals the Deployment's (ignoring the hash). */
export function findNewReplicaSet(d: KObject, rsList: KObject[]): KObject | undefined {
  return [...rsList].sort(u.byCreation).find((rs) => equalIgnoreHash(rs.spec?.template, d.spec?.template));
}

/**
 * getAllReplicaSetsAndSyncRevision: the new ReplicaSet (created when asked and missing) with
 * its revision raised above every old one, and the old ReplicaSets.
 */
export function getAllReplicaSetsAndSyncRevision(c: DeploymentSyncContext, d: KObject, rsList: KObject[], create: boolean): ReplicaSets {
  const existing = findNewReplicaSet(d, rsList);
  const oldRSs = rsList.filter((rs) => rs.metadata.uid !== existing?.metadata.uid);
  const newRS = getNewReplicaSet(c, d, rsList, oldRSs, existing, create);
  return { newRS, oldRSs };
}

function getNewReplicaSet(c: DeploymentSyncContext, d: KObject, rsList: KObject[], oldRSs: KObject[], existing: KObject | undefined, create: boolean): KObject | undefined {
  const newRevision = u.maxRevision(oldRSs) + 1;
  if (existing) {
    const rs = deepCopy(existing);
    const annotationsUpdated = u.setNewReplicaSetAnnotations(d, rs, newRevision, true);
    const minReady = d.spec?.minReadySeconds ?? 0;
    if (annotationsUpdated || (rs.spec?.minReadySeconds ?? 0) !== minReady) {
      rs.spec.minReadySeconds = minReady || undefined;
      rs.metadata.annotations = sortedRecord(rs.metadata.annotations);
      return c.client.update('replicasets', rs.metadata.namespace, rs);
    }
    let needsUpdate = u.setDeploymentRevision(d, rs.metadata.annotations?.[u.REVISION] ?? '');
    if (u.hasProgressDeadline(d) && !u.getCondition(d.status, 'Progressing')) {
      d.status = d.status ?? {};
      u.setCondition(d.status, u.newCondition('Progressing', 'True', u.Reason.FoundNewRS, `Found new replica set "${rs.metadata.name}"`, c.nowRFC3339()));
      needsUpdate = true;
    }
    if (needsUpdate) updateDeploymentStatus(c, d);
    return rs;
  }
  if (!create) return undefined;

  const template = deepCopy(d.spec.template);
  const hash = computeHash(template, d.status?.collisionCount);
  template.metadata = template.metadata ?? {};
  template.metadata.labels = sortedRecord({ ...(d.spec.template.metadata?.labels ?? {}), [POD_TEMPLATE_HASH]: hash });
  const selector = deepCopy(d.spec.selector ?? {});
  selector.matchLabels = sortedRecord({ ...(selector.matchLabels ?? {}), [POD_TEMPLATE_HASH]: hash });
  const newRS: KObject = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: `${d.metadata.name}-${hash}`,
      namespace: d.metadata.namespace,
      labels: template.metadata.labels,
      annotations: {},
      ownerReferences: [newControllerRef(d, 'apps/v1', 'Deployment')],
    },
    spec: { replicas: 0, minReadySeconds: d.spec.minReadySeconds || undefined, selector, template },
  };
  newRS.spec.replicas = newRSNewReplicas(d, [...oldRSs, newRS], newRS);
  u.setNewReplicaSetAnnotations(d, newRS, newRevision, false);
  newRS.metadata.annotations = sortedRecord(newRS.metadata.annotations);

  let created: KObject;
  let alreadyExists = false;
  try {
    created = c.client.create('replicasets', d.metadata.namespace, newRS);
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    if (reasonOf(e) === 'AlreadyExists') {
      alreadyExists = true;
      // Fetched from the lister: a slow cache has not seen it yet (rsLister.Get's NotFound).
      const rs = c.rsInformer.getByName(d.metadata.namespace, newRS.metadata.name!);
      if (!rs) throw errors.notFound(resourceByName('replicasets')!, newRS.metadata.name!);
      const ref = controllerOf(rs);
      if (ref?.uid === d.metadata.uid && equalIgnoreHash(d.spec.template, rs.spec?.template)) created = rs;
      else {
        // A hash collision: bump collisionCount so the next sync computes another name.
        d.status = d.status ?? {};
        d.status.collisionCount = (d.status.collisionCount ?? 0) + 1;
        try {
          updateDeploymentStatus(c, d);
        } catch (e2) {
          if (!(e2 instanceof StatusError)) throw e2;
        }
        throw e;
      }
    } else if (isNamespaceTerminating(e)) {
      // Every later create fails too while the namespace goes: nothing to report.
      throw e;
    } else {
      const msg = `Failed to create new replica set "${newRS.metadata.name}": ${e.message}`;
      if (u.hasProgressDeadline(d)) {
        d.status = d.status ?? {};
        u.setCondition(d.status, u.newCondition('Progressing', 'False', u.Reason.FailedRSCreate, msg, c.nowRFC3339()));
        try {
          updateDeploymentStatus(c, d);
        } catch (e2) {
          if (!(e2 instanceof StatusError)) throw e2;
        }
      }
      c.recorder.event(dRef(d), 'Warning', u.Reason.FailedRSCreate, msg);
      throw e;
    }
  }
  const count = newRS.spec.replicas;
  if (!alreadyExists && count > 0) c.recorder.event(dRef(d), 'Normal', 'ScalingReplicaSet', `Scaled up replica set ${created.metadata.name} from 0 to ${count}`);
  let needsUpdate = u.setDeploymentRevision(d, String(newRevision));
  if (!alreadyExists && u.hasProgressDeadline(d)) {
    d.status = d.status ?? {};
    u.setCondition(d.status, u.newCondition('Progressing', 'True', u.Reason.NewReplicaSet, `Created new replica set "${created.metadata.name}"`, c.nowRFC3339()));
    needsUpdate = true;
  }
  if (needsUpdate) updateDeploymentStatus(c, d);
  return created;
}

/** NewRSNewReplicas: how big the new ReplicaSet may be now (maxSurge bounds a rolling update). */
export function newRSNewReplicas(d: KObject, allRSs: KObject[], newRS: KObject): number {
  if (!u.isRollingUpdate(d)) return u.replicasOf(d);
  const maxTotal = u.replicasOf(d) + u.maxSurge(d);
  const current = u.specReplicas(allRSs);
  if (current >= maxTotal) return u.replicasOf(newRS);
  const up = Math.min(maxTotal - current, u.replicasOf(d) - u.replicasOf(newRS));
  return u.replicasOf(newRS) + up;
}

/** UpdateStatus with the Deployment as this sync holds it (its resourceVersion is the cached one, as in Go). */
export function updateDeploymentStatus(c: DeploymentSyncContext, d: KObject): void {
  d.metadata.annotations = sortedRecord(d.metadata.annotations);
  d.status = normalizeStatus(d.status ?? {});
  c.client.updateStatus('deployments', d.metadata.namespace, d);
}

/** scaleReplicaSetAndRecordEvent / scaleReplicaSet: one ReplicaSet update and a ScalingReplicaSet event. */
export function scaleReplicaSet(c: DeploymentSyncContext, rs: KObject, newScale: number, d: KObject, skipIfSameSize = true): { scaled: boolean; rs: KObject } {
  const oldScale = u.replicasOf(rs);
  if (skipIfSameSize && oldScale === newScale) return { scaled: false, rs };
  const desired = u.replicasOf(d);
  const max = desired + u.maxSurge(d);
  const sizeNeedsUpdate = oldScale !== newScale;
  if (!sizeNeedsUpdate && !u.replicasAnnotationsNeedUpdate(rs, desired, max)) return { scaled: false, rs };
  const copy = deepCopy(rs);
  copy.spec.replicas = newScale;
  u.setReplicasAnnotations(copy, desired, max);
  copy.metadata.annotations = sortedRecord(copy.metadata.annotations);
  const updated = c.client.update('replicasets', copy.metadata.namespace, copy);
  if (sizeNeedsUpdate) {
    const op = oldScale < newScale ? 'up' : 'down';
    c.recorder.event(dRef(d), 'Normal', 'ScalingReplicaSet', `Scaled ${op} replica set ${updated.metadata.name} from ${oldScale} to ${newScale}`);
  }
  return { scaled: sizeNeedsUpdate, rs: updated };
}

/** FindActiveOrLatest: the one active ReplicaSet, or the newest when none is active. */
function findActiveOrLatest(newRS: KObject | undefined, oldRSs: KObject[]): KObject | undefined {
  if (!newRS && oldRSs.length === 0) return undefined;
  const sortedOld = [...oldRSs].sort(u.byCreation).reverse();
  const active = u.activeReplicaSets([...sortedOld, newRS]);
  if (active.length === 0) return newRS ?? sortedOld[0];
  if (active.length === 1) return active[0];
  return undefined;
}

/**
 * scale: a scaling event (spec.replicas changed). One active ReplicaSet takes the new size; a
 * saturated new ReplicaSet means the old ones go to zero; midway through a rolling update the
 * difference is spread over the active ReplicaSets in proportion to their size.
 */
export function scale(c: DeploymentSyncContext, d: KObject, newRS: KObject | undefined, oldRSs: KObject[]): void {
  const target = findActiveOrLatest(newRS, oldRSs);
  if (target) {
    if (u.replicasOf(target) !== u.replicasOf(d)) scaleReplicaSet(c, target, u.replicasOf(d), d);
    return;
  }
  if (u.isSaturated(d, newRS)) {
    for (const old of u.activeReplicaSets(oldRSs)) scaleReplicaSet(c, old, 0, d);
    return;
  }
  if (!u.isRollingUpdate(d)) return;
  const all = u.activeReplicaSets([...oldRSs, newRS]);
  const allowed = u.replicasOf(d) > 0 ? u.replicasOf(d) + u.maxSurge(d) : 0;
  const toAdd = allowed - u.specReplicas(all);
  // Larger first; on equal size newer first when scaling up (ReplicaSetsBySizeNewer), older first when down.
  if (toAdd > 0) all.sort((a, b) => u.replicasOf(b) - u.replicasOf(a) || -u.byCreation(a, b));
  else if (toAdd < 0) all.sort((a, b) => u.replicasOf(b) - u.replicasOf(a) || u.byCreation(a, b));
  let added = 0;
  const size = new Map<string, number>();
  for (const rs of all) {
    if (toAdd !== 0) {
      const p = u.proportion(rs, d, toAdd, added);
      size.set(rs.metadata.name!, u.replicasOf(rs) + p);
      added += p;
    } else size.set(rs.metadata.name!, u.replicasOf(rs));
  }
  all.forEach((rs, i) => {
    if (i === 0 && toAdd !== 0) size.set(rs.metadata.name!, Math.max(0, size.get(rs.metadata.name!)! + toAdd - added));
    scaleReplicaSet(c, rs, size.get(rs.metadata.name!)!, d, false);
  });
}

/** cleanupDeployment: deletes the oldest fully scaled-down ReplicaSets beyond revisionHistoryLimit. */
export function cleanupDeployment(c: DeploymentSyncContext, oldRSs: KObject[], d: KObject): void {
  const limit = d.spec?.revisionHistoryLimit;
  if (limit === undefined || limit === null) return;
  const cleanable = oldRSs.filter((rs) => !rs.metadata.deletionTimestamp);
  const diff = cleanable.length - limit;
  if (diff <= 0) return;
  cleanable.sort((a, b) => u.revisionOf(a) - u.revisionOf(b) || u.byCreation(a, b));
  for (const rs of cleanable.slice(0, diff)) {
    if ((rs.status?.replicas ?? 0) !== 0 || u.replicasOf(rs) !== 0 || (rs.metadata.generation ?? 0) > (rs.status?.observedGeneration ?? 0)) continue;
    try {
      c.client.delete('replicasets', rs.metadata.namespace, rs.metadata.name!);
    } catch (e) {
      if (reasonOf(e) !== 'NotFound') throw e;
    }
  }
}

/** calculateStatus: counts from the ReplicaSets, and the Available condition. */
export function calculateStatus(c: DeploymentSyncContext, allRSs: (KObject | undefined)[], newRS: KObject | undefined, d: KObject): any {
  const available = u.availableReplicas(allRSs);
  const unavailable = Math.max(0, u.specReplicas(allRSs) - available);
  const status: any = {
    observedGeneration: d.metadata.generation,
    replicas: u.actualReplicas(allRSs),
    updatedReplicas: u.actualReplicas([newRS]),
    readyReplicas: u.readyReplicas(allRSs),
    availableReplicas: available,
    unavailableReplicas: unavailable,
    conditions: deepCopy(d.status?.conditions ?? []),
    collisionCount: d.status?.collisionCount,
  };
  const now = c.nowRFC3339();
  if (available >= u.replicasOf(d) - u.maxUnavailable(d))
    u.setCondition(status, u.newCondition('Available', 'True', u.Reason.MinimumReplicasAvailable, 'Deployment has minimum availability.', now));
  else u.setCondition(status, u.newCondition('Available', 'False', u.Reason.MinimumReplicasUnavailable, 'Deployment does not have minimum availability.', now));
  return status;
}

/** The status as Go marshals it: zero counts omitted. */
export function normalizeStatus(s: any): any {
  return omitEmpty({ ...s });
}

export function statusEqual(a: any, b: any): boolean {
  return canonicalJSON(normalizeStatus(a ?? {})) === canonicalJSON(normalizeStatus(b ?? {}));
}

/** syncDeploymentStatus: writes the calculated status when it differs. */
export function syncDeploymentStatus(c: DeploymentSyncContext, allRSs: (KObject | undefined)[], newRS: KObject | undefined, d: KObject): void {
  const status = calculateStatus(c, allRSs, newRS, d);
  if (statusEqual(d.status, status)) return;
  d.status = normalizeStatus(status);
  updateDeploymentStatus(c, d);
}
