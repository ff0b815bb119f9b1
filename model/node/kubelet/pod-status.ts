import type { KObject } from '../../api/meta';
import { rfc3339 } from '../../sim/clock';
import type { ContainerStatus, PodSandboxStatus } from '../cri/api';
import { isStaticPod } from './static-pods';

/** Why a container waits (the kubelet's reason cache): ErrImagePull, CrashLoopBackOff ... */
export type WaitingReason = { reason: string; message: string };

export interface RuntimePodState {
  /** The Pod's latest sandbox, if any. */
  sandbox?: PodSandboxStatus;
  /** Runtime containers by container name, newest attempt first. */
  containers: Map<string, ContainerStatus[]>;
  /** The reason cache: why a container is not running. */
  reasons: Map<string, WaitingReason>;
  /** The Pod is done (deleted and its containers stopped): the phase becomes terminal. */
  terminal: boolean;
  /** The runtime's name, the scheme of containerIDs ("containerd", "cri-o"). */
  runtimeName?: string;
  /** The probes' verdicts by container name: ready (readiness) and started (startup). */
  probes?: { ready(name: string): boolean; started(name: string): boolean };
}

/**
 * generateAPIPodStatus: the Pod status the kubelet writes through pods/status, derived from
 * the runtime's state, keeping what it already said (start time, IPs, transition times).
 */
export function generatePodStatus(pod: KObject, hostIP: string, rt: RuntimePodState, nowMs: number): any {
  const old = pod.status ?? {};
  const now = rfc3339(nowMs);
  const spec = pod.spec ?? {};
  const containerStatuses = (spec.containers ?? []).map((c: any) => containerStatus(c, rt));
  const phase = getPhase(pod, containerStatuses, rt.terminal);
  const unready = containerStatuses.filter((s: any) => !s.ready).map((s: any) => s.name);
  const completed = phase === 'Succeeded' || phase === 'Failed';
  const cond = (type: string, ok: boolean, reason?: string, message?: string) => {
    const prev = (old.conditions ?? []).find((c: any) => c.type === type);
    const status = ok ? 'True' : 'False';
    const c: any = { type, status, lastProbeTime: null, lastTransitionTime: prev && prev.status === status ? prev.lastTransitionTime : now };
    if (!ok && reason) c.reason = reason;
    if (!ok && message) c.message = message;
    return c;
  };
  const notReady = completed ? ['PodCompleted', undefined] : ['ContainersNotReady', `containers with unready status: [${unready.join(' ')}]`];
  const sandboxReady = rt.sandbox?.state === 'SANDBOX_READY' && !!rt.sandbox.ip;
  const scheduled = (old.conditions ?? []).find((c: any) => c.type === 'PodScheduled');
  const conditions = [
    cond('PodReadyToStartContainers', sandboxReady),
    cond('Initialized', true),
    cond('Ready', unready.length === 0 && !completed, notReady[0], notReady[1]),
    cond('ContainersReady', unready.length === 0 && !completed, notReady[0], notReady[1]),
    scheduled ? { ...scheduled } : cond('PodScheduled', true),
  ];
  for (const c of old.conditions ?? []) if (!conditions.some((k) => k.type === c.type)) conditions.push(c);
  const podIP = sandboxReady ? rt.sandbox!.ip : old.podIP;
  const status: any = {
    phase,
    conditions,
    hostIP,
    hostIPs: [{ ip: hostIP }],
    ...(podIP ? { podIP, podIPs: [{ ip: podIP }] } : {}),
    startTime: old.startTime ?? now,
    containerStatuses,
    qosClass: old.qosClass ?? qosClass(spec),
  };
  return status;
}

function containerStatus(c: any, rt: RuntimePodState): any {
  const list = rt.containers.get(c.name) ?? [];
  const latest = list[0];
  const cached = rt.reasons.get(c.name);
  const s: any = { name: c.name, image: c.image, imageID: '', lastState: {}, ready: false, restartCount: latest?.metadata.attempt ?? 0, started: false, state: {} };
  if (Array.isArray(c.volumeMounts) && c.volumeMounts.length)
    s.volumeMounts = c.volumeMounts.map((m: any) => ({ name: m.name, mountPath: m.mountPath, ...(m.readOnly ? { readOnly: true, recursiveReadOnly: 'Disabled' } : {}) }));
  const prevExited = list.find((x, i) => i > 0 && x.state === 'CONTAINER_EXITED');
  if (prevExited) s.lastState = { terminated: terminated(prevExited, rt) };
  if (!latest || latest.state === 'CONTAINER_CREATED' || latest.state === 'CONTAINER_UNKNOWN') {
    if (rt.terminal) {
      s.state = { terminated: { exitCode: 137, reason: 'ContainerStatusUnknown', message: 'The container could not be located when the pod was terminated', startedAt: null, finishedAt: null } };
      return s;
    }
    s.state = { waiting: cached ? { reason: cached.reason, message: cached.message } : { reason: 'ContainerCreating' } };
    return s;
  }
  s.containerID = `${rt.runtimeName ?? 'containerd'}://${latest.id}`;
  s.image = latest.image;
  s.imageID = latest.imageRef;
  if (latest.state === 'CONTAINER_RUNNING') {
    s.ready = !rt.terminal && (rt.probes?.ready(c.name) ?? true);
    s.started = rt.probes?.started(c.name) ?? true;
    s.state = { running: { startedAt: rfc3339(latest.startedAt) } };
  } else if (cached && !rt.terminal) {
    s.state = { waiting: { reason: cached.reason, message: cached.message } };
    s.lastState = { terminated: terminated(latest, rt) };
  } else s.state = { terminated: terminated(latest, rt) };
  return s;
}

function terminated(c: ContainerStatus, rt: RuntimePodState): any {
  const t: any = { containerID: `${rt.runtimeName ?? 'containerd'}://${c.id}`, exitCode: c.exitCode, finishedAt: rfc3339(c.finishedAt), reason: c.reason || (c.exitCode === 0 ? 'Completed' : 'Error'), startedAt: rfc3339(c.startedAt || c.createdAt), ...(c.message ? { message: c.message } : {}) };
  // A container that never started (StartError) reports the zero time, as containerd does.
  if (c.reason === 'StartError') t.startedAt = rfc3339(0);
  return t;
}

/**
 * kubelet getPhase (kubelet_pods.go), for Pods without init containers: the phase from the spec's
 * containers and their statuses. A container with no status counts as unknown, which keeps the
 * Pod Pending; a waiting container that ran before counts as stopped. A terminal Pod (its worker
 * finished; not a static Pod) is Succeeded or Failed once nothing runs.
 */
export function getPhase(pod: KObject, statuses: any[], podIsTerminal: boolean): string {
  let waiting = 0;
  let running = 0;
  let stopped = 0;
  let succeeded = 0;
  let unknown = 0;
  for (const c of pod.spec?.containers ?? []) {
    const s = statuses.find((x) => x.name === c.name);
    if (!s) unknown++;
    else if (s.state?.running) running++;
    else if (s.state?.terminated) {
      stopped++;
      if (s.state.terminated.exitCode === 0) succeeded++;
    } else if (s.state?.waiting) {
      if (s.lastState?.terminated) stopped++;
      else waiting++;
    } else unknown++;
  }
  if (waiting > 0) return 'Pending';
  if (running > 0 && unknown === 0) return 'Running';
  if (running === 0 && stopped > 0 && unknown === 0) {
    if (podIsTerminal && !isStaticPod(pod)) return stopped === succeeded ? 'Succeeded' : 'Failed';
    const policy = pod.spec?.restartPolicy ?? 'Always';
    if (policy === 'Always') return 'Running';
    if (stopped === succeeded) return 'Succeeded';
    if (policy === 'Never') return 'Failed';
    return 'Running';
  }
  return 'Pending';
}

/** v1qos.GetPodQOS, reduced to cpu and memory. */
function qosClass(spec: any): string {
  const cs: any[] = spec.containers ?? [];
  let any = false;
  let guaranteed = true;
  for (const c of cs) {
    const req = c.resources?.requests ?? {};
    const lim = c.resources?.limits ?? {};
    if (Object.keys(req).length || Object.keys(lim).length) any = true;
    for (const r of ['cpu', 'memory']) if (!lim[r] || (req[r] !== undefined && String(req[r]) !== String(lim[r]))) guaranteed = false;
  }
  if (!any) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}
