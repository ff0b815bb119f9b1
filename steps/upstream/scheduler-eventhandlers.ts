/**
 * Upstream's scheduler event handler tests (fixtures/upstream/scheduler-eventhandlers.json) on
 * the model's nodeSchedulingPropertiesChange: which Node updates are events that may make a
 * waiting Pod schedulable.
 */
import type { KObject } from '../../model/api/meta';
import { nodeSchedulingPropertiesChange } from '../../model/scheduler/eventhandlers';
import { failuresOf, same, upstreamTable } from './fixtures';

const FILE = 'scheduler-eventhandlers';

/** The model's name for the change each upstream event stands for. */
const CHANGE: Record<string, string> = {
  NodeSpecUnschedulableChange: 'taints',
  NodeAllocatableChange: 'allocatable',
  NodeLabelChange: 'labels',
  NodeTaintChange: 'taints',
  NodeConditionChange: 'conditions',
  NodeAnnotationChange: 'annotations',
};

/** st.MakeNode() with what the case sets. */
function makeNode(n: any): KObject {
  const status: any = {};
  if (n.capacity) (status.capacity = n.capacity), (status.allocatable = n.capacity);
  if (n.conditions) status.conditions = n.conditions;
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: '', ...(n.labels ? { labels: n.labels } : {}), ...(n.annotations ? { annotations: n.annotations } : {}) },
    spec: { ...(n.unschedulable !== undefined ? { unschedulable: n.unschedulable } : {}), ...(n.taints ? { taints: n.taints } : {}) },
    status,
  };
}

export const SCHEDULER_EVENTHANDLER_TABLES: Record<string, () => string[]> = {
  nodeSchedulingPropertiesChange: () =>
    failuresOf(upstreamTable(FILE, 'nodeSchedulingPropertiesChange'), (c) =>
      same(nodeSchedulingPropertiesChange(makeNode(c.new), makeNode(c.old)), [...new Set(c.want.map((e: string) => CHANGE[e]))]),
    ),
};
