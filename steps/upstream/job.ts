/**
 * The Job controller's backoff and Indexed Job tables (pkg/controller/job's backoff_utils_test.go
 * and indexed_job_utils_test.go; steps/fixtures/upstream/job.json) run against the model's
 * functions.
 */
import { Then } from '@cucumber/cucumber';
import type { KObject } from '../../model/api/meta';
import { nextBackoffRecord, remainingBackoffMs } from '../../model/controllers/job/backoff';
import { activePodsOrder, calculateSucceededIndexes, COMPLETION_INDEX, duplicatedIndexPodsForRemoval, firstPendingIndexes, Intervals, podGenerateNameWithIndex } from '../../model/controllers/job/indexed';
import { finishedTime, hasTrackingFinalizer, JOB_TRACKING_FINALIZER } from '../../model/controllers/job/pods';
import { runCases, same, upstreamFixture } from './apps-fakes';

const FILE = 'job.json';
const T0 = Date.parse(upstreamFixture(FILE, 'defaultTestTime'));
const iso = (offset: number) => new Date(T0 + offset).toISOString();
const NO_INDEX = '-';

/** hollowPodsWithIndexPhase: a phase, and the completion index annotation unless "-". */
function hollowPod([index, phase]: [string, string], i: number): KObject {
  const pod: KObject = { metadata: { name: `pod-${i}`, uid: `uid-${i}` }, status: { phase } };
  if (index !== NO_INDEX) pod.metadata.annotations = { [COMPLETION_INDEX]: index };
  return pod;
}

/** toIndexPhases: back to [index, phase]. */
const indexPhases = (pods: KObject[]) => pods.map((p) => [p.metadata.annotations?.[COMPLETION_INDEX] ?? NO_INDEX, p.status.phase]);

const intervals = (list: [number, number][]) => new Intervals(list.map(([first, last]) => ({ first, last })));
const pairs = (iv: Intervals) => iv.list.map((x) => [x.first, x.last]);

/** A container status: terminated at an offset, "terminated" without a finish time, or "running". */
function containerStatus(s: number | string): any {
  if (s === 'running') return { state: { running: {} } };
  if (s === 'terminated') return { state: { terminated: {} } };
  return { state: { terminated: { finishedAt: iso(s as number) } } };
}

/** "now" is defaultTestTime, "then" a month earlier; absent is Go's zero time. */
const MONTH_MS = 30 * 24 * 3600_000;
const when = (w: string | undefined) => (w === 'now' ? iso(0) : w === 'then' ? iso(-MONTH_MS) : undefined);

/** TestSortingActivePods' Pods: node, phase, a Ready condition (and since when), restart counts, creation time. */
function activePod(p: any): KObject {
  const pod: KObject = { metadata: { name: p.name }, spec: { nodeName: p.nodeName }, status: { phase: p.phase } };
  if (p.created) pod.metadata.creationTimestamp = when(p.created);
  if (p.ready) pod.status.conditions = [{ type: 'Ready', status: 'True', ...(p.readySince ? { lastTransitionTime: when(p.readySince) } : {}) }];
  if (p.restarts) pod.status.containerStatuses = p.restarts.map((n: number) => ({ restartCount: n }));
  return pod;
}

const CHECKS: Record<string, (c: any) => string | undefined> = {
  sortingActivePods: (c) => {
    const pods: KObject[] = c.pods.map(activePod);
    const orders = [pods, [...pods].reverse()].flatMap((list) => list.map((_, i) => [...list.slice(i), ...list.slice(0, i)]));
    for (const order of orders) {
      const got = [...order].sort(activePodsOrder).map((p) => p.metadata.name);
      const problem = same(got, c.wantOrder);
      if (problem) return `from ${order.map((p) => p.metadata.name).join(',')}: ${problem}`;
    }
    return undefined;
  },
  newBackoffRecord: (c) => {
    const got = nextBackoffRecord(c.store ?? { failuresAfterLastSuccess: 0 }, c.succeeded.map((o: number) => T0 + o), c.failed.map((o: number) => T0 + o));
    const want = { failuresAfterLastSuccess: c.want.failuresAfterLastSuccess, lastFailureTime: c.want.lastFailureTime === undefined ? null : iso(c.want.lastFailureTime) };
    return same({ failuresAfterLastSuccess: got.failuresAfterLastSuccess, lastFailureTime: got.lastFailureTime === undefined ? null : new Date(got.lastFailureTime).toISOString() }, want);
  },
  finishedTime: (c) => {
    const pod: KObject = { metadata: {}, status: { containerStatuses: c.containers.map(containerStatus) } };
    if (c.initContainers) pod.status.initContainerStatuses = c.initContainers.map(containerStatus);
    if (c.ready) pod.status.conditions = [{ type: 'Ready', status: c.ready[0], lastTransitionTime: iso(c.ready[1]) }];
    if (c.deletion !== undefined) pod.metadata.deletionTimestamp = iso(c.deletion);
    if (c.grace !== undefined) pod.metadata.deletionGracePeriodSeconds = c.grace;
    if (c.created !== undefined) pod.metadata.creationTimestamp = iso(c.created);
    return same(new Date(finishedTime(pod)).toISOString(), iso(c.want));
  },
  remainingBackoffTime: (c) => {
    const rec = { failuresAfterLastSuccess: c.failures, lastFailureTime: c.lastFailure === undefined ? undefined : T0 + c.lastFailure };
    return same(remainingBackoffMs(rec, T0 + (c.now ?? 0), c.defaultBackoff, c.maxBackoff), c.want);
  },
  calculateSucceededIndexes: (c) => {
    const job: KObject = { metadata: { name: 'job' }, spec: { completions: c.completions }, status: { completedIndexes: c.prev } };
    const pods = c.pods.map(hollowPod);
    for (const p of pods) p.metadata.finalizers = [JOB_TRACKING_FINALIZER];
    const { prev, all } = calculateSucceededIndexes(job, pods, hasTrackingFinalizer);
    return same({ status: pairs(prev), all: pairs(all) }, { status: c.wantStatus, all: c.want });
  },
  intervalsHaveIndex: (c) => same(intervals(c.intervals).has(c.index), c.want),
  firstPendingIndexes: (c) => same(firstPendingIndexes(c.active.map(hollowPod), intervals(c.succeeded), c.cnt, c.completions), c.want),
  appendDuplicatedIndexPodsForRemoval: (c) => {
    const { rm, left } = duplicatedIndexPodsForRemoval(c.pods.map(hollowPod), c.completions);
    return same({ rm: indexPhases(rm), left: indexPhases(left) }, { rm: c.wantRm, left: c.wantLeft });
  },
  podGenerateNameWithIndex: (c) => same(podGenerateNameWithIndex(c.job, c.index), c.want),
};

Then('every case of upstream\'s job test {word} holds on the model', function (table: string) {
  const check = CHECKS[table];
  if (!check) throw new Error(`no check for job table ${table}`);
  runCases(FILE, table, check);
});
