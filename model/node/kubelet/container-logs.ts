import type { KObject } from '../../api/meta';
import { errors } from '../../api/status';
import type { LogFollower, PodLogOptions } from '../../apiserver/kubelet-client';
import type { ContainerRuntime } from '../cri/api';

/** A Pod status' containerID ("containerd://<id>", "cri-o://<id>") without its runtime prefix. */
function runtimeId(containerID: string | undefined): string {
  return containerID ? containerID.slice(containerID.indexOf('://') + 3) : '';
}

/**
 * validateContainerLogStatus (kubelet_pods.go): which container instance's log `kubectl logs`
 * reads, from the Pod's container status. The current one when it runs or has terminated,
 * the last terminated one with `previous`, and the kubelet's errors (which it answers as 400
 * Bad Request) when there is nothing to read yet.
 */
export function containerForLogs(pod: KObject, container: string, previous: boolean): string {
  const podName = pod.metadata.name!;
  const statuses: any[] = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])];
  const s = statuses.find((c) => c.name === container);
  const q = (x: string) => JSON.stringify(x);
  if (!s) {
    // No status yet: the Pod was just bound and the kubelet has not written one.
    if ((pod.status?.phase ?? 'Pending') === 'Pending') throw errors.badRequest(`container ${q(container)} in pod ${q(podName)} is waiting to start: ContainerCreating`);
    throw errors.badRequest(`container ${q(container)} in pod ${q(podName)} is not available`);
  }
  const last = s.lastState?.terminated;
  const { running, terminated, waiting } = s.state ?? {};
  if (previous) {
    if (!last?.containerID) throw errors.badRequest(`previous terminated container ${q(container)} in pod ${q(podName)} not found`);
    return runtimeId(last.containerID);
  }
  if (running) return runtimeId(s.containerID);
  if (terminated) {
    if (terminated.containerID) return runtimeId(terminated.containerID);
    if (last?.containerID) return runtimeId(last.containerID);
    throw errors.badRequest(`container ${q(container)} in pod ${q(podName)} is terminated`);
  }
  if (last) {
    if (!last.containerID) throw errors.badRequest(`container ${q(container)} in pod ${q(podName)} is terminated`);
    return runtimeId(last.containerID);
  }
  if (waiting) {
    // A waiting state without a reason prints as Go prints an empty string.
    const reason = waiting.reason ?? '';
    if (reason === 'ErrImagePull') throw errors.badRequest(`container ${q(container)} in pod ${q(podName)} is waiting to start: image can't be pulled`);
    if (reason === 'ImagePullBackOff') throw errors.badRequest(`container ${q(container)} in pod ${q(podName)} is waiting to start: trying and failing to pull image`);
    throw errors.badRequest(`container ${q(container)} in pod ${q(podName)} is waiting to start: ${reason}`);
  }
  throw errors.badRequest(`container ${q(container)} in pod ${q(podName)} is waiting to start - no logs yet`);
}

/** RFC3339Nano as the CRI log file stores it (nanoseconds, trailing zeros trimmed). */
function rfc3339Nano(ms: number): string {
  const iso = new Date(ms).toISOString(); // 2026-01-01T00:00:00.123Z
  const frac = iso.slice(20, 23).replace(/0+$/, '');
  return iso.slice(0, 19) + (frac ? '.' + frac : '') + 'Z';
}

/** ReadLogs: the container's log from the runtime, cut to the last `tailLines`, with timestamps when asked. */
export function readContainerLog(runtime: ContainerRuntime, id: string, opts: PodLogOptions): string {
  let entries = runtime.containerLogEntries(id);
  if (opts.tailLines !== undefined && opts.tailLines >= 0) entries = opts.tailLines === 0 ? [] : entries.slice(-opts.tailLines);
  return formatEntries(entries, opts);
}

function formatEntries(entries: { t: number; text: string }[], opts: PodLogOptions): string {
  return entries.map((e) => (opts.timestamps ? `${rfc3339Nano(e.t)} ` : '') + e.text + '\n').join('');
}

/**
 * ReadLogs with follow: the log of one container instance so far, then what it appends, until
 * that instance is no longer running (the kubelet stops tailing a file whose container exited).
 * `serving` is the kubelet's process: when it dies, the proxied stream breaks.
 */
export function followContainerLog(runtime: ContainerRuntime, id: string, opts: PodLogOptions, serving: () => boolean): LogFollower {
  // The open log file: once the container is removed its file is unlinked, but what was
  // written to it up to then is still read through the open descriptor.
  let file = runtime.containerLogEntries(id);
  const tail = opts.tailLines !== undefined && opts.tailLines >= 0 ? opts.tailLines : file.length;
  let sent = Math.max(0, file.length - tail);
  return {
    read(): string {
      const now = runtime.containerLogEntries(id);
      if (now.length >= sent) file = now;
      const fresh = file.slice(sent);
      sent = file.length;
      return formatEntries(fresh, opts);
    },
    ended(): boolean {
      return !serving() || runtime.containerStatus(id)?.state !== 'CONTAINER_RUNNING';
    },
  };
}
