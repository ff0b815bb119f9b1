/**
 * The StatefulSet control tests (kubernetes v1.32, pkg/controller/statefulset/
 * stateful_set_control_test.go; steps/fixtures/upstream/statefulset-control.json) against the
 * model's updateStatefulSet, on an in-memory object manager as upstream's fakeObjectManager: a
 * created Pod has no phase until the test moves it to Pending, Running, Ready; a deleted one is
 * gone at once. After every pass upstream's invariants are checked: under OrderedReady no Pod is
 * Running and Ready while its predecessor is not, and the Pods are the ordinals 0..n-1 with their
 * identity; under Parallel only the identity.
 */
import { Then } from '@cucumber/cucumber';
import { deepCopy, type KObject } from '../../model/api/meta';
import { completeRollingUpdate, updateStatefulSet } from '../../model/controllers/statefulset/control';
import { identityMatches, ordinalOf, podRevision } from '../../model/controllers/statefulset/identity';
import type { StatefulPodControl } from '../../model/controllers/statefulset/pod-control';
import { newRevision } from '../../model/controllers/statefulset/revisions';
import { runCases, same } from './apps-fakes';

const FILE = 'statefulset-control.json';
const T0 = Date.parse('2024-01-01T00:00:00Z');
/** Passes allowed before a scale or update counts as stuck. */
const MAX_PASSES = 200;

/** newStatefulSet(replicas) as the control tests make it. */
function newStatefulSet(c: any): KObject {
  const spec: any = {
    replicas: c.replicas ?? 0,
    selector: { matchLabels: { foo: 'bar' } },
    serviceName: 'governingsvc',
    podManagementPolicy: c.policy ?? 'OrderedReady',
    updateStrategy: c.onDelete ? { type: 'OnDelete' } : { type: 'RollingUpdate' },
    template: { metadata: { labels: { foo: 'bar' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } },
  };
  return { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'foo', namespace: 'default', uid: 'test', generation: 1 }, spec, status: {} };
}

/** fakeObjectManager with its setPod* helpers, and the controller's revisions. */
class ObjectManager {
  readonly pods = new Map<number, KObject>();
  readonly created: number[] = [];
  readonly deleted: number[] = [];
  private uid = 0;
  current: KObject;
  update: KObject;
  constructor(public set: KObject) {
    this.current = this.update = newRevision(set, 1, 0);
  }
  readonly control = {
    createPod: (_set: KObject, pod: KObject) => {
      const p = deepCopy(pod);
      p.metadata.uid = `pod-${++this.uid}`;
      p.metadata.creationTimestamp = new Date(T0).toISOString();
      this.pods.set(ordinalOf(p), p);
      this.created.push(ordinalOf(p));
    },
    deletePod: (_set: KObject, pod: KObject) => {
      this.pods.delete(ordinalOf(pod));
      this.deleted.push(ordinalOf(pod));
    },
    updatePod: (_set: KObject, pod: KObject) => void this.pods.set(ordinalOf(pod), deepCopy(pod)),
    createMissingClaims: () => undefined,
    fixClaimRefs: () => undefined,
  } as unknown as StatefulPodControl;

  list(): KObject[] {
    return [...this.pods.values()].sort((a, b) => ordinalOf(a) - ordinalOf(b));
  }
  setPhase(ordinal: number, phase: string): void {
    const p = this.pods.get(ordinal)!;
    p.status = { ...(p.status ?? {}), phase };
  }
  setReady(ordinal: number, ready = true): void {
    const p = this.pods.get(ordinal)!;
    p.status = { ...(p.status ?? {}), phase: 'Running', conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: new Date(T0).toISOString() }] };
  }
  /** One pass of the controller; the status as the status updater writes it. */
  sync(): void {
    const status = updateStatefulSet({ pods: this.control, nowMs: T0 + 3600_000 }, this.set, this.current, this.update, 0, this.list());
    completeRollingUpdate(this.set, status);
    this.set = { ...this.set, status };
    if (status.currentRevision === this.update.metadata.name) this.current = this.update;
  }
}

/** assertMonotonicInvariants / assertBurstInvariants (storage aside: no claim templates here). */
function invariants(om: ObjectManager): string | undefined {
  const pods = om.list();
  const monotonic = om.set.spec.podManagementPolicy !== 'Parallel';
  for (let i = 0; i < pods.length; i++) {
    const ready = (p: KObject) => p.status?.phase === 'Running' && (p.status?.conditions ?? []).some((c: any) => c.type === 'Ready' && c.status === 'True');
    if (monotonic && i > 0 && ready(pods[i]) && !ready(pods[i - 1])) return `successor ${pods[i].metadata.name} is Running and Ready while ${pods[i - 1].metadata.name} is not`;
    if (monotonic && ordinalOf(pods[i]) !== i) return `pods ${pods[i].metadata.name} deployed in the wrong order ${i}`;
    if (!identityMatches(om.set, pods[i])) return `pod ${pods[i].metadata.name} does not match the identity of its set`;
  }
  return undefined;
}

/**
 * assertUpdateInvariants: identity, and under RollingUpdate the first currentReplicas Pods at
 * the current revision and the last updatedReplicas at the update revision.
 */
function updateInvariants(om: ObjectManager): string | undefined {
  const pods = om.list();
  for (const p of pods) if (!identityMatches(om.set, p)) return `pod ${p.metadata.name} does not match the identity of its set`;
  if (om.set.spec.updateStrategy?.type !== 'RollingUpdate') return undefined;
  const s = om.set.status;
  for (let i = 0; i < (s.currentReplicas ?? 0) && i < pods.length; i++)
    if (podRevision(pods[i]) !== s.currentRevision) return `pod ${pods[i].metadata.name} want current revision ${s.currentRevision} got ${podRevision(pods[i])}`;
  for (let i = pods.length - 1, j = 0; j < (s.updatedReplicas ?? 0) && i >= 0; i--, j++)
    if (podRevision(pods[i]) !== s.updateRevision) return `pod ${pods[i].metadata.name} want update revision ${s.updateRevision} got ${podRevision(pods[i])}`;
  return undefined;
}

/** A deterministic stand-in for the tests' rand.Int63n: which Pod to move forward. */
function picker(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 16) % n;
  };
}

/** scaleUpStatefulSetControl: pass after pass, one Pod moved forward each time, until every replica is Ready. */
function scaleUp(om: ObjectManager, replicas: number, pick: (n: number) => number): string | undefined {
  om.set = { ...om.set, spec: { ...om.set.spec, replicas } };
  for (let pass = 0; (om.set.status.readyReplicas ?? 0) < replicas; pass++) {
    if (pass > MAX_PASSES) return `stuck scaling up to ${replicas}`;
    const pods = om.list();
    for (const p of pods) if (!p.status?.phase) om.setPhase(ordinalOf(p), 'Pending');
    if (pods.length) {
      const p = pods[pick(pods.length)];
      if (p.status.phase === 'Pending') om.setPhase(ordinalOf(p), 'Running');
      else if (p.status.phase === 'Running') om.setReady(ordinalOf(p));
    }
    om.sync();
    const bad = invariants(om);
    if (bad) return bad;
  }
  return undefined;
}

/** scaleDownStatefulSetControl: pass after pass until only the replicas are left. */
function scaleDown(om: ObjectManager, replicas: number): string | undefined {
  om.set = { ...om.set, spec: { ...om.set.spec, replicas } };
  for (let pass = 0; om.list().length > replicas; pass++) {
    if (pass > MAX_PASSES) return `stuck scaling down to ${replicas}`;
    const before = om.deleted.length;
    om.sync();
    const bad = invariants(om);
    if (bad) return bad;
    if (om.set.spec.podManagementPolicy !== 'Parallel' && om.deleted.length - before > 1) return `${om.deleted.length - before} Pods deleted in one pass`;
  }
  return undefined;
}

/** A new template: the update revision changes, the partition as the case sets it. */
function updateTemplate(om: ObjectManager, image: string, partition?: number): void {
  const spec = deepCopy(om.set.spec);
  spec.template.spec.containers[0].image = image;
  if (partition !== undefined) spec.updateStrategy = { type: 'RollingUpdate', rollingUpdate: { partition } };
  om.set = { ...om.set, metadata: { ...om.set.metadata, generation: (om.set.metadata.generation ?? 1) + 1 }, spec };
  om.update = newRevision(om.set, Number(om.update.revision) + 1, 0);
}

/** The rolling update's passes: a deleted Pod comes back at the update revision and is made Ready. */
function rollOut(om: ObjectManager): string | undefined {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const before = om.deleted.length + om.created.length;
    om.sync();
    for (const p of om.list()) if (!p.status?.phase || p.status.phase === 'Pending' || !(p.status.conditions ?? []).length) om.setReady(ordinalOf(p));
    const bad = updateInvariants(om);
    if (bad) return bad;
    if (om.deleted.length + om.created.length === before) return undefined;
  }
  return 'rolling update did not settle';
}

function runCase(c: any): string | undefined {
  const om = new ObjectManager(newStatefulSet(c));
  const pick = picker(c.seed ?? 7);
  for (const [i, step] of c.steps.entries()) {
    const at = `step ${i + 1}`;
    let bad: string | undefined;
    if (step.scaleUp !== undefined) bad = scaleUp(om, step.scaleUp, pick);
    else if (step.scaleDown !== undefined) bad = scaleDown(om, step.scaleDown);
    else if (step.sync) {
      // As the tests' loops do before each pass: a Pod just created is Pending.
      for (const p of om.list()) if (!p.status?.phase) om.setPhase(ordinalOf(p), 'Pending');
      om.sync();
      // RecreatesFailedPod checks the invariants after its passes; ReplacesPods does not.
      if (step.sync === 'checked') bad = invariants(om);
    } else if (step.remove) for (const o of step.remove) om.pods.delete(o);
    else if (step.partition !== undefined && step.update === undefined) om.set = { ...om.set, spec: { ...om.set.spec, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: step.partition } } } };
    else if (step.fail !== undefined) om.setPhase(step.fail, 'Failed');
    else if (step.pending !== undefined) om.setPhase(step.pending, 'Pending');
    else if (step.running !== undefined) om.setPhase(step.running, 'Running');
    else if (step.ready !== undefined) om.setReady(step.ready);
    else if (step.unready !== undefined) om.setReady(step.unready, false);
    else if (step.readyAll) for (const p of om.list()) om.setReady(ordinalOf(p));
    else if (step.update) updateTemplate(om, step.update, step.partition);
    else if (step.rollOut) bad = rollOut(om);
    else if (step.clear) {
      om.created.length = 0;
      om.deleted.length = 0;
    } else if (step.expect) {
      const e = step.expect;
      const got: any = {};
      const want: any = {};
      if (e.ordinals) [got.ordinals, want.ordinals] = [om.list().map(ordinalOf), e.ordinals];
      if (e.created) [got.created, want.created] = [om.created, e.created];
      if (e.deleted) [got.deleted, want.deleted] = [om.deleted, e.deleted];
      if (e.updated) [got.updated, want.updated] = [om.list().map((p) => (podRevision(p) === om.update.metadata.name ? 'update' : 'current')), e.updated];
      for (const k of ['replicas', 'readyReplicas', 'currentReplicas', 'updatedReplicas']) if (e[k] !== undefined) [got[k], want[k]] = [om.set.status[k] ?? 0, e[k]];
      if (e.currentIsUpdate !== undefined) [got.currentIsUpdate, want.currentIsUpdate] = [om.set.status.currentRevision === om.set.status.updateRevision, e.currentIsUpdate];
      bad = same(got, want);
    } else throw new Error(`unknown step ${JSON.stringify(step)}`);
    if (bad) return `${at}: ${bad}`;
  }
  return undefined;
}

Then("every case of upstream's StatefulSet control test {word} holds on the model", function (table: string) {
  runCases(FILE, table, runCase);
});
