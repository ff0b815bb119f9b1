/**
 * The ReplicaSet controller (pkg/controller/replicaset): keeps spec.replicas active Pods for
 * each ReplicaSet. Handlers only turn Pod and ReplicaSet events into ReplicaSet keys (and
 * record observed creates/deletes in the expectations); syncReplicaSet re-reads the ReplicaSet
 * and its Pods from the informer caches, claims Pods, creates or deletes the difference, and
 * writes status.
 */
import { controllerOf, keyOf, type KObject, type OwnerReference } from '../../api/meta';
import { canonicalJSON } from '../../api/meta';
import { matchesLabels } from '../../api/selectors';
import type { ComponentContext } from '../../component';
import type { EventRecorder } from '../../client/events';
import type { Informer } from '../../client/informer';
import { WorkQueue } from '../../client/workqueue';
import { claimObjects, recheckOwner } from '../util/controllerref';
import { ControllerExpectations } from '../util/expectations';
import { BY_CONTROLLER_UID, BY_SELECTOR_LABEL, ensureIndexes, ORPHAN_BY_LABEL, orphansSelectedBy, parseSelector, selectorsSelecting } from '../util/indexes';
import { isPodActive, isPodReady } from '../util/podutil';
import { manageReplicas } from './manage';
import { podsToDelete } from './ranking';
import { countPods, type PodCounts, statusFromCounts, updateReplicaSetStatus } from './status';
import { PodTallies } from './pod-tally';
import { mutant } from '../../sim/mutants';

export class ReplicaSetController {
  readonly name = 'replicaset-controller';
  readonly rsInformer: Informer;
  readonly podInformer: Informer;
  readonly queue: WorkQueue;
  readonly expectations: ControllerExpectations;
  private readonly recorder: EventRecorder;
  private readonly tallies: PodTallies;

  constructor(private readonly ctx: ComponentContext) {
    this.rsInformer = ctx.informers.get('replicasets');
    this.podInformer = ctx.informers.get('pods');
    ensureIndexes(this.rsInformer, BY_CONTROLLER_UID, BY_SELECTOR_LABEL);
    ensureIndexes(this.podInformer, BY_CONTROLLER_UID, ORPHAN_BY_LABEL);
    this.tallies = new PodTallies(this.podInformer);
    this.recorder = ctx.recorder('replicaset-controller');
    this.expectations = new ControllerExpectations(ctx.sim);
    this.queue = new WorkQueue(ctx.proc, 'replicaset', (key) => {
      this.syncReplicaSet(key);
      this.queue.forget(key);
    }, { synced: () => this.rsInformer.hasSynced() && this.podInformer.hasSynced() });
    this.rsInformer.addEventHandler({
      onAdd: (rs) => this.queue.add(keyOf(rs)),
      onUpdate: (_old, rs) => this.queue.add(keyOf(rs)),
      onDelete: (rs) => {
        this.expectations.delete(keyOf(rs));
        this.tallies.forget(rs);
        this.queue.add(keyOf(rs));
      },
    });
    this.podInformer.addEventHandler({
      onAdd: (pod) => this.addPod(pod),
      onUpdate: (oldPod, pod) => this.updatePod(oldPod, pod),
      onDelete: (pod) => this.deletePod(pod),
    });
  }

  // ------------------------------------------------------------ handlers

  /** The ReplicaSet a controller reference points to, if it is one we know with that UID. */
  private resolveControllerRef(namespace: string | undefined, ref: OwnerReference | undefined): KObject | undefined {
    if (!ref || ref.kind !== 'ReplicaSet') return undefined;
    const rs = this.rsInformer.getByName(namespace, ref.name);
    return rs && rs.metadata.uid === ref.uid ? rs : undefined;
  }

  private addPod(pod: KObject): void {
    if (pod.metadata.deletionTimestamp) return this.deletePod(pod);
    const ref = controllerOf(pod);
    if (ref) {
      const rs = this.resolveControllerRef(pod.metadata.namespace, ref);
      if (!rs) return;
      this.expectations.creationObserved(keyOf(rs));
      this.queue.add(keyOf(rs));
      return;
    }
    // An orphan: wake every ReplicaSet that selects it, so one can adopt it.
    for (const rs of selectorsSelecting(this.rsInformer, pod)) this.queue.add(keyOf(rs));
  }

  private updatePod(oldPod: KObject, pod: KObject): void {
    if (pod.metadata.resourceVersion === oldPod.metadata.resourceVersion) return;
    const labelChanged = canonicalJSON(pod.metadata.labels ?? {}) !== canonicalJSON(oldPod.metadata.labels ?? {});
    if (pod.metadata.deletionTimestamp) {
      // A graceful delete: replace the Pod now, not when its kubelet finally removes it.
      this.deletePod(pod);
      if (labelChanged) this.deletePod(oldPod);
      return;
    }
    const curRef = controllerOf(pod);
    const oldRef = controllerOf(oldPod);
    const refChanged = canonicalJSON(curRef ?? null) !== canonicalJSON(oldRef ?? null);
    if (refChanged && oldRef) {
      const old = this.resolveControllerRef(oldPod.metadata.namespace, oldRef);
      if (old) this.queue.add(keyOf(old));
    }
    if (curRef) {
      const rs = this.resolveControllerRef(pod.metadata.namespace, curRef);
      if (!rs) return;
      this.queue.add(keyOf(rs));
      // Availability needs minReadySeconds to pass after Ready: check again then (plus a second of skew).
      const minReady = rs.spec?.minReadySeconds ?? 0;
      if (!isPodReady(oldPod) && isPodReady(pod) && minReady > 0) this.queue.addAfter(keyOf(rs), minReady * 1000 + 1000);
      return;
    }
    if (labelChanged || refChanged) for (const rs of selectorsSelecting(this.rsInformer, pod)) this.queue.add(keyOf(rs));
  }

  private deletePod(pod: KObject): void {
    if (mutant('rs-misses-pod-delete')) return;
    const rs = this.resolveControllerRef(pod.metadata.namespace, controllerOf(pod));
    if (!rs) return;
    this.expectations.deletionObserved(keyOf(rs), keyOf(pod));
    this.queue.add(keyOf(rs));
  }

  // ------------------------------------------------------------ sync

  /** syncReplicaSet: one level-based pass over one ReplicaSet. */
  syncReplicaSet(key: string): void {
    const rs = this.rsInformer.get(key);
    if (!rs) {
      this.expectations.delete(key);
      return;
    }
    const needsSync = mutant('rs-no-expectations') || this.expectations.satisfied(key);
    const selector = parseSelector(rs.spec?.selector);
    if (!selector) return;
    const ns = rs.metadata.namespace!;
    // Candidates: what it owns, and orphans its selector picks (never every Pod in the namespace).
    const orphans = orphansSelectedBy(this.podInformer, ns, rs.spec?.selector).filter(isPodActive);
    const nowMs = this.ctx.sim.clock.nowMs();
    const minReadySeconds = rs.spec?.minReadySeconds ?? 0;
    const tally = this.tallies.tally(rs, selector);
    let counts: PodCounts;
    let activePods: () => KObject[];
    if (orphans.length === 0 && tally.unselected === 0 && !minReadySeconds) {
      // The usual case once a ReplicaSet has settled: no orphan to adopt and every owned Pod still
      // selected, so claiming would change nothing and keep them all, and the status is their
      // counts (availability is readiness without minReadySeconds). Only a scale-down needs the
      // Pods themselves, in creation order, to rank them.
      counts = { replicas: tally.active, fullyLabeled: tally.fullyLabeled, ready: tally.ready, available: tally.ready };
      activePods = () => this.podInformer.byIndex(BY_CONTROLLER_UID, rs.metadata.uid!).filter(isPodActive).sort(byCreation);
    } else {
      // The two index buckets are disjoint (an orphan has no controller) and hold each key once.
      const owned = this.podInformer.byIndex(BY_CONTROLLER_UID, rs.metadata.uid!).filter(isPodActive);
      const pods = claimObjects(
        {
          client: this.ctx.client,
          resource: 'pods',
          owner: rs,
          ownerApiVersion: 'apps/v1',
          ownerKind: 'ReplicaSet',
          selector,
          recheckOwner: () => recheckOwner(this.ctx.client, 'replicasets', rs, 'ReplicaSet'),
        },
        owned.concat(orphans).sort(byCreation),
      );
      counts = countPods(rs, pods, nowMs);
      activePods = () => pods;
    }
    let manageError: Error | undefined;
    if (needsSync && (mutant('rs-ignores-deletion-timestamp') || !rs.metadata.deletionTimestamp)) {
      manageError = manageReplicas(
        {
          client: this.ctx.client,
          recorder: this.recorder,
          expectations: this.expectations,
          nowMs,
          relatedPods: () => this.relatedPods(rs),
          rank: podsToDelete,
        },
        rs,
        counts.replicas,
        activePods,
      );
    }
    const status = statusFromCounts(rs, counts, manageError, this.ctx.sim.clock.nowRFC3339());
    const updated = updateReplicaSetStatus(this.ctx.client, rs, status);
    // Resync after minReadySeconds as a last line of defense, so availability is counted.
    const replicas = updated.spec?.replicas ?? 1;
    const minReady = updated.spec?.minReadySeconds ?? 0;
    if (!manageError && minReady > 0 && (updated.status?.readyReplicas ?? 0) === replicas && (updated.status?.availableReplicas ?? 0) !== replicas)
      this.queue.addAfter(key, minReady * 1000);
    if (manageError) throw manageError;
  }

  /**
   * getIndirectlyRelatedPods: the Pods that the selector of any ReplicaSet with the same controller
   * (Deployment) selects, each once, whoever controls them (upstream lists them by selector, not
   * by owner: an orphan a sibling selects counts, a sibling's Pod relabelled out of its selector
   * does not).
   */
  private relatedPods(rs: KObject): KObject[] {
    const ref = controllerOf(rs);
    if (!ref) return [];
    const siblings = this.rsInformer.byIndex(BY_CONTROLLER_UID, ref.uid);
    // The lister's namespace index, as upstream's podLister.Pods(ns).List(selector) reads it.
    const inNamespace = this.podInformer.byIndex('namespace', rs.metadata.namespace ?? '');
    const seen = new Map<string, KObject>();
    for (const sibling of siblings) {
      const selector = parseSelector(sibling.spec?.selector);
      if (!selector) continue;
      for (const p of inNamespace) if (!seen.has(p.metadata.uid!) && matchesLabels(selector, p.metadata.labels)) seen.set(p.metadata.uid!, p);
    }
    return [...seen.values()];
  }
}

function byCreation(a: KObject, b: KObject): number {
  const ta = a.metadata.creationTimestamp ?? '';
  const tb = b.metadata.creationTimestamp ?? '';
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.metadata.name! < b.metadata.name! ? -1 : a.metadata.name! > b.metadata.name! ? 1 : 0;
}
