/**
 * The disruption controller's tests (kubernetes v1.32, pkg/controller/disruption/disruption_test.go;
 * steps/fixtures/upstream/disruption.json) run against the model's DisruptionController on a
 * FakeControlPlane: the objects upstream adds to the informers' stores are created through the
 * API before the controller starts (its informers list them), and each `dc.sync` is the
 * budget's key put on the controller's queue and the virtual time to run it.
 */
import { Then } from '@cucumber/cucumber';
import type { KObject } from '../../model/api/meta';
import type { Informer } from '../../model/client/informer';
import { DisruptionController } from '../../model/controllers/disruption/controller';
import { deploymentFinder, replicaSetFinder, type ScaleListers, statefulSetFinder } from '../../model/controllers/disruption/expected';
import { runCases, same } from './apps-fakes';
import { FakeControlPlane } from './harness';

const FILE = 'disruption.json';
const NS = 'default';
const NAME = 'foobar';
const FOO_BAR = { foo: 'bar' };
const KEEP = 'example.com/keep';

const template = (labels: Record<string, string>) => ({ metadata: { labels }, spec: { containers: [{ name: 'c', image: 'busybox' }] } });
const RESOURCE: Record<string, string> = { ReplicaSet: 'replicasets', StatefulSet: 'statefulsets', Deployment: 'deployments', DaemonSet: 'daemonsets' };

function createController(cp: FakeControlPlane, kind: string, replicas: number): void {
  const spec: any = { replicas, selector: { matchLabels: FOO_BAR }, template: template(FOO_BAR) };
  if (kind === 'StatefulSet') spec.serviceName = NAME;
  if (kind === 'DaemonSet') delete spec.replicas;
  cp.create(RESOURCE[kind], { apiVersion: 'apps/v1', kind, metadata: { name: NAME, namespace: NS, labels: FOO_BAR }, spec });
}

/** newPod: Ready, labelled foo=bar, owned as the case says; a deleting one is held by a finalizer. */
function createPod(cp: FakeControlPlane, p: any): void {
  const pod: KObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: p.name, namespace: NS, labels: p.labels ?? FOO_BAR }, spec: { containers: [{ name: 'c', image: 'busybox' }] } };
  if (p.owner) {
    const owner = cp.admin.get(RESOURCE[p.owner], NS, NAME);
    pod.metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: p.owner, name: NAME, uid: owner.metadata.uid!, controller: true }];
  }
  if (p.ownerRef) pod.metadata.ownerReferences = [{ ...p.ownerRef, controller: true }];
  if (p.deleting) pod.metadata.finalizers = [KEEP];
  const created = cp.create('pods', pod);
  setReady(cp, created.metadata.name!, true);
  if (p.deleting) cp.admin.delete('pods', NS, p.name);
}

function setReady(cp: FakeControlPlane, name: string, ready: boolean): void {
  const pod = cp.admin.get('pods', NS, name);
  cp.admin.updateStatus('pods', NS, { ...pod, status: { ...pod.status, conditions: ready ? [{ type: 'Ready', status: 'True' }] : [] } });
}

/** newMinAvailablePodDisruptionBudget / newMaxUnavailablePodDisruptionBudget, its selector and status as the case sets them. */
function createPdb(cp: FakeControlPlane, p: any): void {
  const spec: any = { selector: { matchLabels: FOO_BAR } };
  if (p.minAvailable !== undefined) spec.minAvailable = p.minAvailable;
  if (p.maxUnavailable !== undefined) spec.maxUnavailable = p.maxUnavailable;
  const pdb = cp.create('poddisruptionbudgets', { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: NAME, namespace: NS }, spec });
  const status: any = {};
  if (p.disruptedPods) status.disruptedPods = Object.fromEntries(Object.entries(p.disruptedPods).map(([k, s]) => [k, iso(cp, s as number)]));
  if (p.conditions) status.conditions = p.conditions.map((c: any) => ({ ...c, lastTransitionTime: iso(cp, 0) }));
  if (Object.keys(status).length) cp.admin.updateStatus('poddisruptionbudgets', NS, { ...pdb, status: { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0, ...status } });
  // A selector the API server would refuse goes straight to etcd, as upstream adds it to the store.
  if (p.selector) cp.forceUpdate('poddisruptionbudgets', { ...pdb, spec: { ...spec, selector: p.selector } });
}

/** RFC 3339 at an offset in seconds from the fake clock's now (metav1.Time has whole seconds). */
function iso(cp: FakeControlPlane, seconds: number): string {
  return new Date(Math.floor(cp.sim.clock.nowMs() / 1000) * 1000 + seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** VerifyPdbStatus: the four counts, the disrupted Pods, and the condition True exactly when a disruption is allowed. */
function verifyStatus(cp: FakeControlPlane, want: number[], disrupted: Record<string, number> | undefined, at: number): string | undefined {
  const s = cp.admin.get('poddisruptionbudgets', NS, NAME).status ?? {};
  const got = [s.disruptionsAllowed, s.currentHealthy, s.desiredHealthy, s.expectedPods];
  const wantDisrupted = Object.fromEntries(Object.entries(disrupted ?? {}).map(([k, v]) => [k, iso(cp, v + at)]));
  const p = same({ counts: got, disruptedPods: s.disruptedPods ?? {} }, { counts: want, disruptedPods: wantDisrupted });
  if (p) return p;
  const cond = (s.conditions ?? []).find((c: any) => c.type === 'DisruptionAllowed');
  if (!cond) return 'no DisruptionAllowed condition';
  const status = want[0] > 0 ? 'True' : 'False';
  return cond.status === status ? undefined : `DisruptionAllowed is ${cond.status}, want ${status}`;
}

function runCase(c: any): string | undefined {
  const cp = new FakeControlPlane();
  const started = cp.sim.clock.nowMs();
  let dc: DisruptionController | undefined;
  for (const [i, step] of c.steps.entries()) {
    const at = `step ${i + 1}`;
    if (step.pdb) createPdb(cp, step.pdb);
    else if (step.rs) createController(cp, 'ReplicaSet', step.rs.replicas);
    else if (step.ss) createController(cp, 'StatefulSet', step.ss.replicas);
    else if (step.ds) createController(cp, 'DaemonSet', 0);
    else if (step.pod) createPod(cp, step.pod);
    else if (step.unready) setReady(cp, step.unready, false);
    else if (step.scale) cp.admin.updateScale(RESOURCE[step.scale.kind], NS, NAME, step.scale.replicas);
    else if (step.sync) {
      if (!dc) {
        const ctx = cp.component();
        dc = new DisruptionController(ctx);
        ctx.informers.start();
        while (!dc.informers().every((inf) => inf.hasSynced())) cp.advance(1);
      }
      cp.settle();
      dc.queue.add(`${NS}/${NAME}`);
      cp.settle();
    } else if (step.expect) {
      const p = verifyStatus(cp, step.expect, step.disrupted, Math.round((started - cp.sim.clock.nowMs()) / 1000));
      if (p) return `${at}: ${p}`;
    } else if (step.expectAllowed !== undefined) {
      const p = same(cp.admin.get('poddisruptionbudgets', NS, NAME).status?.disruptionsAllowed, step.expectAllowed);
      if (p) return `${at}: disruptionsAllowed ${p}`;
    } else if (step.expectEvent) {
      const reasons = cp.actions.filter((a) => a.resource === 'events' && a.verb === 'create').map((a) => a.body?.reason);
      if (!reasons.includes(step.expectEvent)) return `${at}: no ${step.expectEvent} event among ${JSON.stringify(reasons)}`;
    } else if (step.expectNoSyncFailure) {
      // VerifyNoStatusError: no SyncFailed condition saying "found no controller ref".
      const bad = (cp.admin.get('poddisruptionbudgets', NS, NAME).status?.conditions ?? []).find((x: any) => x.reason === 'SyncFailed');
      if (bad) return `${at}: SyncFailed: ${bad.message}`;
    } else if (step.expectCondition) {
      const [type, status, reason, message] = step.expectCondition;
      const cond = (cp.admin.get('poddisruptionbudgets', NS, NAME).status?.conditions ?? []).find((x: any) => x.type === type);
      const p = same(cond ? [cond.type, cond.status, cond.reason, cond.message] : null, [type, status, reason, message]);
      if (p) return `${at}: condition ${p}`;
    } else if (step.expectConditions) {
      const types = (cp.admin.get('poddisruptionbudgets', NS, NAME).status?.conditions ?? []).map((x: any) => x.type);
      const p = same(types, step.expectConditions);
      if (p) return `${at}: conditions ${p}`;
    } else throw new Error(`unknown step ${JSON.stringify(step)}`);
  }
  if (cp.sim.failures.length) return `model failures: ${cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  return undefined;
}

/** The listers as the finder tests fill them: objects by name. */
function listers(objects: Record<string, KObject[]>): ScaleListers {
  const lister = (items: KObject[]) => ({ getByName: (_ns: string, name: string) => items.find((o) => o.metadata.name === name) }) as unknown as Informer;
  return { replicasets: lister(objects.rs ?? []), deployments: lister(objects.d ?? []), statefulsets: lister(objects.ss ?? []) };
}

const controller = (kind: string, uid: string, replicas: number, extra: any = {}): KObject => ({ apiVersion: 'apps/v1', kind, metadata: { name: NAME, namespace: NS, uid, labels: FOO_BAR, ...extra }, spec: { replicas } });

const CHECKS: Record<string, (c: any) => string | undefined> = {
  cases: runCase,
  // TestBasicFinderFunctions: a ReplicaSet of 10 and a StatefulSet of 14, found by group and kind.
  basicFinderFunctions: (c) => {
    const rsExtra = c.rsOwnedByDeployment ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: NAME, uid: 'd-uid', controller: true }] } : {};
    const l = listers({ rs: [controller('ReplicaSet', 'rs-uid', 10, rsExtra)], ss: [controller('StatefulSet', 'ss-uid', 14)] });
    const uid = c.target === 'rs' ? 'rs-uid' : 'ss-uid';
    const finder = c.finder === 'replicaSet' ? replicaSetFinder : statefulSetFinder;
    const got = finder({ apiVersion: c.apiVersion, kind: c.kind, name: NAME, uid: c.uid ?? uid }, NS, l);
    return same(got ?? null, c.scale === null ? null : { uid, scale: c.scale });
  },
  // TestDeploymentFinderFunction: a Deployment of 10 controls a ReplicaSet of 5.
  deploymentFinderFunction: (c) => {
    const d = controller('Deployment', 'd-uid', 10);
    const rs = controller('ReplicaSet', 'rs-uid', 5, { ownerReferences: [{ apiVersion: c.depApiVersion, kind: c.depKind, name: NAME, uid: 'd-uid', controller: true }] });
    const rsRef = { apiVersion: c.rsApiVersion, kind: c.rsKind, name: NAME, uid: c.rsUid ?? 'rs-uid' };
    if (c.depUid) rs.metadata.ownerReferences![0].uid = c.depUid;
    const got = deploymentFinder(rsRef, NS, listers({ rs: [rs], d: [d] }));
    return same(got ?? null, c.scale === null ? null : { uid: 'd-uid', scale: c.scale });
  },
};

Then("every case of upstream's disruption test {word} holds on the model", function (table: string) {
  const check = CHECKS[table];
  if (!check) throw new Error(`no check for upstream disruption table "${table}"`);
  runCases(FILE, table, check);
});
