/**
 * Runs a generated case of Jobs and StatefulSets (batch-case.ts) on a fresh cluster under its
 * faults, watching safety-batch.ts's invariants at every write, and then checks the end:
 * each Job Complete or Failed with the counts its program and limits lead to, each StatefulSet
 * with exactly web-0 … web-(n-1) Running and Ready and their claims.
 */
import type { KObject } from '../../model/api/meta';
import { Cluster } from '../../model/cluster';
import { parseClusterConfig } from '../../model/cluster-config';
import type { BatchCase, CronJobGen, JobGen, StatefulSetGen } from './batch-case';
import { cronJobManifest, headlessService, jobManifest, statefulSetManifest } from './batch-case';
import { type Case, NS } from './case';
import { tolerant } from './actions';
import { Intervals } from '../../model/controllers/job/indexed';
import { kindConfig } from './manifests';
import { isActive, isReady } from './oracle';
import { lastDisruption, scheduleFaults } from './runner';
import { BatchSafety } from './safety-batch';

export interface BatchRunResult {
  ok: boolean;
  problems: string[];
  cluster: Cluster;
}

const read = (cluster: Cluster, resource: string, name: string): KObject | undefined => {
  const kv = cluster.etcd.get(`/registry/${resource}/${NS}/${name}`);
  return kv ? JSON.parse(kv.value) : undefined;
};

const podsOf = (cluster: Cluster, owner: KObject): KObject[] =>
  cluster.etcd
    .range(`/registry/pods/${NS}/`)
    .map((kv) => JSON.parse(kv.value) as KObject)
    .filter((p) => (p.metadata.ownerReferences ?? []).some((r: any) => r.controller && r.uid === owner.metadata.uid));

const condition = (job: KObject, type: string) => (job.status?.conditions ?? []).find((c: any) => c.type === type && c.status === 'True');

/** Why a Job is not (yet) where its program and limits lead it; empty when it is. */
export function jobNotConverged(cluster: Cluster, j: JobGen): string[] {
  const job = read(cluster, 'jobs', j.name);
  if (!job) return [`${j.name}: the Job is gone`];
  const s = job.status ?? {};
  const succeeded = s.succeeded ?? 0;
  const failed = s.failed ?? 0;
  const willFail = j.fails || j.failIndexes.length > 0;
  const complete = condition(job, 'Complete');
  const failedCond = condition(job, 'Failed');
  if (!complete && !failedCond) return [`${j.name}: neither Complete nor Failed (${succeeded} succeeded, ${failed} failed, ${s.active ?? 0} active)`];
  if (podsOf(cluster, job).some((p) => isActive(p) || p.metadata.deletionTimestamp)) return [`${j.name}: finished with pods still active or terminating`];
  const out: string[] = [];
  if (willFail) {
    if (!failedCond || failedCond.reason !== 'BackoffLimitExceeded') out.push(`${j.name}: its program fails, yet the Job is ${complete ? 'Complete' : `Failed (${failedCond.reason})`}`);
    // Never: more failures than the limit, at most one batch of parallel Pods more. OnFailure: the restarts count, the Pods deleted at the end fail.
    if (j.restartPolicy === 'Never' && (failed <= j.backoffLimit || failed > j.backoffLimit + j.parallelism)) out.push(`${j.name}: ${failed} failed pods with backoffLimit ${j.backoffLimit} and parallelism ${j.parallelism}`);
  } else {
    if (!complete) out.push(`${j.name}: its program succeeds, yet the Job Failed (${failedCond.reason})`);
    if (succeeded !== j.completions) out.push(`${j.name}: ${succeeded} succeeded, want ${j.completions}`);
    if (failed !== 0) out.push(`${j.name}: ${failed} failed pods, yet the program never fails`);
  }
  if (j.indexed) {
    const done = Intervals.parse(s.completedIndexes, j.completions);
    if (done.toString() !== (s.completedIndexes ?? '')) out.push(`${j.name}: completedIndexes "${s.completedIndexes}" is not in its canonical form "${done.toString()}"`);
    if (done.total() !== succeeded) out.push(`${j.name}: completedIndexes "${s.completedIndexes}" lists ${done.total()} indexes, status.succeeded is ${succeeded}`);
    for (const ix of j.failIndexes) if (done.has(ix)) out.push(`${j.name}: index ${ix} always fails, yet it is in completedIndexes "${s.completedIndexes}"`);
  } else if (s.completedIndexes) out.push(`${j.name}: a NonIndexed Job with completedIndexes "${s.completedIndexes}"`);
  return out;
}

/** Why a StatefulSet is not (yet) settled at `want` replicas (no claim ever goes: safety-batch.ts watches that). */
export function setNotConverged(cluster: Cluster, s: StatefulSetGen, want: number): string[] {
  const set = read(cluster, 'statefulsets', s.name);
  if (!set) return [`${s.name}: the StatefulSet is gone`];
  const pods = podsOf(cluster, set);
  const names = pods.map((p) => p.metadata.name).sort();
  const expected = Array.from({ length: want }, (_, i) => `${s.name}-${i}`).sort();
  const out: string[] = [];
  if (names.join(',') !== expected.join(',')) out.push(`${s.name}: pods [${names.join(', ')}], want [${expected.join(', ')}]`);
  for (const p of pods) if (!(p.status?.phase === 'Running' && isReady(p) && !p.metadata.deletionTimestamp)) out.push(`${s.name}: ${p.metadata.name} is ${p.status?.phase}, not Running and Ready`);
  if ((set.status?.readyReplicas ?? 0) !== want) out.push(`${s.name}: status.readyReplicas ${set.status?.readyReplicas ?? 0}, want ${want}`);
  for (let k = 0; k < want; k++) if (!read(cluster, 'persistentvolumeclaims', `data-${s.name}-${k}`)) out.push(`${s.name}: claim data-${s.name}-${k} is missing`);
  return out;
}

/**
 * Why a CronJob, suspended after running a few minutes, has not settled: a Job was made, none
 * is left running or in status.active, and the finished ones kept are within the history limits.
 */
export function cronJobNotConverged(cluster: Cluster, cj: CronJobGen): string[] {
  const obj = read(cluster, 'cronjobs', cj.name);
  if (!obj) return [`${cj.name}: the CronJob is gone`];
  const out: string[] = [];
  if (!obj.status?.lastScheduleTime) out.push(`${cj.name}: never scheduled a Job`);
  if ((obj.status?.active ?? []).length) out.push(`${cj.name}: status.active still lists ${obj.status.active.map((r: any) => r.name).join(', ')}`);
  const jobs = cluster.etcd
    .range(`/registry/jobs/${NS}/`)
    .map((kv) => JSON.parse(kv.value) as KObject)
    .filter((j) => (j.metadata.ownerReferences ?? []).some((r: any) => r.controller && r.uid === obj.metadata.uid));
  const running = jobs.filter((j) => !condition(j, 'Complete') && !condition(j, 'Failed'));
  if (running.length) out.push(`${cj.name}: jobs ${running.map((j) => j.metadata.name).join(', ')} still running`);
  const complete = jobs.filter((j) => condition(j, 'Complete')).length;
  const failed = jobs.filter((j) => condition(j, 'Failed')).length;
  if (complete > cj.successfulJobsHistoryLimit) out.push(`${cj.name}: ${complete} complete jobs kept, successfulJobsHistoryLimit ${cj.successfulJobsHistoryLimit}`);
  if (failed > cj.failedJobsHistoryLimit) out.push(`${cj.name}: ${failed} failed jobs kept, failedJobsHistoryLimit ${cj.failedJobsHistoryLimit}`);
  return out;
}

/** How long CronJobs run (a few schedules) before the user suspends them. */
const CRON_RUN_MS = 200_000;

/** The case's run: create, scale on schedule, fault, then converge within `convergeMs`. */
export function runBatchCase(c: BatchCase, seed: number, convergeMs: number): BatchRunResult {
  const cluster = new Cluster({ seed, config: parseClusterConfig(kindConfig({ nodes: c.nodes } as Case)) });
  const sim = cluster.sim;
  let pick = 0;
  sim.chooser = (ready) => (pick < c.choices.length ? c.choices[pick++] % ready.length : 0);
  scheduleFaults(cluster, c.faults);
  const safety = new BatchSafety(cluster);
  for (const j of c.jobs) tolerant(() => cluster.admin.create('jobs', NS, jobManifest(j)));
  const cronJobs = c.cronJobs ?? [];
  for (const cj of cronJobs) {
    tolerant(() => cluster.admin.create('cronjobs', NS, cronJobManifest(cj)));
    sim.schedule(CRON_RUN_MS, `user: suspend cronjob ${cj.name}`, () => tolerant(() => cluster.admin.patch('cronjobs', NS, cj.name, 'merge', { spec: { suspend: true } })));
  }
  const want = c.sets.map((s) => s.replicas);
  for (const [i, s] of c.sets.entries()) {
    tolerant(() => cluster.admin.create('services', NS, headlessService(s)));
    tolerant(() => cluster.admin.create('statefulsets', NS, statefulSetManifest(s)));
    for (const sc of s.scales)
      sim.schedule(sc.at, `user: scale statefulset ${s.name} to ${sc.replicas}`, () => {
        want[i] = sc.replicas;
        tolerant(() => cluster.admin.patch('statefulsets', NS, s.name, 'merge', { spec: { replicas: sc.replicas } }));
      });
  }
  const horizon = Math.max(lastDisruption({ actions: [], faults: c.faults } as unknown as Case), ...c.sets.flatMap((s) => s.scales.map((x) => x.at)), cronJobs.length ? CRON_RUN_MS : 0);
  sim.advance(horizon + 5000);
  sim.faults = undefined;
  const why = () => [...c.jobs.flatMap((j) => jobNotConverged(cluster, j)), ...c.sets.flatMap((s, i) => setNotConverged(cluster, s, want[i])), ...cronJobs.flatMap((cj) => cronJobNotConverged(cluster, cj))];
  let problems = why();
  for (let waited = 0; problems.length && waited < convergeMs; waited += 5000) {
    sim.advance(5000);
    problems = why();
  }
  safety.stop();
  const out: string[] = [];
  if (problems.length) out.push(`not converged ${convergeMs / 1000}s after the last fault:`, ...problems.map((p) => `  ${p}`));
  if (safety.violations.length) out.unshift('safety violated:', ...safety.violations.map((v) => `  ${v}`));
  if (sim.failures.length) out.unshift(`the model threw inside "${sim.failures[0].label}": ${(sim.failures[0].error as Error)?.message}`);
  return { ok: out.length === 0, problems: out, cluster };
}
