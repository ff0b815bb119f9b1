/**
 * The disruption controller's second queue (disruption.go, stalePodDisruptionQueue): a Pod whose
 * DisruptionTarget condition is True though nobody went on to delete it. Whoever set it (an
 * eviction, the taint manager, the Pod GC) promised a disruption that did not happen; once
 * stalePodDisruptionTimeout has passed since the condition's lastTransitionTime, the controller
 * sets the condition False through pods/status. The kubelet's own condition
 * (TerminationByKubelet) is never stale, nor is one on a Pod being deleted or finished.
 */
import { keyOf, splitKey, type KObject } from '../../api/meta';
import type { Informer } from '../../client/informer';
import { WorkQueue } from '../../client/workqueue';
import type { ComponentContext } from '../../component';

/** stalePodDisruptionTimeout. */
export const STALE_POD_DISRUPTION_TIMEOUT_MS = 2 * 60_000;

const DISRUPTION_TARGET = 'DisruptionTarget';
const TERMINATION_BY_KUBELET = 'TerminationByKubelet';

/**
 * nonTerminatingPodHasStaleDisruptionCondition: undefined when the Pod has no such condition,
 * else how long until it is stale (0 once it is).
 */
export function staleDisruptionWaitMs(pod: KObject, nowMs: number): number | undefined {
  if (pod.metadata.deletionTimestamp) return undefined;
  const cond = (pod.status?.conditions ?? []).find((c: any) => c?.type === DISRUPTION_TARGET);
  const phase = pod.status?.phase;
  if (!cond || cond.status !== 'True' || cond.reason === TERMINATION_BY_KUBELET || phase === 'Succeeded' || phase === 'Failed') return undefined;
  const since = nowMs - (cond.lastTransitionTime ? Date.parse(cond.lastTransitionTime) : 0);
  return Math.max(0, STALE_POD_DISRUPTION_TIMEOUT_MS - since);
}

export class StalePodDisruptionCleaner {
  readonly queue: WorkQueue;

  constructor(
    private readonly ctx: ComponentContext,
    private readonly podInformer: Informer,
    synced: () => boolean,
  ) {
    this.queue = new WorkQueue(ctx.proc, 'stale_pod_disruption', (key) => this.sync(key), { synced });
  }

  /** addPod and updatePod: a Pod with a DisruptionTarget condition is looked at again when it turns stale. */
  onPod(pod: KObject): void {
    const wait = staleDisruptionWaitMs(pod, this.ctx.sim.clock.nowMs());
    if (wait !== undefined) this.queue.addAfter(keyOf(pod), wait);
  }

  /** syncStalePodDisruption: a failed write is retried with back-off (the queue's own). */
  private sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const pod = this.podInformer.getByName(namespace, name);
    if (!pod) return this.queue.forget(key);
    const wait = staleDisruptionWaitMs(pod, this.ctx.sim.clock.nowMs());
    if (wait === undefined) return this.queue.forget(key);
    if (wait > 0) return this.queue.addAfter(key, wait);
    // apipod.UpdatePodCondition with {type, status False}: the condition replaced whole (its reason
    // and message gone), lastTransitionTime now as its status changes.
    const now = this.ctx.sim.clock.nowRFC3339();
    const conditions = (pod.status?.conditions ?? []).map((c: any) => (c?.type === DISRUPTION_TARGET ? { type: DISRUPTION_TARGET, status: 'False', lastTransitionTime: now } : c));
    this.ctx.client.updateStatus('pods', namespace, { ...pod, status: { ...pod.status, conditions } });
    this.queue.forget(key);
  }
}
