/**
 * The DaemonSet controller (pkg/controller/daemon): one Pod on every node that matches a
 * DaemonSet's node selector and affinity and whose taints its Pods tolerate. Handlers turn
 * DaemonSet, Pod and Node events into DaemonSet keys (a Pod through its controller reference;
 * a Node wakes the DaemonSets whose wish for it changed; an orphan wakes the DaemonSets whose
 * selector picks it); syncDaemonSet re-reads the DaemonSet, the nodes and the Pods from the
 * caches, claims its Pods and revisions (adopts the orphans its selector picks, releases what it
 * owns and no longer picks), creates and deletes, rolls out a changed template, and writes status.
 *
 * The template's history is kept as ControllerRevisions (history.ts): the hash the Pods carry
 * is the current revision's label.
 *
 * Simplified: no back-off for failed daemon Pods; the Pods are claimed once per sync (upstream's
 * manage, rollingUpdate, cleanupHistory and status each claim again, from the same cache).
 */
import { canonicalJSON, controllerOf, keyOf, type KObject, type OwnerReference } from '../../api/meta';
import { matchesLabels, type Selector } from '../../api/selectors';
import type { ComponentContext } from '../../component';
import { StatusError } from '../../api/status';
import type { EventRecorder } from '../../client/events';
import type { Informer } from '../../client/informer';
import { WorkQueue } from '../../client/workqueue';
import { byCreation } from '../deployment/util';
import { claimObjects, internal, recheckOwner } from '../util/controllerref';
import { ControllerExpectations } from '../util/expectations';
import { BY_CONTROLLER_UID, BY_SELECTOR_LABEL, ensureIndexes, ORPHAN_BY_LABEL, orphansSelectedBy, parseSelector, selectorsSelecting } from '../util/indexes';
import { isPodReady } from '../util/podutil';
import { cleanupHistory, constructHistory } from './history';
import { manage, rollingUpdate } from './manage';
import { NodeTally } from './node-tally';
import { daemonPodPredicate, predicateBasis, targetNodeName, templateGeneration } from './podtemplate';
import { calculateStatus, statusFromCounts, updateDaemonSetStatus } from './status';

/** The daemon Pods by "<DaemonSet UID>/<node>", so a node's Pods are found without a walk of all of them. */
const BY_DAEMONSET_NODE = 'byDaemonSetNode';

export class DaemonSetController {
  readonly dsInformer: Informer;
  readonly podInformer: Informer;
  readonly nodeInformer: Informer;
  readonly historyInformer: Informer;
  readonly queue: WorkQueue;
  readonly expectations: ControllerExpectations;
  private readonly recorder: EventRecorder;
  /** The nodes' names in order, kept until a node is added or deleted (a node's update keeps its name). */
  private nodeNames?: string[];
  /** Each DaemonSet's tally of its nodes, by key (node-tally.ts). */
  private readonly tallies = new Map<string, { uid: string; tally: NodeTally }>();

  constructor(private readonly ctx: ComponentContext) {
    this.dsInformer = ctx.informers.get('daemonsets');
    this.podInformer = ctx.informers.get('pods');
    this.nodeInformer = ctx.informers.get('nodes');
    this.historyInformer = ctx.informers.get('controllerrevisions');
    ensureIndexes(this.podInformer, BY_CONTROLLER_UID, ORPHAN_BY_LABEL);
    ensureIndexes(this.historyInformer, BY_CONTROLLER_UID, ORPHAN_BY_LABEL);
    ensureIndexes(this.dsInformer, BY_SELECTOR_LABEL);
    this.podInformer.addIndexer(BY_DAEMONSET_NODE, (pod) => {
      const ref = controllerOf(pod);
      const node = ref?.kind === 'DaemonSet' ? targetNodeName(pod) : undefined;
      return ref && node ? [`${ref.uid}/${node}`] : [];
    });
    this.recorder = ctx.recorder('daemonset-controller');
    this.expectations = new ControllerExpectations(ctx.sim);
    // Like every creating controller, it waits for its caches: a half-listed cache means duplicate Pods.
    this.queue = new WorkQueue(ctx.proc, 'daemonset', (key) => {
      this.syncDaemonSet(key);
      this.queue.forget(key);
    }, { synced: () => this.dsInformer.hasSynced() && this.podInformer.hasSynced() && this.nodeInformer.hasSynced() && this.historyInformer.hasSynced() });
    this.dsInformer.addEventHandler({
      onAdd: (ds) => this.queue.add(keyOf(ds)),
      onUpdate: (old, ds) => {
        // A new UID under the same key: the DaemonSet was deleted and made again while the watch
        // was down (a relist shows it as an update). Its expectations go, as on a delete.
        if (old.metadata.uid !== ds.metadata.uid) this.expectations.delete(keyOf(ds));
        this.queue.add(keyOf(ds));
      },
      onDelete: (ds) => {
        this.expectations.delete(keyOf(ds));
        this.tallies.delete(keyOf(ds));
        this.queue.add(keyOf(ds));
      },
    });
    this.podInformer.addEventHandler({
      onAdd: (pod) => {
        // An orphan: every DaemonSet whose selector picks it looks, so one can adopt it.
        if (!controllerOf(pod) && !pod.metadata.deletionTimestamp) return this.wakeSelecting(pod);
        const ds = this.markDirty(pod);
        if (!ds) return;
        this.expectations.creationObserved(keyOf(ds));
        this.queue.add(keyOf(ds));
      },
      onUpdate: (old, pod) => {
        if (old.metadata.resourceVersion === pod.metadata.resourceVersion) return;
        const was = this.markDirty(old);
        const ds = this.markDirty(pod);
        // The DaemonSet that controlled the Pod before looks again too: the controller reference
        // may have moved (when it did not, this is the key queued below, and the queue holds it once).
        if (was) this.queue.add(keyOf(was));
        if (!controllerOf(pod)) {
          // An orphan that changed labels or lost its controller: a DaemonSet may adopt it now.
          const refChanged = canonicalJSON(controllerOf(old) ?? null) !== canonicalJSON(controllerOf(pod) ?? null);
          const labelChanged = canonicalJSON(old.metadata.labels ?? {}) !== canonicalJSON(pod.metadata.labels ?? {});
          if (!pod.metadata.deletionTimestamp && (labelChanged || refChanged)) this.wakeSelecting(pod);
          return;
        }
        if (!ds) return;
        if (pod.metadata.deletionTimestamp) this.expectations.deletionObserved(keyOf(ds), keyOf(pod));
        this.queue.add(keyOf(ds));
        // Availability needs minReadySeconds to pass after Ready: look again then.
        const minReady = ds.spec?.minReadySeconds ?? 0;
        if (minReady > 0 && !isPodReady(old) && isPodReady(pod)) this.queue.addAfter(keyOf(ds), minReady * 1000 + 1000);
      },
      onDelete: (pod) => {
        const ds = this.markDirty(pod);
        if (!ds) return;
        this.expectations.deletionObserved(keyOf(ds), keyOf(pod));
        this.queue.add(keyOf(ds));
      },
    });
    // addHistory/updateHistory/deleteHistory: a revision wakes the DaemonSet that controls it (and
    // the one that did, when the reference moved); an orphan the DaemonSets that select it.
    const wakeOwner = (h: KObject) => {
      const ds = this.ownerOf(h);
      if (ds) this.queue.add(keyOf(ds));
    };
    this.historyInformer.addEventHandler({
      onAdd: (h) => {
        if (!controllerOf(h) && !h.metadata.deletionTimestamp) this.wakeSelecting(h);
        else wakeOwner(h);
      },
      onUpdate: (old, h) => {
        if (old.metadata.resourceVersion === h.metadata.resourceVersion) return;
        const refChanged = canonicalJSON(controllerOf(old) ?? null) !== canonicalJSON(controllerOf(h) ?? null);
        if (refChanged) wakeOwner(old);
        if (controllerOf(h)) return wakeOwner(h);
        if (refChanged || canonicalJSON(old.metadata.labels ?? {}) !== canonicalJSON(h.metadata.labels ?? {})) this.wakeSelecting(h);
      },
      onDelete: wakeOwner,
    });
    this.nodeInformer.addEventHandler({
      onAdd: () => {
        this.nodeNames = undefined;
        for (const t of this.tallies.values()) t.tally.invalidate();
        this.enqueueAll();
      },
      onUpdate: (old, node) => {
        for (const t of this.tallies.values()) t.tally.markDirty(node.metadata.name);
        // Only a change in where daemon Pods should run matters (labels, taints), not heartbeats.
        for (const ds of this.dsInformer.list()) {
          const shouldRunOn = daemonPodPredicate(ds);
          const a = shouldRunOn(old);
          const b = shouldRunOn(node);
          if (a.shouldRun !== b.shouldRun || a.shouldContinueRunning !== b.shouldContinueRunning) this.queue.add(keyOf(ds));
        }
      },
      onDelete: () => {
        this.nodeNames = undefined;
        for (const t of this.tallies.values()) t.tally.invalidate();
        this.enqueueAll();
      },
    });
  }

  /** The cached nodes sorted by name (the order the sync walks them in). */
  private sortedNodes(): KObject[] {
    this.nodeNames ??= this.nodeInformer
      .list()
      .map((n) => n.metadata.name!)
      .sort();
    const nodes: KObject[] = [];
    for (const name of this.nodeNames) {
      const node = this.nodeInformer.getByName(undefined, name);
      if (node) nodes.push(node);
    }
    return nodes;
  }

  /** getDaemonSetsForPod / getDaemonSetsForHistory: the DaemonSets in its namespace whose selector picks an orphan. */
  private wakeSelecting(orphan: KObject): void {
    for (const ds of selectorsSelecting(this.dsInformer, orphan)) this.queue.add(keyOf(ds));
  }

  private enqueueAll(): void {
    for (const ds of this.dsInformer.list()) this.queue.add(keyOf(ds));
  }

  /** The DaemonSet a Pod's (or revision's) controller reference points to, if it is one we know with that UID. */
  private ownerOf(pod: KObject): KObject | undefined {
    const ref: OwnerReference | undefined = controllerOf(pod);
    if (!ref || ref.kind !== 'DaemonSet') return undefined;
    const ds = this.dsInformer.getByName(pod.metadata.namespace, ref.name);
    return ds && ds.metadata.uid === ref.uid ? ds : undefined;
  }

  /** Marks the node of a Pod of a DaemonSet dirty in that DaemonSet's tally; returns the DaemonSet. */
  private markDirty(pod: KObject): KObject | undefined {
    const ds = this.ownerOf(pod);
    if (!ds) return undefined;
    const t = this.tallies.get(keyOf(ds));
    if (t && t.uid === ds.metadata.uid) t.tally.markDirty(targetNodeName(pod));
    return ds;
  }

  /** The tally of a DaemonSet (a new one when its UID changed). */
  private tallyOf(ds: KObject): NodeTally {
    const key = keyOf(ds);
    const t = this.tallies.get(key);
    if (t && t.uid === ds.metadata.uid) return t.tally;
    const tally = new NodeTally();
    this.tallies.set(key, { uid: ds.metadata.uid!, tally });
    return tally;
  }

  /** One node's Pods of the DaemonSet, as nodesToDaemonPods files them. */
  private daemonPodsOn(ds: KObject, node: string): KObject[] {
    return this.podInformer.byIndex(BY_DAEMONSET_NODE, `${ds.metadata.uid}/${node}`).filter((pod) => !((pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed') && pod.metadata.deletionTimestamp));
  }

  /** getNodesToDaemonPods: the DaemonSet's Pods (those it owns in the cache, or as claimed) by the node each runs on or is pinned to. */
  private nodesToDaemonPods(ds: KObject, pods = this.podInformer.byIndex(BY_CONTROLLER_UID, ds.metadata.uid!)): Map<string, KObject[]> {
    const out = new Map<string, KObject[]>();
    for (const pod of pods) {
      const terminal = pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
      if (terminal && pod.metadata.deletionTimestamp) continue;
      const node = targetNodeName(pod);
      if (!node) continue;
      const list = out.get(node);
      if (list) list.push(pod);
      else out.set(node, [pod]);
    }
    return out;
  }

  /**
   * ClaimPods / ClaimControllerRevisions: adopts the orphans (not being deleted) the selector picks
   * and releases the owned objects it no longer picks; returns what the DaemonSet then owns.
   * Undefined when there is nothing to claim (the usual case), `unselected` telling whether an
   * owned one is no longer picked (reading the owned ones only if it must: a walk of every Pod
   * per sync is what the tally avoids): what it owns is then the index's bucket.
   */
  private claim(ds: KObject, selector: Selector | null, inf: Informer, resource: string, unselected: (owned: () => KObject[]) => boolean): KObject[] | undefined {
    // A selector that does not parse (validation lets none through) claims nothing.
    if (!selector) return undefined;
    const ns = ds.metadata.namespace!;
    const orphans = orphansSelectedBy(inf, ns, ds.spec?.selector).filter((o) => !o.metadata.deletionTimestamp);
    const owned = () => inf.byIndex(BY_CONTROLLER_UID, ds.metadata.uid!);
    // Stryker disable next-line ConditionalExpression: speed only (a claim with nothing to adopt or release writes nothing and keeps every owned object)
    if (orphans.length === 0 && !unselected(owned)) return undefined;
    const ctx = { client: this.ctx.client, resource, owner: ds, ownerApiVersion: 'apps/v1', ownerKind: 'DaemonSet', selector, recheckOwner: () => recheckOwner(this.ctx.client, 'daemonsets', ds, 'DaemonSet') };
    return claimObjects(ctx, owned().concat(orphans).sort(byCreation));
  }

  /** syncDaemonSet: one level-based pass over one DaemonSet. */
  syncDaemonSet(key: string): void {
    const ds = this.dsInformer.get(key);
    if (!ds) {
      this.expectations.delete(key);
      this.tallies.delete(key);
      return;
    }
    if (ds.metadata.deletionTimestamp) return;
    const selector = parseSelector(ds.spec?.selector);
    const picksAll = (objs: KObject[]) => objs.every((o) => !selector || matchesLabels(selector, o.metadata.labels));
    const histories = this.claim(ds, selector, this.historyInformer, 'controllerrevisions', (owned) => !picksAll(owned())) ?? this.historyInformer.byIndex(BY_CONTROLLER_UID, ds.metadata.uid!);
    const ownPods = () => this.podInformer.byIndex(BY_CONTROLLER_UID, ds.metadata.uid!);
    // Without its history the sync cannot tell which Pods are current: it fails and is retried.
    const { old, hash } = constructHistory(this.ctx.client, ds, histories, ownPods);
    const generation = templateGeneration(ds);
    const c = { client: this.ctx.client, recorder: this.recorder, expectations: this.expectations, nowMs: this.ctx.sim.clock.nowMs() };
    // The cache changes only when a watch delivers, never during a sync (deliveries are scheduled
    // events): the nodes and the Pods by node are gathered once, and only when some node needs
    // looking at. rollingUpdate adds empty lists for nodes without a Pod, which calculateStatus
    // counts as it counts no list.
    let gathered: { nodes: KObject[]; nodeToPods: Map<string, KObject[]> } | undefined;
    const gather = () => (gathered ??= { nodes: this.sortedNodes(), nodeToPods: this.nodesToDaemonPods(ds) });
    // With minReadySeconds availability depends on the time, which the tally does not follow.
    const minReady = ds.spec?.minReadySeconds ?? 0;
    let tally = minReady ? undefined : this.tallyOf(ds);
    const node = (name: string) => this.nodeInformer.getByName(undefined, name);
    const podsOn = (name: string) => this.daemonPodsOn(ds, name);
    tally?.refresh(ds, { hash, generation, predicate: predicateBasis(ds) }, selector ?? [], gather, node, podsOn);
    let claimed: KObject[] | undefined;
    try {
      claimed = this.claim(ds, selector, this.podInformer, 'pods', (owned) => (tally ? tally.unselected.size > 0 : !picksAll(owned())));
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      throw internal(`couldn't get node to daemon pod mapping for daemon set "${ds.metadata.name}": ${e.status.message}`);
    }
    if (claimed) {
      // Adoptions and releases reach the cache (and the tally) with their watch events; this
      // sync works from the claimed Pods, node by node, as upstream's does.
      gathered = { nodes: this.sortedNodes(), nodeToPods: this.nodesToDaemonPods(ds, claimed) };
      tally = undefined;
    }
    // Every node settled or idle: manage and rollingUpdate would find nothing to do.
    const quiet = tally !== undefined && tally.unsettled.size === 0 && tally.gone.size === 0;
    let error: unknown;
    try {
      if (this.expectations.satisfied(key)) {
        if (!quiet) {
          const { nodes, nodeToPods } = gather();
          manage(c, ds, nodes, nodeToPods, hash);
          if (this.expectations.satisfied(key) && (ds.spec?.updateStrategy?.type ?? 'RollingUpdate') === 'RollingUpdate')
            rollingUpdate(c, ds, nodes, nodeToPods, hash, generation);
        }
        cleanupHistory(this.ctx.client, ds, old, ownPods);
      }
    } catch (e) {
      error = e;
    }
    const status = tally ? statusFromCounts(ds, tally.counts(ds, node, podsOn, c.nowMs)) : calculateStatus(ds, gather().nodes, gather().nodeToPods, hash, generation, c.nowMs);
    updateDaemonSetStatus(this.ctx.client, ds, status);
    // Ready but not yet available for minReadySeconds: count again once they are.
    if (minReady > 0 && status.numberReady > (status.numberAvailable ?? 0)) this.queue.addAfter(key, minReady * 1000);
    if (error) throw error;
  }
}
