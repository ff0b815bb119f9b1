/**
 * The taints the node lifecycle controller keeps in line with a Node's conditions
 * (nodeConditionToTaintKeyStatusMap in pkg/controller/nodelifecycle, v1.32) and with
 * spec.unschedulable: NoSchedule ones by doNoScheduleTaintingPass, the NoExecute readiness ones
 * by the rate-limited tainting loop.
 */
import { mutant } from '../../sim/mutants';

export const TAINT_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_NOT_READY = 'node.kubernetes.io/not-ready';
/** TaintNodeByCondition's taint for a cordoned Node (spec.unschedulable). */
export const TAINT_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';
export const TAINT_MEMORY_PRESSURE = 'node.kubernetes.io/memory-pressure';
export const TAINT_DISK_PRESSURE = 'node.kubernetes.io/disk-pressure';
export const TAINT_PID_PRESSURE = 'node.kubernetes.io/pid-pressure';
export const TAINT_NETWORK_UNAVAILABLE = 'node.kubernetes.io/network-unavailable';

/** Which condition status calls for which NoSchedule taint key. */
const CONDITION_TAINTS: Record<string, Record<string, string>> = {
  Ready: { False: TAINT_NOT_READY, Unknown: TAINT_UNREACHABLE },
  MemoryPressure: { True: TAINT_MEMORY_PRESSURE },
  DiskPressure: { True: TAINT_DISK_PRESSURE },
  NetworkUnavailable: { True: TAINT_NETWORK_UNAVAILABLE },
  PIDPressure: { True: TAINT_PID_PRESSURE },
};
/** taintKeyToNodeConditionMap's keys and the unschedulable one: the NoSchedule taints this controller owns. */
const OWNED_NO_SCHEDULE = new Set([TAINT_NOT_READY, TAINT_UNREACHABLE, TAINT_MEMORY_PRESSURE, TAINT_DISK_PRESSURE, TAINT_PID_PRESSURE, TAINT_NETWORK_UNAVAILABLE, TAINT_UNSCHEDULABLE]);

export interface NodeTaint {
  key: string;
  value?: string;
  effect: string;
  timeAdded?: string;
}

/** The taint key a Ready condition status calls for: False → not-ready, Unknown → unreachable, True → none. */
export function readinessTaintKey(readyStatus: string | undefined): string | undefined {
  return readyStatus === undefined ? undefined : CONDITION_TAINTS.Ready[readyStatus];
}

/** The NoSchedule taint keys a Node's conditions (in their order) and spec.unschedulable call for. */
export function conditionTaintKeys(node: { spec?: any; status?: any }): string[] {
  const keys: string[] = [];
  for (const c of node.status?.conditions ?? []) {
    const key = CONDITION_TAINTS[c.type]?.[c.status];
    if (key) keys.push(key);
  }
  if (node.spec?.unschedulable) keys.push(TAINT_UNSCHEDULABLE);
  return keys;
}

/**
 * doNoScheduleTaintingPass's result: the controller's NoSchedule taints no longer called for
 * removed, the missing ones appended with timeAdded (SwapNodeControllerTaint adds, then
 * removes); every other taint kept as it is.
 */
export function withNoScheduleTaints(taints: NodeTaint[], wanted: string[], now: string): NodeTaint[] {
  const owned = (t: NodeTaint) => t.effect === 'NoSchedule' && OWNED_NO_SCHEDULE.has(t.key);
  // Stryker disable next-line ConditionalExpression: a bug-zoo switch (model/sim/mutants.ts), false outside npm run mutants, so the 'false' mutant is the code as it runs
  const kept = mutant('noschedule-taint-never-removed') ? [...taints] : taints.filter((t) => !owned(t) || wanted.includes(t.key));
  for (const key of wanted) if (!kept.some((t) => owned(t) && t.key === key)) kept.push({ key, effect: 'NoSchedule', timeAdded: now });
  return kept;
}

/**
 * The Node's taints with the readiness taints of the given effects replaced by `key`'s (none
 * when key is undefined); a taint already there keeps its timeAdded.
 */
export function withReadinessTaints(taints: NodeTaint[], key: string | undefined, now: string, effects: string[]): NodeTaint[] {
  const isReadiness = (t: NodeTaint) => (t.key === TAINT_UNREACHABLE || t.key === TAINT_NOT_READY) && effects.includes(t.effect);
  const kept = taints.filter((t) => !isReadiness(t) || t.key === key);
  if (!key) return kept;
  for (const effect of effects) if (!kept.some((t) => t.key === key && t.effect === effect)) kept.push({ key, effect, timeAdded: now });
  return kept;
}

/** Whether two taint lists hold the same taints (order aside). */
export function sameTaints(a: NodeTaint[], b: NodeTaint[]): boolean {
  const k = (t: NodeTaint) => `${t.key}=${t.value ?? ''}:${t.effect}`;
  const sa = a.map(k).sort().join(',');
  return sa === b.map(k).sort().join(',');
}
