/**
 * A Job's conditions and status writes (pkg/controller/job, 1.32). The terminal conditions
 * come after an interim one: SuccessCriteriaMet before Complete, FailureTarget before Failed,
 * and the terminal one only once no Pod of the Job is still terminating and every finished
 * Pod has been counted (its job-tracking finalizer removed).
 */
import { canonicalJSON, deepCopy, type KObject } from '../../api/meta';
import type { ApiClient } from '../../client/client';

export interface JobCondition {
  type: 'Complete' | 'Failed' | 'SuccessCriteriaMet' | 'FailureTarget' | 'Suspended';
  status: 'True' | 'False';
  lastProbeTime: string;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

/** The reasons and messages upstream gives each way a Job finishes. */
export const FINISH = {
  completions: { reason: 'CompletionsReached', message: 'Reached expected number of succeeded pods' },
  backoff: { reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' },
  deadline: { reason: 'DeadlineExceeded', message: 'Job was active longer than specified deadline' },
} as const;

export function newCondition(type: JobCondition['type'], why: { reason: string; message: string }, now: string, status: 'True' | 'False' = 'True'): JobCondition {
  return { type, status, lastProbeTime: now, lastTransitionTime: now, reason: why.reason, message: why.message };
}

export function findCondition(job: KObject, type: JobCondition['type']): JobCondition | undefined {
  return (job.status?.conditions ?? []).find((c: JobCondition) => c.type === type && c.status === 'True');
}

/** IsJobFinished: a Complete or Failed condition that is True. */
export const isFinished = (job: KObject) => !!findCondition(job, 'Complete') || !!findCondition(job, 'Failed');

/** Sets (or adds) a condition; an unchanged status keeps its lastTransitionTime. */
export function setCondition(status: any, c: JobCondition): void {
  const list: JobCondition[] = (status.conditions = status.conditions ?? []);
  const i = list.findIndex((x) => x.type === c.type);
  if (i < 0) list.push(c);
  else if (list[i].status !== c.status || list[i].reason !== c.reason) list[i] = c;
}

/** UpdateStatus unless nothing changed; returns the Job as stored (the next write's resourceVersion). */
export function writeStatus(client: ApiClient, job: KObject, status: any): KObject {
  if (canonicalJSON(job.status ?? {}) === canonicalJSON(status)) return job;
  return client.updateStatus('jobs', job.metadata.namespace, { ...deepCopy(job), status });
}
