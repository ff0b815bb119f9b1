/**
 * Upstream's TestGenerateAPIPodStatusWithDifferentRestartPolicies (fixtures/upstream/
 * kubelet-status.json) on the model's generatePodStatus: which containers wait with the reason
 * cache's reason and which stay terminated; and TestGenerateAPIPodStatusWithReasonCache with the
 * rest of convertToAPIContainerStatuses: the last state, the old API status, unknown containers.
 */
import type { ContainerStatus } from '../../model/node/cri/api';
import { generatePodStatus } from '../../model/node/kubelet/pod-status';
import { rfc3339 } from '../../model/sim/clock';
import { failuresOf, same, upstreamTable } from './fixtures';

const exited = (name: string, exitCode: number, attempt: number): ContainerStatus =>
  ({ id: `${name}-${attempt}`, podSandboxId: 'sb', metadata: { name, attempt }, image: 'busybox', imageRef: '', labels: {}, state: 'CONTAINER_EXITED', createdAt: 0, startedAt: 0, finishedAt: 0, exitCode, reason: '' }) as unknown as ContainerStatus;

/** A container state as the table writes it: {terminated: exit code} or {waiting: reason}. */
function brief(state: any): any {
  if (state?.terminated) return { terminated: state.terminated.exitCode };
  if (state?.waiting) return { waiting: state.waiting.reason };
  return state;
}

function restartPolicyCase(c: any): string | undefined {
  const pod: any = { apiVersion: 'v1', kind: 'Pod', metadata: { uid: '12345678', name: 'foo', namespace: 'new', ...(c.deleted ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}) }, spec: { restartPolicy: c.restartPolicy, containers: [{ name: 'succeed' }, { name: 'failed' }] } };
  const containers = new Map([
    ['succeed', [exited('succeed', 0, 1), exited('succeed', 2, 0)]],
    ['failed', [exited('failed', 1, 1), exited('failed', 3, 0)]],
  ]);
  const reasons = new Map([
    ['succeed', { reason: 'test-error', message: '' }],
    ['failed', { reason: 'test-error', message: '' }],
  ]);
  const status = generatePodStatus(pod, '127.0.0.1', { containers, reasons, terminal: false, runtimeName: 'containerd' }, 0);
  const got = Object.fromEntries(status.containerStatuses.map((s: any) => [s.name, { state: brief(s.state), lastState: brief(s.lastState) }]));
  return same(got, c.want);
}

const CRI_STATES: Record<string, ContainerStatus['state']> = { running: 'CONTAINER_RUNNING', exited: 'CONTAINER_EXITED', created: 'CONTAINER_CREATED', unknown: 'CONTAINER_UNKNOWN' };

/** A state as TestGenerateAPIPodStatusWithReasonCache checks it; the runtime's own Completed/Error reason is not upstream's. */
function stateOf(state: any): any {
  if (state?.running) return { running: {} };
  if (state?.waiting) return { waiting: state.waiting.reason ?? '' };
  if (state?.terminated) {
    const { exitCode, reason, message } = state.terminated;
    return { terminated: { ...(exitCode !== undefined ? { exitCode } : {}), ...(reason && reason !== 'Completed' && reason !== 'Error' ? { reason } : {}), ...(message ? { message } : {}) } };
  }
  return {};
}

function reasonCacheCase(c: any): string | undefined {
  const pod: any = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { uid: '12345678', name: 'foo', namespace: 'new', ...(c.deleted ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}) },
    spec: { restartPolicy: c.restartPolicy ?? 'OnFailure', containers: c.containers.map((name: string) => ({ name })) },
    status: { containerStatuses: c.old },
  };
  // The runtime's statuses, newest first, as the model's runtime view lists them per name.
  const containers = new Map<string, ContainerStatus[]>();
  c.runtime.forEach((r: any, i: number) => {
    const cs = { id: `${r.name}-${i}`, podSandboxId: 'sb', metadata: { name: r.name, attempt: r.attempt ?? 0 }, image: 'busybox', imageRef: '', labels: {}, state: CRI_STATES[r.state], createdAt: 0, startedAt: 0, finishedAt: 0, exitCode: r.exitCode ?? 0, reason: '' } as unknown as ContainerStatus;
    containers.set(r.name, [...(containers.get(r.name) ?? []), cs]);
  });
  const reasons = new Map<string, { reason: string; message: string }>(c.reasons.map((name: string) => [name, { reason: 'test-error', message: '' }]));
  const status = generatePodStatus(pod, '127.0.0.1', { containers, reasons, terminal: !!c.terminal, runtimeName: 'containerd' }, 0);
  const got = Object.fromEntries(
    status.containerStatuses.map((s: any) => [s.name, { state: stateOf(s.state), lastState: stateOf(s.lastState), ...(c.want[s.name]?.restartCount !== undefined ? { restartCount: s.restartCount } : {}), ...(c.want[s.name]?.containerID !== undefined ? { containerID: s.containerID, lastContainerID: s.lastState.terminated?.containerID } : {}), ...(c.want[s.name]?.ready !== undefined ? { ready: s.ready, started: s.started } : {}) }]),
  );
  return same(got, c.want);
}

const NOW_MS = Date.UTC(2026, 0, 1, 0, 1, 0);

/** generateAPIPodStatus's rules on one running, ready container: conditions, IPs, start time, QoS. */
function podStatusCase(c: any): string | undefined {
  const pod: any = { apiVersion: 'v1', kind: 'Pod', metadata: { uid: '12345678', name: 'foo', namespace: 'new' }, spec: { containers: [{ name: 'c', image: 'busybox' }] }, status: c.old };
  const running = { id: 'c1', podSandboxId: 'sb', metadata: { name: 'c', attempt: 0 }, image: 'busybox', imageRef: '', labels: {}, state: 'CONTAINER_RUNNING', createdAt: 0, startedAt: 0, finishedAt: 0, exitCode: 0, reason: '' } as unknown as ContainerStatus;
  const sandbox: any = { id: 'sb', metadata: { name: 'foo', namespace: 'new', uid: '12345678', attempt: 0 }, state: c.sandbox.ready ? 'SANDBOX_READY' : 'SANDBOX_NOTREADY', createdAt: 0, ip: c.sandbox.ip, labels: {} };
  const status = generatePodStatus(pod, '172.18.0.3', { sandbox, containers: new Map([['c', [running]]]), reasons: new Map(), terminal: false, runtimeName: 'containerd' }, NOW_MS);
  const when = (t: string) => (t === rfc3339(NOW_MS) ? 'now' : t === '2026-01-01T00:00:00Z' ? 'before' : t);
  const got: any = { conditions: status.conditions.map((k: any) => ({ type: k.type, status: k.status, lastTransitionTime: when(k.lastTransitionTime), ...(k.reason ? { reason: k.reason } : {}) })) };
  for (const f of ['podIP', 'podIPs', 'hostIPs']) if (status[f] !== undefined) got[f] = status[f];
  got.startTime = when(status.startTime);
  got.qosClass = status.qosClass;
  return same(got, c.want);
}

export const KUBELET_STATUS_TABLES: Record<string, () => string[]> = {
  restartPolicies: () => failuresOf(upstreamTable('kubelet-status', 'restartPolicies'), restartPolicyCase),
  reasonCache: () => failuresOf(upstreamTable('kubelet-status', 'reasonCache'), reasonCacheCase),
  podStatus: () => failuresOf(upstreamTable('kubelet-status', 'podStatus'), podStatusCase),
};
