/**
 * Upstream's DefaultPreemption PostFilter and VolumeBinding tests (fixtures/upstream/
 * scheduler-preemption-volumes.json) on the model: the preemption verdict FailedScheduling
 * carries, and which claims keep a Pod off every node or off some, then PreBind's wait.
 */
import type { KObject } from '../../model/api/meta';
import { Code, Status } from '../../model/scheduler/framework/interface';
import { NodeInfo, newPodInfo } from '../../model/scheduler/framework/types';
import { postFilterMessage } from '../../model/scheduler/plugins/default-preemption';
import { preBindVolumes, preFilterVolumeBinding, VolumeBinding } from '../../model/scheduler/plugins/volumebinding';
import { failuresOf, same, upstreamTable } from './fixtures';
import { FakeControlPlane } from './harness';

const FILE = 'scheduler-preemption-volumes';

/** st.MakePod().Priority(p).Req(r).Node(n).PreemptionPolicy(x). */
function pod(name: string, p: { priority?: number; req?: Record<string, string>; node?: string; preemptionPolicy?: string }): KObject {
  const spec: any = { containers: p.req ? [{ name: 'c', image: 'i', resources: { requests: p.req } }] : [] };
  if (p.priority !== undefined) spec.priority = p.priority;
  if (p.node) spec.nodeName = p.node;
  if (p.preemptionPolicy) spec.preemptionPolicy = p.preemptionPolicy;
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', uid: name }, spec };
}

function postFilter(c: any): string {
  const infos = c.nodes.map(([name, capacity]: [string, Record<string, string>]) => {
    const ni = new NodeInfo(name);
    // st.MakeNode().Capacity: 32 pods unless given.
    const cap = { pods: '32', ...capacity };
    ni.setNode({ apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: {}, status: { capacity: cap, allocatable: cap } });
    return ni;
  });
  c.pods.forEach((p: any, i: number) => infos.find((ni: NodeInfo) => ni.name === p.node)!.addPod(newPodInfo(pod(`p${i + 1}`, p))));
  const statuses = new Map<string, Status>(Object.entries(c.statuses as Record<string, string>).map(([n, code]) => [n, new Status(Code[code as keyof typeof Code])]));
  return postFilterMessage(pod('p', c.pod), infos, statuses);
}

/** The claims, volumes and classes of a case, created as the fake clientset's objects. */
function controlPlane(objects: any): FakeControlPlane {
  const cp = new FakeControlPlane(['default']);
  for (const sc of objects.sc ?? [])
    cp.create('storageclasses', { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: sc.name }, provisioner: 'example.com/p', volumeBindingMode: sc.mode } as KObject);
  for (const pv of objects.pv ?? []) {
    const spec: any = { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/tmp/x' } };
    if (pv.nodeLabel) spec.nodeAffinity = { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: pv.nodeLabel[0], operator: 'In', values: [pv.nodeLabel[1]] }] }] } };
    cp.create('persistentvolumes', { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: pv.name }, spec } as KObject);
  }
  for (const c of objects.pvc ?? []) {
    const spec: any = { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } };
    if (c.class) spec.storageClassName = c.class;
    if (c.volumeName) spec.volumeName = c.volumeName;
    const metadata: any = { name: c.name, namespace: 'default' };
    if (c.selected) metadata.annotations = { 'volume.kubernetes.io/selected-node': c.selected };
    if (c.deleting) metadata.finalizers = ['kubernetes.io/pvc-protection'];
    const created = cp.create('persistentvolumeclaims', { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata, spec } as KObject);
    if (c.phase) cp.admin.updateStatus('persistentvolumeclaims', 'default', { ...created, status: { phase: c.phase } });
    if (c.deleting) cp.admin.delete('persistentvolumeclaims', 'default', c.name);
  }
  return cp;
}

function claimPod(c: any): KObject {
  const volumes = [...(c.volumes ?? []), ...c.claims.map((name: string) => ({ name, persistentVolumeClaim: { claimName: name } }))];
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pod-a', namespace: 'default', uid: 'pod-a' }, spec: { containers: [], ...(volumes.length ? { volumes } : {}) } };
}

function volumeBinding(c: any): string | undefined {
  const cp = controlPlane(c.objects ?? {});
  const p = claimPod(c);
  const plugin = new VolumeBinding();
  const state = new Map<string, unknown>();
  // The claims are read first (the scheduling cycle does so before RunPreFilterPlugins); a
  // PreFilter that fails ends the case, as upstream's test stops before Filter.
  preFilterVolumeBinding(cp.admin, state, p);
  const pre = plugin.preFilter(state, newPodInfo(p));
  if (pre?.code === Code.Skip) return same({ preFilter: 'Skip' }, { preFilter: c.preFilter });
  if (pre) return same({ preFilter: [Code[pre.code], ...pre.reasons] }, { preFilter: c.preFilter });
  const ni = new NodeInfo('node1');
  ni.setNode({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'node1', labels: c.nodeLabels ?? {} }, spec: {}, status: {} });
  const s = plugin.filter(state, newPodInfo(p), ni);
  return same({ preFilter: null, filter: s === null ? null : [Code[s.code], ...s.reasons] }, { preFilter: c.preFilter, filter: c.filter });
}

/** PreBind on node1 under a virtual clock of its own; the "PV controller" binds each claim when the case says. */
function preBind(c: any): string | undefined {
  const cp = controlPlane(c.objects ?? {});
  const queue: { at: number; seq: number; fn: () => void }[] = [];
  let now = 0;
  let seq = 0;
  const schedule = (delayMs: number, fn: () => void) => queue.push({ at: now + delayMs, seq: seq++, fn });
  for (const [name, at] of Object.entries((c.bindAfterMs ?? {}) as Record<string, number>))
    schedule(at, () => {
      const claim = cp.admin.get('persistentvolumeclaims', 'default', name);
      cp.admin.updateStatus('persistentvolumeclaims', 'default', { ...claim, status: { phase: 'Bound' } });
    });
  const got: any = {};
  const client = cp.component('kube-scheduler').client;
  if (c.concurrentWrite) {
    // Another writer changes the claim right after PreBind reads it: PreBind's update is stale.
    const tryGet = client.tryGet.bind(client);
    let writes = 0;
    client.tryGet = (resource, namespace, name) => {
      const got = tryGet(resource, namespace, name);
      if (got && resource === 'persistentvolumeclaims') cp.admin.update(resource, namespace, { ...got, metadata: { ...got.metadata, labels: { writes: String(++writes) } } });
      return got;
    };
  }
  preBindVolumes(client, schedule, claimPod(c), 'node1', () => (got.done = now), (m) => ((got.failed = now), (got.message = m)));
  while (queue.length && got.done === undefined && got.failed === undefined && now <= 700_000) {
    queue.sort((a, b) => a.at - b.at || a.seq - b.seq);
    const next = queue.shift()!;
    now = next.at;
    next.fn();
  }
  got.selected = {};
  for (const p of c.objects?.pvc ?? []) {
    const claim = cp.admin.get('persistentvolumeclaims', 'default', p.name);
    const sel = claim.metadata.annotations?.['volume.kubernetes.io/selected-node'];
    if (sel) got.selected[p.name] = sel;
  }
  // The claims PreBind wrote to (a claim that already names the node costs no request).
  got.updated = cp.actions.filter((x) => x.resource === 'persistentvolumeclaims' && x.verb === 'update').map((x) => x.name);
  return same(got, c.want);
}

export const PREEMPTION_VOLUME_TABLES: Record<string, () => string[]> = {
  postFilter: () => failuresOf(upstreamTable(FILE, 'postFilter'), (c) => same(postFilter(c), c.want)),
  volumeBinding: () => failuresOf(upstreamTable(FILE, 'volumeBinding'), volumeBinding),
  preBind: () => failuresOf(upstreamTable(FILE, 'preBind'), preBind),
};
