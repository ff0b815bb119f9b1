/**
 * W2: the scheduler alone, as scheduler_perf's SchedulingBasic 5000Nodes_10000Pods: 5,000
 * nodes, 1,000 Pods already bound, 10,000 new ones, the adaptive percentageOfNodesToScore. The
 * model's kube-scheduler runs with its own informers, cache and queue against an API server
 * that holds the nodes and Pods; no kubelets. Throughput is Pods bound per wall second.
 */
import { numFeasibleNodesToFind } from '../model/scheduler/schedule-pod';
import { startScheduler } from '../model/scheduler/scheduler';
import { type BenchOptions, type BenchResult, Budget, cpu, floorSeconds, Progress, round, scaled, wall } from './common';
import { BareControlPlane } from './control-plane';

const NODES = 5000;
const EXISTING = 1000;
const NEW = 10_000;
/** scheduler_perf's threshold for SchedulingBasic 5000Nodes_10000Pods (Pods/s). */
const PUBLISHED_PODS_PER_SECOND = 680;
/** scheduler_perf's node-default.yaml and pod-default.yaml. */
const NODE_CAPACITY = { cpu: '4', memory: '32Gi', pods: '110' };
const POD_REQUESTS = { cpu: '100m', memory: '500Mi' };

function pod(name: string, nodeName?: string): any {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, labels: { app: 'sched' } },
    spec: { nodeName, containers: [{ name: 'pause', image: 'registry.k8s.io/pause:3.10', resources: { requests: POD_REQUESTS, limits: POD_REQUESTS } }] },
  };
}

interface SizeRun {
  nodes: number;
  pods: number;
  bound: number;
  seconds: number;
  converged: boolean;
}

function runSize(nodes: number, existing: number, fresh: number, budget: Budget, progress: Progress): SizeRun {
  const cp = new BareControlPlane();
  progress.tick(() => `creating ${nodes} nodes and ${existing} bound Pods`, true);
  for (let i = 0; i < nodes; i++) cp.addNode(`node-${i}`, NODE_CAPACITY);
  for (let i = 0; i < existing; i++) cp.admin.create('pods', 'default', pod(`existing-${i}`, `node-${i % nodes}`));
  startScheduler(cp.component('kube-scheduler', 'system:kube-scheduler', 'kube-scheduler --kubeconfig=/etc/kubernetes/scheduler.conf'));
  cp.sim.advance(2000);
  // Bound Pods, seen as any client sees them: a watch of the namespace.
  const bound = new Set<string>();
  cp.admin.watch('pods', 'default', {}, (events) => {
    for (const e of events) {
      const name = e.object.metadata.name ?? '';
      if (e.object.spec?.nodeName && name.startsWith('new-')) bound.add(name);
    }
  }, () => undefined);
  progress.tick(() => `creating ${fresh} Pods to schedule`, true);
  for (let i = 0; i < fresh; i++) cp.admin.create('pods', 'default', pod(`new-${i}`));
  const t0 = cpu();
  while (bound.size < fresh && !budget.exceeded) {
    cp.sim.advance(100);
    progress.tick(() => `${bound.size}/${fresh} Pods bound on ${nodes} nodes, cpu ${(cpu() - t0).toFixed(0)} s`);
  }
  const seconds = cpu() - t0;
  progress.tick(() => `${bound.size}/${fresh} Pods bound on ${nodes} nodes in ${seconds.toFixed(1)} CPU s`, true);
  return { nodes, pods: fresh, bound: bound.size, seconds, converged: bound.size >= fresh };
}

/**
 * The floor: a plain filter-and-score loop over the same nodes: resources fit, least allocated
 * scores, the search stopping after as many feasible nodes as the scheduler's and resuming where
 * it stopped, as findNodesThatFitPod does.
 */
function schedulerFloor(nodes: number, existing: number, fresh: number): () => unknown {
  return () => {
    const cpuCap = 4000;
    const memCap = 32 * 1024;
    const cpu = new Float64Array(nodes);
    const mem = new Float64Array(nodes);
    const count = new Int32Array(nodes);
    for (let i = 0; i < existing; i++) {
      cpu[i % nodes] += 100;
      mem[i % nodes] += 500;
      count[i % nodes]++;
    }
    const want = numFeasibleNodesToFind(nodes);
    let start = 0;
    let placed = 0;
    for (let p = 0; p < fresh; p++) {
      let best = -1;
      let bestScore = -1;
      let found = 0;
      let i = 0;
      for (; i < nodes && found < want; i++) {
        const n = (start + i) % nodes;
        if (cpu[n] + 100 > cpuCap || mem[n] + 500 > memCap || count[n] + 1 > 110) continue;
        found++;
        const score = ((cpuCap - cpu[n] - 100) / cpuCap + (memCap - mem[n] - 500) / memCap) * 50;
        if (score > bestScore) {
          bestScore = score;
          best = n;
        }
      }
      start = (start + i) % nodes;
      if (best < 0) continue;
      cpu[best] += 100;
      mem[best] += 500;
      count[best]++;
      placed++;
    }
    return placed;
  };
}

export function w2(opts: BenchOptions): BenchResult {
  const nodes = scaled(NODES, opts.scale);
  const existing = scaled(EXISTING, opts.scale);
  const fresh = scaled(NEW, opts.scale);
  const budget = new Budget(opts.budgetSeconds);
  const progress = new Progress('W2');
  const floor = floorSeconds(schedulerFloor(nodes, existing, fresh));
  const start = wall();
  // A hundredth first, to warm the JIT (else its cost lands on the tenth and flatters S).
  runSize(scaled(NODES, opts.scale / 100), scaled(EXISTING, opts.scale / 100), scaled(NEW, opts.scale / 100), budget, progress);
  const small = runSize(scaled(NODES, opts.scale / 10), scaled(EXISTING, opts.scale / 10), scaled(NEW, opts.scale / 10), budget, progress);
  const big = small.converged && !budget.exceeded ? runSize(nodes, existing, fresh, budget, progress) : undefined;
  const converged = !!big?.converged;
  const rate = big ? big.bound / big.seconds : null;
  return {
    workload: 'W2',
    nodes,
    pods: fresh,
    converged,
    wallSeconds: round(wall() - start, 2),
    R: converged ? round(big!.seconds / floor, 1) : null,
    S: converged ? round(big!.seconds / big!.pods / (small.seconds / small.pods), 2) : null,
    A: rate === null ? null : round(rate / PUBLISHED_PODS_PER_SECOND, 3),
    floorSeconds: round(floor, 6),
    podsBound: big?.bound ?? 0,
    scheduleSeconds: big ? round(big.seconds, 2) : null,
    podsPerSecond: rate === null ? null : round(rate, 1),
    publishedPodsPerSecond: PUBLISHED_PODS_PER_SECOND,
    tenth: { nodes: small.nodes, pods: small.pods, converged: small.converged, scheduleSeconds: round(small.seconds, 2) },
  };
}
