/**
 * The StatefulSet controller (pkg/controller/statefulset stateful_set.go): handlers turn
 * StatefulSet and Pod events into set keys (a Pod through its controller reference; an orphan
 * to the sets whose selector picks it); syncStatefulSet re-reads the set, claims the Pods whose
 * names say they are its members, finds or makes its revisions, runs one pass of
 * updateStatefulSet, writes status and trims the history.
 */
import { canonicalJSON, controllerOf, keyOf, type KObject } from '../../api/meta';
import type { ComponentContext } from '../../component';
import type { Informer } from '../../client/informer';
import { WorkQueue } from '../../client/workqueue';
import { claimObjects, recheckOwner } from '../util/controllerref';
import { BY_CONTROLLER_UID, BY_SELECTOR_LABEL, ensureIndexes, ORPHAN_BY_LABEL, orphansSelectedBy, parseSelector, selectorsSelecting } from '../util/indexes';
import { isPodReady } from '../util/podutil';
import { completeRollingUpdate, statusJSON, updateStatefulSet } from './control';
import { isMemberOf } from './identity';
import { StatefulPodControl } from './pod-control';
import { getStatefulSetRevisions, truncateHistory } from './revisions';

export class StatefulSetController {
  readonly setInformer: Informer;
  readonly podInformer: Informer;
  readonly revisionInformer: Informer;
  readonly queue: WorkQueue;
  private readonly podControl: StatefulPodControl;

  constructor(private readonly ctx: ComponentContext) {
    this.setInformer = ctx.informers.get('statefulsets');
    this.podInformer = ctx.informers.get('pods');
    this.revisionInformer = ctx.informers.get('controllerrevisions');
    // getPodsForStatefulSet lists the orphans its selector picks: the index must not depend on another controller having installed it.
    ensureIndexes(this.podInformer, BY_CONTROLLER_UID, ORPHAN_BY_LABEL);
    ensureIndexes(this.revisionInformer, BY_CONTROLLER_UID);
    ensureIndexes(this.setInformer, BY_SELECTOR_LABEL);
    this.podControl = new StatefulPodControl(ctx.client, ctx.recorder('statefulset-controller'));
    this.queue = new WorkQueue(
      ctx.proc,
      'statefulset',
      (key) => {
        this.syncStatefulSet(key);
        this.queue.forget(key);
      },
      { synced: () => this.setInformer.hasSynced() && this.podInformer.hasSynced() && this.revisionInformer.hasSynced() },
    );
    this.setInformer.addEventHandler({
      onAdd: (s) => this.queue.add(keyOf(s)),
      onUpdate: (_o, s) => this.queue.add(keyOf(s)),
      onDelete: (s) => this.queue.add(keyOf(s)),
    });
    this.podInformer.addEventHandler({
      onAdd: (pod) => this.enqueueFor(pod),
      onUpdate: (old, pod) => {
        if (old.metadata.resourceVersion === pod.metadata.resourceVersion) return;
        const oldRef = controllerOf(old);
        const curRef = controllerOf(pod);
        const refChanged = canonicalJSON(oldRef ?? null) !== canonicalJSON(curRef ?? null);
        // The controller reference moved or went: the old owner syncs too.
        if (refChanged && oldRef) {
          const previous = this.ownerOf(old);
          if (previous) this.queue.add(keyOf(previous));
        }
        if (curRef) {
          const set = this.ownerOf(pod);
          if (!set) return;
          this.queue.add(keyOf(set));
          // Availability needs minReadySeconds after Ready: look again then.
          const minReady = set.spec?.minReadySeconds ?? 0;
          if (minReady > 0 && !isPodReady(old) && isPodReady(pod)) this.queue.addAfter(keyOf(set), minReady * 1000 + 1000);
          return;
        }
        // An orphan: the sets that select it, if its labels or its reference changed (one may adopt it now).
        if (refChanged || canonicalJSON(old.metadata.labels ?? {}) !== canonicalJSON(pod.metadata.labels ?? {}))
          for (const s of selectorsSelecting(this.setInformer, pod)) this.queue.add(keyOf(s));
      },
      // No controller cares about an orphan being deleted.
      onDelete: (pod) => {
        const set = this.ownerOf(pod);
        if (set) this.queue.add(keyOf(set));
      },
    });
  }

  private ownerOf(pod: KObject): KObject | undefined {
    const ref = controllerOf(pod);
    if (!ref || ref.kind !== 'StatefulSet') return undefined;
    const set = this.setInformer.getByName(pod.metadata.namespace, ref.name);
    return set && set.metadata.uid === ref.uid ? set : undefined;
  }

  private enqueueFor(pod: KObject): void {
    const set = this.ownerOf(pod);
    if (set) this.queue.add(keyOf(set));
    else if (!controllerOf(pod)) for (const s of selectorsSelecting(this.setInformer, pod)) this.queue.add(keyOf(s));
  }

  /** getPodsForStatefulSet: what it owns and the orphans it selects, claimed only if their names make them members. */
  private podsFor(set: KObject): KObject[] {
    const selector = parseSelector(set.spec?.selector);
    if (!selector) return [];
    const candidates = new Map<string, KObject>();
    for (const p of this.podInformer.byIndex(BY_CONTROLLER_UID, set.metadata.uid!)) candidates.set(keyOf(p), p);
    for (const p of orphansSelectedBy(this.podInformer, set.metadata.namespace!, set.spec?.selector)) candidates.set(keyOf(p), p);
    return claimObjects(
      {
        client: this.ctx.client,
        resource: 'pods',
        owner: set,
        ownerApiVersion: 'apps/v1',
        ownerKind: 'StatefulSet',
        selector,
        // A Pod it owns whose name makes it no member is released, as an orphan so named is not adopted.
        filter: (p) => isMemberOf(set, p),
        recheckOwner: () => recheckOwner(this.ctx.client, 'statefulsets', set, 'StatefulSet'),
      },
      [...candidates.values()].sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1)),
    );
  }

  /** syncStatefulSet: one level-based pass over one set. */
  syncStatefulSet(key: string): void {
    const set = this.setInformer.get(key);
    if (!set) return;
    const pods = this.podsFor(set);
    const revisions = this.revisionInformer.byIndex(BY_CONTROLLER_UID, set.metadata.uid!);
    const { current, update, collisionCount } = getStatefulSetRevisions(this.ctx.client, set, revisions);
    const status = updateStatefulSet({ pods: this.podControl, nowMs: this.ctx.sim.clock.nowMs() }, set, current, update, collisionCount, pods);
    completeRollingUpdate(set, status);
    const next = statusJSON(status, set.status);
    if (canonicalJSON(set.status ?? {}) !== canonicalJSON(next))
      this.ctx.client.updateStatus('statefulsets', set.metadata.namespace, { ...set, apiVersion: 'apps/v1', kind: 'StatefulSet', status: next });
    truncateHistory(this.ctx.client, set, pods, this.revisionInformer.byIndex(BY_CONTROLLER_UID, set.metadata.uid!), current, update);
    // Ready but not yet available for minReadySeconds: count again once they are.
    const minReady = set.spec?.minReadySeconds ?? 0;
    if (minReady > 0 && status.readyReplicas > status.availableReplicas) this.queue.addAfter(key, minReady * 1000);
  }
}
