/**
 * What one DaemonSet sync changes (daemon_controller.go manage/syncNodes and update.go
 * rollingUpdate): a Pod for every node that should run one and has none; the extra, failed or
 * no-longer-wanted Pods deleted; and a RollingUpdate, either deleting old Pods while at most
 * maxUnavailable nodes are without an available Pod (the next sync creates their replacements)
 * or, with maxSurge, starting updated Pods beside old ones and deleting the old ones once the
 * new ones are available.
 */
import { deepCopy, keyOf, type KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { ApiClient } from '../../client/client';
import type { EventRecorder } from '../../client/events';
import { getScaledValueFromIntOrPercent, IntOrStringError } from '../util/intstr';
import type { ControllerExpectations } from '../util/expectations';
import { newControllerRef, reasonOf, sortedRecord, withKind } from '../util/objects';
import { isPodAvailable, isPodReady } from '../util/podutil';
import { slowStartBatch } from '../replicaset/manage';
import { CONTROLLER_REVISION_HASH, createPodTemplate, daemonPodPredicate, isPodUpdated, pinToNode } from './podtemplate';
import { byCreationAndPhase } from './status';
import { mutant } from '../../sim/mutants';

/** dsc.burstReplicas. */
const BURST_REPLICAS = 250;

export interface ManageContext {
  client: ApiClient;
  recorder: EventRecorder;
  expectations: ControllerExpectations;
  nowMs: number;
}

/**
 * manage (podsShouldBeOnNode for every node): a node that should run the daemon Pod and has none
 * needs one; failed and succeeded Pods go; without surge one Pod per node is kept (the oldest);
 * while surging the oldest updated and the oldest old Pod may both stay until the old one is not
 * ready or the new one is available; Pods on nodes that must not run them go.
 */
export function manage(c: ManageContext, ds: KObject, nodes: KObject[], nodeToPods: Map<string, KObject[]>, hash: string): void {
  const needing: string[] = [];
  const toDelete: KObject[] = [];
  const known = new Set(nodes.map((n) => n.metadata.name!));
  const surge = allowsSurge(ds);
  const shouldRunOn = daemonPodPredicate(ds);
  for (const node of nodes) {
    const name = node.metadata.name!;
    const pods = nodeToPods.get(name) ?? [];
    const { shouldRun, shouldContinueRunning } = shouldRunOn(node);
    if (shouldRun && pods.length === 0) needing.push(name);
    else if (shouldContinueRunning) {
      const running: KObject[] = [];
      for (const p of pods) {
        if (p.metadata.deletionTimestamp) continue;
        if (p.status?.phase === 'Failed') {
          c.recorder.event(withKind(ds, 'apps/v1', 'DaemonSet'), 'Warning', 'FailedDaemonPod', `Found failed daemon pod ${keyOf(p)} on node ${name}, will try to kill it`);
          toDelete.push(p);
        } else if (p.status?.phase === 'Succeeded') {
          c.recorder.event(withKind(ds, 'apps/v1', 'DaemonSet'), 'Normal', 'SucceededDaemonPod', `Found succeeded daemon pod ${keyOf(p)} on node ${name}, will try to delete it`);
          toDelete.push(p);
        } else running.push(p);
      }
      running.sort(byCreationAndPhase);
      if (!surge) {
        // Without surge one Pod per node: keep the oldest.
        toDelete.push(...running.slice(1));
        continue;
      }
      if (running.length <= 1) {
        // Surging needs at least one live Pod on the node.
        if (running.length === 0 && shouldRun) needing.push(name);
        continue;
      }
      let oldestNew: KObject | undefined;
      let oldestOld: KObject | undefined;
      for (const p of running) {
        if (p.metadata.labels?.[CONTROLLER_REVISION_HASH] === hash) {
          if (!oldestNew) {
            oldestNew = p;
            continue;
          }
        } else if (!oldestOld) {
          oldestOld = p;
          continue;
        }
        toDelete.push(p);
      }
      // The old Pod goes once it is not ready, or once the new one is available.
      if (oldestNew && oldestOld && (!isPodReady(oldestOld) || isPodAvailable(oldestNew, ds.spec?.minReadySeconds ?? 0, c.nowMs))) toDelete.push(oldestOld);
    } else toDelete.push(...pods.filter((p) => !p.metadata.deletionTimestamp));
  }
  // getUnscheduledPodsWithoutNode: unscheduled Pods pinned to a node that does not exist would
  // never be scheduled; a Pod bound to a missing node is left to the Pod garbage collector.
  for (const [node, pods] of nodeToPods) if (!known.has(node)) toDelete.push(...pods.filter((p) => !p.spec?.nodeName && !p.metadata.deletionTimestamp));
  syncNodes(c, ds, toDelete, needing, hash);
}

const isRollingUpdate = (ds: KObject) => (ds.spec?.updateStrategy?.type ?? 'RollingUpdate') === 'RollingUpdate';

/** util.SurgeCount: maxSurge of the desired number of nodes, rounded up; 0 when not set. */
export function surgeCount(ds: KObject, numberToSchedule: number): number {
  const r = ds.spec?.updateStrategy?.rollingUpdate;
  if (!isRollingUpdate(ds) || !r || r.maxSurge === undefined || r.maxSurge === null) return 0;
  return getScaledValueFromIntOrPercent(r.maxSurge, numberToSchedule, true);
}

/** util.UnavailableCount: maxUnavailable of the desired number of nodes, rounded up (1 when not set, as defaulting leaves it). */
export function unavailableCount(ds: KObject, numberToSchedule: number): number {
  const r = ds.spec?.updateStrategy?.rollingUpdate;
  if (!isRollingUpdate(ds) || !r) return 0;
  return getScaledValueFromIntOrPercent(r.maxUnavailable ?? 1, numberToSchedule, true);
}

/** util.AllowsSurge: a rolling update whose maxSurge is not 0. */
export function allowsSurge(ds: KObject): boolean {
  try {
    return surgeCount(ds, 1) !== 0;
  } catch (e) {
    if (e instanceof IntOrStringError) return false;
    throw e;
  }
}

/**
 * updatedDesiredNodeCounts: maxSurge and maxUnavailable resolved against the nodes that should
 * run the Pod (each of which gets an entry in nodeToPods, empty when it has no Pod); when both
 * are 0, one node may be unavailable. Throws IntOrStringError for a value validation rejects.
 */
export function updatedDesiredNodeCounts(ds: KObject, nodes: KObject[], nodeToPods: Map<string, KObject[]>): { maxSurge: number; maxUnavailable: number; desired: number } {
  let desired = 0;
  const shouldRunOn = daemonPodPredicate(ds);
  for (const node of nodes) {
    if (!shouldRunOn(node).shouldRun) continue;
    desired++;
    if (!nodeToPods.has(node.metadata.name!)) nodeToPods.set(node.metadata.name!, []);
  }
  let maxUnavailable = unavailableCount(ds, desired);
  if (mutant('daemonset-max-unavailable-off-by-one')) maxUnavailable++;
  const maxSurge = surgeCount(ds, desired);
  if (desired > 0 && maxUnavailable === 0 && maxSurge === 0) maxUnavailable = 1;
  return { maxSurge, maxUnavailable, desired };
}

/**
 * The keys of nodeToPods in name order. The controller passes its nodes sorted by name, so the
 * nodes' own order, with the nodes that are gone appended, is usually sorted already: then no
 * sort of every name is needed.
 */
function sortedNodeNames(nodes: KObject[], nodeToPods: Map<string, KObject[]>): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const node of nodes) {
    const name = node.metadata.name!;
    if (nodeToPods.has(name) && !seen.has(name)) {
      names.push(name);
      seen.add(name);
    }
  }
  for (const name of nodeToPods.keys()) if (!seen.has(name)) names.push(name);
  for (let i = 1; i < names.length; i++) if (names[i - 1] > names[i]) return names.sort();
  return names;
}

/** findUpdatedPodsOnNode: at most one updated and one old live Pod, else not ok. */
function findUpdatedPodsOnNode(pods: KObject[], hash: string, generation: string): { newPod?: KObject; oldPod?: KObject; ok: boolean } {
  let newPod: KObject | undefined;
  let oldPod: KObject | undefined;
  for (const p of pods) {
    if (p.metadata.deletionTimestamp) continue;
    if (isPodUpdated(p, hash, generation)) {
      if (newPod) return { ok: false };
      newPod = p;
    } else {
      if (oldPod) return { ok: false };
      oldPod = p;
    }
  }
  return { newPod, oldPod, ok: true };
}

/**
 * rollingUpdate. Without surge: delete old Pods (unavailable ones at once, available ones while
 * fewer than maxUnavailable nodes are unavailable) and let manage create their replacements.
 * With surge: create an updated Pod beside an old one (at once when the old one is unavailable,
 * else on at most maxSurge nodes at a time) and delete the old Pod when the new one is available.
 */
export function rollingUpdate(c: ManageContext, ds: KObject, nodes: KObject[], nodeToPods: Map<string, KObject[]>, hash: string, generation: string): void {
  let counts: { maxSurge: number; maxUnavailable: number; desired: number };
  try {
    counts = updatedDesiredNodeCounts(ds, nodes, nodeToPods);
  } catch (e) {
    // UnavailableCount's or SurgeCount's error fails the sync: nothing is replaced.
    if (e instanceof IntOrStringError) return;
    throw e;
  }
  const { maxSurge, maxUnavailable, desired } = counts;
  const minReady = ds.spec?.minReadySeconds ?? 0;
  const available = (p: KObject) => isPodAvailable(p, minReady, c.nowMs);
  const nodeNames = sortedNodeNames(nodes, nodeToPods);
  if (maxSurge === 0) {
    let unavailable = 0;
    const replace: KObject[] = [];
    const candidates: KObject[] = [];
    for (const name of nodeNames) {
      const { newPod, oldPod, ok } = findUpdatedPodsOnNode(nodeToPods.get(name)!, hash, generation);
      // Excess Pods, no Pod, or both: manage handles the node; it counts as unavailable.
      if (!ok || (!newPod && !oldPod) || (newPod && oldPod)) unavailable++;
      else if (newPod) {
        if (!available(newPod)) unavailable++;
      } else if (!available(oldPod!)) replace.push(oldPod!);
      else if (unavailable < maxUnavailable) candidates.push(oldPod!);
    }
    const room = mutant('daemonset-replaces-all-at-once') ? candidates.length : Math.min(Math.max(0, maxUnavailable - unavailable), candidates.length);
    return syncNodes(c, ds, [...replace, ...candidates.slice(0, room)], [], hash);
  }
  const byName = new Map(nodes.map((n) => [n.metadata.name!, n]));
  const oldPodsToDelete: KObject[] = [];
  const shouldNotRunPodsToDelete: KObject[] = [];
  const candidateNewNodes: string[] = [];
  const allowedNewNodes: string[] = [];
  let numSurge = 0;
  let numAvailable = 0;
  for (const name of nodeNames) {
    const { newPod, oldPod, ok } = findUpdatedPodsOnNode(nodeToPods.get(name)!, hash, generation);
    if (!ok) {
      numSurge++;
      continue;
    }
    if (oldPod ? available(oldPod) : newPod && available(newPod)) numAvailable++;
    if (!oldPod) continue;
    if (!newPod) {
      const node = byName.get(name);
      // A Pod pinned to a node that is gone: upstream's node lookup fails the sync.
      if (!node) return;
      const shouldRun = daemonPodPredicate(ds)(node).shouldRun;
      if (!available(oldPod)) {
        if (!shouldRun) oldPodsToDelete.push(oldPod);
        else allowedNewNodes.push(name);
      } else if (!shouldRun) shouldNotRunPodsToDelete.push(oldPod);
      else if (numSurge < maxSurge) candidateNewNodes.push(name);
      continue;
    }
    // Already surged onto this node: wait for the new Pod, then the old one goes.
    if (!available(newPod)) numSurge++;
    else oldPodsToDelete.push(oldPod);
  }
  // Pods on nodes that no longer should run them go only while enough Pods elsewhere are available.
  const deletable = Math.min(numAvailable - desired, shouldNotRunPodsToDelete.length);
  if (deletable > 0) oldPodsToDelete.push(...shouldNotRunPodsToDelete.slice(0, deletable));
  const remainingSurge = Math.min(Math.max(0, maxSurge - numSurge), candidateNewNodes.length);
  syncNodes(c, ds, oldPodsToDelete, [...allowedNewNodes, ...candidateNewNodes.slice(0, remainingSurge)], hash);
}

/**
 * syncNodes: creates pinned Pods in slow-start batches, then deletes; both are expected before
 * they are made, and a failure of either fails the sync.
 */
function syncNodes(c: ManageContext, ds: KObject, toDelete: KObject[], needing: string[], hash: string): void {
  const key = keyOf(ds);
  const dsRef = withKind(ds, 'apps/v1', 'DaemonSet');
  const creates = needing.slice(0, BURST_REPLICAS);
  const deletes = toDelete.slice(0, BURST_REPLICAS);
  if (creates.length === 0 && deletes.length === 0) return;
  c.expectations.setExpectations(key, creates.length, deletes.map((p) => keyOf(p)));
  let firstError: StatusError | undefined;
  if (creates.length) {
    const template = createPodTemplate(ds, hash);
    let i = 0;
    const { successes, error } = slowStartBatch(creates.length, 1, () => createPod(c, ds, dsRef, template, creates[i++]));
    // Creates that were never attempted (or failed) will not be observed.
    for (let k = successes; k < creates.length; k++) c.expectations.creationObserved(key);
    firstError = error;
  }
  for (const pod of deletes) {
    try {
      c.client.delete('pods', pod.metadata.namespace, pod.metadata.name!);
      c.recorder.event(dsRef, 'Normal', 'SuccessfulDelete', `Deleted pod: ${pod.metadata.name}`);
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      c.expectations.deletionObserved(key, keyOf(pod));
      if (reasonOf(e) === 'NotFound') continue;
      c.recorder.event(dsRef, 'Warning', 'FailedDelete', `Error deleting: ${e.message}`);
      firstError ??= e;
    }
  }
  if (firstError) throw firstError;
}

/** RealPodControl.CreatePods: `<ds>-` + 5 random characters, pinned to its node. */
function createPod(c: ManageContext, ds: KObject, dsRef: KObject, template: any, nodeName: string): void {
  const metadata: KObject['metadata'] = { generateName: `${ds.metadata.name}-`, labels: sortedRecord(template.metadata?.labels) };
  if (template.metadata?.annotations) metadata.annotations = sortedRecord(template.metadata.annotations);
  metadata.ownerReferences = [newControllerRef(ds, 'apps/v1', 'DaemonSet')];
  const spec = deepCopy(template.spec ?? {});
  spec.affinity = pinToNode(spec.affinity, nodeName);
  try {
    const created = c.client.create('pods', ds.metadata.namespace, { apiVersion: 'v1', kind: 'Pod', metadata, spec });
    c.recorder.event(dsRef, 'Normal', 'SuccessfulCreate', `Created pod: ${created.metadata.name}`);
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    c.recorder.event(dsRef, 'Warning', 'FailedCreate', `Error creating: ${e.message}`);
    throw e;
  }
}
