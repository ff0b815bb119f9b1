/**
 * The PV controller's tests (kubernetes v1.32, pkg/controller/volume/persistentvolume
 * binder_test.go, delete_test.go, pv_controller_test.go and index_test.go, with the model's own
 * rows; steps/fixtures/upstream/pv-binder.json) run against the model's PersistentVolumeBinder on
 * a FakeControlPlane: the row's claims and volumes in the API server, the controller's caches
 * synced, then one syncClaim or syncVolume with its work queues idle (TestSync), or the whole
 * controller left to settle (TestMultiSync, TestControllerSync); index_test.go's
 * findBestMatchForClaim and checkVolumeSatisfyClaim are read from what one syncClaim does.
 */
import { Then } from '@cucumber/cucumber';
import { keyOf, type KObject } from '../../model/api/meta';
import { errors } from '../../model/api/status';
import type { Informer } from '../../model/client/informer';
import { PersistentVolumeBinder } from '../../model/controllers/volume/binder';
import { classOf } from '../../model/controllers/volume/volume-index';
import { runCases, same, upstreamFixture } from './apps-fakes';
import { FakeControlPlane, injectFailures } from './harness';
import { cachedOnlyClaim, claimObject, type ClaimRow, claimView, TEST_NAMESPACE, type Uids, uidOf, volumeObject, type VolumeRow, volumeView } from './pv-binder-objects';

const FILE = 'pv-binder.json';
/** index_test.go's claim. */
const INDEX_NAMESPACE = 'myns';
const INDEX_CLAIM = 'claim01';

interface Setup {
  cp: FakeControlPlane;
  binder: PersistentVolumeBinder;
  uids: Uids;
}

/** Writes an object's status as the row has it (whatever create kept of it). */
function withStatus(cp: FakeControlPlane, resource: string, created: KObject, status: any): KObject {
  if (JSON.stringify(created.status ?? {}) === JSON.stringify(status)) return created;
  return cp.admin.updateStatus(resource, created.metadata.namespace, { ...created, status });
}

/**
 * The controller's claim cache as upstream's test fills ctrl.claims: without the claims only the
 * API server has, with those only the cache has.
 */
function cacheView(informer: Informer, hidden: Set<string>, only: Map<string, KObject>): void {
  const get = informer.get.bind(informer);
  const list = informer.list.bind(informer);
  informer.get = (key: string) => only.get(key) ?? (hidden.has(key) ? undefined : get(key));
  informer.getByName = (namespace: string | undefined, name: string) => informer.get(namespace ? `${namespace}/${name}` : name);
  informer.list = () => [...list().filter((o) => !hidden.has(keyOf(o)) && !only.has(keyOf(o))), ...only.values()];
}

/**
 * The row's objects in the API server and a binder whose caches hold them; its queues idle unless
 * `run`. `failLists`: the resource whose every list the controller's client sees fail (its cache
 * never syncs).
 */
function setUp(volumes: VolumeRow[], claims: ClaimRow[], classes: any[], namespace: string, run: boolean, failLists?: string): Setup {
  const cp = new FakeControlPlane([namespace]);
  for (const c of classes)
    // The model's API server wants a provisioner; upstream's classes have none, which the controller takes for an external one.
    cp.admin.create('storageclasses', undefined, { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: c.name }, provisioner: c.provisioner ?? 'example.com/external', volumeBindingMode: c.volumeBindingMode } as KObject);
  const uids: Uids = new Map();
  for (const c of claims.filter((x) => x.cache !== 'only')) {
    const obj = claimObject(c, namespace);
    const created = withStatus(cp, 'persistentvolumeclaims', cp.admin.create('persistentvolumeclaims', namespace, obj), obj.status);
    uids.set(c.uid, created.metadata.uid!);
  }
  for (const v of volumes) {
    const obj = volumeObject(v, uids, namespace);
    if (v.deleting) obj.metadata.finalizers = ['kubernetes.io/pv-protection'];
    withStatus(cp, 'persistentvolumes', cp.admin.create('persistentvolumes', undefined, obj), obj.status);
    if (v.deleting) cp.admin.delete('persistentvolumes', undefined, v.name);
  }
  const ctx = cp.component();
  if (failLists) injectFailures(ctx, [{ verb: 'list', resource: failLists, times: Infinity }], () => errors.internal(`listing ${failLists} fails`));
  const binder = new PersistentVolumeBinder(ctx);
  if (!run) {
    // Upstream calls syncClaim or syncVolume once, with nothing else running.
    binder.claimQueue.add = () => {};
    binder.volumeQueue.add = () => {};
  }
  ctx.informers.start();
  const informers = [binder.claimInformer, binder.volumeInformer, binder.classInformer, binder.podInformer, binder.nodeInformer].filter((i) => i.resource !== failLists);
  for (let ms = 0; !informers.every((i) => i.hasSynced()); ms++) {
    if (ms > 10_000) throw new Error('the binder\'s caches did not sync');
    cp.advance(1);
  }
  const hidden = new Set(claims.filter((c) => c.cache === 'none').map((c) => `${namespace}/${c.name}`));
  const only = new Map(claims.filter((c) => c.cache === 'only').map((c) => [`${namespace}/${c.name}`, cachedOnlyClaim(c, uids, namespace)]));
  if (hidden.size || only.size) cacheView(binder.claimInformer, hidden, only);
  cp.clearActions();
  return { cp, binder, uids };
}

const byName = (a: any, b: any) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The row's expected objects against the API server's. */
function compareObjects(s: Setup, c: any, namespace: string): string | undefined {
  const volumes = s.cp.admin.list('persistentvolumes').items.map(volumeView).sort(byName);
  const wantVolumes = (c.expectedVolumes as VolumeRow[]).map((v) => volumeView(volumeObject(v, s.uids, namespace))).sort(byName);
  const pv = same(volumes, wantVolumes);
  if (pv) return `volumes: ${pv}`;
  const claims = s.cp.admin.list('persistentvolumeclaims', namespace).items.map(claimView).sort(byName);
  const wantClaims = (c.expectedClaims as ClaimRow[])
    .map((x) => {
      const o = claimObject(x, namespace);
      o.metadata.uid = uidOf(s.uids, x.uid);
      return claimView(o);
    })
    .sort(byName);
  const pvc = same(claims, wantClaims);
  if (pvc) return `claims: ${pvc}`;
  if (s.cp.sim.failures.length) return `model failures: ${s.cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  return undefined;
}

/** The Events the binder sent, as [object, type, reason, message]. */
const eventsSent = (cp: FakeControlPlane) =>
  cp.actions.filter((a) => a.resource === 'events' && a.verb === 'create').map((a) => [a.body.involvedObject.name, a.body.type, a.body.reason, a.body.message]);

/** Each Event names its object by kind: a volume of the row is a v1 PersistentVolume, a claim a v1 PersistentVolumeClaim. */
function eventKinds(cp: FakeControlPlane, c: any): string | undefined {
  const volumes = new Set((c.volumes as VolumeRow[]).map((v) => v.name));
  for (const a of cp.actions.filter((x) => x.resource === 'events' && x.verb === 'create')) {
    const o = a.body.involvedObject;
    const want = `v1 ${volumes.has(o.name) ? 'PersistentVolume' : 'PersistentVolumeClaim'}`;
    if (`${o.apiVersion} ${o.kind}` !== want) return `the event ${a.body.reason} on ${o.name} names a ${o.apiVersion} ${o.kind}, want ${want}`;
  }
  return undefined;
}

/** TestSync and TestSyncBlockVolume: one syncClaim (of the first claim) or syncVolume (of the first volume). */
function runSync(table: string): (c: any) => string | undefined {
  const classes = upstreamFixture(FILE, 'classes')[table] ?? [];
  return (c) => {
    const s = setUp(c.volumes, c.claims, classes, TEST_NAMESPACE, false);
    if (c.test === 'syncVolume') s.binder.syncVolume(c.volumes[0].name);
    else s.binder.syncClaim(`${TEST_NAMESPACE}/${c.claims[0].name}`);
    const events = same(eventsSent(s.cp), c.events) ?? eventKinds(s.cp, c);
    if (events) return `events: ${events}`;
    return compareObjects(s, c, TEST_NAMESPACE);
  };
}

/** TestMultiSync: the whole controller, its handlers and queues, until nothing changes. */
function runMultiSync(c: any): string | undefined {
  const s = setUp(c.volumes, c.claims, [], TEST_NAMESPACE, true);
  s.cp.advance(60_000);
  return compareObjects(s, c, TEST_NAMESPACE);
}

/**
 * TestControllerSync: the whole controller started on the row's objects, then the row's action
 * (a claim or volume added, the first claim or volume deleted, the first volume's claimRef
 * removed) and time to settle; upstream reads as many events as the row lists, so those are the
 * first ones sent.
 */
function runControllerSync(c: any): string | undefined {
  const s = setUp(c.volumes, c.claims, upstreamFixture(FILE, 'classes').controllerSync, TEST_NAMESPACE, true, c.failLists);
  s.cp.advance(1_000);
  if (c.action === 'addClaim') {
    const obj = claimObject(c.add, TEST_NAMESPACE);
    s.uids.set(c.add.uid, s.cp.admin.create('persistentvolumeclaims', TEST_NAMESPACE, obj).metadata.uid!);
  } else if (c.action === 'addVolume') {
    const obj = volumeObject(c.add, s.uids, TEST_NAMESPACE);
    withStatus(s.cp, 'persistentvolumes', s.cp.admin.create('persistentvolumes', undefined, obj), obj.status);
  } else if (c.action === 'deleteClaim') s.cp.admin.delete('persistentvolumeclaims', TEST_NAMESPACE, c.claims[0].name);
  else if (c.action === 'deleteVolume') s.cp.admin.delete('persistentvolumes', undefined, c.volumes[0].name);
  else if (c.action === 'removeClaimRef') {
    const v = s.cp.admin.get('persistentvolumes', undefined, c.volumes[0].name);
    s.cp.admin.update('persistentvolumes', undefined, { ...v, spec: { ...v.spec, claimRef: undefined } });
  }
  s.cp.advance(60_000);
  const events = same(eventsSent(s.cp).slice(0, c.events.length), c.events);
  if (events) return `events: ${events}`;
  return compareObjects(s, c, TEST_NAMESPACE);
}

/** findBestMatchForClaim, through one syncClaim of claim01: the volume it binds the claim to (null: none). */
function runMatch(table: string): (c: any) => string | undefined {
  const classes = upstreamFixture(FILE, 'classes')[table] ?? [];
  return (c) => {
    const volumes: VolumeRow[] = c.volumes ?? upstreamFixture(FILE, 'testVolumes');
    const claim: ClaimRow = { ...c.claim, name: INDEX_CLAIM, uid: INDEX_CLAIM, phase: 'Pending' };
    const s = setUp(volumes, [claim], classes, INDEX_NAMESPACE, false);
    s.binder.syncClaim(`${INDEX_NAMESPACE}/${INDEX_CLAIM}`);
    const got = s.cp.admin.get('persistentvolumeclaims', INDEX_NAMESPACE, INDEX_CLAIM).spec?.volumeName ?? null;
    const problem = same(got, c.match);
    if (problem) return `bound to: ${problem}`;
    if (s.cp.sim.failures.length) return `model failures: ${s.cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
    return undefined;
  };
}

/**
 * TestStorageObjectInUseProtectionFiltering's checkVolumeSatisfyClaim rows, through one syncClaim
 * of pvc1 naming the row's volume: bound to it (match) or not, and the events sent.
 */
function runSatisfy(c: any): string | undefined {
  const claim: ClaimRow = { ...c.claim, name: 'pvc1', uid: 'pvc1', phase: 'Pending' };
  const s = setUp([c.volume], [claim], [], INDEX_NAMESPACE, false);
  s.binder.syncClaim(`${INDEX_NAMESPACE}/pvc1`);
  const got = s.cp.admin.get('persistentvolumeclaims', INDEX_NAMESPACE, 'pvc1');
  const problem = same(got.status?.phase === 'Bound', c.match) ?? same(eventsSent(s.cp), c.events);
  if (problem) return problem;
  if (s.cp.sim.failures.length) return `model failures: ${s.cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  return undefined;
}

/** IsDelayBindingMode, through one syncClaim of a claim of the row's class with no volume: delayed, it waits for its first consumer. */
function runDelayBindingMode(c: any): string | undefined {
  const claim: ClaimRow = { name: INDEX_CLAIM, uid: INDEX_CLAIM, size: '1Gi', phase: 'Pending', ...(c.class !== undefined ? { class: c.class } : {}) };
  const s = setUp([], [claim], upstreamFixture(FILE, 'classes').delayBindingMode, INDEX_NAMESPACE, false);
  s.binder.syncClaim(`${INDEX_NAMESPACE}/${INDEX_CLAIM}`);
  const reasons = eventsSent(s.cp).map((e) => e[2]);
  if (reasons.length !== 1) return `events: ${JSON.stringify(reasons)}, want one`;
  return same(reasons[0] === 'WaitForFirstConsumer', c.delay);
}

/** GetPersistentVolumeClass and GetPersistentVolumeClaimClass: the beta annotation, else storageClassName, else "". */
function runClassOf(c: any): string | undefined {
  const obj = { apiVersion: 'v1', kind: c.kind, metadata: { name: 'x', ...(c.annotations ? { annotations: c.annotations } : {}) }, spec: c.storageClassName !== undefined ? { storageClassName: c.storageClassName } : {} };
  return same(classOf(obj), c.want);
}

const CHECKS: Record<string, (c: any) => string | undefined> = {
  sync: runSync('sync'),
  syncBlockVolume: runSync('syncBlockVolume'),
  multiSync: runMultiSync,
  controllerSync: runControllerSync,
  matchVolume: runMatch('matchVolume'),
  accessModes: runMatch('accessModes'),
  preboundVolumes: runMatch('preboundVolumes'),
  volumeModes: runMatch('volumeModes'),
  deletion: runMatch('deletion'),
  delayed: runMatch('delayed'),
  satisfy: runSatisfy,
  delayBindingMode: runDelayBindingMode,
  classOf: runClassOf,
};

Then("every case of upstream's PV binder test {word} holds on the model", function (table: string) {
  const check = CHECKS[table];
  if (!check) throw new Error(`no check for upstream PV binder table "${table}"`);
  runCases(FILE, table, check);
});
