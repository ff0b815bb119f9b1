/**
 * Upstream's SyncPod tests (pkg/kubelet/kuberuntime/kuberuntime_manager_test.go and
 * pkg/kubelet/kubelet_test.go, release-1.32; fixtures/upstream/kubelet-sync-pod.json) on the
 * model's syncPod: a fake CRI runtime that answers at once and records each call, whose sandbox,
 * container creation or start a case can make fail; an image manager that fails the images a case
 * names; the restart back-off on a fake clock; a status manager that counts its writes; a recorder.
 * Pod foo in default (uid 12345678) with the case's containers, restart policy and hostNetwork.
 */
import { CriError, type ContainerStatus, type PodSandboxStatus } from '../../model/node/cri/api';
import { Backoff } from '../../model/node/kubelet/backoff';
import { PodWorker, syncRetryMs, type KubeletCore } from '../../model/node/kubelet/core';
import { Simulation } from '../../model/sim/simulation';
import { LABEL_POD_UID } from '../../model/node/kubelet/runtime-view';
import type { StatusManager } from '../../model/node/kubelet/status-manager';
import { syncPod } from '../../model/node/kubelet/sync-pod';
import { failuresOf, same, upstreamTable } from './fixtures';

const UID = '12345678';

function syncPodCase(c: any): string | undefined {
  let now = 1_000_000;
  let nextId = 0;
  const calls: string[] = [];
  const events: string[] = [];
  const sandboxes: PodSandboxStatus[] = [];
  const containers: ContainerStatus[] = [];
  const fail: Record<string, string | undefined> = {};
  let networkReady = true;
  const runtime: any = {
    name: 'containerd',
    status: () => [
      { type: 'RuntimeReady', status: true, reason: '', message: '' },
      { type: 'NetworkReady', status: networkReady, reason: '', message: '' },
    ],
    listPodSandbox: () => sandboxes.map((s) => ({ ...s })),
    listContainers: () => containers.map((x) => ({ ...x })),
    podSandboxStatus: (id: string) => sandboxes.find((s) => s.id === id),
    runPodSandbox: (config: any, cb: any) => {
      calls.push(`RunPodSandbox attempt=${config.metadata.attempt}`);
      if (fail.sandbox) return cb(new CriError('Unknown', fail.sandbox));
      const id = `sb${nextId++}`;
      sandboxes.push({ id, metadata: config.metadata, state: 'SANDBOX_READY', createdAt: now, ip: '10.244.1.5', labels: { [LABEL_POD_UID]: UID } });
      cb(undefined, id);
    },
    createContainer: (sandboxId: string, config: any, cb: any) => {
      const name = config.metadata.name;
      calls.push(`CreateContainer ${name} attempt=${config.metadata.attempt}`);
      if (fail.create === name) return cb(new CriError('Unknown', `failed to create ${name}`));
      const id = `c${nextId++}`;
      containers.push({ id, podSandboxId: sandboxId, metadata: config.metadata, image: '', imageRef: '', imageId: '', labels: { [LABEL_POD_UID]: UID }, state: 'CONTAINER_CREATED', createdAt: now, startedAt: 0, finishedAt: 0, exitCode: 0, reason: '' });
      cb(undefined, id);
    },
    startContainer: (id: string, cb: any) => {
      const ct = containers.find((x) => x.id === id)!;
      calls.push(`StartContainer ${ct.metadata.name}`);
      if (fail.start === ct.metadata.name) return cb(new CriError('Unknown', `failed to start ${ct.metadata.name}`));
      Object.assign(ct, { state: 'CONTAINER_RUNNING', startedAt: now });
      cb(undefined);
    },
  };
  let writes = 0;
  const status = { write: () => writes++ } as unknown as StatusManager;
  const core = {
    ctx: { client: {}, sim: { clock: { nowMs: () => now } }, proc: { schedule: () => undefined }, log: { info: () => undefined } },
    host: { config: { address: '172.18.0.3', capacity: { cpu: '2', memory: '4Gi', pods: '110', 'ephemeral-storage': '20Gi' } } },
    runtime,
    recorder: { event: (_pod: unknown, type: string, reason: string, message: string, fieldPath?: string) => events.push(`${type} ${reason}${fieldPath ? ` [${fieldPath}]` : ''}: ${message}`) },
    images: {
      ensure: (_pod: unknown, ct: any, _sb: unknown, cb: any) => {
        calls.push(`EnsureImage ${ct.image}`);
        if (fail.image === ct.image) return cb({ ok: false, reason: 'ErrImagePull', message: `failed to pull ${ct.image}` });
        cb({ ok: true });
      },
    },
    restartBackoff: new Backoff(() => now),
    podCIDR: () => '10.244.1.0/24',
  } as unknown as KubeletCore;
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'foo', namespace: 'default', uid: UID },
    spec: { nodeName: 'node-1', restartPolicy: c.restartPolicy ?? 'Always', ...(c.hostNetwork ? { hostNetwork: true } : {}), containers: c.containers.map((name: string) => ({ name, image: `${name}-image` })) },
  };
  const w = new PodWorker(pod);
  let result: string | undefined;
  for (const [i, op] of c.ops.entries()) {
    const where = `op ${i + 1} (${Object.keys(op)[0]})`;
    let p: string | undefined;
    if (op.sync) {
      result = 'pending';
      calls.length = 0;
      events.length = 0;
      writes = 0;
      syncPod(core, status, w, (failed) => (result = failed ? 'failed' : 'done'));
    } else if (op.networkReady !== undefined) networkReady = op.networkReady;
    else if (op.fail) Object.assign(fail, op.fail);
    else if (op.advance !== undefined) now += op.advance;
    else if (op.exit) {
      // The running containers named exit with that code; their sandbox stays (or dies: sandboxDies).
      for (const ct of containers) if (op.exit.includes(ct.metadata.name) && ct.state === 'CONTAINER_RUNNING') Object.assign(ct, { state: 'CONTAINER_EXITED', finishedAt: now, exitCode: op.exitCode ?? 1, reason: 'Error' });
      if (op.sandboxDies) for (const s of sandboxes) s.state = 'SANDBOX_NOTREADY';
    } else if (op.removed) w.removed = true;
    else if (op.delete) w.pod = { ...w.pod, metadata: { ...w.pod.metadata, deletionTimestamp: '2025-01-01T00:00:00Z' } };
    else if (op.calls !== undefined) p = same(calls, op.calls);
    else if (op.events !== undefined) p = same(events, op.events);
    else if (op.result !== undefined) p = same(result, op.result);
    else if (op.writes !== undefined) p = same(writes, op.writes);
    else if (op.reasons !== undefined) p = same(Object.fromEntries([...w.reasons].map(([k, v]) => [k, `${v.reason}: ${v.message}`])), op.reasons);
    else throw new Error(`unknown op ${JSON.stringify(op)}`);
    if (p) return `${where}: ${p}`;
  }
  return undefined;
}

/** The pod worker's wait after a failed sync, drawn `draws` times on a simulation of that seed: its least and greatest value, rounded down to the 500 ms. */
function retryCase(c: any): string | undefined {
  const core = { ctx: { sim: new Simulation(c.seed) } } as unknown as KubeletCore;
  const waits = Array.from({ length: c.draws }, () => syncRetryMs(core));
  const floor = (ms: number) => Math.floor(ms / 500) * 500;
  return same({ least: floor(Math.min(...waits)), greatest: floor(Math.max(...waits)) }, c.want);
}

export const KUBELET_SYNC_POD_TABLES: Record<string, () => string[]> = {
  syncPod: () => failuresOf(upstreamTable('kubelet-sync-pod', 'syncPod'), syncPodCase),
  podWorkerBackOff: () => failuresOf(upstreamTable('kubelet-sync-pod', 'podWorkerBackOff'), retryCase),
};
