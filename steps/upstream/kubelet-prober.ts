/**
 * Upstream's prober worker tests (fixtures/upstream/kubelet-prober.json) on the model's
 * ProbeManager: a fake kubelet core whose runtime has one running container and whose exec
 * answers as the step says; each step runs the probe's worker for one period.
 */
import { LABEL_CONTAINER_NAME, LABEL_POD_UID } from '../../model/node/kubelet/runtime-view';
import { ProbeManager } from '../../model/node/kubelet/prober-manager';
import type { KubeletCore } from '../../model/node/kubelet/core';
import { failuresOf, same, upstreamTable } from './fixtures';

const FIELD: Record<string, string> = { liveness: 'livenessProbe', readiness: 'readinessProbe', startup: 'startupProbe' };

function probeWorkerCase(c: any): string | undefined {
  let now = 0;
  let answer = 'success';
  const pending: (() => void)[] = [];
  const events: string[] = [];
  const kills: number[] = [];
  const uid = 'pod-uid';
  const container = { name: 'c', image: 'busybox', [FIELD[c.type]]: { exec: { command: ['check'] }, ...c.probe } };
  const pod: any = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', uid }, spec: { containers: [container] }, status: { phase: 'Running' } };
  const runtime = {
    listPodSandbox: () => [{ id: 'sb', labels: { [LABEL_POD_UID]: uid }, state: 'SANDBOX_READY', ip: '10.0.0.1', createdAt: 0, metadata: { name: 'p', namespace: 'default', uid, attempt: 0 } }],
    listContainers: () => [{ id: 'cid', podSandboxId: 'sb', labels: { [LABEL_POD_UID]: uid, [LABEL_CONTAINER_NAME]: 'c' }, metadata: { name: 'c', attempt: 0 }, state: 'CONTAINER_RUNNING', createdAt: 0, startedAt: 0 }],
    stopContainer: (_id: string, grace: number) => kills.push(grace),
  };
  const server = { exec: () => (answer === 'success' ? { stdout: '', stderr: '', code: 0 } : { stdout: 'boom\n', stderr: '', code: 1 }) };
  const core = {
    runtime,
    recorder: { event: (_o: unknown, type: string, reason: string, message: string) => events.push(`${type} ${reason} ${message}`) },
    host: { name: 'node' },
    ctx: { sim: { clock: { nowMs: () => now } }, proc: { running: true, schedule: (_ms: number, _what: string, fn: () => void) => pending.push(fn) }, client: { server: { kubelets: new Map([['node', server]]) } }, log: { info: () => {} } },
  } as unknown as KubeletCore;
  const m = new ProbeManager(core, () => {});
  m.update(pod);
  for (const [i, step] of c.steps.entries()) {
    if (step.at !== undefined) {
      now = step.at;
      continue;
    }
    answer = step.probe;
    const tick = pending.shift();
    if (!tick) return `step ${i + 1}: the worker is not scheduled`;
    tick();
    const seen: any = {};
    if ('ready' in step) seen.ready = m.ready(uid, 'c');
    if ('started' in step) seen.started = m.started(uid, 'c');
    if ('killed' in step) seen.killed = kills.length;
    if ('grace' in step) seen.grace = kills[kills.length - 1];
    if ('unhealthy' in step) seen.unhealthy = events.filter((e) => e.includes(' Unhealthy ')).length;
    if ('events' in step) seen.events = [...events];
    const want = Object.fromEntries(Object.keys(seen).map((k) => [k, step[k]]));
    const problem = same(seen, want);
    if (problem) return `step ${i + 1}: ${problem}`;
  }
  return undefined;
}

export const KUBELET_PROBER_TABLES: Record<string, () => string[]> = {
  probeWorker: () => failuresOf(upstreamTable('kubelet-prober', 'probeWorker'), probeWorkerCase),
};
