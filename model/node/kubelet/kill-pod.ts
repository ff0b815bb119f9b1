import { StatusError } from '../../api/status';
import type { KubeletCore, PodWorker } from './core';
import type { StatusManager } from './status-manager';
import { podRuntimeState } from './runtime-view';

/** The status manager's syncBatch period (status_manager.go syncPeriod). */
const STATUS_SYNC_PERIOD_MS = 10_000;
/** killContainer never gives a container less than this (kuberuntime_container.go). */
const MIN_GRACE_SECONDS = 2;

/**
 * Why a Pod's containers stop: it is being deleted (graceful, ends with the grace-0 delete),
 * it vanished from the API server (cleanup only), or it reached a terminal phase on its own.
 */
export type KillMode = 'delete' | 'removed' | 'terminal';

/**
 * SyncTerminatingPod + SyncTerminatedPod, reduced: a Killing event and StopContainer (with the
 * grace period) for each running container, StopPodSandbox, the terminal status, and for a
 * deleted Pod the final delete with grace 0 that lets the API server remove it. Exited
 * containers and the stopped sandbox are removed later by the garbage collector.
 */
export function killPod(core: KubeletCore, status: StatusManager, w: PodWorker, mode: KillMode, done: () => void): void {
  const { runtime, recorder, ctx } = core;
  w.state = 'terminating';
  const pod = w.pod;
  const grace = Math.max(MIN_GRACE_SECONDS, pod.metadata.deletionGracePeriodSeconds ?? pod.spec?.terminationGracePeriodSeconds ?? 30);
  const rt = podRuntimeState(runtime, w.uid);
  const running = [...rt.containers.values()].flat().filter((c) => c.state === 'CONTAINER_RUNNING' || c.state === 'CONTAINER_CREATED');
  let waiting = running.length;
  // The status manager keeps a deleted Pod until the API server took its final delete: a failed
  // one is tried again at the next syncBatch (every 10 s), else the Pod would stay Terminating.
  // It deletes only once the terminal status is in the API (status_manager.go syncPod: the delete
  // follows a successful status update, canBeDeleted): after a failed write, at the syncBatch
  // that writes it.
  const retry = () => ctx.proc.schedule(STATUS_SYNC_PERIOD_MS, `status manager: delete ${pod.metadata.namespace}/${pod.metadata.name}`, finalDelete);
  const finalDelete = () => {
    if (w.removed) return;
    if (status.unwritten(w)) return retry();
    try {
      ctx.client.delete('pods', pod.metadata.namespace, pod.metadata.name!, { gracePeriodSeconds: 0 });
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      if (e.status.reason !== 'NotFound') retry();
    }
  };
  const afterContainers = () => {
    // killPodWithSyncResult stops every sandbox of the Pod, a dead one too (StopPodSandbox is idempotent).
    const sandboxes = rt.sandboxes;
    let left = sandboxes.length;
    const finish = () => {
      w.state = 'terminated';
      w.reasons.clear();
      if (mode !== 'removed') status.write(w, true);
      if (mode === 'delete') finalDelete();
      done();
    };
    if (left === 0) return finish();
    for (const s of sandboxes) runtime.stopPodSandbox(s.id, () => --left === 0 && finish());
  };
  if (waiting === 0) return afterContainers();
  for (const c of running) {
    if (mode !== 'terminal') recorder.event(pod, 'Normal', 'Killing', `Stopping container ${c.metadata.name}`, `spec.containers{${c.metadata.name}}`);
    runtime.stopContainer(c.id, grace, () => {
      if (--waiting === 0) afterContainers();
    });
  }
}
