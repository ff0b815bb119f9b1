/**
 * W1: 5,000 nodes, 5 Deployments × 30,000 replicas = 150,000 Pods, converged to all Running
 * with the kubelets and container runtimes in the loop; S against 500 nodes and 15,000 Pods.
 * The cluster is built as a user builds it (a kind config with N workers, every node booted
 * kubeadm-like); the Deployments are created through the API as kubectl would.
 */
import { Cluster } from '../model/cluster';
import { parseClusterConfig } from '../model/cluster-config';
import { type BenchOptions, type BenchResult, Budget, cpu, floorSeconds, heapUsed, kindConfig, Progress, round, scaled, wall } from './common';
import { PodStartupObserver } from './pod-startup';

const NODES = 5000;
const DEPLOYMENTS = 5;
const REPLICAS = 30_000;
/** clusterloader2's load test: 20 Pods/s is the throughput its SLO runs assume. */
const PUBLISHED_PODS_PER_SECOND = 20;

export function deployment(name: string, replicas: number, image = 'nginx'): any {
  const labels = { app: name };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels },
    spec: { replicas, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [{ name: 'nginx', image }] } } },
  };
}

interface SizeRun {
  nodes: number;
  pods: number;
  converged: boolean;
  bootSeconds: number;
  convergeSeconds: number;
  virtualSeconds: number;
  running: number;
  p50: number | null;
  p99: number | null;
  heapBytesPerPod: number | null;
}

function runSize(nodes: number, replicas: number, budget: Budget, progress: Progress): SizeRun {
  const pods = DEPLOYMENTS * replicas;
  const t0 = cpu();
  progress.tick(() => `booting ${nodes} workers`, true);
  const cluster = new Cluster({ seed: 1, config: parseClusterConfig(kindConfig(nodes)) });
  const bootSeconds = cpu() - t0;
  // The simulation's trace (every API call, etcd write and watch delivery, for scenarios to
  // read) grows by about 100 entries a Pod; nothing here reads it, so it is off from here on.
  cluster.sim.trace.enabled = false;
  progress.tick(() => `${nodes} workers up in ${bootSeconds.toFixed(1)} CPU s; creating ${DEPLOYMENTS} Deployments × ${replicas}`, true);
  const heap0 = heapUsed();
  const observer = new PodStartupObserver(cluster.admin, cluster.sim, 'default');
  const t1 = cpu();
  const v0 = cluster.sim.now();
  for (let i = 0; i < DEPLOYMENTS; i++) cluster.admin.create('deployments', 'default', deployment(`load-${i}`, replicas));
  while (observer.running < pods && !budget.exceeded) {
    cluster.advance(1000);
    progress.tick(() => `${observer.running}/${pods} Pods running, virtual ${((cluster.sim.now() - v0) / 1000).toFixed(0)} s, cpu ${(cpu() - t1).toFixed(0)} s`);
  }
  const convergeSeconds = cpu() - t1;
  const converged = observer.running >= pods;
  const heapBytesPerPod = converged ? Math.round((heapUsed() - heap0) / pods) : null;
  observer.stop();
  progress.tick(() => `${observer.running}/${pods} Pods running after ${convergeSeconds.toFixed(1)} CPU s`, true);
  return { nodes, pods, converged, bootSeconds, convergeSeconds, virtualSeconds: (cluster.sim.now() - v0) / 1000, running: observer.running, ...observer.summary(), heapBytesPerPod };
}

/** The floor: the Pods as plain objects in a Map, each copied once. */
function podFloor(pods: number): () => unknown {
  return () => {
    const m = new Map<string, any>();
    for (let i = 0; i < pods; i++) {
      const name = `load-${i % DEPLOYMENTS}-abcde-${i}`;
      m.set(name, {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name, namespace: 'default', labels: { app: `load-${i % DEPLOYMENTS}` }, uid: `uid-${i}`, resourceVersion: String(i) },
        spec: { nodeName: `k8s-worker-${i % 5000}`, containers: [{ name: 'nginx', image: 'nginx' }] },
        status: { phase: 'Running', podIP: `10.0.${(i >> 8) & 255}.${i & 255}` },
      });
    }
    for (const [k, v] of m) m.set(k, JSON.parse(JSON.stringify(v)));
    return m.size;
  };
}

export function w1(opts: BenchOptions): BenchResult {
  const nodes = scaled(NODES, opts.scale);
  const replicas = scaled(REPLICAS, opts.scale);
  const pods = DEPLOYMENTS * replicas;
  const budget = new Budget(opts.budgetSeconds);
  const progress = new Progress('W1');
  const floor = floorSeconds(podFloor(pods));
  const start = wall();
  // A hundredth first, to warm the JIT (else its cost lands on the tenth and flatters S); then
  // the tenth, which S compares the per-Pod cost at the full size with.
  runSize(scaled(NODES, opts.scale / 100), scaled(REPLICAS, opts.scale / 100), budget, progress);
  const small = runSize(scaled(NODES, opts.scale / 10), scaled(REPLICAS, opts.scale / 10), budget, progress);
  const big = small.converged && !budget.exceeded ? runSize(nodes, replicas, budget, progress) : undefined;
  const converged = !!big?.converged;
  const perPod = (r: SizeRun) => r.convergeSeconds / r.pods;
  return {
    workload: 'W1',
    nodes,
    pods,
    converged,
    wallSeconds: round(wall() - start, 2),
    R: converged ? round(big!.convergeSeconds / floor, 1) : null,
    S: converged ? round(perPod(big!) / perPod(small), 2) : null,
    A: converged ? round(pods / big!.convergeSeconds / PUBLISHED_PODS_PER_SECOND, 3) : null,
    floorSeconds: round(floor, 6),
    bootSeconds: big ? round(big.bootSeconds, 2) : null,
    convergeSeconds: big ? round(big.convergeSeconds, 2) : null,
    virtualSeconds: big ? big.virtualSeconds : null,
    podsRunning: big ? big.running : 0,
    podStartupP50Seconds: big?.p50 ?? null,
    podStartupP99Seconds: big?.p99 ?? null,
    heapBytesPerPod: big?.heapBytesPerPod ?? null,
    traced: false,
    tenth: { nodes: small.nodes, pods: small.pods, converged: small.converged, bootSeconds: round(small.bootSeconds, 2), convergeSeconds: round(small.convergeSeconds, 2), podStartupP99Seconds: small.p99 },
  };
}
