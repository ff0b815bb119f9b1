import { canonicalJSON, deepCopy } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { KubeletCore, PodWorker } from './core';
import { generatePodStatus } from './pod-status';
import { podRuntimeState } from './runtime-view';

/**
 * The kubelet's status manager: turns the runtime's view of a Pod into its API status and
 * writes it through pods/status when it changed, re-reading the Pod on a conflict.
 */
export class StatusManager {
  constructor(private readonly core: KubeletCore) {}

  write(w: PodWorker, terminal = false): void {
    if (w.removed) return;
    const { runtime, host, ctx } = this.core;
    const rt = podRuntimeState(runtime, w.uid);
    const status = generatePodStatus(w.pod, host.config.address, { sandbox: rt.sandboxes[0], containers: rt.containers, reasons: w.reasons, terminal }, ctx.sim.clock.nowMs());
    const text = canonicalJSON(status);
    if (text === w.lastWritten || text === canonicalJSON(w.pod.status)) return;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const body = deepCopy(w.pod);
        body.status = status;
        w.pod = ctx.client.updateStatus('pods', w.pod.metadata.namespace, body);
        w.lastWritten = text;
        return;
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        if (e.code === 409) {
          const fresh = ctx.client.tryGet('pods', w.pod.metadata.namespace, w.pod.metadata.name!);
          if (fresh && fresh.metadata.uid === w.uid) {
            w.pod = fresh;
            continue;
          }
        }
        if (e.code === 404) w.removed = true;
        return;
      }
    }
  }
}
