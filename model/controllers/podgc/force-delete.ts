/**
 * markFailedAndDeletePod(WithCondition) (pkg/controller/podgc/gc_controller.go): the Pod
 * garbage collector's force delete. A Pod not yet Succeeded or Failed is first patched to
 * Failed (an orphaned Pod's kubelet is gone and would never say so), with the DisruptionTarget
 * condition when the caller gives one, through a strategic merge patch of pods/status that the
 * Pod's UID guards (utilpod.PatchPodStatus); then the Pod is deleted with grace period 0.
 */
import { deepCopy, type KObject } from '../../api/meta';
import type { ComponentContext } from '../../component';

export interface PodCondition {
  type: string;
  status: string;
  reason: string;
  message: string;
}

/** apipod.UpdatePodCondition: the condition set with lastTransitionTime now, kept when its status is unchanged. */
export function updatePodCondition(conditions: any[], condition: PodCondition, now: string): any[] {
  const next = { ...condition, lastTransitionTime: now };
  const i = conditions.findIndex((c) => c?.type === condition.type);
  if (i < 0) return [...conditions, next];
  if (conditions[i].status === condition.status) next.lastTransitionTime = conditions[i].lastTransitionTime;
  return conditions.map((c, k) => (k === i ? next : c));
}

/**
 * Throws the API server's StatusError when the patch or the delete fails. `logger` is the
 * controller's logger name.
 */
export function markFailedAndDeletePod(ctx: ComponentContext, logger: string, pod: KObject, condition?: PodCondition): void {
  const ns = pod.metadata.namespace!;
  const name = pod.metadata.name!;
  ctx.log.info('gc_controller.go:342', 'PodGC is force deleting Pod', { logger, pod: `${ns}/${name}` });
  const phase = pod.status?.phase;
  if (phase !== 'Succeeded' && phase !== 'Failed') {
    const status: any = { phase: 'Failed' };
    if (condition) {
      const old = deepCopy(pod.status?.conditions ?? []);
      const next = updatePodCondition(old, condition, ctx.sim.clock.nowRFC3339());
      // The two-way patch carries the condition only when it changed (conditions merge by type).
      const changed = next.filter((c, i) => JSON.stringify(c) !== JSON.stringify(old[i]));
      if (changed.length) {
        // As the two-way merge patch writes it: the order of every condition, then those that changed.
        status['$setElementOrder/conditions'] = next.map((c) => ({ type: c.type }));
        status.conditions = changed;
      }
    }
    ctx.client.patch('pods', ns, name, 'strategic', { metadata: { uid: pod.metadata.uid }, status }, { subresource: 'status' });
  }
  ctx.client.delete('pods', ns, name, { gracePeriodSeconds: 0 });
}
