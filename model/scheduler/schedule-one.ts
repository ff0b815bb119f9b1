import type { KObject } from '../api/meta';
import { StatusError } from '../api/status';
import { ERR_NO_NODES_AVAILABLE, fitErrorMessage } from './framework/fit-error';
import { Code, Status, type CycleState } from './framework/interface';
import { newPodInfo, type NodeInfo } from './framework/types';
import { assignedPodEvent } from './eventhandlers';
import { kobj } from './logging';
import { postFilterMessage } from './plugins/default-preemption';
import type { QueuedPodInfo } from './queue/queued-pod-info';
import { findNodesThatFitPod, selectHost, type ScheduleResult } from './schedule-pod';
import { preBindVolumes, preFilterVolumeBinding } from './plugins/volumebinding';
import type { Scheduler } from './scheduler';

/** Virtual time a scheduling cycle (snapshot, filter, score) takes. */
export const SCHEDULING_CYCLE_MS = 2;
/** Virtual time from assume to the bind request (the binding cycle's goroutine starting). */
export const BINDING_DELAY_MS = 1;

/** validation.NoteLengthLimit: an Event's note is cut to 1024 bytes. */
const NOTE_LENGTH_LIMIT = 1024;

/** The outcome of a failed cycle: a rejection (FitError, no nodes) or an error. */
interface Failure {
  rejected: boolean;
  message: string;
  fitError: boolean;
  unschedulablePlugins: Set<string>;
}

/**
 * ScheduleOne: pops the next Pod; its scheduling cycle ends a few milliseconds later with a
 * host assumed in the cache, and the binding cycle then runs on its own while the next Pod
 * is already being scheduled.
 */
export function scheduleOne(s: Scheduler): void {
  const pInfo = s.queue.pop();
  if (!pInfo) return s.next();
  if (skipPodSchedule(s, pInfo.pod)) {
    s.queue.done(pInfo.pod);
    return s.next();
  }
  const podCycle = s.queue.schedulingCycle;
  s.ctx.proc.schedule(SCHEDULING_CYCLE_MS, `scheduling cycle ${kobj(pInfo.pod)}`, () => {
    schedulingCycle(s, pInfo, podCycle);
    s.next();
  });
}

/** skipPodSchedule: a terminating Pod is not scheduled; an assumed one already was. */
function skipPodSchedule(s: Scheduler, pod: KObject): boolean {
  if (pod.metadata.deletionTimestamp) {
    s.recorder.eventf(pod, 'Warning', 'FailedScheduling', 'Scheduling', `skip schedule deleting pod: ${pod.metadata.namespace}/${pod.metadata.name}`);
    s.log.info(3, 'schedule_one.go:438', 'Skip schedule deleting pod', { pod: kobj(pod) });
    return true;
  }
  return s.cache.isAssumedPod(pod);
}

function schedulingCycle(s: Scheduler, pInfo: QueuedPodInfo, podCycle: number): void {
  const pod = pInfo.pod;
  // Deleted or bound by someone else while popped: the real cycle starts the instant it pops,
  // so it would hardly ever see this window; here it lasts a few milliseconds.
  const current = s.podInformer.getByName(pod.metadata.namespace, pod.metadata.name!);
  if (!current || current.metadata.uid !== pod.metadata.uid || current.spec?.nodeName) return s.queue.done(pod);
  const state: CycleState = new Map();
  try {
    preFilterVolumeBinding(s.ctx.client, state, pod);
  } catch (e) {
    // The model reads claims from the API, not from listers: a failed read is a PreFilter error,
    // which sends the Pod to the back-off queue like any scheduling error.
    if (!(e instanceof StatusError)) throw e;
    return handleSchedulingFailure(s, pInfo, { rejected: false, message: `running PreFilter plugin "VolumeBinding": ${e.message}`, fitError: false, unschedulablePlugins: new Set() }, podCycle);
  }
  const pi = newPodInfo(pod);
  const nodes = s.cache.nodeList();
  if (nodes.length === 0) {
    return handleSchedulingFailure(s, pInfo, { rejected: true, message: ERR_NO_NODES_AVAILABLE, fitError: false, unschedulablePlugins: new Set() }, podCycle);
  }
  const pre = s.framework.runPreFilterPlugins(state, pi);
  if (pre.status) {
    if (!pre.status.isRejected()) return handleSchedulingFailure(s, pInfo, { rejected: false, message: pre.status.message(), fitError: false, unschedulablePlugins: new Set() }, podCycle);
    // A FitError without filtering: every node has the PreFilter's status, and its message is
    // printed once; PostFilter still runs.
    const unschedulablePlugins = new Set(pre.pluginsWithNodes);
    if (pre.status.plugin) unschedulablePlugins.add(pre.status.plugin);
    const post = postFilterMessage(pod, nodes, new Map(nodes.map((n) => [n.name, pre.status!])));
    const message = fitErrorMessage(nodes.length, { nodeToStatus: new Map(), preFilterMsg: pre.status.message() }, post);
    return handleSchedulingFailure(s, pInfo, { rejected: true, message, fitError: true, unschedulablePlugins }, podCycle);
  }
  // A PreFilterResult: only the nodes it names (and the snapshot has) are filtered; every other
  // node counts as rejected by the plugins that narrowed them.
  const candidates = pre.nodeNames ? narrowedNodes(s, nodes, pre.nodeNames) : nodes;
  const { feasible, diagnosis, processed } = findNodesThatFitPod(s.framework, state, pi, candidates, s.nextStartNodeIndex, pre.filters);
  for (const p of pre.pluginsWithNodes) diagnosis.unschedulablePlugins.add(p);
  s.nextStartNodeIndex = (s.nextStartNodeIndex + processed) % nodes.length;
  if (feasible.length === 0) {
    const absentNodesStatus = pre.nodeNames ? new Status(Code.UnschedulableAndUnresolvable, `node(s) didn't satisfy plugin(s) [${[...pre.pluginsWithNodes].sort().join(' ')}]`) : undefined;
    // PostFilter (DefaultPreemption) runs on a FitError and adds its verdict to the message.
    const post = postFilterMessage(pod, nodes, diagnosis.nodeToStatus);
    const message = fitErrorMessage(nodes.length, { nodeToStatus: diagnosis.nodeToStatus, absentNodesStatus }, post);
    return handleSchedulingFailure(s, pInfo, { rejected: true, message, fitError: true, unschedulablePlugins: diagnosis.unschedulablePlugins }, podCycle);
  }
  const result: ScheduleResult = { suggestedHost: '', evaluatedNodes: feasible.length + diagnosis.nodeToStatus.size, feasibleNodes: feasible.length };
  // With one feasible node there is nothing to score.
  if (feasible.length === 1) result.suggestedHost = feasible[0].name;
  else {
    const scores = s.framework.runScorePlugins(state, pi, feasible);
    if (scores instanceof Status) return handleSchedulingFailure(s, pInfo, { rejected: false, message: scores.message(), fitError: false, unschedulablePlugins: new Set() }, podCycle);
    result.suggestedHost = selectHost(scores, s.ctx.sim.rng);
  }

  // assume: count the Pod on its node now, so the next cycle sees the room as taken.
  // Upstream deep-copies the Pod to set spec.nodeName on its own copy; informer objects are
  // shared and read-only here, so a new object with a new spec is the same thing, uncopied.
  const assumed: KObject = { ...pod, spec: { ...pod.spec, nodeName: result.suggestedHost } };
  try {
    s.cache.assumePod(assumed, pi);
  } catch (e) {
    return handleSchedulingFailure(s, pInfo, { rejected: false, message: (e as Error).message, fitError: false, unschedulablePlugins: new Set() }, podCycle);
  }
  // PreBind (VolumeBinding) may wait for the Pod's claims to be bound before DefaultBinder binds it.
  const bind = () => bindingCycle(s, pInfo, assumed, result, podCycle);
  const preBind = () => preBindVolumes(s.ctx.client, (ms, fn) => s.ctx.proc.schedule(ms, `volume binding ${kobj(pod)}`, fn), assumed, result.suggestedHost, bind, (m) => handleBindingCycleError(s, pInfo, assumed, m, podCycle));
  s.ctx.proc.schedule(BINDING_DELAY_MS, `binding cycle ${kobj(pod)}`, preBind);
}

/**
 * The nodes a PreFilterResult names that the snapshot has (a name may be of no node). One name,
 * the usual case (a daemon Pod pinned to its node), is looked up; several keep the node list's
 * order, where upstream ranges over a set.
 */
function narrowedNodes(s: Scheduler, nodes: NodeInfo[], names: ReadonlySet<string>): NodeInfo[] {
  if (names.size === 1) {
    const ni = s.cache.getNodeInfo(names.values().next().value!);
    return ni?.node ? [ni] : [];
  }
  return nodes.filter((n) => names.has(n.name));
}

/** bindingCycle: DefaultBinder's pods/binding call, then the Scheduled event. */
function bindingCycle(s: Scheduler, pInfo: QueuedPodInfo, assumed: KObject, result: ScheduleResult, podCycle: number): void {
  const ns = assumed.metadata.namespace!;
  const name = assumed.metadata.name!;
  s.log.info(3, 'default_binder.go:53', 'Attempting to bind pod to node', { logger: 'Bind.DefaultBinder', pod: kobj(assumed), node: result.suggestedHost });
  try {
    s.ctx.client.bind(ns, name, result.suggestedHost);
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    s.cache.finishBinding(assumed);
    // RunBindPlugins wraps a binder's error with the plugin's name.
    s.log.error('framework.go:1218', e, 'Plugin Failed', { plugin: 'DefaultBinder', pod: kobj(assumed), node: result.suggestedHost });
    return handleBindingCycleError(s, pInfo, assumed, `running Bind plugin "DefaultBinder": ${e.message}`, podCycle);
  }
  s.cache.finishBinding(assumed);
  s.log.info(5, 'cache.go:389', 'Finished binding for pod, can be expired', { podKey: assumed.metadata.uid, pod: kobj(assumed) });
  s.log.info(2, 'schedule_one.go:314', 'Successfully bound pod to node', { pod: kobj(assumed), node: result.suggestedHost, evaluatedNodes: result.evaluatedNodes, feasibleNodes: result.feasibleNodes });
  s.recorder.eventf(assumed, 'Normal', 'Scheduled', 'Binding', `Successfully assigned ${ns}/${name} to ${result.suggestedHost}`);
  s.queue.done(assumed);
}

/**
 * handleBindingCycleError: forget the assumed Pod (its room is free again, which is news to
 * other waiting Pods, as a deleted Pod would be) and retry it after a back-off.
 */
function handleBindingCycleError(s: Scheduler, pInfo: QueuedPodInfo, assumed: KObject, message: string, podCycle: number): void {
  try {
    s.cache.forgetPod(assumed);
    s.queue.moveAllToActiveOrBackoffQueue(assignedPodEvent(s, 'AssignedPodDelete'), (p) => p.pod.metadata.uid !== assumed.metadata.uid);
  } catch (e) {
    s.log.error('schedule_one.go:1002', e, 'scheduler cache ForgetPod failed');
  }
  handleSchedulingFailure(s, pInfo, { rejected: false, message, fitError: false, unschedulablePlugins: new Set() }, podCycle);
}

/**
 * handleSchedulingFailure: log, requeue (unschedulablePods for a rejection, backoffQ for an
 * error) with the informer's latest version of the Pod, record FailedScheduling, and set the
 * PodScheduled condition to False.
 */
function handleSchedulingFailure(s: Scheduler, pInfo: QueuedPodInfo, f: Failure, podCycle: number): void {
  const pod = pInfo.pod;
  const reason = f.rejected ? 'Unschedulable' : 'SchedulerError';
  if (f.rejected && !f.fitError) s.log.info(2, 'schedule_one.go:1051', 'Unable to schedule pod; no nodes are registered to the cluster; waiting', { pod: kobj(pod) });
  else if (f.fitError) s.log.info(2, 'schedule_one.go:1055', 'Unable to schedule pod; no fit; waiting', { pod: kobj(pod), err: f.message });
  else s.log.error('schedule_one.go:1058', f.message, 'Error scheduling pod; retrying', { pod: kobj(pod) });

  const cached = s.podInformer.getByName(pod.metadata.namespace, pod.metadata.name!);
  if (!cached || cached.metadata.uid !== pod.metadata.uid) {
    s.log.info(0, 'schedule_one.go:1069', "Pod doesn't exist in informer cache", { pod: kobj(pod), err: `pod "${pod.metadata.name}" not found` });
    s.queue.done(pod);
  } else if (cached.spec?.nodeName) {
    s.log.info(0, 'schedule_one.go:1076', 'Pod has been assigned to node. Abort adding it back to queue.', { pod: kobj(pod), node: cached.spec.nodeName });
    s.queue.done(pod);
  } else {
    pInfo.pod = cached;
    pInfo.unschedulablePlugins = f.unschedulablePlugins;
    s.queue.addUnschedulableIfNotPresent(pInfo, podCycle);
  }

  s.recorder.eventf(pod, 'Warning', 'FailedScheduling', 'Scheduling', truncateMessage(f.message));
  updatePodScheduledCondition(s, pod, reason, f.message);
}

function truncateMessage(message: string): string {
  if (Buffer.byteLength(message) <= NOTE_LENGTH_LIMIT) return message;
  const suffix = ' ...';
  return Buffer.from(message).subarray(0, NOTE_LENGTH_LIMIT - suffix.length).toString() + suffix;
}

/**
 * updatePod: podutil.UpdatePodCondition on the Pod the cycle saw (keeping lastTransitionTime
 * when the status is unchanged; no write when nothing changed), sent as a strategic merge
 * patch of pods/status, as util.PatchPodStatus does.
 */
function updatePodScheduledCondition(s: Scheduler, pod: KObject, reason: string, message: string): void {
  const now = s.ctx.sim.clock.nowRFC3339();
  const old = (pod.status?.conditions ?? []).find((c: any) => c.type === 'PodScheduled');
  const cond = { type: 'PodScheduled', status: 'False', lastProbeTime: null, lastTransitionTime: now, reason, message };
  if (old && old.status === cond.status) cond.lastTransitionTime = old.lastTransitionTime;
  if (old && old.status === cond.status && old.reason === reason && old.message === message && (old.lastProbeTime ?? null) === null) return;
  s.log.info(3, 'schedule_one.go:1118', 'Updating pod condition', { pod: kobj(pod), conditionType: 'PodScheduled', conditionStatus: 'False', conditionReason: reason });
  try {
    // The item merges into the old condition by its type, the conditions list's merge key (a
    // `$patch: replace` item would replace the whole list with nothing: no condition at all).
    s.ctx.client.patch('pods', pod.metadata.namespace, pod.metadata.name!, 'strategic', { status: { conditions: [cond] } }, { subresource: 'status' });
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    s.log.error('schedule_one.go:1095', e, 'Error updating pod', { pod: kobj(pod) });
  }
}
