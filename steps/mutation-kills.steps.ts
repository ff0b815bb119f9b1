// Steps of features/mutation-kills.feature: the scheduler's pure decisions called directly, with
// upstream's unit-test tables (kube-scheduler v1.32) as expected values. Written for the mutants
// `npm run mutate` (StrykerJS) found surviving the cluster-level features.
import { type DataTable, Then } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KObject } from '../model/api/meta';
import { Rng } from '../model/sim/rng';
import type { NodeScore } from '../model/scheduler/framework/interface';
import { NodeInfo, newPodInfo } from '../model/scheduler/framework/types';
import { defaultNormalizeScore } from '../model/scheduler/plugins/helper/normalize-score';
import { balancedResourceScore, NodeResourcesBalancedAllocation } from '../model/scheduler/plugins/node-resources-balanced-allocation';
import { numFeasibleNodesToFind, selectHost } from '../model/scheduler/schedule-pod';

const list = (cell: string): string[] => cell.split(',').map((s) => s.trim()).filter(Boolean);
const numbers = (cell: string): number[] => list(cell).map(Number);

// schedule_one_test.go TestNumFeasibleNodesToFind (default percentageOfNodesToScore).
Then('numFeasibleNodesToFind gives:', function (table: DataTable) {
  const got = table.hashes().map((r) => ({ ...r, 'feasible to find': String(numFeasibleNodesToFind(Number(r.nodes))) }));
  expect(got).toEqual(table.hashes());
});

// helper/normalize_score_test.go TestDefaultNormalizeScore.
Then('DefaultNormalizeScore gives:', function (table: DataTable) {
  const got = table.hashes().map((r) => {
    const scores: NodeScore[] = numbers(r.scores).map((score, i) => ({ name: `node${i}`, score }));
    defaultNormalizeScore(r.reverse === 'true', scores);
    return { ...r, normalized: scores.map((s) => s.score).join(', ') };
  });
  expect(got).toEqual(table.hashes());
});

// schedule_one_test.go TestSelectHost: the highest total wins; among ties, each seed picks one
// of them and, over many seeds, every tied node gets picked (reservoir sampling).
Then('selectHost picks, over seeds 1 to {int}:', function (seeds: number, table: DataTable) {
  const got = table.hashes().map((r) => {
    const scores = list(r.scores).map((s) => {
      const [name, total] = s.split('=');
      return { name, totalScore: Number(total) };
    });
    const picked = new Set<string>();
    for (let seed = 1; seed <= seeds; seed++) picked.add(selectHost(scores, new Rng(seed)));
    return { ...r, picked: [...picked].sort().join(', ') };
  });
  expect(got).toEqual(table.hashes());
});

/** A node as upstream's makeNode(name, milliCPU, memory) builds it. */
function makeNode(name: string, milliCPU: string, memory: string): KObject {
  const list = { cpu: `${milliCPU}m`, memory, pods: '32' };
  return { apiVersion: 'v1', kind: 'Node', metadata: { name }, status: { capacity: list, allocatable: list } } as KObject;
}

/** A Pod with one container per "cpu/memory" request pair. */
function makePod(name: string, containers: string): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', uid: name },
    spec: {
      containers: list(containers).map((c, i) => {
        const [cpu, memory] = c.split('/');
        return { name: `c${i}`, image: 'busybox', resources: { requests: { cpu, memory } } };
      }),
    },
  } as KObject;
}

// balanced_allocation_test.go TestNodeResourcesBalancedAllocation (the cpu and memory cases).
Then("NodeResourcesBalancedAllocation scores the Pod's nodes:", function (table: DataTable) {
  const plugin = new NodeResourcesBalancedAllocation();
  const got = table.hashes().map((r) => {
    const [cpu, memory] = r.allocatable.split('/');
    const ni = new NodeInfo(r.node);
    ni.setNode(makeNode(r.node, cpu, memory));
    list(r['pods on it'] === '-' ? '' : r['pods on it']).forEach((p, i) => ni.addPod(newPodInfo(makePod(`${r.node}-${i}`, p.replace(/\+/g, ',')))));
    const pod = newPodInfo(makePod('pod', r.pod.replace(/\+/g, ',')));
    return { ...r, score: String(plugin.score(new Map(), pod, ni)) };
  });
  expect(got).toEqual(table.hashes());
});

// The same test's three-resource case (cpu, memory and nvidia.com/gpu): a standard deviation.
Then('balancedResourceScore gives:', function (table: DataTable) {
  const got = table.hashes().map((r) => ({ ...r, score: String(balancedResourceScore(numbers(r.requested), numbers(r.allocatable))) }));
  expect(got).toEqual(table.hashes());
});
