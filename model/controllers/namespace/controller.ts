/**
 * The namespace controller (pkg/controller/namespace, "namespace-controller"): empties a
 * Namespace being deleted. For each namespaced resource the API server serves it deletes the
 * collection, then lists what is left; while anything is (Pods finishing their grace period),
 * it writes the deletion conditions and looks again when the longest grace period should be
 * over. Once nothing is left it removes its "kubernetes" finalizer through the finalize
 * subresource, and the API server removes the Namespace.
 */
import { keyOf, type KObject } from '../../api/meta';
import { RESOURCES } from '../../api/registry';
import { StatusError } from '../../api/status';
import type { Informer } from '../../client/informer';
import { WorkQueue } from '../../client/workqueue';
import type { ComponentContext } from '../../component';
import { withKind } from '../util/objects';
import { contentConditions, updateConditions, type ContentTotals } from './conditions';

/** The finalizer this controller owns in spec.finalizers (v1.FinalizerKubernetes). */
export const FINALIZER_KUBERNETES = 'kubernetes';

export class NamespaceController {
  readonly nsInformer: Informer;
  readonly queue: WorkQueue;

  constructor(private readonly ctx: ComponentContext) {
    this.nsInformer = ctx.informers.get('namespaces');
    // The controller's rate limiter starts at 5 ms and doubles, as upstream's (with a 1000 s cap).
    this.queue = new WorkQueue(ctx.proc, 'namespace', (key) => this.sync(key), { synced: () => this.nsInformer.hasSynced() });
    const enqueue = (ns: KObject) => {
      if (ns.metadata.deletionTimestamp) this.queue.add(keyOf(ns));
    };
    this.nsInformer.addEventHandler({ onAdd: enqueue, onUpdate: (_o, ns) => enqueue(ns) });
  }

  private sync(key: string): void {
    try {
      const again = this.deleteNamespace(key);
      this.queue.forget(key);
      if (again !== undefined) this.queue.addAfter(key, again * 1000);
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      this.queue.addRateLimited(key);
    }
  }

  /** namespacedResourcesDeleter.Delete: returns the seconds to wait before looking again, if content remains. */
  private deleteNamespace(name: string): number | undefined {
    const ns = this.ctx.client.tryGet('namespaces', undefined, name);
    if (!ns || !ns.metadata.deletionTimestamp) return undefined;
    if (!(ns.spec?.finalizers ?? []).includes(FINALIZER_KUBERNETES)) return undefined;
    const deletedAt = Date.parse(ns.metadata.deletionTimestamp);
    const { estimate, totals } = this.deleteAllContent(name, deletedAt);
    const status = { ...(ns.status ?? {}) };
    if (updateConditions(status, contentConditions(totals, this.ctx.sim.clock.nowRFC3339()), this.ctx.sim.clock.nowRFC3339()))
      this.ctx.client.updateStatus('namespaces', undefined, withKind({ ...ns, status }, 'v1', 'Namespace'));
    const left = [...totals.remaining.values()].some((n) => n > 0);
    if (left) return Math.max(estimate, 1);
    const current = this.ctx.client.tryGet('namespaces', undefined, name);
    if (!current) return undefined;
    const finalizers = (current.spec?.finalizers ?? []).filter((f: string) => f !== FINALIZER_KUBERNETES);
    this.ctx.client.request({ verb: 'update', resource: 'namespaces', subresource: 'finalize', name, body: { ...withKind(current, 'v1', 'Namespace'), spec: { ...current.spec, finalizers } } });
    return undefined;
  }

  /** deleteAllContent: every namespaced resource's collection deleted in the background, what is left counted. */
  private deleteAllContent(ns: string, deletedAt: number): { estimate: number; totals: ContentTotals } {
    const totals: ContentTotals = { remaining: new Map(), finalizers: new Map() };
    let estimate = 0;
    for (const r of RESOURCES) {
      if (!r.namespaced || !r.verbs.includes('deletecollection')) continue;
      let gvrEstimate = 0;
      if (r.resource === 'pods') gvrEstimate = this.estimateGracefulTermination(ns, deletedAt);
      this.ctx.client.request({ verb: 'deletecollection', resource: r.resource, namespace: ns, query: { propagationPolicy: 'Background' } });
      const left = this.ctx.client.list(r.resource, ns).items;
      if (left.length === 0) continue;
      totals.remaining.set({ resource: r.resource, group: r.group }, left.length);
      for (const o of left) for (const f of o.metadata.finalizers ?? []) totals.finalizers.set(f, (totals.finalizers.get(f) ?? 0) + 1);
      estimate = Math.max(estimate, gvrEstimate);
    }
    return { estimate, totals };
  }

  /** estimateGracefulTerminationForPods: the longest grace period of the Pods still running, 0 once it has passed since the deletion. */
  private estimateGracefulTermination(ns: string, deletedAt: number): number {
    let estimate = 0;
    for (const pod of this.ctx.client.list('pods', ns).items) {
      if (pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed') continue;
      const grace = pod.spec?.terminationGracePeriodSeconds;
      if (typeof grace === 'number' && grace > estimate) estimate = grace;
    }
    return this.ctx.sim.clock.nowMs() - deletedAt >= estimate * 1000 ? 0 : estimate;
  }
}
