/**
 * TestControllerSyncJob (kubernetes v1.32, pkg/controller/job/job_controller_test.go;
 * steps/fixtures/upstream/job-sync.json) against the model's JobController on a FakeControlPlane:
 * the Job and its Pods are created through the API before the controller starts, and the first
 * syncJob's requests are what upstream's fake pod control and status handler record.
 */
import { Then } from '@cucumber/cucumber';
import type { KObject } from '../../model/api/meta';
import { JobController } from '../../model/controllers/job/controller';
import { COMPLETION_INDEX } from '../../model/controllers/job/indexed';
import { JOB_TRACKING_FINALIZER } from '../../model/controllers/job/pods';
import { runCases, same } from './apps-fakes';
import { FakeControlPlane } from './harness';

const FILE = 'job-sync.json';
const NS = 'default';
const NAME = 'foobar';
const HOLD = 'example.com/hold';

/** newJob(parallelism, completions, backoffLimit, completionMode), with the case's suspend and status. */
function createJob(cp: FakeControlPlane, c: any): KObject {
  const spec: any = {
    parallelism: c.parallelism,
    backoffLimit: c.backoffLimit ?? 0,
    suspend: c.suspend === true,
    template: { metadata: { labels: { foo: 'bar' } }, spec: { restartPolicy: c.restartPolicy ?? 'Never', containers: [{ name: 'c', image: 'busybox' }] } },
  };
  if (c.activeDeadlineSeconds !== undefined) spec.activeDeadlineSeconds = c.activeDeadlineSeconds;
  if (c.completions !== -1) spec.completions = c.completions;
  if (c.indexed) spec.completionMode = 'Indexed';
  if (c.podReplacementPolicy) spec.podReplacementPolicy = c.podReplacementPolicy;
  const metadata: any = { name: NAME, namespace: NS };
  if (c.deleting) metadata.finalizers = [HOLD];
  let job = cp.create('jobs', { apiVersion: 'batch/v1', kind: 'Job', metadata, spec });
  const status: any = {};
  const conditions: any[] = [];
  const now = cp.sim.clock.nowRFC3339();
  // TestSyncJobPastDeadline's Job started startTime seconds ago.
  if (c.startedAgo !== undefined) status.startTime = new Date(cp.sim.clock.nowMs() - c.startedAgo * 1000).toISOString();
  if (c.initialStatus) {
    status.startTime = now;
    if (c.initialStatus.active) status.active = c.initialStatus.active;
    if (c.initialStatus.succeed) status.succeeded = c.initialStatus.succeed;
    if (c.initialStatus.failed) status.failed = c.initialStatus.failed;
    for (const [type, s, reason, message] of c.initialStatus.conditions ?? []) conditions.push({ type, status: s, lastProbeTime: now, lastTransitionTime: now, reason, message });
  }
  if (c.wasSuspended) conditions.push({ type: 'Suspended', status: 'True', lastProbeTime: now, lastTransitionTime: now, reason: 'JobSuspended', message: 'Job suspended' });
  if (conditions.length) status.conditions = conditions;
  if (Object.keys(status).length) job = cp.admin.updateStatus('jobs', NS, { ...job, status });
  if (c.deleting) cp.admin.delete('jobs', NS, NAME, { propagationPolicy: 'Orphan' });
  return cp.admin.get('jobs', NS, NAME);
}

let seq = 0;
/** newPod(name, job) with the tracking finalizer, then its phase (and readiness, index, deletion). */
function createPod(cp: FakeControlPlane, job: KObject, phase: string, o: { ready?: boolean; index?: string; terminating?: boolean; restartCount?: number } = {}): void {
  const name = `pod-${++seq}`;
  const pod: KObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: NS,
      labels: { ...job.spec.selector.matchLabels },
      finalizers: [JOB_TRACKING_FINALIZER],
      ownerReferences: [{ apiVersion: 'batch/v1', kind: 'Job', name: NAME, uid: job.metadata.uid!, controller: true, blockOwnerDeletion: true }],
    },
    spec: { restartPolicy: job.spec.template.spec.restartPolicy, containers: [{ name: 'c', image: 'busybox' }] },
  };
  if (o.index !== undefined) {
    pod.metadata.annotations = { [COMPLETION_INDEX]: o.index };
    pod.spec.hostname = `${NAME}-${o.index}`;
  }
  const created = cp.create('pods', pod);
  const status: any = { phase };
  if (o.ready) status.conditions = [{ type: 'Ready', status: 'True' }];
  // Finished long ago: upstream's Pods have Go's zero creation time, its indexed ones finish a second after it.
  const finishedAt = o.index !== undefined ? '0001-01-01T00:00:01Z' : '0001-01-01T00:00:00Z';
  if (phase === 'Failed' || (o.index !== undefined && phase === 'Succeeded'))
    status.containerStatuses = [{ name: 'c', image: 'busybox', imageID: '', ready: false, restartCount: 0, state: { terminated: { exitCode: phase === 'Failed' ? 1 : 0, finishedAt } } }];
  // TestJobBackoffForOnFailure: one container status with the Pod's restart count.
  if (o.restartCount !== undefined) status.containerStatuses = [{ name: 'c', image: 'busybox', imageID: '', ready: false, restartCount: o.restartCount, state: phase === 'Succeeded' ? { terminated: { exitCode: 0, finishedAt: '0001-01-01T00:00:00Z' } } : { waiting: {} } }];
  cp.admin.updateStatus('pods', NS, { ...created, status });
  if (o.terminating) cp.admin.delete('pods', NS, name);
}

/** setPodsStatuses and setPodsStatusesWithIndexes. */
function createPods(cp: FakeControlPlane, job: KObject, c: any): void {
  for (let i = 0; i < (c.pendingPods ?? 0); i++) createPod(cp, job, 'Pending');
  for (let i = 0; i < (c.activePods ?? 0); i++) createPod(cp, job, 'Running', { ready: i < (c.readyPods ?? 0) });
  for (let i = 0; i < (c.succeededPods ?? 0); i++) createPod(cp, job, 'Succeeded');
  for (let i = 0; i < (c.failedPods ?? 0); i++) createPod(cp, job, 'Failed');
  for (let i = 0; i < (c.terminatingPods ?? 0); i++) createPod(cp, job, 'Running', { terminating: true });
  for (const [index, phase] of c.podsWithIndexes ?? []) createPod(cp, job, phase, { index: index === 'invalid' ? 'invalid' : index });
  for (const restartCount of c.restartCounts ?? []) createPod(cp, job, c.podPhase, { restartCount });
}

function createdPodProblems(pod: any, job: KObject, indexed: boolean): string[] {
  const problems: string[] = [];
  const ref = JSON.stringify(pod?.metadata?.ownerReferences ?? []);
  const wantRef = JSON.stringify([{ apiVersion: 'batch/v1', kind: 'Job', name: NAME, uid: job.metadata.uid, controller: true, blockOwnerDeletion: true }]);
  if (ref !== wantRef) problems.push(`controller ref ${ref}`);
  if (!(pod?.metadata?.finalizers ?? []).includes(JOB_TRACKING_FINALIZER)) problems.push('no job-tracking finalizer');
  if (pod?.metadata?.labels?.foo !== 'bar') problems.push(`labels ${JSON.stringify(pod?.metadata?.labels)}`);
  if (indexed) {
    const ix = pod?.metadata?.annotations?.[COMPLETION_INDEX];
    if (pod?.spec?.hostname !== `${NAME}-${ix}`) problems.push(`hostname ${pod?.spec?.hostname} for index ${ix}`);
    const wantEnv = JSON.stringify([{ name: 'JOB_COMPLETION_INDEX', valueFrom: { fieldRef: { fieldPath: `metadata.labels['${COMPLETION_INDEX}']` } } }]);
    for (const ctr of pod?.spec?.containers ?? []) if (JSON.stringify(ctr.env ?? []) !== wantEnv) problems.push(`env ${JSON.stringify(ctr.env)}`);
  }
  return problems;
}

const conditionRows = (job: KObject) => (job.status?.conditions ?? []).map((x: any) => [x.type, x.status, x.reason ?? '', x.message ?? '']);

/** The Job and its Pods through the API, then the controller started and its first syncJob run. */
function firstSync(c: any): FakeControlPlane {
  const cp = new FakeControlPlane();
  const job = createJob(cp, c);
  createPods(cp, job, c);
  const ctx = cp.component('kube-controller-manager');
  new JobController(ctx);
  ctx.informers.start();
  // The first syncJob: everything it sends is sent in one step of virtual time.
  for (let waited = 0; waited < 5000 && cp.actions.length === 0; waited++) cp.advance(1);
  return cp;
}

function runSync(c: any): string | undefined {
  const cp = firstSync(c);
  const actions = cp.actions.filter((a) => a.resource === 'pods');
  const created = actions.filter((a) => a.verb === 'create');
  const got: any = {
    creations: created.length,
    deletions: actions.filter((a) => a.verb === 'delete').length,
    podPatches: actions.filter((a) => a.verb === 'patch').length,
  };
  const want: any = { creations: c.creations ?? 0, deletions: c.deletions ?? 0, podPatches: c.podPatches ?? 0 };
  // Upstream validates each Pod the fake pod control made: its controller reference, and for an
  // Indexed Job its hostname and JOB_COMPLETION_INDEX (checkIndexedJobPods, checkJobCompletionEnvVariable).
  // The model's Pods also carry the job-tracking finalizer from the start.
  const job = cp.admin.get('jobs', NS, NAME);
  got.createdPodProblems = created.flatMap((a) => createdPodProblems(a.body, job, !!c.indexed));
  want.createdPodProblems = [];
  if (c.indexed) {
    got.createdIndexes = created.map((a) => Number(a.body?.metadata?.annotations?.[COMPLETION_INDEX])).sort((x, y) => x - y);
    want.createdIndexes = c.createdIndexes ?? [];
  }
  const status = cp.admin.get('jobs', NS, NAME).status ?? {};
  Object.assign(got, { active: status.active ?? 0, ready: status.ready ?? null, succeeded: status.succeeded ?? 0, failed: status.failed ?? 0, completedIndexes: status.completedIndexes ?? '' });
  Object.assign(want, { active: c.active ?? 0, ready: c.ready ?? null, succeeded: c.succeeded ?? 0, failed: c.failed ?? 0, completedIndexes: c.completedIdxs ?? '' });
  if (c.terminating !== undefined) {
    got.terminating = status.terminating ?? null;
    want.terminating = c.terminating;
  }
  got.conditions = conditionRows({ status } as KObject);
  want.conditions = c.conditions ?? [];
  if (c.successGatesOff) {
    // Only the types and statuses upstream lists (see the fixture's source).
    const types = new Set(want.conditions.map((x: string[]) => x[0]));
    got.conditions = got.conditions.filter((x: string[]) => types.has(x[0])).map((x: string[]) => x.slice(0, 2));
    want.conditions = want.conditions.map((x: string[]) => x.slice(0, 2));
  }
  got.startTime = status.startTime !== undefined;
  want.startTime = !c.suspend;
  return same(got, want);
}

Then("every row of upstream's TestControllerSyncJob holds for one sync of the model's Job controller", function () {
  runCases(FILE, 'controllerSyncJob', runSync);
});

/**
 * TestSyncJobPastDeadline and TestJobBackoffForOnFailure: one syncJob, then the Pods deleted (no
 * Pod created), the counts and the conditions the status shows.
 */
function runCountsAndConditions(c: any): string | undefined {
  const cp = firstSync(c);
  const pods = cp.actions.filter((a) => a.resource === 'pods');
  const status = cp.admin.get('jobs', NS, NAME).status ?? {};
  let conditions = conditionRows({ status } as KObject);
  if (c.typesOnly) conditions = conditions.map((x: string[]) => x.slice(0, 2));
  const got: any = {
    creations: pods.filter((a) => a.verb === 'create').length,
    active: status.active ?? 0,
    succeeded: status.succeeded ?? 0,
    failed: status.failed ?? 0,
    conditions,
  };
  const want: any = { creations: 0, active: c.active ?? 0, succeeded: c.succeeded ?? 0, failed: c.failed ?? 0, conditions: c.conditions ?? [] };
  if (c.activeDeadlineSeconds !== undefined) {
    got.deletions = pods.filter((a) => a.verb === 'delete').length;
    want.deletions = c.deletions ?? 0;
    got.startTime = status.startTime !== undefined;
    want.startTime = true;
  }
  return same(got, want);
}

/**
 * TestSyncOrphanPod: a Pod being deleted with the job-tracking finalizer and the case's owner;
 * the controller runs for a while (past the Pod-event batch period), then the Pod is read back.
 */
function runOrphanPod(c: any): string | undefined {
  const cp = new FakeControlPlane();
  let ownerUid = 'other';
  if (c.job) {
    const job = cp.create('jobs', {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'j', namespace: NS },
      spec: { parallelism: 1, completions: 2, template: { metadata: { labels: { foo: 'bar' } }, spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } },
    });
    ownerUid = job.metadata.uid!;
    if (c.job === 'complete') {
      const now = cp.sim.clock.nowRFC3339();
      const done = (type: string) => ({ type, status: 'True', lastProbeTime: now, lastTransitionTime: now, reason: 'CompletionsReached', message: 'Reached expected number of succeeded pods' });
      cp.admin.updateStatus('jobs', NS, { ...job, status: { startTime: now, completionTime: now, succeeded: 2, conditions: [done('SuccessCriteriaMet'), done('Complete')] } });
    }
  }
  const metadata: any = { name: c.name.replace(/_/g, '-'), namespace: NS, finalizers: [JOB_TRACKING_FINALIZER] };
  if (c.owner) metadata.ownerReferences = [{ ...c.owner, uid: ownerUid, ...(c.owner.controller ? { controller: true, blockOwnerDeletion: true } : {}) }];
  cp.create('pods', { apiVersion: 'v1', kind: 'Pod', metadata, spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } });
  // deletionTimestamp(): the finalizer holds the Pod.
  if (c.deleting !== false) cp.admin.delete('pods', NS, metadata.name);
  const ctx = cp.component('kube-controller-manager');
  new JobController(ctx);
  ctx.informers.start();
  cp.advance(5000);
  const pod = cp.admin.tryGet('pods', NS, metadata.name);
  const removed = !pod || !(pod.metadata.finalizers ?? []).includes(JOB_TRACKING_FINALIZER);
  return same({ finalizerRemoved: removed }, { finalizerRemoved: c.wantFinalizerRemoved });
}

/** TestWatchJobs, TestWatchPods, TestJobBackoff: when the controller acts after a change that comes through a watch. */
function runWatch(c: any): string | undefined {
  const cp = new FakeControlPlane();
  const job = createJob(cp, { parallelism: 1, completions: 2, backoffLimit: 6 });
  const ctx = cp.component('kube-controller-manager');
  new JobController(ctx);
  ctx.informers.start();
  cp.advance(3000);
  const pods = cp.admin.list('pods', NS).items;
  if (pods.length !== 1) return `the Job made ${pods.length} Pods before the change, want 1`;
  cp.clearActions();
  const t0 = cp.sim.clock.nowMs();
  if (c.change === 'parallelism') cp.admin.patch('jobs', NS, NAME, 'merge', { spec: { parallelism: 2 } });
  else {
    const pod = pods[0];
    const finishedAt = cp.sim.clock.nowRFC3339();
    const cs = [{ name: 'c', image: 'busybox', imageID: '', ready: false, restartCount: 0, state: { terminated: { exitCode: 1, finishedAt } } }];
    cp.admin.updateStatus('pods', NS, { ...pod, status: { phase: 'Failed', containerStatuses: cs } });
  }
  const seen: number[] = [];
  for (let t = 0; t < c.withinMs + 500; t += 10) {
    cp.advance(10);
    const hit = cp.actions.some((a) => a.verb === c.verb && a.resource === c.resource && (a.subresource ?? '') === (c.subresource ?? ''));
    if (hit) {
      seen.push(cp.sim.clock.nowMs() - t0);
      break;
    }
  }
  const at = seen[0];
  const inWindow = at !== undefined && at >= c.notBeforeMs && at <= c.withinMs;
  return same({ inWindow, job: job.metadata.name }, { inWindow: true, job: NAME }) && `${c.verb} ${c.resource} ${at === undefined ? 'never came' : `came ${at} ms after the change`}, want between ${c.notBeforeMs} and ${c.withinMs} ms`;
}

const TABLES: Record<string, (c: any) => string | undefined> = {
  pastDeadline: runCountsAndConditions,
  backoffForOnFailure: runCountsAndConditions,
  syncOrphanPod: runOrphanPod,
  watch: runWatch,
};

Then("every row of upstream's job controller test {word} holds on the model's Job controller", function (table: string) {
  const run = TABLES[table];
  if (!run) throw new Error(`no runner for job controller table ${table}`);
  runCases(FILE, table, run);
});
