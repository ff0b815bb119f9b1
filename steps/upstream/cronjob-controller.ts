/**
 * The CronJob controller's Job template, its finished-Job order and whole-controller runs
 * (kubernetes v1.32 utils_test.go TestGetJobFromTemplate2 / TestByJobStartTime and
 * cronjob_controllerv2_test.go TestControllerV2CleanupFinishedJobs and the two JobAlreadyExists
 * tests; steps/fixtures/upstream/cronjob-controller.json). The controller rows run the real
 * controller (informers, work queue, event handlers) on a FakeControlPlane at the row's time.
 */
import { Then } from '@cucumber/cucumber';
import type { KObject } from '../../model/api/meta';
import { StatusError } from '../../model/api/status';
import type { ApiRequest } from '../../model/apiserver/request';
import { byJobStartTime, CronJobController, SCHEDULED_TIMESTAMP_ANNOTATION } from '../../model/controllers/cronjob/controller';
import { runCases, same } from './apps-fakes';
import { FakeControlPlane } from './harness';

const FILE = 'cronjob-controller.json';
const TOP_OF_THE_HOUR = Date.parse('2016-05-19T10:00:00Z');
const CREATED = '2016-05-19T08:59:00Z';
const NS = 'foo-ns';
const NAME = 'fooer';

const jobSpec = () => ({ parallelism: 1, completions: 1, template: { metadata: { labels: { foo: 'bar' } }, spec: { restartPolicy: 'OnFailure', containers: [{ name: 'c', image: 'foo/bar' }] } } });

function jobFromTemplate(c: any): string | undefined {
  const cp = new FakeControlPlane(['snazzycats'], TOP_OF_THE_HOUR);
  const jm = new CronJobController(cp.component());
  const metadata: any = {};
  if (!c.noLabels) metadata.labels = { a: 'b' };
  if (c.annotations) metadata.annotations = c.annotations;
  const cj: KObject = {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name: 'mycronjob', namespace: 'snazzycats', uid: '1a2b3c' },
    spec: { schedule: '* * * * ?', concurrencyPolicy: 'Allow', timeZone: c.timeZone, jobTemplate: { metadata, spec: { activeDeadlineSeconds: 1, manualSelector: false, ...jobSpec() } } },
  };
  const job = (jm as any).jobFromTemplate(cj, TOP_OF_THE_HOUR, c.timeZone) as KObject;
  const got = {
    namePrefix: job.metadata.name!.startsWith('mycronjob-'),
    labels: Object.keys(job.metadata.labels ?? {}).length,
    hasLabels: job.metadata.labels !== undefined,
    annotations: Object.keys(job.metadata.annotations ?? {}).length,
    scheduled: job.metadata.annotations?.[SCHEDULED_TIMESTAMP_ANNOTATION],
    kind: `${job.apiVersion}/${job.kind}`,
    owner: job.metadata.ownerReferences?.map((r) => `${r.apiVersion}/${r.kind}/${r.name}/${r.uid}/${r.controller}`),
    activeDeadlineSeconds: job.spec?.activeDeadlineSeconds,
  };
  const want = {
    namePrefix: true,
    labels: c.labels,
    hasLabels: c.labels > 0,
    annotations: c.annotationCount,
    scheduled: c.scheduled,
    kind: 'batch/v1/Job',
    owner: ['batch/v1/CronJob/mycronjob/1a2b3c/true'],
    activeDeadlineSeconds: 1,
  };
  return same(got, want);
}

function sortByStartTime(c: any): string | undefined {
  const at: Record<string, string> = { now: '2018-01-01T02:03:04Z', later: '2019-01-01T02:03:04Z' };
  const jobs: KObject[] = c.input.map(([name, start]: [string, string | null]) => ({ metadata: { name }, status: start ? { startTime: at[start] } : {} }));
  return same(jobs.sort(byJobStartTime).map((j) => j.metadata.name), c.expected);
}

const internalError = () =>
  new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Internal error occurred: quota for # of jobs reached', reason: 'InternalError', code: 500 } as any);

function conditionsOf(kind: string | undefined): any[] | undefined {
  if (kind === 'Complete') return [{ type: 'SuccessCriteriaMet', status: 'True' }, { type: 'Complete', status: 'True' }];
  if (kind === 'Failed') return [{ type: 'FailureTarget', status: 'True' }, { type: 'Failed', status: 'True' }];
  if (kind === 'CompleteFalse') return [{ type: 'Complete', status: 'False' }];
  return undefined;
}

function runController(c: any): string | undefined {
  const cp = new FakeControlPlane([NS], Date.parse(CREATED));
  const spec: any = { schedule: c.schedule ?? '0 * * * ?', concurrencyPolicy: c.concurrencyPolicy ?? 'Allow', jobTemplate: { metadata: { labels: { key: 'value' } }, spec: jobSpec() } };
  if (c.successfulJobsHistoryLimit !== undefined) spec.successfulJobsHistoryLimit = c.successfulJobsHistoryLimit;
  if (c.failedJobsHistoryLimit !== undefined) spec.failedJobsHistoryLimit = c.failedJobsHistoryLimit;
  const meta: any = { name: NAME, namespace: NS };
  if (c.beingDeleted) meta.finalizers = ['example.com/hold'];
  const cj = cp.create('cronjobs', { apiVersion: 'batch/v1', kind: 'CronJob', metadata: meta, spec });
  const other = cp.create('cronjobs', { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'another-cronjob', namespace: NS }, spec: { ...spec, suspend: true } });
  cp.advance(Date.parse(c.now) - cp.sim.clock.nowMs());
  const active: any[] = [];
  for (const j of c.jobs) {
    const owner = j.owner === 'other' ? other : cj;
    let job = cp.create('jobs', {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: j.name, namespace: NS, labels: { key: 'value' }, ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true, blockOwnerDeletion: true }] },
      spec: { ...jobSpec(), suspend: true },
    });
    const status: any = {};
    if (j.startTime) status.startTime = j.startTime;
    if (j.completionTime) status.completionTime = j.completionTime;
    const conditions = conditionsOf(j.condition);
    if (conditions) status.conditions = conditions.map((x) => ({ ...x, lastProbeTime: c.now, lastTransitionTime: c.now }));
    if (j.condition === 'Complete') status.succeeded = 1;
    if (j.condition === 'Failed') status.failed = 1;
    if (Object.keys(status).length) job = cp.admin.updateStatus('jobs', NS, { ...job, status });
    if (j.active) active.push({ apiVersion: 'batch/v1', kind: 'Job', name: job.metadata.name, namespace: NS, resourceVersion: job.metadata.resourceVersion, uid: job.metadata.uid });
  }
  for (const name of c.activeMissing ?? []) active.push({ apiVersion: 'batch/v1', kind: 'Job', name, namespace: NS, uid: `${name}-uid` });
  const status: any = {};
  if (c.lastScheduleTime) status.lastScheduleTime = c.lastScheduleTime;
  if (c.lastSuccessfulTime) status.lastSuccessfulTime = c.lastSuccessfulTime;
  if (active.length) status.active = active;
  cp.admin.updateStatus('cronjobs', NS, { ...cp.admin.get('cronjobs', NS, NAME), status });
  if (c.beingDeleted) cp.admin.delete('cronjobs', NS, NAME);
  const before = new Set(cp.admin.list('jobs', NS).items.map((j) => j.metadata.name!));

  const ctx = cp.component();
  let failCreate = c.failJobCreate === true;
  let failDelete = c.failJobDelete === true;
  const inner = ctx.client.request.bind(ctx.client);
  ctx.client.request = (req: Omit<ApiRequest, 'token' | 'userAgent'>) => {
    if (failCreate && req.verb === 'create' && req.resource === 'jobs') {
      failCreate = false;
      cp.actions.push({ verb: req.verb, resource: req.resource, namespace: req.namespace, body: req.body });
      throw internalError();
    }
    if (failDelete && req.verb === 'delete' && req.resource === 'jobs') {
      failDelete = false;
      cp.actions.push({ verb: req.verb, resource: req.resource, namespace: req.namespace, name: req.name, query: req.query });
      throw internalError();
    }
    return inner(req);
  };
  cp.clearActions();
  new CronJobController(ctx);
  ctx.informers.start();
  cp.settle();
  ctx.proc.kill();

  const after = cp.admin.list('jobs', NS).items.filter((j) => !j.metadata.deletionTimestamp).map((j) => j.metadata.name!);
  const final = cp.admin.get('cronjobs', NS, NAME);
  const events = cp.actions.filter((a) => a.resource === 'events' && a.verb === 'create' && a.body?.involvedObject?.name === NAME).map((a) => `${a.body.type} ${a.body.reason}`);
  const got: any = { deleted: [...before].filter((n) => !after.includes(n)).sort() };
  const want: any = { deleted: [...c.expectDeleted].sort() };
  if (c.expectActiveRefs) [got.activeRefs, want.activeRefs] = [(final.status?.active ?? []).map((r: any) => `${r.apiVersion}/${r.kind}/${r.namespace}/${r.name}/${r.uid === cp.admin.tryGet('jobs', NS, r.name)?.metadata.uid}`), c.expectActiveRefs];
  if (c.expectJobCreateRequests !== undefined) [got.jobCreateRequests, want.jobCreateRequests] = [cp.verbsOn('jobs').filter((v) => v === 'create').length, c.expectJobCreateRequests];
  if (c.expectDeletePropagation) [got.deletePropagation, want.deletePropagation] = [cp.actions.filter((a) => a.resource === 'jobs' && a.verb === 'delete').map((a) => a.query?.propagationPolicy), c.expectDeletePropagation];
  if (c.expectCreated) [got.created, want.created] = [after.filter((n) => !before.has(n)), c.expectCreated];
  if (c.expectStatusWrites !== undefined) [got.statusWrites, want.statusWrites] = [cp.verbsOn('cronjobs').filter((v) => v === 'update/status').length, c.expectStatusWrites];
  if (c.expectNoActiveField) [got.activeField, want.activeField] = ['active' in (final.status ?? {}), false];
  if (c.expectActive) [got.active, want.active] = [(final.status?.active ?? []).map((r: any) => r.name), c.expectActive];
  if (c.expectEvents) [got.events, want.events] = [events, c.expectEvents];
  // Every event is about the CronJob (its involvedObject's apiVersion and kind, as the recorder takes them from the synced copy).
  const about = [...new Set(cp.actions.filter((a) => a.resource === 'events' && a.verb === 'create' && a.body?.involvedObject?.name === NAME).map((a) => `${a.body?.involvedObject?.apiVersion}/${a.body?.involvedObject?.kind}/${a.body?.involvedObject?.name}`))];
  if (about.length) [got.eventsAbout, want.eventsAbout] = [about, [`batch/v1/CronJob/${NAME}`]];
  if (c.expectEventsInclude) [got.eventsInclude, want.eventsInclude] = [c.expectEventsInclude.filter((e: string) => events.includes(e)), c.expectEventsInclude];
  if (c.expectLastScheduleTime) [got.lastScheduleTime, want.lastScheduleTime] = [final.status?.lastScheduleTime, c.expectLastScheduleTime];
  if (c.expectLastSuccessfulTime) [got.lastSuccessfulTime, want.lastSuccessfulTime] = [final.status?.lastSuccessfulTime, c.expectLastSuccessfulTime];
  return same(got, want);
}

Then("every case of upstream's CronJob Job template table {word} holds on the model", function (table: string) {
  runCases(FILE, table, table === 'jobFromTemplate' ? jobFromTemplate : sortByStartTime);
});

Then("every row of upstream's CronJob controller table holds for the model's whole controller", function () {
  runCases(FILE, 'controller', runController);
});

function runUpdate(c: any): string | undefined {
  const cp = new FakeControlPlane([NS], Date.parse('2016-05-19T09:58:00Z'));
  const specOf = (s: any) => {
    const spec: any = { schedule: s.schedule ?? '', concurrencyPolicy: 'Allow', jobTemplate: { metadata: { labels: s.labels ?? { a: 'b' }, annotations: { x: 'y' } }, spec: jobSpec() } };
    if (s.timeZone) spec.timeZone = s.timeZone;
    return spec;
  };
  // Upstream's CronJobs carry no schedule at all where the row names none: written to etcd as is.
  const cj = cp.create('cronjobs', { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: NAME, namespace: NS }, spec: specOf({ schedule: '0 * * * ?' }) });
  cp.forceUpdate('cronjobs', { ...cj, spec: specOf(c.old) });
  if (c.lastScheduleTime) cp.admin.updateStatus('cronjobs', NS, { ...cp.admin.get('cronjobs', NS, NAME), status: { lastScheduleTime: c.lastScheduleTime } });
  cp.advance(Date.parse('2016-05-19T09:59:59Z') - cp.sim.clock.nowMs());

  const ctx = cp.component();
  const jm = new CronJobController(ctx);
  const queued: string[] = [];
  let inSync = false;
  const sync = (jm as any).sync.bind(jm);
  (jm as any).sync = (key: string) => {
    inSync = true;
    try {
      sync(key);
    } finally {
      inSync = false;
    }
  };
  const add = jm.queue.add.bind(jm.queue);
  const addAfter = jm.queue.addAfter.bind(jm.queue);
  jm.queue.add = (key: string) => {
    if (!inSync) queued.push('add');
    add(key);
  };
  jm.queue.addAfter = (key: string, ms: number) => {
    if (!inSync) queued.push(ms <= 0 ? 'add' : `after ${new Date(cp.sim.clock.nowMs() + ms).toISOString()}`);
    addAfter(key, ms);
  };
  ctx.informers.start();
  cp.settle();
  queued.length = 0;
  cp.clearActions();

  if (c.new) cp.forceUpdate('cronjobs', { ...cp.admin.get('cronjobs', NS, NAME), spec: specOf(c.new) });
  if (c.job) {
    const uid = c.job === 'stale' ? 'a-cronjob-deleted-before' : cj.metadata.uid!;
    const kind = c.job === 'otherKind' ? { apiVersion: 'v1', kind: 'ReplicationController' } : { apiVersion: 'batch/v1', kind: 'CronJob' };
    cp.create('jobs', { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'fooer-job', namespace: NS, ownerReferences: [{ ...kind, name: NAME, uid, controller: true }] }, spec: { ...jobSpec(), suspend: true } });
  }
  cp.settle();
  ctx.proc.kill();
  const warnings = cp.actions.filter((a) => a.resource === 'events' && a.verb === 'create' && a.body?.type === 'Warning').map((a) => a.body.reason);
  return same({ queued, warnings }, { queued: c.queued, warnings: c.warnings });
}

Then("every row of upstream's TestControllerV2UpdateCronJob holds for the model's CronJob controller's event handlers", function () {
  runCases(FILE, 'updateCronJob', runUpdate);
});
