/**
 * sync.go's getNewReplicaSet, calculateStatus and scaleReplicaSetAndRecordEvent
 * (steps/fixtures/upstream/deployment-sync.json): each case is run on a fake clientset that
 * records every write, with a recorder that keeps the events, and the writes, events and
 * returned objects are compared with what the case lists.
 */
import { Then } from '@cucumber/cucumber';
import { deepCopy, type KObject } from '../../model/api/meta';
import type { EventRecorder } from '../../model/client/events';
import { syncRolloutStatus } from '../../model/controllers/deployment/progress';
import { rolloutRolling, scaleDownOldReplicaSetsForRollingUpdate } from '../../model/controllers/deployment/rolling';
import { rolloutRecreate } from '../../model/controllers/deployment/recreate';
import { cleanupDeployment, scale } from '../../model/controllers/deployment/sync';
import { calculateStatus, getAllReplicaSetsAndSyncRevision, scaleReplicaSet } from '../../model/controllers/deployment/sync';
import * as u from '../../model/controllers/deployment/util';
import { deploymentContext, FakeClientset, runCases, same } from './apps-fakes';
import { newDeployment, rs } from './deployment-builders';

const SYNC = 'deployment-sync.json';
const NOW = '2024-01-01T00:00:00Z';

/** A context whose recorder keeps "type reason message" of every event. */
function recordingContext(fake: FakeClientset, events: string[]) {
  const c = deploymentContext(fake, NOW);
  c.recorder = { event: (_o: KObject, type: string, reason: string, message: string) => events.push(`${type} ${reason} ${message}`) } as unknown as EventRecorder;
  return c;
}

function deployment(x: any): KObject {
  const d = newDeployment('foo', x.replicas, null, x.maxSurge ?? null, x.maxUnavailable ?? null, { foo: 'bar' });
  const annotations: Record<string, string> = { ...(x.annotations ?? {}) };
  if (x.revision !== undefined && x.revision !== '') annotations[u.REVISION] = x.revision;
  d.metadata.annotations = annotations;
  if (x.minReadySeconds !== undefined) d.spec.minReadySeconds = x.minReadySeconds;
  if (x.progressDeadlineSeconds !== undefined) d.spec.progressDeadlineSeconds = x.progressDeadlineSeconds;
  d.status = {};
  return d;
}

const actionsOf = (fake: FakeClientset) => fake.actions.map((a) => `${a.verb} ${a.resource}${a.subresource ? `/${a.subresource}` : ''}`);

const CHECKS: Record<string, (c: any) => string | undefined> = {
  getNewReplicaSet: (c) => {
    const d = deployment(c.deployment);
    const rsList: KObject[] = c.oldRevisions.map((rev: string, i: number) => {
      const r = rs(`foo-old${i}`, 0, { foo: 'bar' }, `2023-01-0${i + 1}T00:00:00Z`);
      r.metadata.annotations = { [u.REVISION]: rev };
      return r;
    });
    if (c.existing) {
      const r = rs('foo-new', c.deployment.replicas, { foo: 'bar' }, '2023-02-01T00:00:00Z');
      r.spec.template = deepCopy(d.spec.template);
      r.spec.template.metadata.labels = { ...r.spec.template.metadata.labels, 'pod-template-hash': 'abc' };
      r.metadata.annotations = { ...(c.existing.annotations ?? {}), [u.REVISION]: c.existing.revision };
      rsList.push(r);
    }
    const fake = new FakeClientset(c.failCreate ? [{ verb: 'create', resource: 'replicasets', message: c.failCreate }] : []);
    const events: string[] = [];
    let got: KObject | undefined;
    let thrown: string | undefined;
    try {
      got = getAllReplicaSetsAndSyncRevision(recordingContext(fake, events), d, rsList, c.create).newRS;
    } catch (e: any) {
      thrown = e.message;
    }
    const e = c.expected;
    const problems: (string | undefined)[] = [];
    const check = (what: string, g: unknown, w: unknown) => {
      const p = same(g, w);
      if (p) problems.push(`${what}: ${p}`);
    };
    check('writes', actionsOf(fake), e.actions);
    check('error', thrown ?? null, e.throws ?? null);
    const created = fake.actions.find((a) => a.verb === 'create')?.object;
    const subst = (s: string) => s.replace('<created>', created?.metadata.name ?? '?');
    if (created) {
      const hash = created.metadata.labels?.['pod-template-hash'];
      check('created name', created.metadata.name, `foo-${hash}`);
      check('created selector hash', created.spec.selector.matchLabels['pod-template-hash'], hash);
      check('created template hash', created.spec.template.metadata.labels['pod-template-hash'], hash);
      check('created owner', created.metadata.ownerReferences?.map((r: any) => [r.kind, r.name, r.uid, r.controller]), [['Deployment', 'foo', 'uid-foo', true]]);
    }
    if (e.returned !== undefined) check('returned', got?.metadata.name ?? null, e.returned === 'created' ? (created?.metadata.name ?? '?') : e.returned);
    // The ReplicaSet as last written (or, when nothing was written, as returned).
    const written = [...fake.actions].reverse().find((a) => a.resource === 'replicasets')?.object ?? got;
    if (e.rsRevision !== undefined) check('ReplicaSet revision', written?.metadata.annotations?.[u.REVISION], e.rsRevision);
    if (e.rsHistory !== undefined) check('revision-history', written?.metadata.annotations?.[u.REVISION_HISTORY] ?? null, e.rsHistory);
    if (e.rsMinReadySeconds !== undefined) check('minReadySeconds', written?.spec.minReadySeconds, e.rsMinReadySeconds);
    if (e.rsAnnotation) check('copied annotation', written?.metadata.annotations?.[e.rsAnnotation[0]], e.rsAnnotation[1]);
    if (e.rsReplicas !== undefined) check('replicas', written?.spec.replicas, e.rsReplicas);
    if (e.rsReplicasAnnotations) check('replicas annotations', [written?.metadata.annotations?.[u.DESIRED_REPLICAS], written?.metadata.annotations?.[u.MAX_REPLICAS]], e.rsReplicasAnnotations);
    const status = fake.actions.find((a) => a.subresource === 'status')?.object;
    if (e.deploymentRevision !== undefined) check('Deployment revision', status?.metadata.annotations?.[u.REVISION], e.deploymentRevision);
    const cond = u.getCondition(status?.status, 'Progressing');
    check('Progressing', cond ? [cond.status, cond.reason, cond.message] : null, e.progressing ? [e.progressing[0], e.progressing[1], subst(e.progressing[2])] : null);
    if (e.events) check('events', events, e.events.map(subst));
    return problems.length ? problems.join('; ') : undefined;
  },
  // rss: [name, spec replicas, status replicas, ready, available]; "new" is the new ReplicaSet.
  calculateStatus: (c) => {
    const d = deployment(c.deployment);
    d.metadata.generation = 4;
    const all = c.rss.map(([name, spec, replicas, ready, available]: [string, number, number, number, number]) => {
      const r = rs(name, spec, { foo: 'bar' });
      r.status = { replicas, readyReplicas: ready, availableReplicas: available };
      return r;
    });
    const newRS = all.find((r: KObject) => r.metadata.name === 'new');
    const s = calculateStatus(deploymentContext(new FakeClientset(), NOW), all, newRS, d);
    const cond = u.getCondition(s, 'Available');
    const got = {
      replicas: s.replicas,
      updatedReplicas: s.updatedReplicas,
      readyReplicas: s.readyReplicas,
      availableReplicas: s.availableReplicas,
      unavailableReplicas: s.unavailableReplicas,
      available: cond ? [cond.status, cond.reason, cond.message] : null,
    };
    return same([s.observedGeneration, got], [4, c.expected]);
  },
  // A Recreate Deployment at revision 2: old ReplicaSets [name, spec, status replicas] at revision 1, the new
  // one [spec, status replicas, available] with the Deployment's template, Pods (by phase) per ReplicaSet.
  rolloutRecreate: (c) => {
    const d = deployment({ ...c.deployment, revision: '2' });
    d.spec.strategy = { type: 'Recreate' };
    if (c.deployment.revisionHistoryLimit !== undefined) d.spec.revisionHistoryLimit = c.deployment.revisionHistoryLimit;
    if (c.deployment.status) {
      const [replicas, updated, available] = c.deployment.status;
      d.status = { observedGeneration: 0, replicas, updatedReplicas: updated, availableReplicas: available };
    }
    const rsList: KObject[] = c.oldRSs.map(([name, spec, replicas]: [string, number, number]) => {
      const r = rs(name, spec, { foo: 'bar' }, '2023-01-01T00:00:00Z');
      r.metadata.annotations = { [u.REVISION]: '1' };
      r.status = { replicas };
      return r;
    });
    if (c.newRS) {
      const [spec, replicas, available] = c.newRS;
      const r = rs('foo-new', spec, { foo: 'bar' }, '2023-02-01T00:00:00Z');
      r.spec.template = deepCopy(d.spec.template);
      r.metadata.annotations = { [u.REVISION]: '2' };
      r.status = { replicas, readyReplicas: available, availableReplicas: available };
      rsList.push(r);
    }
    const uidOf = (name: string) => rsList.find((r) => r.metadata.name === name)!.metadata.uid!;
    const podMap = new Map<string, KObject[]>(Object.entries<string[]>(c.pods).map(([name, phases]) => [uidOf(name), phases.map((phase) => ({ metadata: {}, status: { phase } }))]));
    const fake = new FakeClientset();
    const events: string[] = [];
    rolloutRecreate(recordingContext(fake, events), d, rsList, podMap);
    const created = fake.actions.find((a) => a.verb === 'create')?.object?.metadata.name ?? '?';
    const writes = fake.actions.map((a) => `${a.verb} ${a.resource}${a.subresource ? `/${a.subresource}` : ''} ${a.name}${a.resource === 'replicasets' && a.object ? ` ${a.object.spec.replicas}` : ''}`);
    const subst = (s: string) => s.replace('<created>', created);
    return same({ writes, events }, { writes: c.expected.writes.map(subst), events: c.expected.events.map(subst) });
  },
  // rss: [name, spec, status replicas, ready, available, ReplicaFailure message?]; the Deployment's current
  // conditions were last updated an hour before now.
  syncRolloutStatusConditions: (c) => {
    const T0 = '2023-12-31T23:00:00Z';
    const d = deployment({ ...c.deployment });
    if (c.deployment.pds !== undefined) d.spec.progressDeadlineSeconds = c.deployment.pds;
    const [replicas, updatedReplicas, readyReplicas, availableReplicas] = c.deployment.status;
    const conditions: any[] = [];
    if (c.deployment.progressing) conditions.push({ type: 'Progressing', status: c.deployment.progressing[0], reason: c.deployment.progressing[1], message: 'old message', lastUpdateTime: T0, lastTransitionTime: T0 });
    if (c.deployment.replicaFailure) conditions.push({ type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate', message: 'gone', lastUpdateTime: T0, lastTransitionTime: T0 });
    d.status = { replicas, updatedReplicas, readyReplicas, availableReplicas, conditions };
    const all = c.rss.map(([name, spec, rep, ready, available, failure]: [string, number, number, number, number, string?]) => {
      const r = rs(name, spec, { foo: 'bar' });
      r.status = { replicas: rep, readyReplicas: ready, availableReplicas: available };
      if (failure) r.status.conditions = [{ type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate', message: failure, lastTransitionTime: T0 }];
      return r;
    });
    const newRS = all.find((r: KObject) => r.metadata.name === 'new');
    syncRolloutStatus(deploymentContext(new FakeClientset(), NOW), all, newRS, d);
    const p = u.getCondition(d.status, 'Progressing');
    const f = u.getCondition(d.status, 'ReplicaFailure');
    const got = {
      progressing: p ? [p.status, p.reason, p.message, p.lastTransitionTime] : null,
      replicaFailure: f ? [f.status, f.reason, f.message, f.lastUpdateTime] : null,
    };
    return same(got, c.expected);
  },
  // A RollingUpdate Deployment at revision 2: old ReplicaSets [name, spec, available, created minute] at
  // revision 1 (status replicas = spec), the new one [spec, available] with the Deployment's template.
  rolloutRolling: (c) => {
    const d = deployment({ ...c.deployment, revision: '2' });
    if (c.deployment.revisionHistoryLimit !== undefined) d.spec.revisionHistoryLimit = c.deployment.revisionHistoryLimit;
    if (c.deployment.status) {
      const [replicas, updated, available] = c.deployment.status;
      d.status = { observedGeneration: 0, replicas, updatedReplicas: updated, availableReplicas: available };
    }
    const rsList: KObject[] = c.oldRSs.map(([name, spec, available, minute]: [string, number, number, number]) => {
      const r = rs(name, spec, { foo: 'bar' }, `2023-01-01T00:0${minute}:00Z`);
      r.metadata.annotations = { [u.REVISION]: '1' };
      r.status = { replicas: spec, readyReplicas: available, availableReplicas: available };
      return r;
    });
    const [spec, available] = c.newRS;
    const n = rs('foo-new', spec, { foo: 'bar' }, '2023-02-01T00:00:00Z');
    n.spec.template = deepCopy(d.spec.template);
    n.metadata.annotations = { [u.REVISION]: '2' };
    n.status = { replicas: spec, readyReplicas: available, availableReplicas: available };
    rsList.push(n);
    const fake = new FakeClientset();
    let thrown: string | null = null;
    try {
      rolloutRolling(recordingContext(fake, []), d, rsList);
    } catch (e: any) {
      thrown = e.message;
    }
    const writes = fake.actions.map((a) => `${a.verb} ${a.resource}${a.subresource ? `/${a.subresource}` : ''} ${a.name}${a.resource === 'replicasets' && a.object ? ` ${a.object.spec.replicas}` : ''}`);
    return same({ writes, throws: thrown }, { writes: c.expected.writes, throws: c.expected.throws ?? null });
  },
  // The old ReplicaSets as rolloutRolling's rows give them, passed in the order listed.
  scaleDownOldReplicaSetsForRollingUpdate: (c) => {
    const d = deployment({ ...c.deployment, revision: '2' });
    const old: KObject[] = c.oldRSs.map(([name, spec, available, minute]: [string, number, number, number]) => {
      const r = rs(name, spec, { foo: 'bar' }, `2023-01-01T00:0${minute}:00Z`);
      r.status = { replicas: spec, availableReplicas: available };
      return r;
    });
    const fake = new FakeClientset();
    const scaled = scaleDownOldReplicaSetsForRollingUpdate(recordingContext(fake, []), old, old, d);
    return same({ scaled, writes: fake.actions.map((a) => `${a.verb} ${a.resource} ${a.name} ${a.object?.spec.replicas}`) }, c.expected);
  },
  // oldRSs: [name, spec, status replicas (null: no status), generation, observedGeneration].
  cleanupDeploymentKeeps: (c) => {
    const d = deployment({ replicas: 1 });
    if (c.revisionHistoryLimit !== null) d.spec.revisionHistoryLimit = c.revisionHistoryLimit;
    const old = c.oldRSs.map(([name, spec, replicas, generation, observed]: [string, number, number | null, number, number | null]) => {
      const r = rs(name, spec, { foo: 'bar' }, '2023-01-01T00:00:00Z');
      r.metadata.generation = generation;
      if (replicas !== null) r.status = { replicas, observedGeneration: observed };
      return r;
    });
    const fake = new FakeClientset();
    cleanupDeployment(recordingContext(fake, []), old, d);
    return same(fake.actions.filter((a) => a.verb === 'delete').map((a) => a.name), c.expectedDeleted);
  },
  // rss: [name, spec]; "foo-new" is the new ReplicaSet, the others old; all fully available.
  scaleRecreate: (c) => {
    const d = deployment(c.deployment);
    d.spec.strategy = { type: 'Recreate' };
    const all = c.rss.map(([name, spec]: [string, number], i: number) => {
      const r = rs(name, spec, { foo: 'bar' }, `2023-01-0${i + 1}T00:00:00Z`);
      r.status = { replicas: spec, availableReplicas: spec };
      return r;
    });
    const fake = new FakeClientset();
    scale(recordingContext(fake, []), d, all.find((r: KObject) => r.metadata.name === 'foo-new'), all.filter((r: KObject) => r.metadata.name !== 'foo-new'));
    return same(fake.actions.map((a) => `${a.verb} ${a.resource} ${a.name}`), c.expectedWrites);
  },
  scaleReplicaSet: (c) => {
    const d = deployment(c.deployment);
    const r = rs('foo-rs', c.rs, { foo: 'bar' });
    if (c.annotations) r.metadata.annotations = { [u.DESIRED_REPLICAS]: c.annotations[0], [u.MAX_REPLICAS]: c.annotations[1] };
    const fake = new FakeClientset();
    const events: string[] = [];
    const res = scaleReplicaSet(recordingContext(fake, events), r, c.to, d, c.skipIfSameSize ?? true);
    const upd = fake.updates('replicasets');
    const updated = upd.length === 0 ? null : [upd[0].object!.spec.replicas, upd[0].object!.metadata.annotations?.[u.DESIRED_REPLICAS], upd[0].object!.metadata.annotations?.[u.MAX_REPLICAS]];
    return same({ updated, writes: upd.length, scaled: res.scaled, events }, { updated: c.expected.updated, writes: c.expected.updated ? 1 : 0, scaled: c.expected.scaled, events: c.expected.events });
  },
};

Then('every case of the Deployment sync table {word} holds on the model', function (table: string) {
  const check = CHECKS[table];
  if (!check) throw new Error(`no check for Deployment sync table ${table}`);
  runCases(SYNC, table, check);
});
