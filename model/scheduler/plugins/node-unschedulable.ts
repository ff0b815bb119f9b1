import type { KObject } from '../../api/meta';
import { mutant } from '../../sim/mutants';
import { Code, Status, type CycleState, type FilterPlugin, type NodeChange } from '../framework/interface';
import type { NodeInfo, PodInfo } from '../framework/types';
import { tolerationsTolerateTaint } from '../../componenthelpers/scheduling/corev1/helpers';

/** plugins/nodeunschedulable: keeps Pods off cordoned nodes (spec.unschedulable). */
export const NAME = 'NodeUnschedulable';

/** ErrReasonUnschedulable. */
export const ERR_REASON_UNSCHEDULABLE = 'node(s) were unschedulable';

/** A Pod that tolerates the unschedulable taint also tolerates spec.unschedulable (DaemonSet Pods do). */
export function fits(pod: KObject, node: KObject): boolean {
  if (!node.spec?.unschedulable || mutant('scheduler-ignores-unschedulable')) return true;
  return tolerationsTolerateTaint(pod.spec?.tolerations, { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' });
}

export class NodeUnschedulable implements FilterPlugin {
  readonly name = NAME;
  readonly nodeEvents: ReadonlySet<NodeChange> = new Set<NodeChange>(['add', 'taints']);

  filter(_state: CycleState, pod: PodInfo, node: NodeInfo): Status | null {
    return fits(pod.pod, node.node!) ? null : new Status(Code.UnschedulableAndUnresolvable, ERR_REASON_UNSCHEDULABLE);
  }

  isSchedulableAfterNodeChange(pod: KObject, oldNode: KObject | undefined, newNode: KObject): boolean {
    return fits(pod, newNode) && (!oldNode || !fits(pod, oldNode));
  }
}
