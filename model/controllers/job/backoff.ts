/**
 * The Job controller's pod failure back-off (pkg/controller/job/backoff_utils.go): after a
 * failed Pod the next one waits 10 s, doubling with each failure since the last success, up
 * to 6 minutes, counted from the last failure's finish. Kept in the controller's memory, as
 * upstream's backoffStore is: a restarted controller starts over.
 */

/** DefaultJobPodFailureBackOff and MaxJobPodFailureBackOff. */
export const DEFAULT_JOB_POD_FAILURE_BACKOFF_MS = 10_000;
export const MAX_JOB_POD_FAILURE_BACKOFF_MS = 360_000;

export interface BackoffRecord {
  failuresAfterLastSuccess: number;
  /** Epoch ms of the last failure, when there is one. */
  lastFailureTime?: number;
}

/** newBackoffRecord: the record after this sync's newly finished Pods (their finish times, sorted). */
export function nextBackoffRecord(prev: BackoffRecord, succeededAt: number[], failedAt: number[]): BackoffRecord {
  const failed = [...failedAt].sort((a, b) => a - b);
  if (succeededAt.length === 0) {
    if (failed.length === 0) return prev;
    return { failuresAfterLastSuccess: prev.failuresAfterLastSuccess + failed.length, lastFailureTime: failed[failed.length - 1] };
  }
  // Only failures after the last success count.
  const lastSuccess = Math.max(...succeededAt);
  const rec: BackoffRecord = { failuresAfterLastSuccess: 0 };
  for (let i = failed.length - 1; i >= 0 && failed[i] > lastSuccess; i--) {
    rec.lastFailureTime ??= failed[i];
    rec.failuresAfterLastSuccess++;
  }
  return rec;
}

/** getRemainingTimeForFailuresCount: how long the next Pod must still wait (0: create it now). */
export function remainingBackoffMs(rec: BackoffRecord, nowMs: number, defaultMs = DEFAULT_JOB_POD_FAILURE_BACKOFF_MS, maxMs = MAX_JOB_POD_FAILURE_BACKOFF_MS): number {
  if (rec.failuresAfterLastSuccess === 0 || rec.lastFailureTime === undefined) return 0;
  let delay = defaultMs;
  for (let i = 1; i < rec.failuresAfterLastSuccess; i++) {
    delay *= 2;
    if (delay >= maxMs) {
      delay = maxMs;
      break;
    }
  }
  const elapsed = nowMs - rec.lastFailureTime;
  return delay < elapsed ? 0 : delay - elapsed;
}
