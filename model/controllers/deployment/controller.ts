/**
 * The Deployment controller (pkg/controller/deployment): owns ReplicaSets named
 * `<deployment>-<pod-template-hash>` and moves Pods from old ones to the new one with the
 * Deployment's strategy. Handlers only turn Deployment, ReplicaSet and Pod events into
 * Deployment keys; syncDeployment re-reads everything from the informer caches.
 */
import { canonicalJSON, controllerOf, deepCopy, keyOf, type KObject, type OwnerReference } from '../../api/meta';
import { matchesLabels, selectorString } from '../../api/selectors';
import { StatusError } from '../../api/status';
import type { ComponentContext } from '../../component';
import type { EventRecorder } from '../../client/events';
import type { Informer } from '../../client/informer';
import { WorkQueue } from '../../client/workqueue';
import { claimObjects, recheckOwner } from '../util/controllerref';
import { BY_CONTROLLER_UID, BY_SELECTOR_LABEL, ensureIndexes, ORPHAN_BY_LABEL, orphansSelectedBy, parseSelector, selectorsSelecting } from '../util/indexes';
import { withKind } from '../util/objects';
import { rolloutRecreate } from './recreate';
import { rolloutRolling } from './rolling';
import { cleanupDeployment, getAllReplicaSetsAndSyncRevision, scale, syncDeploymentStatus, updateDeploymentStatus, type DeploymentSyncContext } from './sync';
import * as u from './util';

export class DeploymentController implements DeploymentSyncContext {
  readonly name = 'deployment-controller';
  readonly dInformer: Informer;
  readonly rsInformer: Informer;
  readonly podInformer: Informer;
  readonly queue: WorkQueue;
  readonly recorder: EventRecorder;
  readonly client;

  constructor(private readonly ctx: ComponentContext) {
    this.client = ctx.client;
    this.dInformer = ctx.informers.get('deployments');
    this.rsInformer = ctx.informers.get('replicasets');
    this.podInformer = ctx.informers.get('pods');
    ensureIndexes(this.dInformer, BY_SELECTOR_LABEL);
    ensureIndexes(this.rsInformer, BY_CONTROLLER_UID, ORPHAN_BY_LABEL);
    ensureIndexes(this.podInformer, BY_CONTROLLER_UID);
    this.recorder = ctx.recorder('deployment-controller');
    this.queue = new WorkQueue(ctx.proc, 'deployment', (key) => {
      this.syncDeployment(key);
      this.queue.forget(key);
    }, { synced: () => this.dInformer.hasSynced() && this.rsInformer.hasSynced() && this.podInformer.hasSynced() });
    this.dInformer.addEventHandler({
      onAdd: (d) => this.queue.add(keyOf(d)),
      onUpdate: (_o, d) => this.queue.add(keyOf(d)),
      onDelete: (d) => this.queue.add(keyOf(d)),
    });
    this.rsInformer.addEventHandler({
      onAdd: (rs) => this.addReplicaSet(rs),
      onUpdate: (o, rs) => this.updateReplicaSet(o, rs),
      onDelete: (rs) => this.enqueueOwner(rs.metadata.namespace, controllerOf(rs)),
    });
    this.podInformer.addEventHandler({ onDelete: (pod) => this.deletePod(pod) });
  }

  nowRFC3339(): string {
    return this.ctx.sim.clock.nowRFC3339();
  }
  nowMs(): number {
    return this.ctx.sim.clock.nowMs();
  }
  enqueueAfter(d: KObject, ms: number): void {
    this.queue.addAfter(keyOf(d), ms);
  }

  // ------------------------------------------------------------ handlers

  private resolve(namespace: string | undefined, ref: OwnerReference | undefined): KObject | undefined {
    if (!ref || ref.kind !== 'Deployment') return undefined;
    const d = this.dInformer.getByName(namespace, ref.name);
    return d && d.metadata.uid === ref.uid ? d : undefined;
  }

  private enqueueOwner(namespace: string | undefined, ref: OwnerReference | undefined): void {
    const d = this.resolve(namespace, ref);
    if (d) this.queue.add(keyOf(d));
  }

  private addReplicaSet(rs: KObject): void {
    const ref = controllerOf(rs);
    if (ref) return this.enqueueOwner(rs.metadata.namespace, ref);
    for (const d of selectorsSelecting(this.dInformer, rs)) this.queue.add(keyOf(d));
  }

  private updateReplicaSet(old: KObject, rs: KObject): void {
    if (old.metadata.resourceVersion === rs.metadata.resourceVersion) return;
    const curRef = controllerOf(rs);
    const oldRef = controllerOf(old);
    const refChanged = canonicalJSON(curRef ?? null) !== canonicalJSON(oldRef ?? null);
    if (refChanged && oldRef) this.enqueueOwner(old.metadata.namespace, oldRef);
    if (curRef) return this.enqueueOwner(rs.metadata.namespace, curRef);
    const labelChanged = canonicalJSON(old.metadata.labels ?? {}) !== canonicalJSON(rs.metadata.labels ?? {});
    if (labelChanged || refChanged) for (const d of selectorsSelecting(this.dInformer, rs)) this.queue.add(keyOf(d));
  }

  /**
   * A Recreate rollout waits for old Pods to be gone: the deletion of its last Pod lets it go on.
   * As deletePod (v1.32): only when no Pod is left under the ReplicaSets it selects and controls
   * (util.ListReplicaSets over RsListFromClient: a live list by the Deployment's selector; a failed
   * list queues nothing).
   */
  private deletePod(pod: KObject): void {
    const rsRef = controllerOf(pod);
    if (rsRef?.kind !== 'ReplicaSet') return;
    const rs = this.rsInformer.getByName(pod.metadata.namespace, rsRef.name);
    if (!rs || rs.metadata.uid !== rsRef.uid) return;
    const d = this.resolve(rs.metadata.namespace, controllerOf(rs));
    if (!d || d.spec?.strategy?.type !== 'Recreate') return;
    const sel = parseSelector(d.spec?.selector);
    if (!sel) return;
    let listed: KObject[];
    try {
      listed = this.ctx.client.list('replicasets', d.metadata.namespace, { labelSelector: selectorString(sel) }).items;
    } catch (e) {
      if (e instanceof StatusError) return;
      throw e;
    }
    const rsList = listed.filter((r) => controllerOf(r)?.uid === d.metadata.uid);
    let numPods = 0;
    for (const pods of this.podMap(d, rsList).values()) numPods += pods.length;
    if (numPods === 0) this.queue.add(keyOf(d));
  }

  // ------------------------------------------------------------ sync

  syncDeployment(key: string): void {
    const cached = this.dInformer.get(key);
    if (!cached) return;
    const d = deepCopy(cached);
    const sel = d.spec?.selector;
    if (sel && canonicalJSON(sel) === '{}') {
      this.recorder.event(withKind(d, 'apps/v1', 'Deployment'), 'Warning', 'SelectingAll', 'This deployment is selecting all pods. A non-empty selector is required.');
      if ((d.status?.observedGeneration ?? 0) < (d.metadata.generation ?? 0)) {
        d.status = { ...(d.status ?? {}), observedGeneration: d.metadata.generation };
        updateDeploymentStatus(this, d);
      }
      return;
    }
    const rsList = this.getReplicaSetsForDeployment(d);
    if (d.metadata.deletionTimestamp) {
      const { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(this, d, rsList, false);
      return syncDeploymentStatus(this, [...oldRSs, newRS], newRS, d);
    }
    this.checkPausedConditions(d);
    if (d.spec?.paused || this.isScalingEvent(d, rsList)) return this.sync(d, rsList);
    if (d.spec?.strategy?.type === 'Recreate') return rolloutRecreate(this, d, rsList, this.podMap(d, rsList));
    return rolloutRolling(this, d, rsList);
  }

  /** getReplicaSetsForDeployment: the ReplicaSets it owns, after adopting and releasing (ClaimReplicaSets). */
  private getReplicaSetsForDeployment(d: KObject): KObject[] {
    const selector = parseSelector(d.spec?.selector);
    if (!selector) return [];
    const candidates = new Map<string, KObject>();
    for (const rs of this.rsInformer.byIndex(BY_CONTROLLER_UID, d.metadata.uid!)) candidates.set(rs.metadata.uid!, rs);
    for (const rs of orphansSelectedBy(this.rsInformer, d.metadata.namespace!, d.spec?.selector)) candidates.set(rs.metadata.uid!, rs);
    return claimObjects(
      {
        client: this.client,
        resource: 'replicasets',
        owner: d,
        ownerApiVersion: 'apps/v1',
        ownerKind: 'Deployment',
        selector,
        recheckOwner: () => recheckOwner(this.client, 'deployments', d, 'Deployment'),
      },
      [...candidates.values()].sort(u.byCreation),
    );
  }

  /** getPodMapForDeployment: its Pods (selected, controlled by one of its ReplicaSets) by ReplicaSet UID. */
  private podMap(d: KObject, rsList: KObject[]): Map<string, KObject[]> {
    const sel = parseSelector(d.spec?.selector);
    const out = new Map<string, KObject[]>();
    for (const rs of rsList) out.set(rs.metadata.uid!, this.podInformer.byIndex(BY_CONTROLLER_UID, rs.metadata.uid!).filter((p) => sel && matchesLabels(sel, p.metadata.labels)));
    return out;
  }

  /** A paused (or resumed) Deployment says so in an Unknown Progressing condition. */
  private checkPausedConditions(d: KObject): void {
    if (!u.hasProgressDeadline(d)) return;
    const cond = u.getCondition(d.status, 'Progressing');
    if (cond?.reason === u.Reason.TimedOut) return;
    const pausedCond = cond?.reason === u.Reason.PausedDeploy;
    d.status = d.status ?? {};
    if (d.spec?.paused && !pausedCond) u.setCondition(d.status, u.newCondition('Progressing', 'Unknown', u.Reason.PausedDeploy, 'Deployment is paused', this.nowRFC3339()));
    else if (!d.spec?.paused && pausedCond) u.setCondition(d.status, u.newCondition('Progressing', 'Unknown', u.Reason.ResumedDeploy, 'Deployment is resumed', this.nowRFC3339()));
    else return;
    updateDeploymentStatus(this, d);
  }

  /** isScalingEvent: an active ReplicaSet was sized for another spec.replicas. */
  private isScalingEvent(d: KObject, rsList: KObject[]): boolean {
    const { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(this, d, rsList, false);
    for (const rs of u.activeReplicaSets([...oldRSs, newRS])) {
      const desired = rs.metadata.annotations?.[u.DESIRED_REPLICAS];
      if (desired !== undefined && Number(desired) !== u.replicasOf(d)) return true;
    }
    return false;
  }

  /** sync: scaling and paused Deployments (no rollout). */
  private sync(d: KObject, rsList: KObject[]): void {
    const { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(this, d, rsList, false);
    scale(this, d, newRS, oldRSs);
    if (d.spec?.paused) cleanupDeployment(this, oldRSs, d);
    syncDeploymentStatus(this, [...oldRSs, newRS], newRS, d);
  }
}
