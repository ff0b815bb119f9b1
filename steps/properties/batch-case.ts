/**
 * Generated Jobs, CronJobs and StatefulSets for the convergence properties (issue 11): a Job
 * with its completions, parallelism, backoffLimit, restart policy, completion mode and a program
 * that succeeds or fails (for an Indexed Job: fails on some indexes); a CronJob running every
 * minute with its concurrency policy, history limits and a Job that is quick, slow (longer than
 * the minute) or failing; a StatefulSet with its Pod management policy, volume claims and the
 * replica counts a user scales it to over time. The cluster, faults and interleaving come from
 * the main case generator (case.ts).
 */
import fc from 'fast-check';
import type { KObject } from '../../model/api/meta';
import { APP_LABEL, type Bounds, type Case, caseArbitrary, NS } from './case';

export interface JobGen {
  name: string;
  completions: number;
  parallelism: number;
  backoffLimit: number;
  restartPolicy: 'Never' | 'OnFailure';
  indexed: boolean;
  /** NonIndexed: every Pod exits 1 when true, 0 otherwise. Indexed: the indexes whose Pods exit 1. */
  fails: boolean;
  failIndexes: number[];
}

export interface StatefulSetGen {
  name: string;
  policy: 'OrderedReady' | 'Parallel';
  replicas: number;
  /** kubectl scale at these virtual times (ms after creation). */
  scales: { at: number; replicas: number }[];
}

export interface CronJobGen {
  name: string;
  policy: 'Allow' | 'Forbid' | 'Replace';
  successfulJobsHistoryLimit: number;
  failedJobsHistoryLimit: number;
  program: 'quick' | 'slow' | 'fail';
}

export interface BatchCase {
  nodes: Case['nodes'];
  faults: Case['faults'];
  choices: number[];
  jobs: JobGen[];
  sets: StatefulSetGen[];
  cronJobs?: CronJobGen[];
}

const job = (i: number): fc.Arbitrary<JobGen> =>
  fc
    .record({
      completions: fc.integer({ min: 1, max: 4 }),
      parallelism: fc.integer({ min: 1, max: 3 }),
      backoffLimit: fc.integer({ min: 0, max: 2 }),
      restartPolicy: fc.constantFrom<JobGen['restartPolicy']>('Never', 'OnFailure'),
      indexed: fc.boolean(),
      fails: fc.oneof({ arbitrary: fc.constant(false), weight: 2 }, { arbitrary: fc.constant(true), weight: 1 }),
      failIndexes: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { maxLength: 2 }),
    })
    .map((j) => ({
      name: `job${i}`,
      ...j,
      // Only an Indexed Job's Pods know their index; a NonIndexed one fails or not as a whole.
      failIndexes: j.indexed ? j.failIndexes.filter((x) => x < j.completions).sort((a, b) => a - b) : [],
      fails: j.indexed ? false : j.fails,
    }));

const statefulSet = (i: number, horizonMs: number): fc.Arbitrary<StatefulSetGen> =>
  fc.record({
    name: fc.constant(`web${i}`),
    policy: fc.constantFrom<StatefulSetGen['policy']>('OrderedReady', 'Parallel'),
    replicas: fc.integer({ min: 0, max: 4 }),
    scales: fc.array(fc.record({ at: fc.integer({ min: 0, max: horizonMs }), replicas: fc.integer({ min: 0, max: 4 }) }), { maxLength: 2 }).map((s) => [...s].sort((a, b) => a.at - b.at)),
  });

const cronJob = (i: number): fc.Arbitrary<CronJobGen> =>
  fc.record({
    name: fc.constant(`cron${i}`),
    policy: fc.constantFrom<CronJobGen['policy']>('Allow', 'Forbid', 'Replace'),
    successfulJobsHistoryLimit: fc.integer({ min: 0, max: 3 }),
    failedJobsHistoryLimit: fc.integer({ min: 0, max: 2 }),
    program: fc.constantFrom<CronJobGen['program']>('quick', 'slow', 'fail'),
  });

const upTo = <T>(max: number, gen: (i: number) => fc.Arbitrary<T>): fc.Arbitrary<T[]> => fc.integer({ min: 0, max }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => gen(i))));

/** Nodes, faults and choices from the main generator (no workloads of its own), with Jobs, StatefulSets and CronJobs. */
export function batchCaseArbitrary(b: Bounds, maxJobs: number, maxSets: number, maxCronJobs = 0): fc.Arbitrary<BatchCase> {
  return fc
    .tuple(caseArbitrary({ ...b, maxWorkloads: 1, maxActions: 0 }), upTo(maxJobs, job), upTo(maxSets, (i) => statefulSet(i, b.horizonMs)), upTo(maxCronJobs, cronJob))
    .map(([c, jobs, sets, cronJobs]) => ({ nodes: c.nodes, faults: c.faults, choices: c.choices, jobs, sets, ...(cronJobs.length ? { cronJobs } : {}) }));
}

/** Generated nodes may all carry dedicated=db:NoSchedule: these Pods go anywhere. */
const TOLERATE_DEDICATED = [{ key: 'dedicated', operator: 'Equal', value: 'db', effect: 'NoSchedule' }];

/** The Job's program: busybox's sh exits 1 where the generated Job is to fail, else 0. */
function jobCommand(j: JobGen): string[] {
  if (j.indexed && j.failIndexes.length) return ['sh', '-c', `for i in ${j.failIndexes.join(' ')}; do test $JOB_COMPLETION_INDEX != $i || exit 1; done; echo done`];
  return ['sh', '-c', j.fails ? 'echo failing; exit 1' : 'echo done'];
}

export function jobManifest(j: JobGen): KObject {
  const spec: any = {
    completions: j.completions,
    parallelism: j.parallelism,
    backoffLimit: j.backoffLimit,
    template: {
      metadata: { labels: { [APP_LABEL]: j.name } },
      spec: { restartPolicy: j.restartPolicy, tolerations: TOLERATE_DEDICATED, containers: [{ name: 'work', image: 'busybox:1.37', command: jobCommand(j), resources: { requests: { cpu: '10m', memory: '16Mi' } } }] },
    },
  };
  if (j.indexed) spec.completionMode = 'Indexed';
  return { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: j.name, namespace: NS }, spec };
}

/** A StatefulSet with a headless Service's name and one claim template (`data`). */
export function statefulSetManifest(s: StatefulSetGen): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: s.name, namespace: NS },
    spec: {
      serviceName: s.name,
      replicas: s.replicas,
      podManagementPolicy: s.policy,
      selector: { matchLabels: { [APP_LABEL]: s.name } },
      template: {
        metadata: { labels: { [APP_LABEL]: s.name } },
        spec: { tolerations: TOLERATE_DEDICATED, containers: [{ name: 'web', image: 'nginx:1.27', resources: { requests: { cpu: '10m', memory: '16Mi' } } }] },
      },
      volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
    },
  };
}

/** A CronJob every minute; its Job never retries (backoffLimit 0) and a slow one outlasts the minute. */
export function cronJobManifest(cj: CronJobGen): KObject {
  const command = cj.program === 'quick' ? ['sh', '-c', 'echo tick'] : cj.program === 'slow' ? ['sleep', '90'] : ['sh', '-c', 'exit 1'];
  return {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name: cj.name, namespace: NS },
    spec: {
      schedule: '*/1 * * * *',
      concurrencyPolicy: cj.policy,
      successfulJobsHistoryLimit: cj.successfulJobsHistoryLimit,
      failedJobsHistoryLimit: cj.failedJobsHistoryLimit,
      jobTemplate: {
        spec: {
          backoffLimit: 0,
          template: {
            metadata: { labels: { [APP_LABEL]: cj.name } },
            spec: { restartPolicy: 'Never', tolerations: TOLERATE_DEDICATED, containers: [{ name: 'tick', image: 'busybox:1.37', command, resources: { requests: { cpu: '10m', memory: '16Mi' } } }] },
          },
        },
      },
    },
  };
}

export function headlessService(s: StatefulSetGen): KObject {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name: s.name, namespace: NS }, spec: { clusterIP: 'None', selector: { [APP_LABEL]: s.name }, ports: [{ port: 80 }] } };
}
