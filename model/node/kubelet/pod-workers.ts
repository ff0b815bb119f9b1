import { canonicalJSON, type KObject } from '../../api/meta';
import { type KubeletCore, PodWorker, syncRetryMs } from './core';
import { killPod, type KillMode } from './kill-pod';
import { StatusManager } from './status-manager';
import { syncPod } from './sync-pod';
import { LABEL_POD_UID } from './runtime-view';
import { CONFIG_SOURCE } from './static-pods';

/** How often dead containers and sandboxes are removed (ContainerGCPeriod). */
const GC_PERIOD_MS = 60_000;

/**
 * pod_workers.go: one worker per Pod UID that never runs two syncs of the same Pod at once.
 * Updates that arrive while a sync's CRI calls are in flight mark the worker pending; a
 * failed sync is retried after the back-off. Terminal work (stopping containers, the final
 * delete) goes through the same worker.
 */
export class PodWorkers {
  private readonly workers = new Map<string, PodWorker>();
  private readonly status: StatusManager;

  constructor(private readonly core: KubeletCore) {
    this.status = new StatusManager(core);
    core.ctx.proc.schedule(GC_PERIOD_MS, 'container GC', () => this.garbageCollect());
  }

  /** A Pod was added or changed (the informer's Add/Update). */
  update(pod: KObject): void {
    const uid = pod.metadata.uid!;
    let w = this.workers.get(uid);
    if (!w) {
      this.workers.set(uid, (w = new PodWorker(pod)));
      // The config source the Pod came from: "file" for a static Pod, "api" otherwise.
      this.core.ctx.log.info('kubelet.go:2468', 'SyncLoop ADD', { source: pod.metadata.annotations?.[CONFIG_SOURCE] ?? 'api', pods: [w.key] });
      return this.kick(w);
    }
    if (Number(pod.metadata.resourceVersion) < Number(w.pod.metadata.resourceVersion)) return;
    // A change of status only (often the kubelet's own write) is a RECONCILE: no sync.
    const changed = desiredState(pod) !== desiredState(w.pod);
    w.pod = pod;
    if (changed) {
      this.core.ctx.log.info('kubelet.go:2478', pod.metadata.deletionTimestamp ? 'SyncLoop DELETE' : 'SyncLoop UPDATE', { source: 'api', pods: [w.key] });
      this.kick(w);
    } else if (w.lastWritten !== undefined && Number(pod.metadata.resourceVersion) > w.lastWrittenRV && canonicalJSON(pod.status) !== w.lastWritten) {
      // HandlePodReconcile: another writer changed the status (NeedToReconcilePodReadiness): sync it back.
      this.kick(w);
    }
  }

  /** A Pod is gone from the API server (the informer's Delete). */
  remove(pod: KObject): void {
    const w = this.workers.get(pod.metadata.uid!);
    if (!w) return;
    this.core.ctx.log.info('kubelet.go:2484', 'SyncLoop REMOVE', { source: 'api', pods: [w.key] });
    w.removed = true;
    this.kick(w);
  }

  /** Something changed in the runtime for this Pod (a container event). */
  resync(uid: string): void {
    const w = this.workers.get(uid);
    if (w) this.kick(w);
  }

  resyncAll(): void {
    for (const w of this.workers.values()) this.kick(w);
  }

  get size(): number {
    return this.workers.size;
  }

  private kick(w: PodWorker, delayMs = 0): void {
    if (w.busy) {
      w.pending = true;
      return;
    }
    if (w.scheduled) return;
    w.scheduled = true;
    this.core.ctx.proc.schedule(delayMs, `sync pod ${w.key}`, () => this.sync(w));
  }

  /** Runs only from kick's timer, which never schedules a busy worker (a kick then marks it pending). */
  private sync(w: PodWorker): void {
    w.scheduled = false;
    w.busy = true;
    const finish = (failed: boolean) => {
      w.busy = false;
      if (failed) {
        const epoch = ++w.retryEpoch;
        this.core.ctx.proc.schedule(syncRetryMs(this.core), `retry sync pod ${w.key}`, () => w.retryEpoch === epoch && this.kick(w));
      }
      if (w.pending) {
        w.pending = false;
        this.kick(w);
      }
    };
    if (w.state === 'terminated') {
      if (w.removed) this.forget(w);
      return finish(false);
    }
    const mode = this.killMode(w);
    if (mode) return killPod(this.core, this.status, w, mode, () => finish(false));
    syncPod(this.core, this.status, w, (failed) => {
      // A Pod whose containers all ended for good (restartPolicy Never/OnFailure) is terminal.
      // So is a Pod deleted meanwhile, even when the deletion came in through the kubelet's own
      // status write rather than a watch event: the worker must run again to kill it.
      if (w.state === 'active' && this.killMode(w)) w.pending = true;
      finish(failed);
    });
  }

  private killMode(w: PodWorker): KillMode | undefined {
    if (w.removed) return 'removed';
    if (w.pod.metadata.deletionTimestamp) return 'delete';
    const phase = w.pod.status?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') return 'terminal';
    return undefined;
  }

  private forget(w: PodWorker): void {
    this.workers.delete(w.uid);
    this.core.images.forgetPod(w.uid);
    this.core.restartBackoff.forgetPrefix(`${w.uid}_`);
  }

  /**
   * The container and sandbox garbage collector: removes the sandboxes (and their containers)
   * of Pods that are gone or terminated, and all but the newest exited container per name.
   */
  private garbageCollect(): void {
    const { runtime } = this.core;
    // ShouldPodContentBeRemoved: only a deleted (or vanished) Pod's sandbox goes; a completed
    // Pod keeps its stopped sandbox and last containers until it is deleted.
    const live = (uid: string) => {
      const w = this.workers.get(uid);
      return !!w && !(w.state === 'terminated' && (w.removed || !!w.pod.metadata.deletionTimestamp));
    };
    for (const s of runtime.listPodSandbox()) {
      if (s.state === 'SANDBOX_READY' || live(s.labels[LABEL_POD_UID])) continue;
      for (const c of runtime.listContainers()) if (c.podSandboxId === s.id) runtime.removeContainer(c.id, () => undefined);
      runtime.removePodSandbox(s.id, () => undefined);
    }
    const seen = new Set<string>();
    const exited = runtime.listContainers().filter((c) => c.state === 'CONTAINER_EXITED').sort((a, b) => b.metadata.attempt - a.metadata.attempt);
    for (const c of exited) {
      const key = `${c.labels[LABEL_POD_UID]}/${c.metadata.name}`;
      if (seen.has(key)) runtime.removeContainer(c.id, () => undefined);
      seen.add(key);
    }
    this.core.ctx.proc.schedule(GC_PERIOD_MS, 'container GC', () => this.garbageCollect());
  }
}

/** What the kubelet acts on: the spec and the metadata a user changes, not the status. */
function desiredState(pod: KObject): string {
  const { resourceVersion, managedFields, ...meta } = pod.metadata;
  void resourceVersion;
  void managedFields;
  return canonicalJSON({ meta, spec: pod.spec });
}
