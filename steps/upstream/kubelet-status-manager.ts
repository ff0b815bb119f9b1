/**
 * Upstream's status manager tests (pkg/kubelet/status/status_manager_test.go, release-1.32;
 * fixtures/upstream/kubelet-status-manager.json) on the model's StatusManager, against an API
 * server of its own (FakeControlPlane) and a runtime that shows one running container: which
 * writes reach pods/status, and what happens when the Pod changed, went away or came back.
 */
import { type KObject } from '../../model/api/meta';
import { StatusError } from '../../model/api/status';
import { PodWorker, type KubeletCore } from '../../model/node/kubelet/core';
import { LABEL_POD_UID } from '../../model/node/kubelet/runtime-view';
import { CONFIG_MIRROR, CONFIG_SOURCE } from '../../model/node/kubelet/static-pods';
import { StatusManager } from '../../model/node/kubelet/status-manager';
import { failuresOf, upstreamTable } from './fixtures';
import { FakeControlPlane } from './harness';

const POD: KObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'foo', namespace: 'default' }, spec: { nodeName: 'node-1', containers: [{ name: 'c', image: 'busybox' }] } };

function statusManagerCase(c: any): string | undefined {
  const cp = new FakeControlPlane();
  const ctx = cp.component('kubelet');
  // static: the worker's Pod is a static Pod (from a file, never in the API); the API has its mirror Pod.
  const STATIC: KObject = { ...POD, metadata: { ...POD.metadata, uid: 'static-uid', annotations: { [CONFIG_SOURCE]: 'file' } } };
  const created = cp.create('pods', c.static ? { ...POD, metadata: { ...POD.metadata, annotations: { [CONFIG_SOURCE]: 'file', [CONFIG_MIRROR]: 'static-uid' } } } : POD);
  let w = new PodWorker(c.static ? STATIC : created);
  let exited = false;
  // The runtime's view of the Pod the worker is for: a ready sandbox and one running container.
  const runtime: any = {
    name: 'containerd',
    listPodSandbox: () => [{ id: 'sb', metadata: { name: 'foo', namespace: 'default', uid: w.uid, attempt: 0 }, state: 'SANDBOX_READY', createdAt: 0, ip: '10.244.1.5', labels: { [LABEL_POD_UID]: w.uid } }],
    listContainers: () => [{ id: 'c1', podSandboxId: 'sb', metadata: { name: 'c', attempt: 0 }, image: 'busybox', imageRef: '', labels: { [LABEL_POD_UID]: w.uid }, state: exited ? 'CONTAINER_EXITED' : 'CONTAINER_RUNNING', createdAt: 0, startedAt: 0, finishedAt: 0, exitCode: exited ? 1 : 0, reason: exited ? 'Error' : '' }],
  };
  const mirrors = {
    get: (p: KObject) => {
      const m = cp.admin.tryGet('pods', 'default', 'foo');
      return m && m.metadata.annotations?.[CONFIG_MIRROR] === p.metadata.uid && !m.metadata.deletionTimestamp ? m : undefined;
    },
  };
  const core = { ctx, host: { config: { address: '172.18.0.3' } }, runtime, ...(c.static ? { mirrors } : {}) } as unknown as KubeletCore;
  // apiError / conflict: the next status writes fail with a 500 / a 409 before they reach the API server.
  let apiErrors = 0;
  let errorCode = 500;
  const updateStatus = ctx.client.updateStatus.bind(ctx.client);
  ctx.client.updateStatus = (...args: Parameters<typeof updateStatus>) => {
    if (apiErrors > 0) {
      apiErrors--;
      throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: errorCode, reason: ({ 404: 'NotFound', 409: 'Conflict' } as Record<number, string>)[errorCode] ?? 'InternalError', message: 'injected' } as any);
    }
    return updateStatus(...args);
  };
  const status = new StatusManager(core);
  const writes = () => cp.verbsOn('pods').filter((v) => v === 'update/status').length;
  for (const [i, op] of c.ops.entries()) {
    const at = `op ${i + 1} (${Object.keys(op)[0]})`;
    if (op.write) status.write(w);
    else if (op.otherWriter) {
      // Another writer (the node lifecycle controller) marks the Pod not ready.
      const cur = cp.admin.get('pods', 'default', 'foo');
      cur.status.conditions = cur.status.conditions.map((k: any) => (k.type === 'Ready' ? { ...k, status: 'False', reason: 'NodeNotReady' } : k));
      cp.admin.updateStatus('pods', 'default', cur);
    } else if (op.label) {
      // Someone else changes the Pod: the worker's copy is stale (a conflict on its next write).
      const cur = cp.admin.get('pods', 'default', 'foo');
      cp.admin.update('pods', 'default', { ...cur, metadata: { ...cur.metadata, labels: { changed: 'yes' } } });
    } else if (op.delete) cp.admin.delete('pods', 'default', 'foo', { gracePeriodSeconds: 0 });
    else if (op.recreate) {
      cp.admin.delete('pods', 'default', 'foo', { gracePeriodSeconds: 0 });
      cp.create('pods', POD);
    } else if (op.advance !== undefined) cp.advance(op.advance);
    else if (op.writes !== undefined) {
      if (writes() !== op.writes) return `${at}: ${writes()} status writes, want ${op.writes} (${cp.verbsOn('pods').join(', ')})`;
    } else if (op.ready !== undefined) {
      const got = cp.admin.tryGet('pods', 'default', 'foo')?.status?.conditions?.find((k: any) => k.type === 'Ready')?.status;
      if ((got ?? null) !== op.ready) return `${at}: Ready ${got}, want ${op.ready}`;
    } else if (op.removed !== undefined) {
      if (w.removed !== op.removed) return `${at}: worker removed ${w.removed}, want ${op.removed}`;
    } else if (op.informer) w.pod = cp.admin.get('pods', 'default', 'foo');
    else if (op.staleInformer) w.pod = created;
    else if (op.exits) exited = true;
    else if (op.forget) w.removed = true;
    else if (op.apiError !== undefined) [apiErrors, errorCode] = [op.apiError, 500];
    else if (op.conflict !== undefined) [apiErrors, errorCode] = [op.conflict, 409];
    else if (op.notFound !== undefined) [apiErrors, errorCode] = [op.notFound, 404];
    else if (op.workerPod !== undefined) {
      if (w.uid !== op.workerPod) return `${at}: the worker's Pod is ${w.uid}, want ${op.workerPod}`;
    }
    else if (op.restart) w = new PodWorker(cp.admin.get('pods', 'default', 'foo'));
    else throw new Error(`unknown op ${JSON.stringify(op)}`);
  }
  return undefined;
}

export const KUBELET_STATUS_MANAGER_TABLES: Record<string, () => string[]> = {
  statusManager: () => failuresOf(upstreamTable('kubelet-status-manager', 'statusManager'), statusManagerCase),
};
