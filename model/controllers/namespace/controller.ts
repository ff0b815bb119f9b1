/**
 * The namespace controller (pkg/controller/namespace, "namespace-controller"): empties a
 * Namespace being deleted. For each namespaced resource the API server serves it deletes the
 * collection, then lists what is left and writes the deletion conditions; while content may
 * remain (Pods in their grace period, objects held by finalizers) it looks again after half the
 * estimate and a second. Then it removes its "kubernetes" finalizer through the finalize
 * subresource, and the API server removes the Namespace once no finalizer is left.
 */
import { keyOf, type KObject } from '../../api/meta';
import { RESOURCES, type ResourceInfo } from '../../api/registry';
import { StatusError } from '../../api/status';
import type { Informer } from '../../client/informer';
import { WorkQueue } from '../../client/workqueue';
import type { ComponentContext } from '../../component';
import { reasonOf, withKind } from '../util/objects';
import { contentConditions, deleteContentCondition, updateConditions, type ContentTotals } from './conditions';

/** The finalizer this controller owns in spec.finalizers (v1.FinalizerKubernetes). */
export const FINALIZER_KUBERNETES = 'kubernetes';

/**
 * namespaceDeletionGracePeriod: a Namespace event is handled 5 s later, so HA API servers see the
 * deletion and etcd the last objects created in it before the controller empties it.
 */
export const NAMESPACE_DELETION_GRACE_PERIOD_MS = 5000;

export class NamespaceController {
  readonly nsInformer: Informer;
  readonly queue: WorkQueue;

  constructor(private readonly ctx: ComponentContext) {
    this.nsInformer = ctx.informers.get('namespaces');
    // The controller's rate limiter starts at 5 ms and doubles, as upstream's (with a 1000 s cap).
    // Stryker disable next-line StringLiteral,ObjectLiteral: the queue's name only labels the tasks it schedules (upstream's workqueue metrics, which the model has not); its one informer lists and syncs in the task whose handlers queue the first keys, so the worker never finds it unsynced
    this.queue = new WorkQueue(ctx.proc, 'namespace', (key) => this.sync(key), { synced: () => this.nsInformer.hasSynced() });
    const enqueue = (ns: KObject) => {
      if (ns.metadata.deletionTimestamp) this.queue.addAfter(keyOf(ns), NAMESPACE_DELETION_GRACE_PERIOD_MS);
    };
    this.nsInformer.addEventHandler({ onAdd: enqueue, onUpdate: (_o, ns) => enqueue(ns) });
  }

  /**
   * The worker: content still going (a grace period or a finalizer to wait for) brings the
   * Namespace back after half the estimate and a second; any other error with backoff.
   */
  private sync(key: string): void {
    try {
      const estimate = this.deleteNamespace(key);
      this.queue.forget(key);
      if (estimate !== undefined) this.queue.addAfter(key, recheckAfterSeconds(estimate) * 1000);
    } catch (e) {
      if (!(e instanceof StatusError || e instanceof DeletionError)) throw e;
      this.queue.addRateLimited(key);
    }
  }

  /**
   * namespacedResourcesDeleter.Delete: nothing for a Namespace not being deleted or already
   * finalized (no finalizer at all); else its content is deleted and, once nothing should be
   * left, the "kubernetes" finalizer removed. Returns the estimate (seconds) while content may remain.
   */
  private deleteNamespace(name: string): number | undefined {
    const ns = this.ctx.client.tryGet('namespaces', undefined, name);
    if (!ns || !ns.metadata.deletionTimestamp) return undefined;
    if (finalized(ns)) return undefined;
    const estimate = this.deleteAllContent(ns);
    if (estimate > 0) return estimate;
    const current = this.ctx.client.tryGet('namespaces', undefined, name);
    if (!current) return undefined;
    try {
      this.retryOnConflict(current, (latest) =>
        // Stryker disable next-line StringLiteral: the API server sets apiVersion and kind on what it stores from the URL's resource
        this.ctx.client.request({ verb: 'update', resource: 'namespaces', subresource: 'finalize', name, body: finalizeNamespace(withKind(latest, 'v1', 'Namespace'), FINALIZER_KUBERNETES) }),
      );
    } catch (e) {
      // Another deleter sharing the token may have finished the Namespace already.
      if (reasonOf(e) !== 'NotFound') throw e;
    }
    return undefined;
  }

  /** retryOnConflictError: a Conflict gets the Namespace again and retries at once, unless its uid changed. */
  private retryOnConflict(ns: KObject, fn: (latest: KObject) => void): void {
    let latest = ns;
    for (;;) {
      try {
        return fn(latest);
      } catch (e) {
        if (reasonOf(e) !== 'Conflict') throw e;
      }
      const prev = latest;
      latest = this.ctx.client.get('namespaces', undefined, ns.metadata.name!);
      // Stryker disable next-line StringLiteral: a DeletionError's text is read nowhere (the worker does not log upstream's HandleError line)
      if (prev.metadata.uid !== latest.metadata.uid) throw new DeletionError('namespace uid has changed across retries');
    }
  }

  /**
   * deleteAllContent: every namespaced resource's collection deleted in the background, what is
   * left counted, and the conditions written when they change. Items left with no grace period
   * and no finalizer to explain them fail the pass (after the conditions are written).
   */
  private deleteAllContent(ns: KObject): number {
    const name = ns.metadata.name!;
    const deletedAt = Date.parse(ns.metadata.deletionTimestamp!);
    const totals: ContentTotals = { remaining: new Map(), finalizers: new Map() };
    const errors: string[] = [];
    let estimate = 0;
    for (const r of RESOURCES) {
      if (!r.namespaced || !r.verbs.includes('deletecollection')) continue;
      const left = this.deleteAllContentForResource(r, name, deletedAt);
      estimate = Math.max(estimate, left.estimate);
      if (left.error) errors.push(left.error);
      if (left.remaining === 0) continue;
      totals.remaining.set({ resource: r.resource, group: r.group }, left.remaining);
      for (const [f, n] of left.finalizers) totals.finalizers.set(f, (totals.finalizers.get(f) ?? 0) + n);
    }
    const now = this.ctx.sim.clock.nowRFC3339();
    const found = contentConditions(totals, now);
    const failure = deleteContentCondition(errors, now);
    if (failure) found.push(failure);
    const status = { ...(ns.status ?? {}) };
    if (updateConditions(status, found, now)) {
      try {
        // Stryker disable next-line StringLiteral: the API server sets apiVersion and kind on what it stores from the URL's resource
        this.ctx.client.updateStatus('namespaces', undefined, withKind({ ...ns, status }, 'v1', 'Namespace'));
      } catch (e) {
        // utilruntime.HandleError: a failed condition update does not stop the deletion.
        if (!(e instanceof StatusError)) throw e;
      }
    }
    // Stryker disable next-line StringLiteral: a DeletionError's text is read nowhere (the worker does not log upstream's HandleError line)
    if (errors.length) throw new DeletionError(errors.join(', '));
    return estimate;
  }

  /**
   * deleteAllContentForGroupVersionResource: the collection deleted (or, where the server answers
   * 404 or 405, each item listed and deleted), then what is left of it and why. A failed request
   * is this resource's error; the other resources go on.
   */
  private deleteAllContentForResource(r: ResourceInfo, ns: string, deletedAt: number): ResourceLeft {
    let estimate = 0;
    try {
      estimate = r.resource === 'pods' ? this.estimateGracefulTermination(ns, deletedAt) : 0;
      const background = { propagationPolicy: 'Background' as const };
      if (!this.served(() => this.ctx.client.request({ verb: 'deletecollection', resource: r.resource, namespace: ns, query: background }))) {
        for (const o of this.listCollection(r, ns) ?? []) this.served(() => this.ctx.client.request({ verb: 'delete', resource: r.resource, namespace: ns, name: o.metadata.name, query: background }));
      }
      const left = this.listCollection(r, ns);
      if (!left) return { estimate, remaining: 0, finalizers: new Map() };
      // Nothing left: done, whatever the Pods' grace periods said.
      if (left.length === 0) return { estimate: 0, remaining: 0, finalizers: new Map() };
      const finalizers = new Map<string, number>();
      for (const o of left) for (const f of o.metadata.finalizers ?? []) finalizers.set(f, (finalizers.get(f) ?? 0) + 1);
      // Objects still in their grace period: their finalizers are not counted yet.
      if (estimate !== 0) return { estimate, remaining: left.length, finalizers: new Map() };
      if (finalizers.size > 0) return { estimate: FINALIZER_ESTIMATE_SECONDS, remaining: left.length, finalizers };
      return { estimate, remaining: left.length, finalizers, error: `unexpected items still remain in namespace: ${ns} for gvr: ${gvrString(r)}` };
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      return { estimate, remaining: 0, finalizers: new Map(), error: e.message };
    }
  }

  /** Runs a request; false when the server answered NotFound or MethodNotAllowed (the verb is not served there). */
  private served(send: () => void): boolean {
    try {
      send();
      return true;
    } catch (e) {
      if (reasonOf(e) === 'NotFound' || reasonOf(e) === 'MethodNotAllowed') return false;
      throw e;
    }
  }

  /** listCollection: the items, or undefined where the list is not served (404, 405). */
  private listCollection(r: ResourceInfo, ns: string): KObject[] | undefined {
    let items: KObject[] | undefined;
    this.served(() => (items = this.ctx.client.list(r.resource, ns).items));
    return items;
  }

  /** estimateGracefulTerminationForPods: the longest grace period of the Pods not yet terminal, 0 once it has passed since the deletion. */
  private estimateGracefulTermination(ns: string, deletedAt: number): number {
    let estimate = 0;
    for (const pod of this.ctx.client.list('pods', ns).items) {
      const phase = pod.status?.phase;
      if (phase === 'Succeeded' || phase === 'Failed') continue;
      // Stryker disable next-line OptionalChaining: the API server refuses a Pod without a spec
      estimate = Math.max(estimate, pod.spec?.terminationGracePeriodSeconds ?? 0);
    }
    return this.ctx.sim.clock.nowMs() - deletedAt >= estimate * 1000 ? 0 : estimate;
  }
}

/** The estimate for content held by finalizers (finalizerEstimateSeconds): time for the garbage collector. */
export const FINALIZER_ESTIMATE_SECONDS = 15;

/** What one resource's pass left: the estimate, how many items, their finalizers, and its error. */
interface ResourceLeft {
  estimate: number;
  remaining: number;
  finalizers: Map<string, number>;
  error?: string;
}

/** A failed pass (items left that nothing explains, requests that failed, a uid that changed): retried with backoff. */
export class DeletionError extends Error {}

/** The worker's delay after a ResourcesRemainingError: half the estimate, plus a second. */
export function recheckAfterSeconds(estimate: number): number {
  return Math.floor(estimate / 2) + 1;
}

/** finalized: the Namespace has no finalizer left at all. */
export function finalized(ns: KObject): boolean {
  return (ns.spec?.finalizers ?? []).length === 0;
}

/** finalizeNamespace: the Namespace sent to its finalize subresource, without the token and with the other finalizers sorted, once each. */
export function finalizeNamespace(ns: KObject, token: string): KObject {
  const finalizers = [...new Set<string>((ns.spec?.finalizers ?? []).filter((f: string) => f !== token))].sort();
  return { ...ns, spec: { ...ns.spec, finalizers } };
}

/** schema.GroupVersionResource's String(): "/v1, Resource=pods", "apps/v1, Resource=deployments". */
function gvrString(r: ResourceInfo): string {
  return `${r.group}/${r.version}, Resource=${r.resource}`;
}
