/**
 * Upstream's scheduler cache tests (fixtures/upstream/scheduler-cache.json) on the model's
 * SchedulerCache: Pods assumed, bound, added, updated, removed, forgotten and expired on a
 * clock the test gives, and the node's NodeInfo compared with upstream's expectation.
 */
import type { KObject } from '../../model/api/meta';
import { SchedulerCache } from '../../model/scheduler/cache/cache';
import { failuresOf, same, upstreamTable } from './fixtures';
import * as fs from 'node:fs';
import * as path from 'node:path';

const FILE = 'scheduler-cache';
const NODE = 'node';
const pods = () => JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'upstream', `${FILE}.json`), 'utf8')).pods;

/** makeBasePod; "name@cpu/mem" is the Pod with other requests. */
function makeBasePod(ref: string, nodeName = NODE): KObject {
  const [name, other] = ref.split('@');
  const p = pods()[name];
  if (!p) throw new Error(`no pod ${name} in the fixture`);
  const [cpu, mem] = other ? other.split('/') : [p.cpu, p.mem];
  const requests: Record<string, string> = {};
  if (mem) requests.memory = mem;
  if (cpu) requests.cpu = cpu;
  if (p.extended) {
    const [res, q] = p.extended.split(':');
    requests[res] = q;
  }
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'node_info_cache_test', uid: name },
    spec: { nodeName, containers: [{ name: 'container', image: 'pause', resources: { requests } }] },
  };
}

/** The parts of the node's NodeInfo upstream's newNodeInfo compares that the model keeps. */
function nodeInfo(cache: SchedulerCache, name = NODE): unknown {
  const ni = cache.getNodeInfo(name);
  if (!ni) return null;
  const scalar = Object.fromEntries(Object.entries(ni.requested.scalar).filter(([, v]) => v !== 0));
  return {
    requested: { milliCPU: ni.requested.milliCPU, memory: ni.requested.memory, ...(Object.keys(scalar).length ? { scalar } : {}) },
    nonZeroRequested: { milliCPU: ni.nonZeroRequested.milliCPU, memory: ni.nonZeroRequested.memory },
    pods: [...ni.pods.values()].map((pi) => pi.pod.metadata.name).sort(),
  };
}

const expectNode = (cache: SchedulerCache, want: any, name = NODE) => same(nodeInfo(cache, name), want && { ...want, pods: [...want.pods].sort() });

const errorOf = (fn: () => void): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
};

function assumeCase(c: any): string | undefined {
  const cache = new SchedulerCache(10_000);
  for (const name of c.pods) {
    const pod = makeBasePod(name);
    cache.assumePod(pod);
    // The pod is already in the cache, so it can't be assumed again.
    if (!errorOf(() => cache.assumePod(pod))) return `${name} assumed twice without an error`;
  }
  const p = expectNode(cache, c.node);
  if (p) return p;
  for (const name of c.pods) cache.forgetPod(makeBasePod(name));
  return cache.podCount === 0 ? undefined : `${cache.podCount} pods left after ForgetPod`;
}

function expireCase(c: any): string | undefined {
  const cache = new SchedulerCache(c.ttl);
  for (const p of c.pods) {
    const pod = makeBasePod(p.pod);
    cache.assumePod(pod);
    if (p.finishBind) cache.finishBinding(pod, p.assumedAt);
  }
  cache.cleanupAssumedPods(c.cleanupAt);
  return expectNode(cache, c.node);
}

function stepsCase(c: any): string | undefined {
  const cache = new SchedulerCache(c.ttl);
  for (const [i, s] of c.steps.entries()) {
    let err: string | undefined;
    // s.node: the Pod as bound to (or assumed on) another node than upstream's 'node'.
    if (s.assume) {
      const pod = makeBasePod(s.assume, s.node);
      err = errorOf(() => cache.assumePod(pod));
      if (s.finishBindAt !== undefined) cache.finishBinding(pod, s.finishBindAt);
    } else if (s.add) err = errorOf(() => cache.addPod(makeBasePod(s.add, s.node)));
    else if (s.update) err = errorOf(() => cache.updatePod(makeBasePod(s.update[0]), makeBasePod(s.update[1])));
    else if (s.remove) err = errorOf(() => cache.removePod(makeBasePod(s.remove)));
    else if (s.forget) err = errorOf(() => cache.forgetPod(makeBasePod(s.forget, s.node)));
    else if (s.removeNode) err = errorOf(() => cache.removeNode({ apiVersion: 'v1', kind: 'Node', metadata: { name: s.removeNode } }));
    else if (s.expectAssumed) {
      const got = cache.isAssumedPod(makeBasePod(s.expectAssumed.pod));
      if (got !== s.expectAssumed.assumed) return `step ${i + 1}: ${s.expectAssumed.pod} assumed ${got}, want ${s.expectAssumed.assumed}`;
    } else if (s.expectNodeList) {
      const p = same(cache.nodeList().map((ni) => ni.name), s.expectNodeList);
      if (p) return `step ${i + 1}: node list ${p}`;
    } else if ('expectNodeOn' in s) {
      const p = expectNode(cache, s.expectNodeOn.info, s.expectNodeOn.node);
      if (p) return `step ${i + 1}: NodeInfo of ${s.expectNodeOn.node} ${p}`;
    }
    else if (s.addNode) cache.addNode({ apiVersion: 'v1', kind: 'Node', metadata: { name: s.addNode } });
    else if (s.cleanupAt !== undefined) cache.cleanupAssumedPods(s.cleanupAt);
    else if ('expectNode' in s) {
      const p = expectNode(cache, s.expectNode);
      if (p) return `step ${i + 1}: NodeInfo ${p}`;
    } else throw new Error(`unknown step ${JSON.stringify(s)}`);
    if (err !== s.error) return `step ${i + 1} (${JSON.stringify(s)}): error ${JSON.stringify(err)}, want ${JSON.stringify(s.error)}`;
  }
  return undefined;
}

export const SCHEDULER_CACHE_TABLES: Record<string, () => string[]> = {
  assume: () => failuresOf(upstreamTable(FILE, 'assume'), assumeCase),
  expire: () => failuresOf(upstreamTable(FILE, 'expire'), expireCase),
  steps: () => failuresOf(upstreamTable(FILE, 'steps'), stepsCase),
  nodes: () => failuresOf(upstreamTable(FILE, 'nodes'), stepsCase),
};
