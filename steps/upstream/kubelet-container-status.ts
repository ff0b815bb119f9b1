/**
 * Upstream's convertToAPIContainerStatuses field by field (fixtures/upstream/
 * kubelet-container-status.json) on the model's generatePodStatus: Pod foo with the case's
 * containers (name, image, volumeMounts) and one runtime status per container (state, exit code,
 * reason, message, times in seconds after 2025-01-01T00:00:00Z); the table reads back each
 * container's API status, or the fields it names.
 */
import type { ContainerStatus } from '../../model/node/cri/api';
import { generatePodStatus } from '../../model/node/kubelet/pod-status';
import { failuresOf, same, upstreamTable } from './fixtures';

const T0 = Date.parse('2025-01-01T00:00:00Z');
const CRI_STATES: Record<string, string> = { running: 'CONTAINER_RUNNING', exited: 'CONTAINER_EXITED', created: 'CONTAINER_CREATED' };

function containerStatusCase(c: any): string | undefined {
  const pod: any = { apiVersion: 'v1', kind: 'Pod', metadata: { uid: '12345678', name: 'foo', namespace: 'new' }, spec: { restartPolicy: 'Never', containers: c.containers } };
  const containers = new Map<string, ContainerStatus[]>();
  for (const r of c.runtime) {
    const cs = {
      id: `${r.name}-id`,
      podSandboxId: 'sb',
      metadata: { name: r.name, attempt: r.attempt ?? 0 },
      image: r.image ?? 'docker.io/library/busybox:latest',
      imageRef: r.imageRef ?? '',
      labels: {},
      state: CRI_STATES[r.state],
      createdAt: T0,
      startedAt: r.startedAt === undefined ? 0 : T0 + r.startedAt * 1000,
      finishedAt: r.finishedAt === undefined ? 0 : T0 + r.finishedAt * 1000,
      exitCode: r.exitCode ?? 0,
      reason: r.reason ?? '',
      ...(r.message ? { message: r.message } : {}),
    } as unknown as ContainerStatus;
    containers.set(r.name, [cs]);
  }
  const status = generatePodStatus(pod, '172.18.0.3', { containers, reasons: new Map(), terminal: false, runtimeName: c.runtimeName ?? 'containerd' }, T0 + 60_000);
  const got = Object.fromEntries(
    status.containerStatuses.map((s: any) => [s.name, c.fields ? Object.fromEntries(c.fields.map((f: string) => [f, s[f] ?? null])) : s]),
  );
  return same(got, c.want);
}

export const KUBELET_CONTAINER_STATUS_TABLES: Record<string, () => string[]> = {
  containerStatus: () => failuresOf(upstreamTable('kubelet-container-status', 'containerStatus'), containerStatusCase),
};
