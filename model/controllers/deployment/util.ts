/**
 * deploymentutil: annotations, fenceposts, conditions and replica counts
 * (pkg/controller/deployment/util/deployment_util.go).
 */
import type { KObject } from '../../api/meta';
import { IntOrStringError, resolveFenceposts as resolveIntOrStringFenceposts } from '../util/intstr';
import { timeMs } from '../util/objects';

export const REVISION = 'deployment.kubernetes.io/revision';
export const REVISION_HISTORY = 'deployment.kubernetes.io/revision-history';
export const DESIRED_REPLICAS = 'deployment.kubernetes.io/desired-replicas';
export const MAX_REPLICAS = 'deployment.kubernetes.io/max-replicas';

/** Condition reasons (deploymentutil). */
export const Reason = {
  NewReplicaSet: 'NewReplicaSetCreated',
  FoundNewRS: 'FoundNewReplicaSet',
  NewRSAvailable: 'NewReplicaSetAvailable',
  ReplicaSetUpdated: 'ReplicaSetUpdated',
  TimedOut: 'ProgressDeadlineExceeded',
  FailedRSCreate: 'ReplicaSetCreateError',
  PausedDeploy: 'DeploymentPaused',
  ResumedDeploy: 'DeploymentResumed',
  MinimumReplicasAvailable: 'MinimumReplicasAvailable',
  MinimumReplicasUnavailable: 'MinimumReplicasUnavailable',
} as const;

/** Annotations a new ReplicaSet does not copy from its Deployment. */
const SKIP_ANNOTATIONS = new Set(['kubectl.kubernetes.io/last-applied-configuration', REVISION, REVISION_HISTORY, DESIRED_REPLICAS, MAX_REPLICAS, 'deprecated.deployment.rollback.to']);

/** Limit of the revision-history annotation (sync.go maxRevHistoryLengthInChars). */
const MAX_REV_HISTORY_CHARS = 2000;

export const replicasOf = (o: KObject | undefined): number => o?.spec?.replicas ?? 1;
export const isRollingUpdate = (d: KObject): boolean => d.spec?.strategy?.type === 'RollingUpdate';

/** ResolveFenceposts of a Deployment; an invalid value resolves to 0 and 0 ("error caught by validation", as MaxSurge and MaxUnavailable read it). */
export function resolveFenceposts(d: KObject): { surge: number; unavailable: number } {
  const ru = d.spec?.strategy?.rollingUpdate ?? {};
  try {
    return resolveIntOrStringFenceposts(ru.maxSurge, ru.maxUnavailable, replicasOf(d));
  } catch (e) {
    if (e instanceof IntOrStringError) return { surge: 0, unavailable: 0 };
    throw e;
  }
}

export function maxSurge(d: KObject): number {
  return isRollingUpdate(d) ? resolveFenceposts(d).surge : 0;
}

export function maxUnavailable(d: KObject): number {
  if (!isRollingUpdate(d) || replicasOf(d) === 0) return 0;
  return Math.min(resolveFenceposts(d).unavailable, replicasOf(d));
}

/** MinAvailable: how many Pods a rolling update keeps available (0 for Recreate). */
export function minAvailable(d: KObject): number {
  if (!isRollingUpdate(d)) return 0;
  return replicasOf(d) - maxUnavailable(d);
}

export const hasProgressDeadline = (d: KObject): boolean => d.spec?.progressDeadlineSeconds != null && d.spec.progressDeadlineSeconds !== 2147483647;

// ------------------------------------------------------------ counts

const sum = (rss: (KObject | undefined)[], f: (rs: KObject) => number) => rss.reduce((n, rs) => n + (rs ? f(rs) : 0), 0);
export const specReplicas = (rss: (KObject | undefined)[]) => sum(rss, (rs) => replicasOf(rs));
export const actualReplicas = (rss: (KObject | undefined)[]) => sum(rss, (rs) => rs.status?.replicas ?? 0);
export const readyReplicas = (rss: (KObject | undefined)[]) => sum(rss, (rs) => rs.status?.readyReplicas ?? 0);
export const availableReplicas = (rss: (KObject | undefined)[]) => sum(rss, (rs) => rs.status?.availableReplicas ?? 0);

/** controller.FilterActiveReplicaSets: those with spec.replicas > 0. */
export const activeReplicaSets = (rss: (KObject | undefined)[]): KObject[] => rss.filter((rs): rs is KObject => !!rs && replicasOf(rs) > 0);

/** controller.ReplicaSetsByCreationTimestamp (ties by name). */
export function byCreation(a: KObject, b: KObject): number {
  const ta = timeMs(a.metadata.creationTimestamp);
  const tb = timeMs(b.metadata.creationTimestamp);
  if (ta !== tb) return ta - tb;
  return a.metadata.name! < b.metadata.name! ? -1 : a.metadata.name! > b.metadata.name! ? 1 : 0;
}

/** The revision annotation as a number (0 when missing or not a number). */
export function revisionOf(o: KObject): number {
  const n = Number(o.metadata.annotations?.[REVISION]);
  return Number.isInteger(n) ? n : 0;
}

export function maxRevision(rss: KObject[]): number {
  return rss.reduce((m, rs) => Math.max(m, revisionOf(rs)), 0);
}

// ------------------------------------------------------------ annotations

/** SetReplicasAnnotations: desired-replicas and max-replicas; true when they changed. */
export function setReplicasAnnotations(rs: KObject, desired: number, max: number): boolean {
  const a = (rs.metadata.annotations = rs.metadata.annotations ?? {});
  if (a[DESIRED_REPLICAS] === String(desired) && a[MAX_REPLICAS] === String(max)) return false;
  a[DESIRED_REPLICAS] = String(desired);
  a[MAX_REPLICAS] = String(max);
  return true;
}

export function replicasAnnotationsNeedUpdate(rs: KObject, desired: number, max: number): boolean {
  const a = rs.metadata.annotations ?? {};
  return a[DESIRED_REPLICAS] !== String(desired) || a[MAX_REPLICAS] !== String(max);
}

/**
 * SetNewReplicaSetAnnotations: copy the Deployment's annotations (but the skipped ones), raise
 * the revision, keep earlier revisions in revision-history when an old ReplicaSet becomes
 * new again (a rollback), and set the replicas annotations on a ReplicaSet about to be created.
 */
export function setNewReplicaSetAnnotations(d: KObject, rs: KObject, newRevision: number, exists: boolean, revHistoryLimitInChars = MAX_REV_HISTORY_CHARS): boolean {
  let changed = false;
  const a = (rs.metadata.annotations = rs.metadata.annotations ?? {});
  for (const [k, v] of Object.entries(d.metadata.annotations ?? {})) {
    if (SKIP_ANNOTATIONS.has(k) || a[k] === v) continue;
    a[k] = v;
    changed = true;
  }
  const had = REVISION in a;
  const oldRevision = a[REVISION] ?? '';
  const oldInt = oldRevision === '' ? 0 : Number(oldRevision);
  if (!Number.isInteger(oldInt)) return false;
  if (oldInt < newRevision) {
    a[REVISION] = String(newRevision);
    changed = true;
  }
  if (had && oldInt < newRevision) {
    const history = a[REVISION_HISTORY] ?? '';
    if (!history) a[REVISION_HISTORY] = oldRevision;
    else {
      let parts = history.split(',');
      let total = history.length + oldRevision.length + 1;
      while (total > revHistoryLimitInChars && parts.length) total -= parts.shift()!.length + 1;
      if (total <= revHistoryLimitInChars) a[REVISION_HISTORY] = [...parts, oldRevision].join(',');
    }
  }
  if (!exists && setReplicasAnnotations(rs, replicasOf(d), replicasOf(d) + maxSurge(d))) changed = true;
  return changed;
}

/** SetDeploymentRevision: the Deployment's revision annotation follows its new ReplicaSet's. */
export function setDeploymentRevision(d: KObject, revision: string): boolean {
  const a = (d.metadata.annotations = d.metadata.annotations ?? {});
  if (a[REVISION] === revision) return false;
  a[REVISION] = revision;
  return true;
}

// ------------------------------------------------------------ conditions

export interface DeploymentCondition {
  type: string;
  status: string;
  lastUpdateTime: string;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

export function newCondition(type: string, status: string, reason: string, message: string, now: string): DeploymentCondition {
  return { type, status, lastUpdateTime: now, lastTransitionTime: now, reason, message };
}

export function getCondition(status: any, type: string): DeploymentCondition | undefined {
  return (status?.conditions ?? []).find((c: any) => c.type === type);
}

/** SetDeploymentCondition: same status and reason is no change; same status keeps lastTransitionTime; it moves to the end. */
export function setCondition(status: any, c: DeploymentCondition): void {
  const cur = getCondition(status, c.type);
  if (cur && cur.status === c.status && cur.reason === c.reason) return;
  if (cur && cur.status === c.status) c.lastTransitionTime = cur.lastTransitionTime;
  status.conditions = [...(status.conditions ?? []).filter((x: any) => x.type !== c.type), c];
}

export function removeCondition(status: any, type: string): void {
  status.conditions = (status.conditions ?? []).filter((x: any) => x.type !== type);
}

// ------------------------------------------------------------ rollout predicates

/** DeploymentComplete: everything updated and available, and the newest spec observed. */
export function deploymentComplete(d: KObject, s: any): boolean {
  const n = replicasOf(d);
  return (s.updatedReplicas ?? 0) === n && (s.replicas ?? 0) === n && (s.availableReplicas ?? 0) === n && (s.observedGeneration ?? 0) >= (d.metadata.generation ?? 0);
}

/** DeploymentProgressing: more updated, fewer old, more ready or more available Pods than before. */
export function deploymentProgressing(d: KObject, s: any): boolean {
  const o = d.status ?? {};
  const oldOld = (o.replicas ?? 0) - (o.updatedReplicas ?? 0);
  const newOld = (s.replicas ?? 0) - (s.updatedReplicas ?? 0);
  return (s.updatedReplicas ?? 0) > (o.updatedReplicas ?? 0) || newOld < oldOld || (s.readyReplicas ?? 0) > (o.readyReplicas ?? 0) || (s.availableReplicas ?? 0) > (o.availableReplicas ?? 0);
}

/** DeploymentTimedOut: no progress reported for progressDeadlineSeconds. */
export function deploymentTimedOut(d: KObject, s: any, nowMs: number): boolean {
  if (!hasProgressDeadline(d)) return false;
  const c = getCondition(s, 'Progressing');
  if (!c || c.reason === Reason.NewRSAvailable) return false;
  if (c.reason === Reason.TimedOut) return true;
  return timeMs(c.lastUpdateTime) + d.spec.progressDeadlineSeconds * 1000 < nowMs;
}

/** IsSaturated: the new ReplicaSet has, wants and makes available all the Deployment's replicas. */
export function isSaturated(d: KObject, rs: KObject | undefined): boolean {
  if (!rs) return false;
  const desired = Number(rs.metadata.annotations?.[DESIRED_REPLICAS]);
  return replicasOf(rs) === replicasOf(d) && desired === replicasOf(d) && (rs.status?.availableReplicas ?? 0) === replicasOf(d);
}

/** GetProportion: a ReplicaSet's share of a proportional scale, bounded by what is left to add or remove. */
export function proportion(rs: KObject, d: KObject, toAdd: number, added: number): number {
  if (replicasOf(rs) === 0 || toAdd === 0 || toAdd === added) return 0;
  const fraction = replicaSetFraction(rs, d);
  const allowed = toAdd - added;
  return toAdd > 0 ? Math.min(fraction, allowed) : Math.max(fraction, allowed);
}

/** getReplicaSetFraction: the ReplicaSet's share of the new size, from its max-replicas annotation. */
export function replicaSetFraction(rs: KObject, d: KObject): number {
  if (replicasOf(d) === 0) return -replicasOf(rs);
  const maxReplicas = replicasOf(d) + maxSurge(d);
  let before = Number(rs.metadata.annotations?.[MAX_REPLICAS]);
  if (!Number.isInteger(before) || before === 0) before = d.status?.replicas ?? 0;
  if (!before) return 0;
  // integer.RoundToInt32: rounds half away from zero.
  const size = (replicasOf(rs) * maxReplicas) / before;
  return Math.sign(size) * Math.round(Math.abs(size)) - replicasOf(rs);
}
