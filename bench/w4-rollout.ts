/**
 * W4: a Deployment scaled from 0 to 3,000 replicas, then a rolling update (maxSurge 25 %,
 * maxUnavailable 25 %) to a new image, on a kind cluster with room for the surge (100 Pods per
 * worker). Reports the API writes per Pod against the fewest the work needs, and whether the
 * rollout's surge and availability bounds held at every step.
 */
import { Cluster } from '../model/cluster';
import { parseClusterConfig } from '../model/cluster-config';
import { type BenchOptions, type BenchResult, Budget, cpu, kindConfig, Progress, round, scaled, wall } from './common';
import { RolloutInvariants } from './rollout-invariants';
import { deployment } from './w1-deployments';
import { WriteCounter } from './write-counter';

const REPLICAS = 3000;
const PODS_PER_WORKER = 100;
/** The writes of the workload's own objects (events, leases and node heartbeats aside). */
const WORKLOAD_RESOURCES = ['pods', 'replicasets', 'deployments'];

/**
 * The fewest writes: scaling up, the Deployment and its ReplicaSet (2) and per Pod a create, a
 * binding and one status write (3); the update, the Deployment and the new ReplicaSet (2), per
 * new Pod 3, per old Pod a graceful delete and the kubelet's final delete (2). Status writes of
 * the ReplicaSets and the Deployment, and the steps of the rollout, come on top.
 */
export const minimumWrites = (n: number) => 3 * n + 2 + 5 * n + 2;

interface SizeRun {
  replicas: number;
  nodes: number;
  converged: boolean;
  phase: string;
  seconds: number;
  bootSeconds: number;
  workloadWrites: number;
  totalWrites: number;
  events: number;
  invariantsHeld: boolean;
  violations: string[];
  checks: number;
}

function runSize(replicas: number, budget: Budget, progress: Progress): SizeRun {
  const nodes = Math.ceil(replicas / PODS_PER_WORKER);
  const t0 = cpu();
  progress.tick(() => `booting ${nodes} workers`, true);
  const cluster = new Cluster({ seed: 1, config: parseClusterConfig(kindConfig(nodes)) });
  const bootSeconds = cpu() - t0;
  const writes = new WriteCounter(cluster.sim);
  const invariants = new RolloutInvariants(cluster.etcd, () => cluster.sim.now());
  const d = deployment('web', replicas);
  d.spec.strategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } };
  const t1 = cpu();
  cluster.admin.create('deployments', 'default', d);
  // Done when the Deployment reports every replica updated and available and no other is left.
  const done = () => {
    const cur = cluster.admin.get('deployments', 'default', 'web');
    const s = cur.status ?? {};
    return s.observedGeneration === cur.metadata.generation && s.updatedReplicas === replicas && s.availableReplicas === replicas && s.replicas === replicas;
  };
  const podCount = () => cluster.etcd.range('/registry/pods/default/').length;
  let phase = 'scale-up';
  const wait = (until: () => boolean) => {
    while (!until() && !budget.exceeded) {
      cluster.advance(1000);
      progress.tick(() => `${phase}: ${replicas} replicas, ${podCount()} Pods, ${writes.count(WORKLOAD_RESOURCES)} workload writes, cpu ${(cpu() - t1).toFixed(0)} s`);
    }
    return until();
  };
  let converged = wait(done);
  if (converged) {
    phase = 'rolling update';
    const cur = cluster.admin.get('deployments', 'default', 'web');
    cur.spec.template.spec.containers[0].image = 'nginx:1.27';
    cluster.admin.update('deployments', 'default', cur);
    // The old Pods gone too: their deletes are part of the work.
    converged = wait(() => done() && podCount() === replicas);
  }
  invariants.stop();
  const seconds = cpu() - t1;
  progress.tick(() => `${phase} ${converged ? 'done' : 'stopped'} after ${seconds.toFixed(1)} CPU s: ${writes.count(WORKLOAD_RESOURCES)} workload writes, invariants ${invariants.held ? 'held' : 'violated'}`, true);
  return {
    replicas,
    nodes,
    converged,
    phase,
    seconds,
    bootSeconds,
    workloadWrites: writes.count(WORKLOAD_RESOURCES),
    totalWrites: writes.total,
    events: writes.count(['events']),
    invariantsHeld: invariants.held,
    violations: invariants.violations,
    checks: invariants.checks,
  };
}

export function w4(opts: BenchOptions): BenchResult {
  const replicas = scaled(REPLICAS, opts.scale, 4);
  const budget = new Budget(opts.budgetSeconds);
  const progress = new Progress('W4');
  const start = wall();
  // A hundredth first, to warm the JIT (else its cost lands on the tenth and flatters S).
  runSize(scaled(REPLICAS, opts.scale / 100, 4), budget, progress);
  const small = runSize(scaled(REPLICAS, opts.scale / 10, 4), budget, progress);
  const big = small.converged && !budget.exceeded ? runSize(replicas, budget, progress) : undefined;
  const converged = !!big?.converged;
  const podsCreated = 2 * replicas;
  return {
    workload: 'W4',
    nodes: Math.ceil(replicas / PODS_PER_WORKER),
    pods: replicas,
    converged,
    wallSeconds: round(wall() - start, 2),
    R: converged ? round(big!.workloadWrites / minimumWrites(replicas), 2) : null,
    S: converged ? round(big!.seconds / big!.replicas / (small.seconds / small.replicas), 2) : null,
    A: null,
    minimumWrites: minimumWrites(replicas),
    workloadWrites: big?.workloadWrites ?? null,
    apiWritesPerPod: big ? round(big.workloadWrites / podsCreated, 2) : null,
    allWritesPerPod: big ? round(big.totalWrites / podsCreated, 2) : null,
    eventsPerPod: big ? round(big.events / podsCreated, 2) : null,
    invariantsHeld: small.invariantsHeld && (big?.invariantsHeld ?? true),
    invariantChecks: big?.checks ?? small.checks,
    violations: [...small.violations, ...(big?.violations ?? [])].slice(0, 5),
    bootSeconds: big ? round(big.bootSeconds, 2) : null,
    rolloutSeconds: big ? round(big.seconds, 2) : null,
    stoppedIn: big && !big.converged ? big.phase : small.converged ? undefined : small.phase,
    tenth: { replicas: small.replicas, converged: small.converged, seconds: round(small.seconds, 2), apiWritesPerPod: round(small.workloadWrites / (2 * small.replicas), 2), invariantsHeld: small.invariantsHeld },
  };
}
