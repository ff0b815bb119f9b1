import { mutant } from '../../sim/mutants';
import { goDuration } from './backoff';
import { type KubeletCore, type PodWorker } from './core';
import type { StatusManager } from './status-manager';
import { containerConfig, formatPod, podRuntimeState, sandboxConfig } from './runtime-view';
import { isStaticPod } from './static-pods';
import { computePodActions } from './pod-actions';
import { mountVolumes, withRunOptions } from './container-config';

/** Outcome of a sync: done, or failed and to be retried after the pod worker's back-off. */
export type SyncDone = (failed: boolean) => void;

const NETWORK_NOT_READY =
  'network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized';

/**
 * SyncPod for a running Pod (kuberuntime_manager.go): write the status, make sure the sandbox
 * exists, then for each container that should run and does not: EnsureImageExists,
 * CreateContainer, StartContainer, in spec order, each with the kubelet's events.
 */
export function syncPod(core: KubeletCore, status: StatusManager, w: PodWorker, done: SyncDone): void {
  const { runtime, recorder } = core;
  const pod = w.pod;
  if (isStaticPod(pod)) core.mirrors?.ensure(pod);
  status.write(w);
  const network = runtime.status().find((c) => c.type === 'NetworkReady');
  if (!network?.status && !pod.spec?.hostNetwork) {
    recorder.event(pod, 'Warning', 'NetworkNotReady', NETWORK_NOT_READY);
    return done(true);
  }
  const rt = podRuntimeState(runtime, w.uid);
  const sandbox = rt.sandboxes[0];
  // WaitForAttachAndMount: the Pod's volumes are set up before its sandbox runs.
  if (!mountVolumes(core, w, sandbox?.ip ?? '')) {
    status.write(w);
    return done(true);
  }
  const actions = computePodActions(pod, rt);
  if (!actions.createSandbox) {
    // A Pod that ran and will not restart gets no new sandbox.
    if (actions.killPod && sandbox?.state !== 'SANDBOX_READY') {
      status.write(w);
      return done(false);
    }
    return startContainers(core, status, w, sandbox!.id, sandbox!.metadata.attempt, actions.containersToStart, done);
  }
  // (Re)create the sandbox. A dead one's containers cannot be reused.
  const attempt = actions.attempt;
  if (sandbox) for (const list of rt.containers.values()) for (const c of list) w.reasons.delete(c.metadata.name);
  runtime.runPodSandbox(sandboxConfig(pod, attempt, core.podCIDR()), (err, id) => {
    if (err || !id) {
      recorder.event(w.pod, 'Warning', 'FailedCreatePodSandBox', `Failed to create pod sandbox: ${err?.grpcText ?? 'unknown error'}`);
      status.write(w);
      return done(true);
    }
    core.ctx.log.info('kuberuntime_manager.go:1047', 'Created PodSandbox for pod', { podSandboxID: id, pod: w.key });
    status.write(w);
    startContainers(core, status, w, id, attempt, actions.containersToStart, done);
  });
}

/** Starts, in order, the containers computePodActions chose (toStart: indexes into spec.containers). */
function startContainers(core: KubeletCore, status: StatusManager, w: PodWorker, sandboxId: string, sandboxAttempt: number, toStart: number[], done: SyncDone): void {
  const { runtime, recorder, images } = core;
  const specs: any[] = w.pod.spec?.containers ?? [];
  let i = 0;
  let failed = false;
  const next = (): void => {
    // A deletion that arrived meanwhile wins: stop starting containers, the worker kills the Pod next.
    if (w.state !== 'active' || w.removed || w.pod.metadata.deletionTimestamp) return done(false);
    if (i >= specs.length) {
      status.write(w);
      return done(failed);
    }
    const index = i++;
    const c = specs[index];
    const pod = w.pod;
    const ev = (type: 'Normal' | 'Warning', reason: string, message: string) => recorder.event(pod, type, reason, message, `spec.containers{${c.name}}`);
    const list = podRuntimeState(runtime, w.uid).containers.get(c.name) ?? [];
    // Only this sandbox's containers can still run; older ones only count for the restart count.
    const latest = list.find((x) => x.podSandboxId === sandboxId);
    if (latest?.state === 'CONTAINER_RUNNING') {
      w.reasons.delete(c.name);
      return next();
    }
    if (!toStart.includes(index)) return next();
    // doBackOff: the newest exited run of the container, in any sandbox (a new sandbox does not
    // end a crash loop's back-off), measured from when it finished.
    const exited = list.find((x) => x.state === 'CONTAINER_EXITED');
    if (exited) {
      if (mutant('kubelet-never-restarts')) return next();
      const key = `${w.uid}_${c.name}`;
      if (core.restartBackoff.isInBackOffSince(key, exited.finishedAt)) {
        ev('Warning', 'BackOff', `Back-off restarting failed container ${c.name} in pod ${formatPod(pod)}`);
        w.reasons.set(c.name, { reason: 'CrashLoopBackOff', message: `back-off ${goDuration(core.restartBackoff.get(key))} restarting failed container=${c.name} pod=${formatPod(pod)}` });
        failed = true;
        return next();
      }
      if (mutant('kubelet-restart-backoff-constant')) core.restartBackoff.reset(key);
      // doBackOff: Next at the container's exit, so a run of more than 10 minutes starts the back-off over.
      core.restartBackoff.next(key, exited.finishedAt);
    }
    const attempt = list[0] ? list[0].metadata.attempt + 1 : 0;
    const sbConfig = sandboxConfig(pod, sandboxAttempt, core.podCIDR());
    images.ensure(pod, c, sbConfig, (r) => {
      if (!r.ok) {
        w.reasons.set(c.name, { reason: r.reason, message: r.message });
        ev('Warning', 'Failed', `Error: ${r.reason}`);
        failed = true;
        status.write(w);
        return next();
      }
      // generateContainerConfig: a reference that cannot be resolved keeps the container waiting.
      const built = withRunOptions(core, w, c, containerConfig(w.pod, c, attempt), runtime.podSandboxStatus(sandboxId)?.ip ?? '');
      if ('error' in built) {
        w.reasons.set(c.name, { reason: 'CreateContainerConfigError', message: built.error });
        ev('Warning', 'Failed', `Error: ${built.error}`);
        failed = true;
        status.write(w);
        return next();
      }
      runtime.createContainer(sandboxId, built.config, (err, id) => {
        if (err || !id) {
          w.reasons.set(c.name, { reason: 'CreateContainerError', message: err?.message ?? 'create failed' });
          ev('Warning', 'Failed', `Error: ${err?.message ?? 'create failed'}`);
          failed = true;
          return next();
        }
        ev('Normal', 'Created', `Created container ${c.name}`);
        runtime.startContainer(id, (err2) => {
          if (err2) {
            w.reasons.set(c.name, { reason: 'RunContainerError', message: err2.message });
            ev('Warning', 'Failed', `Error: ${err2.message}`);
            failed = true;
            return next();
          }
          ev('Normal', 'Started', `Started container ${c.name}`);
          core.probes?.containerStarted(w.uid, c.name);
          w.reasons.delete(c.name);
          next();
        });
      });
    });
  };
  next();
}
