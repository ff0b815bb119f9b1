import { canonicalJSON, type KObject } from '../api/meta';
import type { NodeChange } from './framework/interface';
import { podResource } from './framework/resource';
import { CacheError } from './cache/cache';
import { kobj } from './logging';
import { DEFAULT_SCHEDULER_NAME } from './plugins/registry';
import type { ClusterEvent } from './queue/scheduling-queue';
import type { QueuedPodInfo } from './queue/queued-pod-info';
import type { Scheduler } from './scheduler';

// Source lines: eventhandlers.go:231 and :201 as logged by v1.31/1.32 schedulers; the others
// are placed nearby and not verified.

/** assignedPod: bound to a node. */
export function assignedPod(pod: KObject): boolean {
  return !!pod.spec?.nodeName;
}

/** responsibleForPod: the Pod names this scheduler's profile. */
export function responsibleForPod(pod: KObject): boolean {
  return (pod.spec?.schedulerName ?? DEFAULT_SCHEDULER_NAME) === DEFAULT_SCHEDULER_NAME;
}

/**
 * A handler behind a filter, as cache.FilteringResourceEventHandler: an update that moves an
 * object into the filter is an add, one that moves it out is a delete.
 */
function filtering(filter: (o: KObject) => boolean, h: { add(o: KObject): void; update(o: KObject, n: KObject): void; del(o: KObject): void }) {
  return {
    onAdd: (o: KObject) => filter(o) && h.add(o),
    onUpdate: (o: KObject, n: KObject) => {
      const was = filter(o);
      const is = filter(n);
      if (was && is) h.update(o, n);
      else if (is) h.add(n);
      else if (was) h.del(o);
    },
    onDelete: (o: KObject) => filter(o) && h.del(o),
  };
}

/** addAllEventHandlers: scheduled Pods feed the cache, unscheduled ones the queue, nodes both. */
export function addAllEventHandlers(s: Scheduler): void {
  const log = s.log;
  const guard = (what: string, pod: KObject, fn: () => void) => {
    try {
      fn();
    } catch (e) {
      if (!(e instanceof CacheError)) throw e;
      log.error('eventhandlers.go:240', e, what, { pod: kobj(pod) });
    }
  };

  s.podInformer.addEventHandler(
    filtering(assignedPod, {
      add: (pod) => {
        log.info(3, 'eventhandlers.go:231', 'Add event for scheduled pod', { pod: kobj(pod) });
        guard('Scheduler cache AddPod failed', pod, () => s.cache.addPod(pod));
      },
      update: (oldPod, pod) => {
        log.info(4, 'eventhandlers.go:253', 'Update event for scheduled pod', { pod: kobj(pod) });
        guard('Scheduler cache UpdatePod failed', pod, () => s.cache.updatePod(oldPod, pod));
        // NodeResourcesFit's hint for AssignedPodUpdate: a Pod that now asks for less frees room.
        if (requestsShrank(oldPod, pod)) s.queue.moveAllToActiveOrBackoffQueue(assignedPodEvent(s, 'AssignedPodUpdate'));
      },
      del: (pod) => {
        log.info(3, 'eventhandlers.go:273', 'Delete event for scheduled pod', { pod: kobj(pod) });
        guard('Scheduler cache RemovePod failed', pod, () => s.cache.removePod(pod));
        s.queue.moveAllToActiveOrBackoffQueue(assignedPodEvent(s, 'AssignedPodDelete'));
      },
    }),
  );

  s.podInformer.addEventHandler(
    filtering((p) => !assignedPod(p) && responsibleForPod(p), {
      add: (pod) => {
        log.info(3, 'eventhandlers.go:141', 'Add event for unscheduled pod', { pod: kobj(pod) });
        s.queue.add(pod);
      },
      update: (oldPod, pod) => {
        if (oldPod.metadata.resourceVersion === pod.metadata.resourceVersion) return;
        // An assumed Pod is already decided; its next event is the binding coming back.
        if (s.cache.isAssumedPod(pod)) return;
        log.info(4, 'eventhandlers.go:161', 'Update event for unscheduled pod', { pod: kobj(pod) });
        s.queue.update(oldPod, pod);
      },
      del: (pod) => {
        log.info(3, 'eventhandlers.go:201', 'Delete event for unscheduled pod', { pod: kobj(pod) });
        s.queue.delete(pod);
      },
    }),
  );

  s.nodeInformer.addEventHandler({
    onAdd: (node) => {
      log.info(3, 'eventhandlers.go:77', 'Add event for node', { node: node.metadata.name });
      s.cache.addNode(node);
      s.queue.moveAllToActiveOrBackoffQueue(nodeEvent(s, 'add', undefined, node));
    },
    onUpdate: (oldNode, node) => {
      log.info(4, 'eventhandlers.go:95', 'Update event for node', { node: node.metadata.name });
      s.cache.updateNode(oldNode, node);
      for (const change of nodeSchedulingPropertiesChange(node, oldNode)) s.queue.moveAllToActiveOrBackoffQueue(nodeEvent(s, change, oldNode, node));
    },
    onDelete: (node) => {
      log.info(3, 'eventhandlers.go:121', 'Delete event for node', { node: node.metadata.name });
      try {
        s.cache.removeNode(node);
      } catch (e) {
        if (!(e instanceof CacheError)) throw e;
        log.error('eventhandlers.go:123', e, 'Scheduler cache RemoveNode failed');
      }
    },
  });
}

/** A node was added or changed in a way some filter plugins registered for. */
function nodeEvent(s: Scheduler, change: NodeChange, oldNode: KObject | undefined, node: KObject): ClusterEvent {
  const plugins = s.framework.filterPlugins.filter((p) => p.nodeEvents.has(change));
  return {
    label: change === 'add' ? 'NodeAdd' : `Node${change[0].toUpperCase()}${change.slice(1)}Change`,
    plugins: new Set(plugins.map((p) => p.name)),
    // Worth a retry if a plugin that rejected the Pod now lets it through on this node.
    hint: (p: QueuedPodInfo) => p.unschedulablePlugins.size === 0 || plugins.some((pl) => p.unschedulablePlugins.has(pl.name) && pl.isSchedulableAfterNodeChange(p.pod, oldNode, node)),
  };
}

/** An assigned Pod went away (deleted, finished, or forgotten after a failed binding), or shrank. */
export function assignedPodEvent(s: Scheduler, label: string): ClusterEvent {
  const plugins = s.framework.filterPlugins.filter((p) => p.requeueOnAssignedPodDelete);
  return { label, plugins: new Set(plugins.map((p) => p.name)), hint: () => true };
}

function requestsShrank(oldPod: KObject, pod: KObject): boolean {
  const o = podResource(oldPod);
  const n = podResource(pod);
  return n.milliCPU < o.milliCPU || n.memory < o.memory || n.ephemeralStorage < o.ephemeralStorage;
}

/** NodeSchedulingPropertiesChange: which scheduling-relevant parts of a node changed. */
export function nodeSchedulingPropertiesChange(node: KObject, oldNode: KObject): NodeChange[] {
  const out = new Set<NodeChange>();
  const eq = (a: unknown, b: unknown) => canonicalJSON(a ?? null) === canonicalJSON(b ?? null);
  // Cordoning counts as a taint change (UpdateNodeTaint), as in the real scheduler.
  if (!!node.spec?.unschedulable !== !!oldNode.spec?.unschedulable) out.add('taints');
  if (!eq(node.status?.allocatable, oldNode.status?.allocatable)) out.add('allocatable');
  if (!eq(node.metadata.labels, oldNode.metadata.labels)) out.add('labels');
  if (!eq(node.spec?.taints, oldNode.spec?.taints)) out.add('taints');
  // nodeConditionsChanged: each condition's type and status, nothing else (not its order either).
  const conds = (n: KObject) => Object.fromEntries((n.status?.conditions ?? []).map((c: any) => [c.type, c.status]));
  if (!eq(conds(node), conds(oldNode))) out.add('conditions');
  if (!eq(node.metadata.annotations, oldNode.metadata.annotations)) out.add('annotations');
  return [...out];
}
