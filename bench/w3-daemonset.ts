/**
 * W3: one DaemonSet on 15,000 nodes, and on 1,500 (S compares the per-node cost of the two,
 * which should stay flat). Full clusters booted as kind builds them, and every worker Ready
 * before the DaemonSet is created through the API (kubeadm joins the workers 400 ms apart, so
 * past about 200 workers the Cluster returns while the last ones are still joining: their boot
 * would land in the DaemonSet's figures); converged when a watch sees a Running Pod of it on
 * every worker.
 */
import { Cluster } from '../model/cluster';
import { parseClusterConfig } from '../model/cluster-config';
import { type BenchOptions, type BenchResult, Budget, cpu, floorSeconds, kindConfig, Progress, round, scaled, wall } from './common';
import { PhaseProfile } from './phase-profile';
import { PodStartupObserver } from './pod-startup';

const NODES = 15_000;
/** scheduler_perf's threshold for SchedulingDaemonset/15000Nodes (Pods/s). */
const PUBLISHED_PODS_PER_SECOND = 1100;

function daemonSet(): any {
  const labels = { app: 'node-agent' };
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'node-agent', labels },
    spec: { selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [{ name: 'agent', image: 'registry.k8s.io/pause:3.10' }] } } },
  };
}

interface SizeRun {
  nodes: number;
  converged: boolean;
  bootSeconds: number;
  boundSeconds: number | null;
  runningSeconds: number;
  running: number;
  bound: number;
}

function runSize(nodes: number, budget: Budget, progress: Progress): SizeRun {
  const t0 = cpu();
  progress.tick(() => `booting ${nodes} workers`, true);
  const cluster = new Cluster({ seed: 1, config: parseClusterConfig(kindConfig(nodes)) });
  const ready = new Set<string>();
  cluster.admin.watch('nodes', undefined, {}, (events) => {
    for (const e of events) {
      const name = e.object.metadata.name ?? '';
      const isReady = e.type !== 'DELETED' && (e.object.status?.conditions ?? []).some((c: any) => c.type === 'Ready' && c.status === 'True');
      if (isReady) ready.add(name);
      else ready.delete(name);
    }
  }, () => undefined);
  // The control plane and every worker Ready (a worker joins every 400 virtual ms).
  while (ready.size < nodes + 1 && !budget.exceeded) {
    cluster.advance(1000);
    progress.tick(() => `${ready.size}/${nodes + 1} nodes Ready, cpu ${(cpu() - t0).toFixed(0)} s`);
  }
  const bootSeconds = cpu() - t0;
  // Nothing here reads the simulation's trace (about 100 entries a Pod): off for the DaemonSet phase.
  cluster.sim.trace.enabled = false;
  progress.tick(() => `${nodes} workers up in ${bootSeconds.toFixed(1)} CPU s; creating the DaemonSet`, true);
  const observer = new PodStartupObserver(cluster.admin, cluster.sim, 'default');
  const bound = new Set<string>();
  cluster.admin.watch('pods', 'default', {}, (events) => {
    for (const e of events) if (e.object.spec?.nodeName) bound.add(e.object.metadata.name ?? '');
  }, () => undefined);
  const profile = new PhaseProfile();
  profile.start(`W3-${nodes}-daemonset`);
  const t1 = cpu();
  let boundSeconds: number | null = null;
  cluster.admin.create('daemonsets', 'default', daemonSet());
  while (observer.running < nodes && !budget.exceeded) {
    cluster.advance(100);
    if (boundSeconds === null && bound.size >= nodes) boundSeconds = cpu() - t1;
    progress.tick(() => `${bound.size}/${nodes} daemon Pods bound, ${observer.running} running, cpu ${(cpu() - t1).toFixed(0)} s`);
  }
  const runningSeconds = cpu() - t1;
  profile.stop();
  progress.tick(() => `${observer.running}/${nodes} daemon Pods running after ${runningSeconds.toFixed(1)} CPU s`, true);
  return { nodes, converged: observer.running >= nodes, bootSeconds, boundSeconds, runningSeconds, running: observer.running, bound: bound.size };
}

/** The floor: one Pod object per node in a Map. */
function podsFloor(nodes: number): () => unknown {
  return () => {
    const m = new Map<string, any>();
    for (let i = 0; i < nodes; i++) {
      const name = `node-agent-${i}`;
      m.set(name, { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels: { app: 'node-agent' } }, spec: { nodeName: `k8s-worker-${i + 1}`, containers: [{ name: 'agent', image: 'registry.k8s.io/pause:3.10' }] } });
    }
    return m.size;
  };
}

export function w3(opts: BenchOptions): BenchResult {
  const nodes = scaled(NODES, opts.scale);
  const budget = new Budget(opts.budgetSeconds);
  const progress = new Progress('W3');
  const floor = floorSeconds(podsFloor(nodes));
  const start = wall();
  // A hundredth first, to warm the JIT (else its cost lands on the tenth and flatters S).
  runSize(scaled(NODES, opts.scale / 100), budget, progress);
  const small = runSize(scaled(NODES, opts.scale / 10), budget, progress);
  const big = small.converged && !budget.exceeded ? runSize(nodes, budget, progress) : undefined;
  const converged = !!big?.converged;
  const boundRate = big?.boundSeconds ? nodes / big.boundSeconds : null;
  return {
    workload: 'W3',
    nodes,
    pods: nodes,
    converged,
    wallSeconds: round(wall() - start, 2),
    R: converged ? round(big!.runningSeconds / floor, 1) : null,
    S: converged ? round(big!.runningSeconds / big!.nodes / (small.runningSeconds / small.nodes), 2) : null,
    A: boundRate === null ? null : round(boundRate / PUBLISHED_PODS_PER_SECOND, 3),
    floorSeconds: round(floor, 6),
    bootSeconds: big ? round(big.bootSeconds, 2) : null,
    boundSeconds: big?.boundSeconds ? round(big.boundSeconds, 2) : null,
    runningSeconds: big ? round(big.runningSeconds, 2) : null,
    podsRunning: big?.running ?? 0,
    boundPodsPerSecond: boundRate === null ? null : round(boundRate, 1),
    publishedPodsPerSecond: PUBLISHED_PODS_PER_SECOND,
    tenth: { nodes: small.nodes, converged: small.converged, bootSeconds: round(small.bootSeconds, 2), runningSeconds: round(small.runningSeconds, 2) },
  };
}
