/**
 * kind's local-path provisioner (model/controllers/volume/local-path-provisioner.ts) alone on a
 * FakeControlPlane, no PV controller beside it: the row's StorageClasses, claims and volumes in
 * the API server, the provisioner started on them (its lists of the row's resource failing, its
 * volume cache missing the row's volumes, its first creates or deletes of volumes refused, as the
 * row says), ten seconds to work, then the volumes in the API server, the directories it made and
 * removed, and the events it sent (steps/fixtures/upstream/local-path-provisioner.json).
 */
import { Then } from '@cucumber/cucumber';
import type { KObject } from '../../model/api/meta';
import { errors } from '../../model/api/status';
import { LocalPathProvisioner } from '../../model/controllers/volume/local-path-provisioner';
import { runCases, same } from './apps-fakes';
import { FakeControlPlane, injectFailures } from './harness';

const FILE = 'local-path-provisioner.json';
const NAMESPACE = 'default';

interface ClassRow {
  name: string;
  provisioner: string;
  volumeBindingMode?: string;
  reclaimPolicy?: string;
}

interface ClaimRow {
  name: string;
  size: string;
  accessModes?: string[];
  class?: string;
  annotations?: Record<string, string>;
}

/** A volume as it is there before the provisioner starts: made by it (on node, at path) or by another, bound to a claim that is gone. */
interface VolumeRow {
  name: string;
  size: string;
  phase: string;
  policy: string;
  annotations?: Record<string, string>;
  node?: string;
  path: string;
  claim?: string;
}

/** kind's standard class. */
const STANDARD: ClassRow = { name: 'standard', provisioner: 'rancher.io/local-path', volumeBindingMode: 'WaitForFirstConsumer', reclaimPolicy: 'Delete' };

/** "<uid:NAME>" in a row stands for the uid the API server gave the claim NAME. */
const resolve = (text: string, uids: Map<string, string>): string => text.replace(/<uid:([^>]+)>/g, (_m, name) => uids.get(name) ?? `<no claim ${name}>`);

function volumeObject(v: VolumeRow, uids: Map<string, string>): KObject {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name: resolve(v.name, uids), ...(v.annotations ? { annotations: { ...v.annotations } } : {}) },
    spec: {
      accessModes: ['ReadWriteOnce'],
      capacity: { storage: v.size },
      hostPath: { path: resolve(v.path, uids), type: 'DirectoryOrCreate' },
      ...(v.node ? { nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [v.node] }] }] } } } : {}),
      persistentVolumeReclaimPolicy: v.policy,
      storageClassName: 'standard',
      volumeMode: 'Filesystem',
      ...(v.claim ? { claimRef: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace: NAMESPACE, name: v.claim, uid: uids.get(v.claim) ?? `uid-of-gone-${v.claim}` } } : {}),
    },
  };
}

/** What a case compares of a volume: where it is, for which claim, and what it keeps. */
const volumeView = (o: KObject) =>
  [
    o.metadata.name,
    o.metadata.annotations?.['local.path.provisioner/selected-node'] ?? '',
    o.spec.hostPath?.path ?? '',
    `${o.spec.claimRef?.namespace ?? ''}/${o.spec.claimRef?.name ?? ''}`,
    o.spec.capacity?.storage,
    o.spec.persistentVolumeReclaimPolicy,
    o.status?.phase ?? '',
  ].join(' ');

/** The events it sent, in order, as [kind/object, type, reason, message]: a repeat (the recorder patches the first one's count) as the event it repeats. */
function eventsSent(cp: FakeControlPlane): string[][] {
  const byName = new Map<string, string[]>();
  const out: string[][] = [];
  for (const a of cp.actions.filter((x) => x.resource === 'events')) {
    if (a.verb === 'create') byName.set(a.body.metadata.name, [`${a.body.involvedObject.kind}/${a.body.involvedObject.name}`, a.body.type, a.body.reason, a.body.message]);
    const e = byName.get(a.verb === 'create' ? a.body.metadata.name : a.name!);
    if (e) out.push(e);
  }
  return out;
}

function runCase(c: any): string | undefined {
  const cp = new FakeControlPlane([NAMESPACE]);
  for (const k of (c.classes as ClassRow[] | undefined) ?? [STANDARD])
    cp.admin.create('storageclasses', undefined, { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: k.name }, provisioner: k.provisioner, volumeBindingMode: k.volumeBindingMode, reclaimPolicy: k.reclaimPolicy } as KObject);
  const uids = new Map<string, string>();
  for (const x of c.claims as ClaimRow[]) {
    const claim = {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: x.name, namespace: NAMESPACE, ...(x.annotations ? { annotations: { ...x.annotations } } : {}) },
      spec: { accessModes: x.accessModes ?? ['ReadWriteOnce'], resources: { requests: { storage: x.size } }, storageClassName: x.class ?? 'standard' },
    } as KObject;
    uids.set(x.name, cp.admin.create('persistentvolumeclaims', NAMESPACE, claim).metadata.uid!);
  }
  for (const v of (c.volumes as VolumeRow[] | undefined) ?? []) {
    const created = cp.admin.create('persistentvolumes', undefined, volumeObject(v, uids));
    cp.admin.updateStatus('persistentvolumes', undefined, { ...created, status: { phase: v.phase } });
  }
  const ctx = cp.component('local-path-provisioner');
  if (c.failLists) injectFailures(ctx, [{ verb: 'list', resource: c.failLists, times: Infinity }], () => errors.internal(`listing ${c.failLists} fails`));
  const failures = [
    ...(c.failCreates ? [{ verb: 'create', resource: 'persistentvolumes', times: c.failCreates }] : []),
    ...(c.failDeletes ? [{ verb: 'delete', resource: 'persistentvolumes', times: c.failDeletes }] : []),
  ];
  if (failures.length) injectFailures(ctx, failures, () => errors.internal('etcdserver: request timed out'));
  const directories: string[][] = [];
  const provisioner = new LocalPathProvisioner(ctx, (node, path, create) => directories.push([node, path, create ? 'made' : 'removed']));
  // The volumes the row says its cache has not seen yet.
  const unseen = new Set(((c.unseenVolumes as string[] | undefined) ?? []).map((n) => resolve(n, uids)));
  const getByName = provisioner.volumeInformer.getByName.bind(provisioner.volumeInformer);
  provisioner.volumeInformer.getByName = (namespace: string | undefined, name: string) => (unseen.has(name) ? undefined : getByName(namespace, name));
  cp.clearActions();
  ctx.informers.start();
  cp.advance(10_000);
  const problem =
    same(cp.admin.list('persistentvolumes').items.map(volumeView).sort(), (c.expectedVolumes as string[]).map((v) => resolve(v, uids)).sort()) ??
    same(directories, (c.directories as string[][]).map((d) => d.map((x) => resolve(x, uids)))) ??
    same(eventsSent(cp), (c.events as string[][]).map((e) => e.map((x) => resolve(x, uids))));
  if (problem) return problem;
  if (cp.sim.failures.length) return `model failures: ${cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  return undefined;
}

Then("every case of the local-path provisioner's table {word} holds on the model", function (table: string) {
  runCases(FILE, table, runCase);
});
