/**
 * Upstream's kubelet tables (fixtures/upstream/kubelet.json) on the model's kubelet: the Pod phase
 * (getPhase) and the restart back-off (client-go's flowcontrol.Backoff), both pure functions of
 * their inputs and a fake clock.
 */
import { Backoff, goDuration } from '../../model/node/kubelet/backoff';
import { getPhase } from '../../model/node/kubelet/pod-status';
import { failuresOf, same, upstreamTable } from './fixtures';
import { KUBELET_CONDITIONS_TABLES } from './kubelet-conditions';
import { KUBELET_ENV_TABLES } from './kubelet-env';
import { KUBELET_IMAGES_TABLES } from './kubelet-images';
import { KUBELET_LOGS_TABLES } from './kubelet-logs';
import { KUBELET_NODE_CONDITIONS_TABLES } from './kubelet-node-conditions';
import { KUBELET_STATUS_MANAGER_TABLES } from './kubelet-status-manager';
import { KUBELET_NODE_STATUS_TABLES } from './kubelet-node-status';
import { KUBELET_SYNC_POD_TABLES } from './kubelet-sync-pod';
import { KUBELET_CONTAINER_STATUS_TABLES } from './kubelet-container-status';
import { KUBELET_PROBER_TABLES } from './kubelet-prober';
import { KUBELET_STATUS_TABLES } from './kubelet-status';
import { KUBELET_STATIC_PODS_TABLES } from './kubelet-static-pods';
import { KUBELET_LEASE_TABLES } from './kubelet-lease';
import { KUBELET_VOLUMES_TABLES } from './kubelet-volumes';
import { KUBELET_TOKENS_TABLES } from './kubelet-tokens';
import { KUBELET_PROJECTED_TABLES } from './kubelet-projected';
import { KUBELET_ENV_RESOURCES_TABLES } from './kubelet-env-resources';

const FILE = 'kubelet';

/** Upstream's status helpers: runningState, stoppedState, succeededState, failedState, waitingState, waitingStateWithLastTermination. */
function containerStatus(name: string, state: string): any {
  switch (state) {
    case 'running':
      return { name, state: { running: {} } };
    case 'stopped':
    case 'succeeded':
      return { name, state: { terminated: { exitCode: 0 } } };
    case 'failed':
      return { name, state: { terminated: { exitCode: -1 } } };
    case 'waiting':
      return { name, state: { waiting: {} } };
    case 'waitingWithLastTermination':
      return { name, state: { waiting: {} }, lastState: { terminated: { exitCode: 0 } } };
    case 'noState':
      return { name, state: {} };
    case 'noStateWithLastTermination':
      return { name, state: {}, lastState: { terminated: { exitCode: 0 } } };
  }
  throw new Error(`unknown container state ${state}`);
}

function phaseCase(c: any): string | undefined {
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { nodeName: 'machine', restartPolicy: c.restartPolicy, containers: (c.containers ?? ['containerA', 'containerB']).map((name: string) => ({ name })) } };
  const statuses = Object.entries(c.statuses).map(([name, state]) => containerStatus(name, state as string));
  return same(getPhase(pod, statuses, c.podIsTerminal), c.want);
}

function backoffCase(c: any): string | undefined {
  let now = 0;
  let mark = 0;
  const id = 'id';
  const b = new Backoff(() => now, c.initialMs, c.maxMs);
  for (const [i, op] of c.ops.entries()) {
    const at = `op ${i + 1} (t=${now}ms)`;
    if (op.step !== undefined) now += op.step;
    else if (op.at !== undefined) now = op.at;
    else if (op.next) b.next(id);
    else if (op.nextAt !== undefined) b.next(id, op.nextAt);
    else if (op.reset) b.reset(id);
    else if (op.gc) b.gc();
    else if (op.mark) mark = now;
    else if (op.found !== undefined) {
      if (b.has(id) !== op.found) return `${at}: entry found ${b.has(id)}, want ${op.found}`;
    } else if (op.inBackOffSince !== undefined) {
      const got = b.isInBackOffSince(id, op.inBackOffSince === 'mark' ? mark : now);
      if (got !== op.want) return `${at}: IsInBackOffSince ${got}, want ${op.want}`;
    } else if (op.inBackOffSinceUpdate !== undefined) {
      const got = b.isInBackOffSinceUpdate(id);
      if (got !== op.inBackOffSinceUpdate) return `${at}: IsInBackOffSinceUpdate ${got}, want ${op.inBackOffSinceUpdate}`;
      if (op.get !== undefined && b.get(id) !== op.get) return `${at}: Get ${b.get(id)}, want ${op.get}`;
    } else if (op.get !== undefined) {
      if (b.get(id) !== op.get) return `${at}: Get ${b.get(id)}, want ${op.get}`;
    } else throw new Error(`unknown op ${JSON.stringify(op)}`);
  }
  return undefined;
}

export const KUBELET_TABLES: Record<string, () => string[]> = {
  getPhase: () => failuresOf(upstreamTable(FILE, 'getPhase'), phaseCase),
  backoff: () => failuresOf(upstreamTable(FILE, 'backoff'), backoffCase),
  duration: () => failuresOf(upstreamTable(FILE, 'duration'), (c) => same(goDuration(c.ms), c.want)),
  ...KUBELET_ENV_TABLES,
  ...KUBELET_LOGS_TABLES,
  ...KUBELET_CONDITIONS_TABLES,
  ...KUBELET_IMAGES_TABLES,
  ...KUBELET_PROBER_TABLES,
  ...KUBELET_STATIC_PODS_TABLES,
  ...KUBELET_LEASE_TABLES,
  ...KUBELET_VOLUMES_TABLES,
  ...KUBELET_TOKENS_TABLES,
  ...KUBELET_PROJECTED_TABLES,
  ...KUBELET_ENV_RESOURCES_TABLES,
  ...KUBELET_STATUS_TABLES,
  ...KUBELET_NODE_CONDITIONS_TABLES,
  ...KUBELET_STATUS_MANAGER_TABLES,
  ...KUBELET_NODE_STATUS_TABLES,
  ...KUBELET_SYNC_POD_TABLES,
  ...KUBELET_CONTAINER_STATUS_TABLES,
};
