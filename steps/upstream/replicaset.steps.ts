/**
 * Upstream's ReplicaSet controller unit tests and pkg/controller's Pod ranking tables
 * (steps/fixtures/upstream/replicaset.json) run against the model's functions.
 */
import { Then } from '@cucumber/cucumber';
import type { KObject } from '../../model/api/meta';
import { StatusError } from '../../model/api/status';
import { slowStartBatch } from '../../model/controllers/replicaset/manage';
import { less, podsToDelete } from '../../model/controllers/replicaset/ranking';
import { calculateStatus } from '../../model/controllers/replicaset/status';
import { runCases, same, upstreamFixture } from './apps-fakes';
import { timeFrom } from './deployment-builders';

const FILE = 'replicaset.json';
const NOW: string = upstreamFixture(FILE, 'now');

/** replica_set_test.go's newReplicaSet(replicas, selector): template labels {name: foo, type: production}. */
function newReplicaSet(name: string): KObject {
  const s = upstreamFixture(FILE, 'replicaSets')[name];
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'foobar', namespace: 'default', uid: `uid-${name}` },
    spec: { replicas: s.replicas, minReadySeconds: s.minReadySeconds, selector: { matchLabels: s.selector }, template: { metadata: { labels: { name: 'foo', type: 'production' } }, spec: { containers: [{ image: 'foo/bar' }] } } },
    status: s.conditions ? { conditions: s.conditions } : undefined,
  };
}

/** newPod(name, rs, phase, nil, true): the ReplicaSet's selector as labels, Ready when Running. */
function newPod(name: string, rs: KObject, phase: string): KObject {
  return {
    metadata: { name, namespace: 'default', uid: `uid-${name}`, labels: rs.spec.selector.matchLabels, ownerReferences: [{ apiVersion: 'v1beta1', kind: 'ReplicaSet', name: rs.metadata.name!, uid: rs.metadata.uid!, controller: true }] },
    status: { phase, conditions: phase === 'Running' ? [{ type: 'Ready', status: 'True' }] : undefined },
  };
}

const podsOf = (specs: [string, string, string][]) => specs.map(([name, rsName, phase]) => newPod(name, newReplicaSet(rsName), phase));

/** The counts of a ReplicaSetStatus, zeros included (Go's struct compare). */
const counts = (s: any) => ({ replicas: s.replicas ?? 0, fullyLabeledReplicas: s.fullyLabeledReplicas ?? 0, readyReplicas: s.readyReplicas ?? 0, availableReplicas: s.availableReplicas ?? 0 });

/** TestGetPodsToDelete's Pods by name. */
function podToDelete(name: string): KObject {
  const s = upstreamFixture(FILE, 'podsToDeletePods')[name];
  const pod = newPod(name, newReplicaSet('notFullyLabelledRS'), s.phase);
  if (s.nodeName) pod.spec = { nodeName: s.nodeName };
  if (s.ready) pod.status.conditions = [{ type: 'Ready', status: s.ready }];
  return pod;
}

/** TestSortingActivePodsWithRanks' pod(...) helper. */
function rankedPod(key: string): KObject {
  const [name, nodeName, phase, ready, restarts, readySince, created, annotations] = upstreamFixture(FILE, 'rankedPods')[key];
  const at = (offset: string | null) => (offset ? timeFrom(NOW, offset) : undefined);
  const pod: KObject = { metadata: { name, creationTimestamp: at(created), annotations: annotations ?? undefined }, spec: { nodeName }, status: { phase } };
  if (ready) {
    pod.status.conditions = [{ type: 'Ready', status: 'True', lastTransitionTime: at(readySince) }];
    pod.status.containerStatuses = [{ restartCount: restarts }];
  }
  return pod;
}

/** A few fixed orders of the input (rand.Perm in upstream): rotations, and the reverse. */
function permutations<T>(xs: T[]): T[][] {
  const out: T[][] = [[...xs].reverse()];
  for (let i = 0; i < xs.length; i++) out.push([...xs.slice(i), ...xs.slice(0, i)]);
  return out;
}

const CHECKS: Record<string, (c: any) => string | undefined> = {
  calculateStatus: (c) => same(counts(calculateStatus(newReplicaSet(c.replicaset), podsOf(c.activePods), undefined, NOW, Date.parse(NOW))), c.expected),
  // Upstream copies the condition's lastTransitionTime from the result: only the rest is compared.
  calculateStatusConditions: (c) => {
    const err = c.manageReplicasErr ? new Error(c.manageReplicasErr) : undefined;
    const got = calculateStatus(newReplicaSet(c.replicaset), podsOf(c.activePods), err, NOW, Date.parse(NOW)).conditions;
    return same(got?.map(({ lastTransitionTime: _, ...rest }: any) => rest) ?? null, c.expected);
  },
  // fn fails every call after callLimit; the model's slowStartBatch counts a StatusError as a failure.
  slowStartBatch: (c) => {
    let calls = 0;
    const fn = () => {
      calls++;
      if (calls > c.callLimit) throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'fake error', reason: 'InternalError', code: 500 } as any);
    };
    const { successes, error } = slowStartBatch(c.count, 1, fn);
    return same({ successes, error: !!error, calls }, { successes: c.expectedSuccesses, error: c.expectedErr, calls: c.expectedCallCnt });
  },
  getPodsToDelete: (c) => {
    const pods = c.pods.map(podToDelete);
    const related = c.related ? c.related.map(podToDelete) : pods;
    return same(podsToDelete(pods, related, c.diff, Date.parse(NOW)).map((p) => p.metadata.name), c.expectedPodsToDelete);
  },
  // Sorted from several starting orders, always the same order.
  sortingActivePods: (c) => {
    const pods: KObject[] = c.pods.map((s: any) => {
      const at = (k?: string) => (k && k !== 'zero' ? timeFrom(NOW, c.times[k]) : undefined);
      const pod: KObject = { metadata: { name: s.name, creationTimestamp: at(s.created) }, spec: { nodeName: s.nodeName }, status: { phase: s.phase } };
      if (s.ready) pod.status.conditions = [{ type: 'Ready', status: 'True', lastTransitionTime: at(s.ready) }];
      if (s.restarts) pod.status.containerStatuses = s.restarts.map((n: number) => ({ restartCount: n }));
      return pod;
    });
    for (const order of permutations(pods)) {
      const ranked = order.map((pod) => ({ pod, rank: 0 }));
      ranked.sort((a, b) => (less(a, b, Date.parse(NOW)) ? -1 : less(b, a, Date.parse(NOW)) ? 1 : 0));
      const problem = same(ranked.map((r) => r.pod.metadata.name), c.wantOrder);
      if (problem) return problem;
    }
    return undefined;
  },
  sortingActivePodsWithRanksEquality: (c) => {
    const a = { pod: rankedPod(c.p1), rank: 1 };
    const b = { pod: rankedPod(c.p2 ?? c.p1), rank: 1 };
    return same([less(a, b, Date.parse(NOW)), less(b, a, Date.parse(NOW))], [false, false]);
  },
  sortingActivePodsWithRanksInequality: (c) => {
    const a = { pod: rankedPod(c.lesser[0]), rank: c.lesser[1] };
    const b = { pod: rankedPod(c.greater[0]), rank: c.greater[1] };
    return same([less(a, b, Date.parse(NOW)), less(b, a, Date.parse(NOW))], [true, false]);
  },
};

Then('every case of upstream\'s replicaset test {word} holds on the model', function (table: string) {
  const check = CHECKS[table];
  if (!check) throw new Error(`no check for replicaset table ${table}`);
  runCases(FILE, table, check);
});
