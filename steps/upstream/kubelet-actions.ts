/**
 * Upstream's TestComputePodActions (fixtures/upstream/kubelet-actions.json) on the model's
 * computePodActions: upstream's base Pod and runtime status, changed as each case says; and
 * TestShouldContainerBeRestarted on shouldContainerBeRestarted.
 */
import type { ContainerStatus, PodSandboxStatus } from '../../model/node/cri/api';
import { computePodActions, shouldContainerBeRestarted } from '../../model/node/kubelet/pod-actions';
import type { PodRuntimeState } from '../../model/node/kubelet/runtime-view';
import { failuresOf, same, upstreamTable } from './fixtures';

const NAMES = ['foo1', 'foo2', 'foo3'];
const STATES: Record<string, ContainerStatus['state']> = { running: 'CONTAINER_RUNNING', exited: 'CONTAINER_EXITED', created: 'CONTAINER_CREATED', unknown: 'CONTAINER_UNKNOWN' };

/** makeBasePodAndStatus, then the case's changes. */
function podAndStatus(c: any): { pod: any; state: PodRuntimeState } {
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { uid: '12345678', name: 'foo', namespace: 'foo-ns' }, spec: { ...(c.restartPolicy ? { restartPolicy: c.restartPolicy } : {}), ...(c.hostNetwork ? { hostNetwork: true } : {}), containers: NAMES.map((name) => ({ name, image: 'busybox' })) } };
  const sandboxes: PodSandboxStatus[] = [];
  if (c.sandbox !== null) {
    const s = c.sandbox ?? {};
    // A second ready sandbox, newer (the runtime view lists the newest first).
    if (c.readySandboxes === 2) sandboxes.push({ id: 'sandboxID2', metadata: { name: 'foo', namespace: 'foo-ns', uid: 'sandboxuid', attempt: 0 }, state: 'SANDBOX_READY', createdAt: 1, ip: '10.0.0.2', labels: {} });
    sandboxes.push({ id: 'sandboxID', metadata: { name: 'foo', namespace: 'foo-ns', uid: 'sandboxuid', attempt: s.attempt ?? 0 }, state: s.state ?? 'SANDBOX_READY', createdAt: 0, ip: s.ip ?? '10.0.0.1', labels: {} });
    // An older sandbox that is no longer ready (the runtime view lists it last).
    if (c.olderDeadSandbox) sandboxes.push({ id: 'sandboxID0', metadata: { name: 'foo', namespace: 'foo-ns', uid: 'sandboxuid', attempt: 0 }, state: 'SANDBOX_NOTREADY', createdAt: -1, ip: '', labels: {} });
  }
  const containers = new Map<string, ContainerStatus[]>();
  if (c.containers !== 'none')
    NAMES.forEach((name, i) => {
      const s = c.containers?.[name] ?? { state: 'running' };
      containers.set(name, [
        { id: `id${i + 1}`, podSandboxId: 'sandboxID', metadata: { name, attempt: 0 }, image: 'busybox', imageRef: '', imageId: '', labels: {}, state: STATES[s.state], createdAt: 0, startedAt: 0, finishedAt: 0, exitCode: s.exitCode ?? 0, reason: '' } as ContainerStatus,
      ]);
    });
  return { pod, state: { sandboxes, containers } };
}

function computePodActionsCase(c: any): string | undefined {
  const { pod, state } = podAndStatus(c);
  const a = computePodActions(pod, state);
  const got: any = { ...a, containersToKill: a.containersToKill.map((k) => k.id) };
  if (c.want.containersToKillMessages) got.containersToKillMessages = a.containersToKill.map((k) => k.message);
  return same(got, c.want);
}

/** TestShouldContainerBeRestarted: one container of upstream's Pod, under each restart policy. */
function shouldContainerBeRestartedCase(c: any): string | undefined {
  const statuses: any[] = JSON.parse(JSON.stringify(upstreamTable('kubelet-actions', 'shouldContainerBeRestartedStatuses')));
  // FindContainerStatusByName takes the first status with the name: the model's newest.
  const newest = statuses.find((s) => s.name === c.container);
  const status = newest && ({ id: newest.name, metadata: { name: newest.name, attempt: 0 }, state: STATES[newest.state], exitCode: newest.exitCode ?? 0 } as ContainerStatus);
  const got: Record<string, boolean> = {};
  for (const policy of Object.keys(c.want)) {
    const pod: any = { metadata: { uid: '12345678', name: 'foo', namespace: 'new', ...(c.deleted ? { deletionTimestamp: '2024-01-01T00:00:00Z' } : {}) }, spec: { restartPolicy: policy, containers: [{ name: c.container }] } };
    got[policy] = shouldContainerBeRestarted(pod, status);
  }
  return same(got, c.want);
}

export const KUBELET_ACTIONS_TABLES: Record<string, () => string[]> = {
  computePodActions: () => failuresOf(upstreamTable('kubelet-actions', 'computePodActions'), computePodActionsCase),
  shouldContainerBeRestarted: () => failuresOf(upstreamTable('kubelet-actions', 'shouldContainerBeRestarted'), shouldContainerBeRestartedCase),
};
