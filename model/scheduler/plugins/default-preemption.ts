import type { KObject } from '../../api/meta';
import { Code, Status } from '../framework/interface';
import { NodeInfo, newPodInfo } from '../framework/types';
import { fitErrorMessage } from '../framework/fit-error';
import { fitsRequest } from './node-resources-fit';

/**
 * plugins/defaultpreemption, as a PostFilter that only explains itself: the model evicts no
 * Pods, but the FailedScheduling message carries the preemption verdict real clusters print.
 * Nodes a filter rejected as UnschedulableAndUnresolvable are "not helpful"; on the others,
 * preemption needs lower-priority Pods to evict.
 */
export const NAME = 'DefaultPreemption';

export const PREEMPTION_NOT_HELPFUL = 'Preemption is not helpful for scheduling';
export const NO_VICTIMS = 'No preemption victims found for incoming pod';

/** PodEligibleToPreemptOthers' refusal for preemptionPolicy: Never. */
export const NOT_ELIGIBLE_NEVER = 'not eligible due to preemptionPolicy=Never.';

function priorityOf(pod: KObject): number {
  return pod.spec?.priority ?? 0;
}

/**
 * selectVictimsOnNode's verdict: with no lower-priority Pods there is nothing to evict; if
 * the Pod would still not fit with all of them gone, the filter's reasons stand. Where
 * evicting them would make room, real preemption nominates victims: the model evicts
 * nothing and reports that no victims were found.
 */
function selectVictimsOnNode(pod: KObject, node: NodeInfo): Status {
  const p = priorityOf(pod);
  const free = new NodeInfo(node.name);
  free.setNode(node.node!);
  let victims = 0;
  for (const pi of node.pods.values()) {
    if (priorityOf(pi.pod) < p) victims++;
    else free.addPod(pi);
  }
  if (victims === 0) return new Status(Code.UnschedulableAndUnresolvable, NO_VICTIMS);
  const still = fitsRequest(newPodInfo(pod).requests, free);
  if (still.length) return new Status(Code.Unschedulable, ...still.map((i) => i.reason));
  return new Status(Code.UnschedulableAndUnresolvable, NO_VICTIMS);
}

/**
 * The PostFilter status message, "preemption: 0/N nodes are available: ...". `nodes` are all
 * nodes of the snapshot, `statuses` the filter verdicts (every node, as the Pod fit none).
 */
export function postFilterMessage(pod: KObject, nodes: NodeInfo[], statuses: Map<string, Status>): string {
  if (pod.spec?.preemptionPolicy === 'Never') return 'preemption: ' + NOT_ELIGIBLE_NEVER;
  const verdicts = new Map<string, Status>();
  for (const n of nodes) {
    const s = statuses.get(n.name);
    if (!s || s.code === Code.UnschedulableAndUnresolvable) {
      verdicts.set(n.name, new Status(Code.UnschedulableAndUnresolvable, PREEMPTION_NOT_HELPFUL));
      continue;
    }
    verdicts.set(n.name, selectVictimsOnNode(pod, n));
  }
  return 'preemption: ' + fitErrorMessage(nodes.length, { nodeToStatus: verdicts }, '');
}
