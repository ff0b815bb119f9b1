/**
 * The kubelet's Node condition setters (pkg/kubelet/nodestatus/setters.go, v1.32): the three
 * pressure conditions and Ready. Each updates its condition in place, or appends it when the
 * Node has none; the heartbeat moves every time, the transition time (and a pressure
 * condition's reason and message) only when the status changes. Each returns the events to
 * record: a pressure condition on every change (its first value included), Ready only on a
 * change of an existing condition.
 */

export interface NodeCondition {
  type: string;
  status: string;
  lastHeartbeatTime: string;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

/** The words of each pressure condition, under pressure and not. */
const PRESSURE: Record<string, { True: [string, string, string]; False: [string, string, string] }> = {
  MemoryPressure: {
    True: ['KubeletHasInsufficientMemory', 'kubelet has insufficient memory available', 'NodeHasInsufficientMemory'],
    False: ['KubeletHasSufficientMemory', 'kubelet has sufficient memory available', 'NodeHasSufficientMemory'],
  },
  DiskPressure: {
    True: ['KubeletHasDiskPressure', 'kubelet has disk pressure', 'NodeHasDiskPressure'],
    False: ['KubeletHasNoDiskPressure', 'kubelet has no disk pressure', 'NodeHasNoDiskPressure'],
  },
  PIDPressure: {
    True: ['KubeletHasInsufficientPID', 'kubelet has insufficient PID available', 'NodeHasInsufficientPID'],
    False: ['KubeletHasSufficientPID', 'kubelet has sufficient PID available', 'NodeHasSufficientPID'],
  },
};

/** The capacities a Node must report to be Ready (LocalStorageCapacityIsolation is GA). */
const REQUIRED_CAPACITIES = ['cpu', 'memory', 'pods', 'ephemeral-storage'];

/** MemoryPressureCondition, DiskPressureCondition, PIDPressureCondition. */
export function setPressureCondition(conditions: NodeCondition[], type: string, pressure: boolean, now: string): string[] {
  const want = pressure ? 'True' : 'False';
  const [reason, message, event] = PRESSURE[type][want];
  const c = conditions.find((x) => x.type === type);
  // A new condition starts Unknown upstream, so either verdict is a change: set and recorded.
  if (!c) {
    conditions.push({ type, status: want, lastHeartbeatTime: now, lastTransitionTime: now, reason, message });
    return [event];
  }
  c.lastHeartbeatTime = now;
  if (c.status === want) return [];
  Object.assign(c, { status: want, reason, message, lastTransitionTime: now });
  return [event];
}

/** utilerrors.NewAggregate(errs).Error(): the one message, or "[a, b]"; nil errors and repeats dropped. */
export function aggregateMessage(errors: (string | undefined)[]): string | undefined {
  const msgs = [...new Set(errors.filter((e): e is string => !!e))];
  if (msgs.length === 0) return undefined;
  return msgs.length === 1 ? msgs[0] : `[${msgs.join(', ')}]`;
}

/**
 * ReadyCondition: True unless the runtime, network, storage or shutdown manager reports an error
 * or a required capacity is missing; then False with every error in one message.
 */
export function setReadyCondition(conditions: NodeCondition[], capacity: Record<string, string> | undefined, errors: (string | undefined)[], now: string): string[] {
  const missing = REQUIRED_CAPACITIES.filter((r) => capacity?.[r] === undefined);
  const all = [...errors, missing.length ? `missing node capacity for resources: ${missing.join(', ')}` : undefined];
  const notReady = aggregateMessage(all);
  const next: NodeCondition = notReady
    ? { type: 'Ready', status: 'False', lastHeartbeatTime: now, lastTransitionTime: now, reason: 'KubeletNotReady', message: notReady }
    : { type: 'Ready', status: 'True', lastHeartbeatTime: now, lastTransitionTime: now, reason: 'KubeletReady', message: 'kubelet is posting ready status' };
  const i = conditions.findIndex((x) => x.type === 'Ready');
  if (i < 0) {
    conditions.push(next);
    return [];
  }
  const changed = conditions[i].status !== next.status;
  if (!changed) next.lastTransitionTime = conditions[i].lastTransitionTime;
  conditions[i] = next;
  return changed ? [next.status === 'True' ? 'NodeReady' : 'NodeNotReady'] : [];
}
