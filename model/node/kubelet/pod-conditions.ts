/**
 * The Pod conditions the kubelet derives from its container statuses (pkg/kubelet/status/
 * generate.go, v1.32): ContainersReady, and Ready, which also waits for the Pod's readiness
 * gates. This model has no init containers, so their part of upstream's functions is absent.
 * Each returns type, status and, when not True, the reason and message; the caller adds the
 * probe and transition times.
 */
import type { KObject } from '../../api/meta';

export interface PodCondition {
  type: string;
  status: 'True' | 'False';
  reason?: string;
  message?: string;
}

/** Go's %s of a []string: "[a b]". */
const goList = (names: string[]) => `[${names.join(' ')}]`;

const condition = (type: string, status: 'True' | 'False', reason?: string, message?: string): PodCondition => ({ type, status, ...(reason ? { reason } : {}), ...(message ? { message } : {}) });

/** generateContainersReadyConditionForTerminalPhase and its Ready twin: no container is ready once the Pod is done. */
function terminal(type: string, phase: string): PodCondition {
  return condition(type, 'False', phase === 'Failed' ? 'PodFailed' : 'PodCompleted');
}

/** GenerateContainersReadyCondition: True when every container has a ready status. */
export function generateContainersReadyCondition(pod: KObject, statuses: any[] | undefined, phase: string): PodCondition {
  if (!statuses) return condition('ContainersReady', 'False', 'UnknownContainerStatuses');
  const unknown: string[] = [];
  const unready: string[] = [];
  for (const c of pod.spec?.containers ?? []) {
    const s = statuses.find((x) => x.name === c.name);
    if (!s) unknown.push(c.name);
    else if (!s.ready) unready.push(c.name);
  }
  // All known and succeeded; or failed, whose containers may still be terminating.
  if ((phase === 'Succeeded' && unknown.length === 0) || phase === 'Failed') return terminal('ContainersReady', phase);
  const messages: string[] = [];
  if (unknown.length) messages.push(`containers with unknown status: ${goList(unknown)}`);
  if (unready.length) messages.push(`containers with unready status: ${goList(unready)}`);
  if (messages.length) return condition('ContainersReady', 'False', 'ContainersNotReady', messages.join(', '));
  return condition('ContainersReady', 'True');
}

/** GeneratePodReadyCondition: ContainersReady's verdict, then every readiness gate's condition True. */
export function generatePodReadyCondition(pod: KObject, conditions: any[], statuses: any[] | undefined, phase: string): PodCondition {
  const containersReady = generateContainersReadyCondition(pod, statuses, phase);
  if (containersReady.status !== 'True') return { ...containersReady, type: 'Ready' };
  const messages: string[] = [];
  for (const gate of pod.spec?.readinessGates ?? []) {
    const c = conditions.find((x) => x.type === gate.conditionType);
    if (!c) messages.push(`corresponding condition of pod readiness gate "${gate.conditionType}" does not exist.`);
    else if (c.status !== 'True') messages.push(`the status of pod readiness gate "${gate.conditionType}" is not "True", but ${c.status}`);
  }
  if (messages.length) return condition('Ready', 'False', 'ReadinessGatesNotReady', messages.join(', '));
  return condition('Ready', 'True');
}
