/**
 * What one DaemonSet sync changes (daemon_controller.go manage/syncNodes and update.go
 * rollingUpdate): a Pod for every node that should run one and has none; the extra, failed or
 * no-longer-wanted Pods deleted; and, for a RollingUpdate strategy without surge, old Pods
 * deleted while at most maxUnavailable nodes are without an available Pod (the next sync then
 * creates their replacements).
 */
import { deepCopy, keyOf, type KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { ApiClient } from '../../client/client';
import type { EventRecorder } from '../../client/events';
import { getScaledValueFromIntOrPercent, IntOrStringError } from '../util/intstr';
import type { ControllerExpectations } from '../util/expectations';
import { newControllerRef, reasonOf, sortedRecord, withKind } from '../util/objects';
import { isPodAvailable } from '../util/podutil';
import { slowStartBatch } from '../replicaset/manage';
import { createPodTemplate, isPodUpdated, nodeShouldRunDaemonPod, pinToNode } from './podtemplate';
import { byCreationAndPhase } from './status';

/** dsc.burstReplicas. */
const BURST_REPLICAS = 250;

export interface ManageContext {
  client: ApiClient;
  recorder: EventRecorder;
  expectations: ControllerExpectations;
  nowMs: number;
}

/** manage: the nodes that need a daemon Pod, and the daemon Pods that must go. */
export function manage(c: ManageContext, ds: KObject, nodes: KObject[], nodeToPods: Map<string, KObject[]>, hash: string): void {
  const needing: string[] = [];
  const toDelete: KObject[] = [];
  const known = new Set(nodes.map((n) => n.metadata.name!));
  for (const node of nodes) {
    const name = node.metadata.name!;
    const pods = nodeToPods.get(name) ?? [];
    const { shouldRun, shouldContinueRunning } = nodeShouldRunDaemonPod(node, ds);
    if (shouldRun && pods.length === 0) needing.push(name);
    else if (shouldRun) {
      const running: KObject[] = [];
      for (const p of pods) {
        if (p.metadata.deletionTimestamp) continue;
        if (p.status?.phase === 'Failed') {
          c.recorder.event(withKind(ds, 'apps/v1', 'DaemonSet'), 'Warning', 'FailedDaemonPod', `Found failed daemon pod ${keyOf(p)} on node ${name}, will try to kill it`);
          toDelete.push(p);
          continue;
        }
        running.push(p);
      }
      // Without surge one Pod per node: keep the oldest.
      toDelete.push(...running.sort(byCreationAndPhase).slice(1));
    } else if (!shouldContinueRunning) toDelete.push(...pods.filter((p) => !p.metadata.deletionTimestamp));
  }
  // Pods pinned to nodes that no longer exist.
  for (const [node, pods] of nodeToPods) if (!known.has(node)) toDelete.push(...pods.filter((p) => !p.metadata.deletionTimestamp));
  syncNodes(c, ds, toDelete, needing, hash);
}

/** rollingUpdate with maxSurge 0: replace old Pods, at most maxUnavailable nodes at a time. */
export function rollingUpdate(c: ManageContext, ds: KObject, nodes: KObject[], nodeToPods: Map<string, KObject[]>, hash: string, generation: string): void {
  const desired = nodes.filter((n) => nodeShouldRunDaemonPod(n, ds).shouldRun).length;
  let maxUnavailable: number;
  try {
    maxUnavailable = Math.max(1, getScaledValueFromIntOrPercent(ds.spec?.updateStrategy?.rollingUpdate?.maxUnavailable ?? 1, desired, true));
  } catch (e) {
    // UnavailableCount's error fails the sync: nothing is replaced (validation rejects such a value).
    if (e instanceof IntOrStringError) return;
    throw e;
  }
  const minReady = ds.spec?.minReadySeconds ?? 0;
  let unavailable = 0;
  const replace: KObject[] = [];
  const candidates: KObject[] = [];
  for (const name of [...nodeToPods.keys()].sort()) {
    // findUpdatedPodsOnNode: at most one new and one old Pod, else the manage pass cleans up first.
    const live = nodeToPods.get(name)!.filter((p) => !p.metadata.deletionTimestamp);
    const news = live.filter((p) => isPodUpdated(p, hash, generation));
    const olds = live.filter((p) => !isPodUpdated(p, hash, generation));
    const ok = news.length <= 1 && olds.length <= 1;
    const newPod = news[0];
    const oldPod = olds[0];
    if (!ok || (!newPod && !oldPod) || (newPod && oldPod)) unavailable++;
    else if (newPod) {
      if (!isPodAvailable(newPod, minReady, c.nowMs)) unavailable++;
    } else if (!isPodAvailable(oldPod!, minReady, c.nowMs)) replace.push(oldPod!);
    else if (unavailable < maxUnavailable) candidates.push(oldPod!);
  }
  const room = Math.min(Math.max(0, maxUnavailable - unavailable), candidates.length);
  syncNodes(c, ds, [...replace, ...candidates.slice(0, room)], [], hash);
}

/** syncNodes: deletes, then creates pinned Pods in slow-start batches; every act is expected first. */
function syncNodes(c: ManageContext, ds: KObject, toDelete: KObject[], needing: string[], hash: string): void {
  const key = keyOf(ds);
  const dsRef = withKind(ds, 'apps/v1', 'DaemonSet');
  const deletes = toDelete.slice(0, BURST_REPLICAS);
  let firstError: StatusError | undefined;
  if (deletes.length) {
    // One expectation record at a time: creates wait for the next sync once the deletes are seen.
    c.expectations.expectDeletions(key, deletes.map((p) => keyOf(p)));
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
    return;
  }
  const creates = needing.slice(0, BURST_REPLICAS);
  if (creates.length === 0) return;
  c.expectations.expectCreations(key, creates.length);
  const template = createPodTemplate(ds, hash);
  let i = 0;
  const { successes, error } = slowStartBatch(creates.length, 1, () => createPod(c, ds, dsRef, template, creates[i++]));
  for (let k = successes; k < creates.length; k++) c.expectations.creationObserved(key);
  if (error) throw error;
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
