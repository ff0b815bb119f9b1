/**
 * The PodDisruptionBudget's DisruptionAllowed condition (pkg/apis/policy/v1 helpers,
 * UpdateDisruptionAllowedCondition), set the way apimachinery's meta.SetStatusCondition sets
 * one: the transition time moves only when the status changes.
 */
import type { KObject } from '../../api/meta';

export const DISRUPTION_ALLOWED = 'DisruptionAllowed';
export const SUFFICIENT_PODS = 'SufficientPods';
export const INSUFFICIENT_PODS = 'InsufficientPods';
export const SYNC_FAILED = 'SyncFailed';

/** meta.SetStatusCondition: fields in metav1.Condition's order; message is no omitempty field. */
export function setCondition(status: any, cond: { type: string; status: string; reason: string; message: string; observedGeneration?: number }, now: string): void {
  const list: any[] = [...(status.conditions ?? [])];
  const i = list.findIndex((c) => c.type === cond.type);
  const old = i >= 0 ? list[i] : undefined;
  const next = {
    type: cond.type,
    status: cond.status,
    ...(cond.observedGeneration ? { observedGeneration: cond.observedGeneration } : {}),
    lastTransitionTime: old && old.status === cond.status ? old.lastTransitionTime : now,
    reason: cond.reason,
    message: cond.message,
  };
  if (i >= 0) list[i] = next;
  else list.push(next);
  status.conditions = list;
}

/** UpdateDisruptionAllowedCondition: True (SufficientPods) while a disruption is allowed, else False (InsufficientPods). */
export function setDisruptionAllowedCondition(pdb: KObject, now: string): void {
  const s = pdb.status;
  const allowed = (s.disruptionsAllowed ?? 0) > 0;
  setCondition(s, { type: DISRUPTION_ALLOWED, status: allowed ? 'True' : 'False', reason: allowed ? SUFFICIENT_PODS : INSUFFICIENT_PODS, message: '', observedGeneration: s.observedGeneration }, now);
}
