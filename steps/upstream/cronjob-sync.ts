/**
 * TestControllerV2SyncCronJob (kubernetes v1.32, pkg/controller/cronjob/cronjob_controllerv2_test.go;
 * steps/fixtures/upstream/cronjob-sync.json) against the model's CronJobController.syncCronJob,
 * on a FakeControlPlane whose clock is set to each row's times: the CronJob (and its previous
 * Job) are created through the API at their creation times, then one sync runs at the row's now.
 */
import { Then } from '@cucumber/cucumber';
import { deepCopy, type KObject } from '../../model/api/meta';
import { CronJobController } from '../../model/controllers/cronjob/controller';
import { runCases, same } from './apps-fakes';
import { FakeControlPlane } from './harness';

const FILE = 'cronjob-sync.json';
const NS = 'snazzycats';
const NAME = 'mycronjob';
const JUST_BEFORE_THE_HOUR = '2016-05-19T09:59:00Z';
const JUST_BEFORE_THE_PRIOR_HOUR = '2016-05-19T08:59:00Z';
const JUST_AFTER_THE_PRIOR_HOUR = '2016-05-19T09:01:00Z';

/** jobSpec(): one Pod of foo/bar, labelled foo=bar. */
const jobSpec = () => ({ parallelism: 1, completions: 1, template: { metadata: { labels: { foo: 'bar' } }, spec: { restartPolicy: 'OnFailure', containers: [{ name: 'c', image: 'foo/bar' }] } } });

const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function runSync(c: any): string | undefined {
  const created = Date.parse(c.cronjobCreationTime ?? (c.ranPreviously ? JUST_BEFORE_THE_PRIOR_HOUR : JUST_BEFORE_THE_HOUR));
  const cp = new FakeControlPlane([NS], created);
  const spec: any = { schedule: c.schedule, concurrencyPolicy: c.policy, suspend: c.suspend === true, jobTemplate: { metadata: { labels: { a: 'b' }, annotations: { x: 'y' } }, spec: jobSpec() } };
  if (c.timeZone !== undefined) spec.timeZone = c.timeZone;
  if (c.deadline !== undefined) spec.startingDeadlineSeconds = c.deadline;
  // A schedule or zone the API server would refuse goes straight to etcd, as upstream hands it to syncCronJob.
  let cj = cp.create('cronjobs', { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: NAME, namespace: NS }, spec: { ...spec, schedule: '* * * * ?', timeZone: undefined } });
  cp.forceUpdate('cronjobs', { ...cj, spec });
  const jobs: KObject[] = [];
  const jobCreated = Date.parse(c.jobCreationTime);
  if (c.ranPreviously) {
    cp.advance(Math.max(0, jobCreated - cp.sim.clock.nowMs()));
    cj = cp.admin.get('cronjobs', NS, NAME);
    const job = cp.create('jobs', {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: `${NAME}-${Math.floor(jobCreated / 60_000)}`, namespace: NS, labels: { a: 'b' }, annotations: { x: 'y' }, ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: NAME, uid: cj.metadata.uid!, controller: true, blockOwnerDeletion: true }] },
      spec: jobSpec(),
    });
    let listed = job;
    if (!c.stillActive)
      listed = cp.admin.updateStatus('jobs', NS, { ...job, status: { startTime: rfc3339(jobCreated), completionTime: rfc3339(jobCreated + 10_000), succeeded: 1, conditions: [{ type: 'SuccessCriteriaMet', status: 'True' }, { type: 'Complete', status: 'True' }] } });
    // jobStillNotFoundInLister: the Job is not in the list syncCronJob gets (a slow Job lister).
    if (!c.notInLister) jobs.push(listed);
    const status: any = { lastScheduleTime: c.lastScheduleTime ?? JUST_AFTER_THE_PRIOR_HOUR };
    if (c.stillActive && !c.inNoActiveList) status.active = [{ apiVersion: 'batch/v1', kind: 'Job', name: job.metadata.name, namespace: NS, resourceVersion: job.metadata.resourceVersion, uid: job.metadata.uid }];
    // Another Job (long gone) in the active list instead.
    if (c.otherActive) status.active = [{ apiVersion: 'batch/v1', kind: 'Job', name: 'mycronjob-other', namespace: NS, uid: 'uid-of-another-job' }];
    cp.admin.updateStatus('cronjobs', NS, { ...cp.admin.get('cronjobs', NS, NAME), status });
    // A listed Job already deleted from the API server (its DELETED event not yet delivered).
    if (c.goneFromApi) cp.admin.delete('jobs', NS, job.metadata.name!);
  }
  cp.advance(Math.max(0, Date.parse(c.now) + (c.nowOffsetMs ?? 0) - cp.sim.clock.nowMs()));
  cp.clearActions();
  const jm = new CronJobController(cp.component());
  const copy = { ...deepCopy(cp.admin.get('cronjobs', NS, NAME)), apiVersion: 'batch/v1', kind: 'CronJob' };
  copy.status ??= {};
  // jobPresentInCJActiveStatus false: the CronJob syncCronJob gets (a slow CronJob lister) lists no active Job; the API server's does.
  if (c.notInCachedActive) delete copy.status.active;
  (jm as any).statusBaseline = JSON.stringify(copy.status);
  const requeue = (jm as any).syncCronJob(copy, jobs) as number | undefined;
  cp.settle();
  const events = cp.actions.filter((a) => a.resource === 'events' && a.verb === 'create').map((a) => a.body);
  const got: any = {
    created: cp.actions.filter((a) => a.resource === 'jobs' && a.verb === 'create').length === 1,
    deleted: cp.actions.filter((a) => a.resource === 'jobs' && a.verb === 'delete').length === 1,
    active: (copy.status.active ?? []).length,
    warnings: events.filter((e) => e?.type === 'Warning').map((e) => e.reason),
    requeueMs: requeue ?? null,
    updateStatus: JSON.stringify(copy.status) !== (jm as any).statusBaseline,
  };
  // Upstream counts the warnings; the rows that have one also name it (its reason and message, syncCronJob's and nextScheduleTime's words).
  const want: any = { created: c.create, deleted: c.delete, active: c.active, warnings: c.warning ? [c.warning.reason] : got.warnings.length === c.warnings ? got.warnings : `${c.warnings} warning(s)`, requeueMs: c.requeueMs ?? null, updateStatus: c.updateStatus };
  if (c.warning) [got.warningMessage, want.warningMessage] = [events.find((e) => e?.type === 'Warning')?.message, c.warning.message];
  if (c.normalEvents) [got.normal, want.normal] = [events.filter((e) => e?.type === 'Normal' && e.reason === 'JobAlreadyActive').length, c.normalEvents];
  if (c.ranPreviously && !c.stillActive) [got.lastSuccessfulTime, want.lastSuccessfulTime] = [copy.status.lastSuccessfulTime, rfc3339(jobCreated + 10_000)];
  if (c.jobName) [got.jobName, want.jobName] = [cp.actions.find((a) => a.resource === 'jobs' && a.verb === 'create')?.body?.metadata?.name, c.jobName];
  if (c.activeNotAsserted) delete got.active, delete want.active;
  return same(got, want);
}

Then("every row of upstream's TestControllerV2SyncCronJob holds for one sync of the model's CronJob controller", function () {
  runCases(FILE, 'syncCronJob', runSync);
});
