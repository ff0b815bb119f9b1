/**
 * The kubelet's decision of what to do with a Pod's sandbox and containers, as
 * kuberuntime_manager.go's computePodActions makes it from the Pod and the runtime's view of
 * it: (re)create the sandbox, kill the Pod, which containers to start and which to kill. Pure;
 * SyncPod carries it out. This model has no init, ephemeral or sidecar containers, no probes and
 * no container spec hashes, so those branches of upstream's function are absent.
 */
import type { KObject } from '../../api/meta';
import { mutant } from '../../sim/mutants';
import type { ContainerStatus } from '../cri/api';
import type { PodRuntimeState } from './runtime-view';

export interface PodActions {
  /** Stop the sandbox and every container before anything else. */
  killPod: boolean;
  createSandbox: boolean;
  /** The sandbox the containers run in (the current one, or the one being replaced). */
  sandboxID: string;
  /** The attempt of the sandbox to create. */
  attempt: number;
  /** Indexes into spec.containers, in order. */
  containersToStart: number[];
  /** Containers to kill first (by runtime id), with why. */
  containersToKill: { id: string; name: string; message: string }[];
}

/** FindContainerStatusByName: the newest status of the container, in any sandbox. */
const latestStatus = (state: PodRuntimeState, name: string): ContainerStatus | undefined => state.containers.get(name)?.[0];

/** kubecontainer.ShouldContainerBeRestarted. */
export function shouldContainerBeRestarted(pod: KObject, status: ContainerStatus | undefined): boolean {
  if (pod.metadata.deletionTimestamp) return false;
  if (!status) return true;
  if (status.state === 'CONTAINER_RUNNING') return false;
  if (status.state === 'CONTAINER_UNKNOWN' || status.state === 'CONTAINER_CREATED') return true;
  const policy = pod.spec.restartPolicy;
  if (policy === 'Never') return status.exitCode !== 0 && mutant('kubelet-never-policy-restarts-failures');
  if (policy === 'OnFailure') return status.exitCode !== 0 || mutant('kubelet-onfailure-restarts-success');
  return true;
}

/** runtimeutil.PodSandboxChanged: whether a sandbox is (re)created, with which attempt, replacing which. */
export function podSandboxChanged(pod: KObject, state: PodRuntimeState): { changed: boolean; attempt: number; sandboxID: string } {
  const newest = state.sandboxes[0];
  if (!newest) return { changed: true, attempt: 0, sandboxID: '' };
  const ready = state.sandboxes.filter((s) => s.state === 'SANDBOX_READY').length;
  if (ready > 1 || newest.state !== 'SANDBOX_READY') return { changed: true, attempt: newest.metadata.attempt + 1, sandboxID: newest.id };
  if (!pod.spec.hostNetwork && !newest.ip) return { changed: true, attempt: newest.metadata.attempt + 1, sandboxID: newest.id };
  return { changed: false, attempt: newest.metadata.attempt, sandboxID: newest.id };
}

const shouldRestartOnFailure = (pod: KObject): boolean => pod.spec.restartPolicy !== 'Never';

/** containerSucceeded: not running and exit code 0 (a created or unknown one too, as upstream reads it). */
const containerSucceeded = (s: ContainerStatus | undefined): boolean => !!s && s.state !== 'CONTAINER_RUNNING' && s.exitCode === 0;

/** computePodActions. */
export function computePodActions(pod: KObject, state: PodRuntimeState): PodActions {
  const sandbox = podSandboxChanged(pod, state);
  const actions: PodActions = { killPod: sandbox.changed, createSandbox: sandbox.changed, sandboxID: sandbox.sandboxID, attempt: sandbox.attempt, containersToStart: [], containersToKill: [] };
  const containers: any[] = pod.spec.containers;
  if (sandbox.changed) {
    // A Pod that will not restart and has run before gets no new sandbox: it is only killed.
    if (!shouldRestartOnFailure(pod) && sandbox.attempt !== 0 && state.containers.size !== 0) return { ...actions, createSandbox: false };
    const toStart = containers.flatMap((c, i) => (pod.spec.restartPolicy === 'OnFailure' && containerSucceeded(latestStatus(state, c.name)) ? [] : [i]));
    // Nothing left to run (every container succeeded under OnFailure): kill, do not recreate.
    if (toStart.length === 0) return { ...actions, createSandbox: false };
    return { ...actions, containersToStart: toStart };
  }
  let keepAny = false;
  containers.forEach((c, i) => {
    const status = latestStatus(state, c.name);
    if (!status || status.state !== 'CONTAINER_RUNNING') {
      if (!shouldContainerBeRestarted(pod, status)) return;
      actions.containersToStart.push(i);
      // Unknown may still be running: kill it before starting another, never two at once.
      if (status?.state === 'CONTAINER_UNKNOWN')
        actions.containersToKill.push({ id: status.id, name: c.name, message: `Container is in "unknown" state, try killing it before restart` });
      return;
    }
    keepAny = true;
  });
  if (!keepAny && actions.containersToStart.length === 0) actions.killPod = true;
  return actions;
}
