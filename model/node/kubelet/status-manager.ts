import { canonicalJSON, deepCopy, type KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { KubeletCore, PodWorker } from './core';
import { generatePodStatus } from './pod-status';
import { podRuntimeState } from './runtime-view';
import { isStaticPod } from './static-pods';

/** status_manager.go's syncPeriod: how often syncBatch writes what is still unwritten. */
const SYNC_PERIOD_MS = 10_000;

/**
 * The kubelet's status manager: turns the runtime's view of a Pod into its API status and
 * writes it through pods/status when it changed, re-reading the Pod on a conflict. A write the
 * API server refused is tried again by the next syncBatch.
 */
export class StatusManager {
  /** Workers whose status waits for the next syncBatch. */
  private readonly unsynced = new Set<PodWorker>();

  constructor(private readonly core: KubeletCore) {}

  /** syncBatch, for one Pod: write the status again (as it is then) SYNC_PERIOD_MS later. */
  private retryLater(w: PodWorker, terminal: boolean): void {
    if (this.unsynced.has(w)) return;
    this.unsynced.add(w);
    this.core.ctx.proc.schedule(SYNC_PERIOD_MS, `status manager: syncBatch ${w.pod.metadata.namespace}/${w.pod.metadata.name}`, () => {
      this.unsynced.delete(w);
      this.write(w, terminal);
    });
  }

  /** A write of this Pod's status failed and waits for the next syncBatch. */
  unwritten(w: PodWorker): boolean {
    return this.unsynced.has(w);
  }

  write(w: PodWorker, terminal = false): void {
    if (w.removed) return;
    const { runtime, host, ctx } = this.core;
    // A static Pod's status goes to its mirror Pod (none yet: nothing to write to).
    const isStatic = isStaticPod(w.pod);
    const found = isStatic ? this.core.mirrors?.get(w.pod) : w.pod;
    if (!found) return;
    let target: KObject = found;
    const rt = podRuntimeState(runtime, w.uid);
    const probes = this.core.probes && { ready: (name: string) => this.core.probes!.ready(w.uid, name), started: (name: string) => this.core.probes!.started(w.uid, name) };
    const status = generatePodStatus(target, host.config.address, { sandbox: rt.sandboxes[0], containers: rt.containers, reasons: w.reasons, terminal, runtimeName: runtime.name, probes }, ctx.sim.clock.nowMs());
    const text = canonicalJSON(status);
    // Unchanged since our last write, unless another writer (the node lifecycle controller
    // marking Pods not ready) changed the status since: then the kubelet's view is written back.
    const ours = Number(target.metadata.resourceVersion ?? 0) <= w.lastWrittenRV;
    if (text === canonicalJSON(target.status)) {
      // The API has it already. On a worker's first sync (a restarted kubelet's) it counts as
      // written, so a later change by another writer is written back (needsReconcile compares the
      // Pod's status with the manager's cache, which the first SetPodStatus fills).
      if (w.lastWritten === undefined) {
        w.lastWritten = text;
        w.lastWrittenRV = Number(target.metadata.resourceVersion ?? 0);
      }
      return;
    }
    if (!isStatic && text === w.lastWritten && ours) return;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const body = deepCopy(target);
        body.status = status;
        const written = ctx.client.updateStatus('pods', target.metadata.namespace, body);
        if (!isStatic) w.pod = written;
        w.lastWritten = text;
        w.lastWrittenRV = Number(written.metadata.resourceVersion ?? 0);
        return;
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        if (e.code === 409) {
          const fresh: any = ctx.client.tryGet('pods', target.metadata.namespace, target.metadata.name!);
          if (fresh && fresh.metadata.uid === target.metadata.uid) {
            target = fresh;
            if (!isStatic) w.pod = fresh;
            continue;
          }
          // Deleted, or deleted and made again under the same name: not this Pod's status to write.
          if (!fresh || !isStatic) return;
        }
        if (e.code === 404 && !isStatic) w.removed = true;
        else this.retryLater(w, terminal);
        return;
      }
    }
    // A conflict again after reading the Pod again: the status stays unsynced for syncBatch.
    this.retryLater(w, terminal);
  }
}
