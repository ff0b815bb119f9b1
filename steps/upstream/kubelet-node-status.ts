/**
 * Upstream's node status tests (pkg/kubelet/kubelet_node_status_test.go and
 * nodestatus/setters_test.go, release-1.32; fixtures/upstream/kubelet-node-status.json) on the
 * model's NodeStatusManager, against an API server of its own (FakeControlPlane): a node
 * "node-1" with a configured capacity, labels and address, a fake CRI runtime whose readiness and
 * image list a case sets, an event recorder, and an API client that can be made to fail a verb a
 * number of times. The kubelet's node informer reads the API server as it is.
 */
import type { KObject } from '../../model/api/meta';
import { StatusError } from '../../model/api/status';
import type { ImageInfo, RuntimeCondition } from '../../model/node/cri/api';
import type { KubeletCore } from '../../model/node/kubelet/core';
import { NodeStatusManager } from '../../model/node/kubelet/node-status';
import { failuresOf, same, upstreamTable } from './fixtures';
import { FakeControlPlane } from './harness';

const NAME = 'node-1';
const LABELS = { 'beta.kubernetes.io/arch': 'amd64', 'beta.kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64', 'kubernetes.io/hostname': NAME, 'kubernetes.io/os': 'linux' };
const CAPACITY = { cpu: '2', memory: '10E9', pods: '110', 'ephemeral-storage': '20Gi' };

/** The value at a dotted path ("status.nodeInfo.containerRuntimeVersion", "status.conditions.3.status"). */
function at(obj: any, path: string): unknown {
  return path.split('.').reduce((o, k) => (o == null ? undefined : o[k]), obj);
}

/** The image list of a case: {n, size} makes n images of falling sizes; otherwise as given. */
function imagesOf(spec: any): ImageInfo[] {
  if (Array.isArray(spec)) return spec.map((i: any, k: number) => ({ id: `sha256:${k}`, repoTags: i.tags ?? [], repoDigests: i.digests ?? [], size: i.size }));
  return Array.from({ length: spec.n }, (_, k) => ({ id: `sha256:${k}`, repoTags: [`img${k}:latest`], repoDigests: [], size: (k + 1) * 1000 }));
}

const sorted = (m: Record<string, string> | undefined) => (m ? Object.fromEntries(Object.keys(m).sort().map((k) => [k, m[k]])) : null);

function nodeStatusCase(c: any): string | undefined {
  const cp = new FakeControlPlane();
  const ctx = cp.component('kubelet');
  let runtimeReady = true;
  let networkReady = true;
  let images: ImageInfo[] = [];
  const events: string[] = [];
  // Failures to inject: verb -> [code, reason, how many more times].
  const failing = new Map<string, [number, string, number]>();
  for (const verb of ['create', 'get', 'update', 'updateStatus'] as const) {
    const real = (ctx.client as any)[verb].bind(ctx.client);
    (ctx.client as any)[verb] = (...args: any[]) => {
      const f = failing.get(verb);
      if (args[0] === 'nodes' && f && f[2] > 0) {
        f[2]--;
        throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: f[0], reason: f[1], message: `injected ${f[1]}` } as any);
      }
      return real(...args);
    };
  }
  const runtime: any = {
    name: 'containerd',
    version: '1.7.18',
    endpoint: 'unix:///run/containerd/containerd.sock',
    status: (): RuntimeCondition[] => [
      { type: 'RuntimeReady', status: runtimeReady, reason: runtimeReady ? '' : 'ContainerdDown', message: '' },
      { type: 'NetworkReady', status: networkReady, reason: networkReady ? '' : 'NetworkPluginNotReady', message: networkReady ? '' : 'Network plugin returns error: cni plugin not initialized' },
    ],
    listImages: () => images.map((i) => ({ ...i })),
  };
  const host = { name: NAME, services: {}, config: { name: NAME, address: '172.18.0.3', capacity: { ...CAPACITY, ...(c.capacity ?? {}) }, labels: { ...(c.labels ?? LABELS) }, taints: c.taints ?? [] } };
  const recorder = { event: (_ref: KObject, _type: string, reason: string) => events.push(reason) };
  const core = { ctx, host, runtime, recorder } as unknown as KubeletCore;
  // The kubelet's node informer: the Node as stored, or (staleInformer) the copy it held then.
  let stale: KObject | undefined;
  const nodes: any = { getByName: (_ns: string | undefined, name: string) => stale ?? cp.admin.tryGet('nodes', undefined, name) };
  if (c.existing) cp.create('nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: NAME, ...c.existing.metadata }, ...(c.existing.status ? { status: c.existing.status } : {}) });
  cp.clearActions();
  const node = () => cp.admin.tryGet('nodes', undefined, NAME);
  for (const [i, op] of c.ops.entries()) {
    const where = `op ${i + 1} (${Object.keys(op)[0]})`;
    const problem = (what: string, got: unknown, want: unknown) => {
      const d = same(got, want);
      return d && `${where}: ${what}: ${d}`;
    };
    let p: string | undefined;
    if (op.start) new NodeStatusManager(core, nodes).start();
    else if (op.advance !== undefined) cp.advance(op.advance);
    else if (op.fail) failing.set(op.fail.verb, [op.fail.code, op.fail.reason, op.fail.times]);
    else if (op.runtimeReady !== undefined) runtimeReady = op.runtimeReady;
    else if (op.networkReady !== undefined) networkReady = op.networkReady;
    else if (op.images !== undefined) images = imagesOf(op.images);
    else if (op.staleInformer) stale = node();
    else if (op.otherWriter) cp.admin.update('nodes', undefined, { ...node(), metadata: { ...node()!.metadata, labels: { ...node()!.metadata.labels, 'example.com/touched': 'yes' } } });
    else if (op.verbs !== undefined) p = problem('requests on nodes', cp.verbsOn('nodes'), op.verbs);
    else if (op.labels !== undefined) p = problem('labels', sorted(node()?.metadata.labels), op.labels);
    else if (op.annotations !== undefined) p = problem('annotations', sorted(node()?.metadata.annotations), op.annotations);
    else if (op.events !== undefined) p = problem('events', events.splice(0), op.events);
    else if (op.logs !== undefined) {
      // The kubelet's log lines since the last check: severity, then the message and its keys (no time, no source).
      const lines = ctx.log.lines.splice(0).map((l) => `${l[0]} ${l.slice(l.indexOf('] ') + 2)}`);
      p = problem('log', lines, op.logs);
    } else if (op.status !== undefined) {
      for (const [path, want] of Object.entries(op.status)) {
        p = problem(path, at(node()?.status, path) ?? null, want);
        if (p) break;
      }
    } else if (op.imageNames !== undefined) p = problem('images', (node()?.status?.images ?? []).map((im: any) => `${im.names.join(',')}=${im.sizeBytes}`), op.imageNames);
    else if (op.imageCount !== undefined) p = problem('image count', node()?.status?.images?.length ?? 0, op.imageCount);
    else if (op.conditions !== undefined) {
      const now = cp.sim.clock.nowRFC3339();
      const got = (node()?.status?.conditions ?? []).map((k: any) => `${k.type}=${k.status} ${k.reason}: ${k.message}${k.lastHeartbeatTime === now ? ' (heartbeat now)' : ''}${k.lastTransitionTime === now ? ' (transition now)' : ''}`);
      p = problem('conditions', got, op.conditions);
    } else throw new Error(`unknown op ${JSON.stringify(op)}`);
    if (p) return p;
  }
  return undefined;
}

export const KUBELET_NODE_STATUS_TABLES: Record<string, () => string[]> = {
  nodeStatus: () => failuresOf(upstreamTable('kubelet-node-status', 'nodeStatus'), nodeStatusCase),
};
