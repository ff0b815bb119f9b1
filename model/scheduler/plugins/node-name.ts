import type { KObject } from '../../api/meta';
import { Code, Status, type CycleState, type FilterPlugin, type NodeChange } from '../framework/interface';
import type { NodeInfo, PodInfo } from '../framework/types';

/**
 * plugins/nodename: a Pod that names a node only fits that node. (Pods created with
 * spec.nodeName never reach the scheduling queue; the filter is there for completeness, as
 * in the default profile.)
 */
export const NAME = 'NodeName';

/** ErrReason. */
export const ERR_REASON = "node(s) didn't match the requested node name";

export function fits(pod: KObject, node: KObject): boolean {
  const want = pod.spec?.nodeName;
  return !want || want === node.metadata.name;
}

export class NodeName implements FilterPlugin {
  readonly name = NAME;
  readonly nodeEvents: ReadonlySet<NodeChange> = new Set<NodeChange>(['add']);

  filter(_state: CycleState, pod: PodInfo, node: NodeInfo): Status | null {
    return fits(pod.pod, node.node!) ? null : new Status(Code.UnschedulableAndUnresolvable, ERR_REASON);
  }

  isSchedulableAfterNodeChange(pod: KObject, _oldNode: KObject | undefined, newNode: KObject): boolean {
    return fits(pod, newNode);
  }
}
