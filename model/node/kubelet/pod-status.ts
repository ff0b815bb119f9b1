import type { KObject } from '../../api/meta';
import { podQOSClass } from '../../apiserver/defaults';
import { rfc3339 } from '../../sim/clock';
import type { ContainerStatus, PodSandboxStatus } from '../cri/api';
import { generateContainersReadyCondition, generatePodReadyCondition, type PodCondition } from './pod-conditions';
import { shouldContainerBeRestarted } from './pod-actions';
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
  const containerStatuses = (spec.containers ?? []).map((c: any) => containerStatus(pod, c, rt));
  const phase = getPhase(pod, containerStatuses, rt.terminal);
  const oldConditions: any[] = old.conditions ?? [];
  // Each condition keeps its transition time while its status stays the same.
  const stamp = (c: PodCondition) => {
    const prev = oldConditions.find((o: any) => o.type === c.type);
    const at = prev && prev.status === c.status ? prev.lastTransitionTime : now;
    return { type: c.type, status: c.status, lastProbeTime: null, lastTransitionTime: at, ...(c.reason ? { reason: c.reason } : {}), ...(c.message ? { message: c.message } : {}) };
  };
  const sandboxReady = rt.sandbox?.state === 'SANDBOX_READY' && !!rt.sandbox.ip;
  const scheduled = oldConditions.find((c: any) => c.type === 'PodScheduled');
  const conditions = [
    stamp({ type: 'PodReadyToStartContainers', status: sandboxReady ? 'True' : 'False' }),
    stamp({ type: 'Initialized', status: 'True' }),
    stamp(generatePodReadyCondition(pod, oldConditions, containerStatuses, phase)),
    stamp(generateContainersReadyCondition(pod, containerStatuses, phase)),
    scheduled ? { ...scheduled } : stamp({ type: 'PodScheduled', status: 'True' }),
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
    // v1qos.GetPodQOS: the class the API server set at creation, computed only when missing.
    qosClass: old.qosClass ?? podQOSClass(spec),
  };
  return status;
}

function containerStatus(pod: KObject, c: any, rt: RuntimePodState): any {
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
  } else if (cached && !rt.terminal && shouldContainerBeRestarted(pod, latest)) {
    // A container the kubelet will start again waits, with why it is not running (the reason cache).
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
