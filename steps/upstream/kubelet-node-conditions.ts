/**
 * Upstream's nodestatus setters tests (fixtures/upstream/kubelet-node-conditions.json) on the
 * model's setReadyCondition and setPressureCondition: the Node's conditions after one call, and
 * the events it records.
 */
import { type NodeCondition, setPressureCondition, setReadyCondition } from '../../model/node/kubelet/node-conditions';
import { failuresOf, same, upstreamTable } from './fixtures';

const FILE = 'kubelet-node-conditions';
const NOW = '2026-01-01T00:00:01Z';
const BEFORE = '2026-01-01T00:00:00Z';
const WITH_CAPACITY = { cpu: '2', memory: '10G', pods: '100', 'ephemeral-storage': '5000' };

/** The Node's conditions before the call: each last updated `before`. */
const oldConditions = (c: any): NodeCondition[] =>
  (c.old ?? []).map((o: any) => ({ type: o.type, status: o.status, lastHeartbeatTime: BEFORE, lastTransitionTime: BEFORE, reason: o.reason ?? (o.type === 'Ready' ? (o.status === 'True' ? 'KubeletReady' : 'KubeletNotReady') : ''), message: o.message ?? '' }));

/** A condition as the table writes it: its times as 'now' or 'before'. */
const brief = (x: NodeCondition) => ({
  type: x.type,
  status: x.status,
  reason: x.reason,
  message: x.message,
  lastTransitionTime: x.lastTransitionTime === NOW ? 'now' : x.lastTransitionTime === BEFORE ? 'before' : x.lastTransitionTime,
  lastHeartbeatTime: x.lastHeartbeatTime === NOW ? 'now' : x.lastHeartbeatTime === BEFORE ? 'before' : x.lastHeartbeatTime,
});

function readyCase(c: any): string | undefined {
  const conditions = oldConditions(c);
  const e = c.errors ?? {};
  const capacity = c.capacity === undefined ? WITH_CAPACITY : (c.capacity ?? undefined);
  const events = setReadyCondition(conditions, capacity, [e.runtime, e.network, e.storage, e.shutdown], NOW);
  return same({ conditions: conditions.map(brief), events }, c.want);
}

function pressureCase(c: any): string | undefined {
  const conditions = oldConditions(c);
  const events = setPressureCondition(conditions, c.type, c.pressure, NOW);
  return same({ conditions: conditions.map(brief), events }, c.want);
}

export const KUBELET_NODE_CONDITIONS_TABLES: Record<string, () => string[]> = {
  readyCondition: () => failuresOf(upstreamTable(FILE, 'readyCondition'), readyCase),
  pressureCondition: () => failuresOf(upstreamTable(FILE, 'pressureCondition'), pressureCase),
};
