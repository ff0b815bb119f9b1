/**
 * Upstream's Deployment controller unit tests (steps/fixtures/upstream/deployment-*.json) run
 * against the model's functions, each through the thinnest adapter its shape needs.
 */
import { Then } from '@cucumber/cucumber';
import { deepCopy, type KObject } from '../../model/api/meta';
import { equalIgnoreHash } from '../../model/controllers/deployment/hash';
import { requeueStuckDeployment, syncRolloutStatus } from '../../model/controllers/deployment/progress';
import { oldPodsRunning } from '../../model/controllers/deployment/recreate';
import { cleanupUnhealthyReplicas, reconcileNewReplicaSet, reconcileOldReplicaSets, scaleDownOldReplicaSetsForRollingUpdate } from '../../model/controllers/deployment/rolling';
import { cleanupDeployment, findNewReplicaSet, newRSNewReplicas, scale } from '../../model/controllers/deployment/sync';
import * as u from '../../model/controllers/deployment/util';
import { IntOrStringError, resolveFenceposts } from '../../model/controllers/util/intstr';
import { deploymentContext, FakeClientset, runCases, same, upstreamFixture } from './apps-fakes';
import { generateDeployment, generatePodTemplateSpec, generateRS, newDeployment, newRSWithStatus, rs, timeFrom } from './deployment-builders';

const UTIL = 'deployment-util.json';
const CONTROLLER = 'deployment-controller.json';
const fixture = upstreamFixture;

/** The ReplicaSets TestFindNewReplicaSet and TestFindOldReplicaSets share, by name. */
function findFixtureReplicaSets(): Record<string, KObject> {
  const now: string = fixture(UTIL, 'now');
  const specs = fixture(UTIL, 'replicaSetsOfFind');
  const created: Record<string, string | undefined> = { now, later: timeFrom(now, '+1m'), before: timeFrom(now, '-1m') };
  const out: Record<string, KObject> = {};
  for (const [name, s] of Object.entries<any>(specs)) {
    if (name === '_') continue;
    const d = generateDeployment('nginx');
    d.spec.template.spec.containers[0].name = s.containerName;
    const r = generateRS(d, name, `uid-${name}`);
    if (s.hash) r.metadata.labels = { ...r.metadata.labels, 'pod-template-hash': s.hash };
    r.metadata.creationTimestamp = created[s.created];
    r.spec.replicas = s.replicas;
    out[name] = r;
  }
  return out;
}

const names = (rss: KObject[]) => rss.map((r) => r.metadata.name);
const statusOf = ([replicas, updated, ready, available]: number[]) => ({ replicas, updatedReplicas: updated, readyReplicas: ready, availableReplicas: available });

const UTIL_CHECKS: Record<string, (c: any) => string | undefined> = {
  // TestEqualIgnoreHash: in both orders, and neither template loses its labels.
  equalIgnoreHash: (c) => {
    const a = generatePodTemplateSpec(c.former);
    const b = generatePodTemplateSpec(c.latter);
    const before = JSON.stringify([a, b]);
    const got = [equalIgnoreHash(a, b), equalIgnoreHash(b, a)];
    if (JSON.stringify([a, b]) !== before) return 'the templates were changed';
    return same(got, [c.expected, c.expected]);
  },
  findNewReplicaSet: (c) => {
    const all = findFixtureReplicaSets();
    const got = findNewReplicaSet(generateDeployment('nginx'), c.rsList.map((n: string) => all[n]));
    return same(got?.metadata.name ?? null, c.expected);
  },
  // FindOldReplicaSets(d, rsList) = (old ones with replicas, all old ones), here from FindNewReplicaSet.
  findOldReplicaSets: (c) => {
    const all = findFixtureReplicaSets();
    const list = c.rsList.map((n: string) => all[n]);
    const newRS = findNewReplicaSet(generateDeployment('nginx'), list);
    const old = list.filter((r: KObject) => r.metadata.uid !== newRS?.metadata.uid).sort(u.byCreation);
    return same({ all: names(old), require: names(u.activeReplicaSets(old)) }, { all: c.expected, require: c.expectedRequire });
  },
  getReplicaCountForReplicaSets: (c) => {
    const sets = c.sets.map(([spec, status]: number[], i: number) => ({ ...rs(`rs${i}`, spec, null), status: { replicas: status } }));
    return same([u.specReplicas(sets), u.actualReplicas(sets)], [c.expectedCount, c.expectedActual]);
  },
  // ResolveFenceposts returns (0, 0, err) for a value that is not an int or a percentage.
  resolveFenceposts: (c) => {
    let got: { surge: number; unavailable: number; error: boolean };
    try {
      got = { ...resolveFenceposts(c.maxSurge ?? undefined, c.maxUnavailable ?? undefined, c.desired), error: false };
    } catch (e) {
      if (!(e instanceof IntOrStringError)) throw e;
      got = { surge: 0, unavailable: 0, error: true };
    }
    return same(got, { surge: c.expectSurge, unavailable: c.expectUnavailable, error: c.expectError });
  },
  newRSNewReplicas: (c) => {
    const d = generateDeployment('nginx');
    d.spec.replicas = c.depReplicas;
    d.spec.strategy = { type: c.strategyType, rollingUpdate: { maxUnavailable: 1, maxSurge: c.maxSurge } };
    const rs5 = generateRS(d, 'rs5', 'uid-rs5');
    rs5.spec.replicas = 5;
    const newRC = generateRS(d, 'new', 'uid-new');
    newRC.spec.replicas = c.newRSReplicas;
    return same(newRSNewReplicas(d, [rs5], newRC), c.expected);
  },
  getCondition: (c) => {
    const conds = fixture(UTIL, 'conditions');
    return same(!!u.getCondition({ conditions: c.status.map((n: string) => conds[n]) }, c.condType), c.expected);
  },
  setCondition: (c) => {
    const conds = fixture(UTIL, 'conditions');
    const status: any = { conditions: c.status.map((n: string) => deepCopy(conds[n])) };
    u.setCondition(status, deepCopy(conds[c.cond]));
    return same(status.conditions, c.expectedStatus.map((n: string) => conds[n]));
  },
  removeCondition: (c) => {
    const conds = fixture(UTIL, 'conditions');
    const status: any = { conditions: c.status.map((n: string) => deepCopy(conds[n])) };
    u.removeCondition(status, c.condType);
    return same(status.conditions, c.expectedStatus.map((n: string) => conds[n]));
  },
  // deployment(desired, current, updated, available, maxUnavailable, maxSurge).
  deploymentComplete: (c) => {
    const [desired, current, updated, available, maxUnavailable, maxSurge] = c.d;
    const d: KObject = { metadata: {}, spec: { replicas: desired, strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable, maxSurge } } }, status: { replicas: current, updatedReplicas: updated, availableReplicas: available } };
    return same(u.deploymentComplete(d, d.status), c.expected);
  },
  deploymentProgressing: (c) => same(u.deploymentProgressing({ metadata: {}, status: statusOf(c.d) }, statusOf(c.newStatus)), c.expected),
  deploymentTimedOut: (c) => {
    const cond: any = { type: c.condType, status: c.status, reason: c.reason };
    if (c.from) cond.lastUpdateTime = c.from;
    const d: KObject = { metadata: {}, spec: { progressDeadlineSeconds: c.pds ?? undefined }, status: { conditions: [cond] } };
    return same(u.deploymentTimedOut(d, d.status, Date.parse(c.now)), c.expected);
  },
  maxUnavailable: (c) => {
    const d: KObject = c.recreate ? { metadata: {}, spec: { strategy: { type: 'Recreate' } } } : { metadata: {}, spec: { replicas: c.replicas, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: c.maxUnavailable } } } };
    return same(u.maxUnavailable(d), c.expected);
  },
  minAvailable: (c) => {
    const d: KObject = c.recreate ? { metadata: {}, spec: { replicas: c.replicas, strategy: { type: 'Recreate' } } } : { metadata: {}, spec: { replicas: c.replicas, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: c.maxUnavailable } } } };
    return same(u.minAvailable(d), c.expected);
  },
  replicasAnnotationsNeedUpdate: (c) => {
    const r: KObject = { metadata: { name: 'hello', namespace: 'test', annotations: c.annotations ?? undefined }, spec: { selector: { matchLabels: { foo: 'bar' } } } };
    return same(u.replicasAnnotationsNeedUpdate(r, 10, 20), c.expected);
  },
  getReplicaSetFraction: (c) => {
    const d = generateDeployment('nginx');
    d.status = { replicas: c.deploymentStatusReplicas };
    d.spec.replicas = c.deploymentReplicas;
    d.spec.strategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: c.deploymentMaxSurge, maxUnavailable: 1 } };
    const r = generateRS(d, 'rs', 'uid-rs');
    r.metadata.annotations = c.rsAnnotations ?? undefined;
    r.spec.replicas = c.rsReplicas;
    return same(u.replicaSetFraction(r, d), c.expectedFraction);
  },
  // TestAnnotationUtils: one ReplicaSet through three steps, as upstream runs them.
  annotationUtils: (c) => {
    const d = generateDeployment('nginx');
    const r = generateRS(d, 'rs', 'uid-rs');
    d.metadata.annotations = { ...d.metadata.annotations, [u.REVISION]: c.deploymentRevision };
    for (let i = c.fromRevision; i < c.toRevision; i++) {
      u.setNewReplicaSetAnnotations(d, r, i + 1, true, c.revHistoryLimitInChars);
      if (i >= c.historyFrom && r.metadata.annotations?.[u.REVISION_HISTORY] !== `${i - 1},${i}`) return `revision ${i + 1}: history ${r.metadata.annotations?.[u.REVISION_HISTORY]}, want ${i - 1},${i}`;
      if (r.metadata.annotations?.[u.REVISION] !== String(i + 1)) return `revision ${r.metadata.annotations?.[u.REVISION]}, want ${i + 1}`;
    }
    const [desired, max] = c.replicasAnnotations;
    const updated = u.setReplicasAnnotations(r, desired, max);
    const got = [updated, r.metadata.annotations?.[u.DESIRED_REPLICAS], r.metadata.annotations?.[u.MAX_REPLICAS]];
    const problem = same(got, [true, String(desired), String(max)]);
    if (problem) return `SetReplicasAnnotations: ${problem}`;
    r.metadata.annotations![u.DESIRED_REPLICAS] = '1';
    r.status = { availableReplicas: 1 };
    r.spec.replicas = 1;
    return same(u.isSaturated(d, r), c.saturated);
  },
};

/** The Deployment of the rolling tests: newDeployment("foo", replicas, nil, maxSurge, maxUnavailable, selector). */
const CONTROLLER_CHECKS: Record<string, (c: any) => string | undefined> = {
  // One update of the new ReplicaSet to the expected size, or no action at all.
  reconcileNewReplicaSet: (c) => {
    const newRS = rs('foo-v2', c.newReplicas, null);
    const oldRS = rs('foo-v2', c.oldReplicas, null);
    const d = newDeployment('foo', c.deploymentReplicas, null, c.maxSurge, 0, { foo: 'bar' });
    const fake = new FakeClientset();
    const scaled = reconcileNewReplicaSet(deploymentContext(fake, '2024-01-01T00:00:00Z'), [newRS, oldRS], newRS, d);
    if (!c.scaleExpected) return same({ scaled, actions: fake.actions.length }, { scaled: false, actions: 0 });
    return same({ scaled, sizes: fake.actions.map((a) => a.object?.spec.replicas) }, { scaled: true, sizes: [c.expectedNewReplicas] });
  },
  reconcileOldReplicaSets: (c) => {
    const newRS = rs('foo-new', c.newReplicas, { foo: 'new' });
    newRS.status = { availableReplicas: c.readyPodsFromNewRS };
    const oldRS = rs('foo-old', c.oldReplicas, { foo: 'old' });
    oldRS.status = { availableReplicas: c.readyPodsFromOldRS };
    const d = newDeployment('foo', c.deploymentReplicas, null, 0, c.maxUnavailable, { foo: 'new' });
    const fake = new FakeClientset();
    const scaled = reconcileOldReplicaSets(deploymentContext(fake, '2024-01-01T00:00:00Z'), [oldRS, newRS], [oldRS], newRS, d);
    return same(scaled, c.scaleExpected);
  },
  cleanupUnhealthyReplicas: (c) => {
    const oldRS = rs('foo-v2', c.oldReplicas, null);
    oldRS.status = { availableReplicas: c.readyPods };
    const d = newDeployment('foo', 10, null, 2, 2, null);
    const { count } = cleanupUnhealthyReplicas(deploymentContext(new FakeClientset(), '2024-01-01T00:00:00Z'), [oldRS], d, c.maxCleanupCount);
    return same(count, c.cleanupCountExpected);
  },
  scaleDownOldReplicaSetsForRollingUpdate: (c) => {
    const oldRS = rs('foo-v2', c.oldReplicas, null);
    oldRS.status = { availableReplicas: c.readyPods };
    const d = newDeployment('foo', c.deploymentReplicas, null, 0, c.maxUnavailable, { foo: 'bar' });
    const fake = new FakeClientset();
    const scaled = scaleDownOldReplicaSetsForRollingUpdate(deploymentContext(fake, '2024-01-01T00:00:00Z'), [oldRS], [oldRS], d);
    if (!c.scaleExpected) return same(scaled, 0);
    if (scaled === 0) return 'expected scaling to occur';
    return same(fake.updates('replicasets').map((a) => a.object?.spec.replicas), [c.expectedOldReplicas]);
  },
  // TestScale: annotate the ReplicaSets as the old Deployment left them, scale, read the sizes from the updates.
  scale: (c) => {
    const ts = fixture(CONTROLLER, 'timestamps');
    const dep = (x: any) => {
      const d = newDeployment('foo', x.replicas, null, x.maxSurge ?? null, x.maxUnavailable ?? null, x.selector ?? null);
      if (x.templateLabels) d.spec.template.metadata.labels = { ...d.spec.template.metadata.labels, ...x.templateLabels };
      return d;
    };
    const d = dep(c.deployment);
    const oldD = dep(c.oldDeployment);
    const mk = ([name, n, when]: [string, number, string]) => rs(name, n, null, ts[when]);
    const newRS = c.newRS ? mk(c.newRS) : undefined;
    if (newRS && c.newRSAvailable !== undefined) newRS.status = { availableReplicas: c.newRSAvailable };
    const oldRSs: KObject[] = c.oldRSs.map(mk);
    for (const r of [newRS, ...oldRSs]) {
      if (!r) continue;
      const desired = c.desiredReplicasAnnotations?.[r.metadata.name!] ?? oldD.spec.replicas;
      u.setReplicasAnnotations(r, desired, desired + u.maxSurge(oldD));
    }
    const size = new Map<string, number>([newRS, ...oldRSs].filter((r): r is KObject => !!r).map((r) => [r.metadata.name!, r.spec.replicas]));
    const fake = new FakeClientset();
    scale(deploymentContext(fake, '2024-01-01T00:00:00Z'), d, newRS, oldRSs);
    for (const a of fake.updates('replicasets')) if (!(c.wasntUpdated ?? []).includes(a.name)) size.set(a.name, a.object!.spec.replicas);
    const got = { new: newRS ? size.get(newRS.metadata.name!) : null, old: oldRSs.map((r) => size.get(r.metadata.name!)) };
    return same(got, { new: c.expectedNew, old: c.expectedOld });
  },
  cleanupDeployment: (c) => {
    const oldRSs = c.oldRSs.map(([name, spec, status, deleted]: [string, number, number, string?]) => {
      const r = newRSWithStatus(name, spec, status);
      if (deleted) r.metadata.deletionTimestamp = '2024-01-01T00:00:00Z';
      return r;
    });
    const fake = new FakeClientset();
    cleanupDeployment(deploymentContext(fake, '2024-01-01T00:00:00Z'), oldRSs, newDeployment('foo', 1, c.revisionHistoryLimit, null, null, { foo: 'bar' }));
    return same(fake.actions.filter((a) => a.verb === 'delete').length, c.expectedDeletions);
  },
  // newRSWithRevisionAndCreationTimestamp(name, replicas, selector, now + offset minutes, revision).
  cleanupDeploymentOrder: (c) => {
    const now = '2024-01-01T00:00:00Z';
    const oldRSs = c.oldRSs.map(([name, replicas, minutes, revision]: [string, number, number, string]) => {
      const r = rs(name, replicas, { foo: 'bar' }, timeFrom(now, `${minutes < 0 ? '-' : '+'}${Math.abs(minutes)}m`));
      if (revision) r.metadata.annotations = { [u.REVISION]: revision };
      r.status = { replicas };
      return r;
    });
    const fake = new FakeClientset();
    cleanupDeployment(deploymentContext(fake, now), oldRSs, newDeployment('foo', 1, c.revisionHistoryLimit, null, null, { foo: 'bar' }));
    return same(fake.actions.filter((a) => a.verb === 'delete' && a.resource === 'replicasets').map((a) => a.name).sort(), [...c.expectedDeletedRSs].sort());
  },
  // A Pod map entry of null is upstream's empty Pod (no phase).
  oldPodsRunning: (c) => {
    const oldRSs = c.oldRSs.map(([name, spec, status, uid]: [string, number, number, string?]) => {
      const r = newRSWithStatus(name, spec, status);
      if (uid) r.metadata.uid = uid;
      return r;
    });
    const podMap = new Map<string, KObject[]>(Object.entries<any[]>(c.podMap).map(([uid, pods]) => [uid, pods.map((phase) => ({ metadata: {}, status: phase ? { phase } : {} }))]));
    return same(oldPodsRunning(undefined, oldRSs, podMap), c.hasOldPodsRunning);
  },
  // The duration it returns is read from what it enqueues: nothing (-1), now (0) or after + 1s.
  requeueStuckDeployment: (c) => {
    const conds = fixture(CONTROLLER, 'progressConditions');
    const d = currentDeployment(c.d, c.conditions ? [conds[c.conditions]] : null);
    const enqueued: number[] = [];
    const [replicas, updated, available] = c.status;
    requeueStuckDeployment(deploymentContext(new FakeClientset(), c.now, enqueued), d, { replicas, updatedReplicas: updated, availableReplicas: available });
    const got = enqueued.length === 0 ? -1 : enqueued[0] === 0 ? 0 : enqueued[0] - 1000;
    return same(got, c.expected);
  },
  syncRolloutStatus: (c) => {
    const conds = fixture(CONTROLLER, 'progressConditions');
    const d = currentDeployment(c.d, c.conditions.map((n: string) => deepCopy(conds[n])));
    const withAvailable = ([name, spec, replicas, available]: [string, number, number, number]) => ({ ...rs(name, spec, null), status: { replicas, availableReplicas: available } });
    const newRS = c.newRS ? withAvailable(c.newRS) : undefined;
    const allRSs = [...c.allRSs.map(withAvailable), ...(newRS ? [newRS] : [])];
    syncRolloutStatus(deploymentContext(new FakeClientset(), '2024-01-01T00:00:00Z'), allRSs, newRS, d);
    const cond = u.getCondition(d.status, 'Progressing');
    if (!c.progressing) return cond ? `unexpected Progressing condition ${JSON.stringify(cond)}` : undefined;
    const got: any = cond ? [cond.status, cond.reason] : null;
    if (c.keepsLastTransitionTime) got?.push(cond?.lastTransitionTime);
    return same(got, c.keepsLastTransitionTime ? [...c.progressing, conds.testTime] : c.progressing);
  },
};

/** progress_test.go's currentDeployment(pds, replicas, statusReplicas, updated, available, conditions): Recreate. */
function currentDeployment([pds, replicas, statusReplicas, updated, available]: (number | null)[], conditions: any[] | null): KObject {
  return {
    metadata: { name: 'progress-test' },
    spec: { progressDeadlineSeconds: pds ?? undefined, replicas, strategy: { type: 'Recreate' } },
    status: { replicas: statusReplicas, updatedReplicas: updated, availableReplicas: available, conditions: conditions ?? undefined },
  };
}

Then('every case of upstream\'s deployment util test {word} holds on the model', function (table: string) {
  const check = UTIL_CHECKS[table];
  if (!check) throw new Error(`no check for deployment util table ${table}`);
  runCases(UTIL, table, check);
});

Then('every case of upstream\'s deployment controller test {word} holds on the model', function (table: string) {
  const check = CONTROLLER_CHECKS[table];
  if (!check) throw new Error(`no check for deployment controller table ${table}`);
  runCases(CONTROLLER, table, check);
});
