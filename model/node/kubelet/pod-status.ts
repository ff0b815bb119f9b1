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
  runtimeName: string;
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
  // mergePodStatus: the conditions other writers own (DisruptionTarget, readiness gates') stay.
  for (const c of oldConditions) if (!conditions.some((k) => k.type === c.type)) conditions.push(c);
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

/**
 * convertToAPIContainerStatuses for one container: the newest runtime status is the state, the
 * one before it the last state; without any, the old API status lends its restart count and last
 * state (or, when it was terminated, all of it). A container the kubelet will start again waits
 * with the reason cache's reason.
 */
function containerStatus(pod: KObject, c: any, rt: RuntimePodState): any {
  const list = rt.containers.get(c.name) ?? [];
  const latest = list[0];
  const cached = rt.reasons.get(c.name);
  const old = (pod.status?.containerStatuses ?? []).find((x: any) => x.name === c.name);
  let s: any = { name: c.name, image: c.image, imageID: '', lastState: {}, ready: false, restartCount: 0, started: false, state: {} };
  if (Array.isArray(c.volumeMounts) && c.volumeMounts.length)
    s.volumeMounts = c.volumeMounts.map((m: any) => ({ name: m.name, mountPath: m.mountPath, ...(m.readOnly ? { readOnly: true, recursiveReadOnly: 'Disabled' } : {}) }));
  if (!latest) {
    // What the old status said stays when the runtime no longer has the container (GC, a restart).
    if (old?.state?.terminated) return { ...old, ready: false, started: false };
    if (old) {
      s.restartCount = old.restartCount ?? 0;
      s.lastState = old.lastState ?? {};
    }
    if (rt.terminal) {
      s.state = { terminated: { exitCode: 137, reason: 'ContainerStatusUnknown', message: 'The container could not be located when the pod was terminated', startedAt: null, finishedAt: null } };
      return s;
    }
    s.state = { waiting: { reason: 'ContainerCreating' } };
    // It ran and is gone without a trace: it stopped (and is restarted, unless the Pod is being deleted), not "never ran".
    if (old?.state?.running && !s.lastState.terminated) {
      s.lastState = { terminated: { exitCode: 137, reason: 'ContainerStatusUnknown', message: 'The container could not be located when the pod was deleted.  The container used to be Running', startedAt: null, finishedAt: null } };
      if (!pod.metadata.deletionTimestamp) s.restartCount++;
    }
  } else {
    s = { ...s, ...convertContainerStatus(latest, old, rt) };
    if (list[1]) s.lastState = convertContainerStatus(list[1], old, rt).state;
    if (rt.terminal && !s.state.running && !s.state.terminated)
      s.state = { terminated: { exitCode: 137, reason: 'ContainerStatusUnknown', message: 'The container could not be located when the pod was terminated', startedAt: null, finishedAt: null } };
  }
  if (rt.terminal || !cached || s.state.running || !shouldContainerBeRestarted(pod, latest)) return s;
  // A container the kubelet will start again waits, with why it is not running (the reason cache).
  if (s.state.terminated) s.lastState = s.state;
  s.state = { waiting: { reason: cached.reason, message: cached.message } };
  return s;
}

/** convertContainerStatus: one runtime status as the API's container status. */
function convertContainerStatus(cs: ContainerStatus, old: any, rt: RuntimePodState): any {
  const s: any = { containerID: `${rt.runtimeName}://${cs.id}`, image: cs.image, imageID: cs.imageRef, restartCount: cs.metadata.attempt, state: {} };
  if (cs.state === 'CONTAINER_RUNNING') {
    s.ready = !rt.terminal && (rt.probes?.ready(cs.metadata.name) ?? true);
    s.started = rt.probes?.started(cs.metadata.name) ?? true;
    s.state = { running: { startedAt: rfc3339(cs.startedAt) } };
  } else if (cs.state === 'CONTAINER_EXITED') s.state = { terminated: terminated(cs, rt) };
  else if (cs.state === 'CONTAINER_UNKNOWN' && old?.state?.running) {
    // It was running and the runtime lost it: it ended, not "never ran".
    s.state = { terminated: { exitCode: 137, reason: 'ContainerStatusUnknown', message: 'The container could not be located when the pod was terminated', startedAt: null, finishedAt: null } };
    s.restartCount = (old.restartCount ?? 0) + 1;
  } else s.state = { waiting: {} }; // created, not started: waiting to run, with no reason yet
  return s;
}

function terminated(c: ContainerStatus, rt: RuntimePodState): any {
  // The runtime's reason (containerd: Completed, Error, StartError, OOMKilled) and times as it
  // reports them: a container that never started has the zero start time.
  return { containerID: `${rt.runtimeName}://${c.id}`, exitCode: c.exitCode, finishedAt: rfc3339(c.finishedAt), ...(c.reason ? { reason: c.reason } : {}), startedAt: rfc3339(c.startedAt), ...(c.message ? { message: c.message } : {}) };
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
  let unknown = false;
  for (const c of pod.spec.containers) {
    const s = statuses.find((x) => x.name === c.name);
    if (!s) unknown = true;
    else if (s.state.running) running++;
    else if (s.state.terminated) {
      stopped++;
      if (s.state.terminated.exitCode === 0) succeeded++;
    } else if (s.state.waiting) {
      if (s.lastState?.terminated) stopped++;
      else waiting++;
    } else unknown = true;
  }
  if (waiting > 0) return 'Pending';
  if (running > 0 && !unknown) return 'Running';
  // Nothing runs here: the case above took every Pod with a running container and none unknown.
  if (stopped > 0 && !unknown) {
    if (podIsTerminal && !isStaticPod(pod)) return stopped === succeeded ? 'Succeeded' : 'Failed';
    const policy = pod.spec.restartPolicy ?? 'Always';
    if (policy === 'Always') return 'Running';
    if (stopped === succeeded) return 'Succeeded';
    if (policy === 'Never') return 'Failed';
    return 'Running';
  }
  return 'Pending';
}
