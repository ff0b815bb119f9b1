/**
 * Booted clusters handed on to the next scenario when a scenario left theirs as it found it.
 *
 * A boot is most of a scenario's time (a third of a second: kubeadm init and join, the addons,
 * the controllers' first syncs, ~400 API requests), almost every scenario boots the same one
 * (seed 1, the default nodes), and about half of those scenarios only read: kubectl get,
 * describe, explain, a refused request. Such a scenario's cluster is checked when
 * the next scenario of this worker asks for a cluster: if its whole reachable state digests the
 * same as a fresh boot's of the same seed and config (steps/support/state-digest.ts; the trace
 * of the reads rewound first), the next scenario gets it instead of booting one. Equal digests
 * mean the same etcd, the same virtual time, the same pending tasks and random state, the same
 * node files, network and runtimes: what a fresh boot would give, so a scenario's outcome does
 * not depend on which scenario ran before it. A cluster that differs in anything is dropped.
 *
 * The check runs when the next cluster is asked for, not in an After hook, so every hook of the
 * scenario (the HTTP facades' and port-forwards' stops, the report's attachments of a failure,
 * which read the trace) has finished with the cluster first. KUBESPEC_CLUSTER_POOL=0 turns the
 * pool off: every scenario boots its own; so does Stryker (see enabled).
 */
import { Cluster } from '../../model/cluster';
import type { ClusterConfig } from '../../model/cluster-config';
import type { TraceMark } from '../../model/sim/trace';
import { stateDigest } from './state-digest';

interface FreshBoot {
  digest: string;
  revision: number;
  now: number;
  trace: TraceMark;
}

/**
 * Off under Stryker (`npm run mutate`), which switches mutants inside one process: a cluster
 * booted under one mutant must not serve a scenario run under another, whose boot may differ.
 */
const enabled = () => process.env.KUBESPEC_CLUSTER_POOL !== '0' && !('__stryker__' in globalThis);
/** What a fresh boot of each seed and config looks like in this process (booting is deterministic). */
const fresh = new Map<string, FreshBoot>();
/** The last scenario's cluster, not yet checked, and which boot it came from. */
let returned: { key: string; cluster: Cluster } | undefined;
/** How many scenarios took a returned cluster, and how many booted one (KUBESPEC_CLUSTER_POOL_STATS=1 prints them). */
const stats = { reused: 0, booted: 0, dropped: 0 };

function keyOf(seed: number, config: ClusterConfig | undefined): string {
  return `${seed}\n${config === undefined ? '' : JSON.stringify(config)}`;
}

/** A cluster as booted with this seed and config: the last scenario's if it left it so, else a new one. */
export function takeCluster(seed: number, config: ClusterConfig | undefined): Cluster {
  const key = keyOf(seed, config);
  const candidate = returned;
  returned = undefined;
  if (candidate && candidate.key === key && asBooted(candidate.cluster, fresh.get(key)!)) {
    stats.reused++;
    return candidate.cluster;
  }
  if (candidate) stats.dropped++;
  stats.booted++;
  const cluster = new Cluster({ seed, config });
  if (enabled() && !fresh.has(key)) fresh.set(key, describeBoot(cluster));
  return cluster;
}

function describeBoot(cluster: Cluster): FreshBoot {
  return { digest: stateDigest(cluster), revision: cluster.etcd.currentRevision, now: cluster.sim.now(), trace: cluster.sim.trace.mark() };
}

/** Offers a finished scenario's cluster to the next one (checked when that one asks). */
export function returnCluster(cluster: Cluster, seed: number, config: ClusterConfig | undefined): void {
  const key = keyOf(seed, config);
  returned = enabled() && fresh.has(key) ? { key, cluster } : undefined;
}

/**
 * Whether a cluster is still as a fresh boot of this seed and config left it, its trace aside:
 * what takeCluster checks before handing a cluster on. The trace is left as it was (a scenario
 * that asks still reports its reads).
 */
export function isAsBooted(cluster: Cluster, seed: number, config: ClusterConfig | undefined): boolean {
  const key = keyOf(seed, config);
  if (!fresh.has(key)) fresh.set(key, describeBoot(new Cluster({ seed, config })));
  const trace = cluster.sim.trace;
  const mark = trace.mark();
  const kept = trace.entries.slice();
  try {
    return asBooted(cluster, fresh.get(key)!);
  } finally {
    trace.entries.length = 0;
    for (const e of kept) trace.entries.push(e);
    trace.rewind(mark);
  }
}

function asBooted(cluster: Cluster, boot: FreshBoot): boolean {
  // Any write or any passing of virtual time changes the digest too; these two are free to read.
  if (cluster.etcd.currentRevision !== boot.revision || cluster.sim.now() !== boot.now) return false;
  cluster.sim.trace.rewind(boot.trace);
  return stateDigest(cluster) === boot.digest;
}

if (process.env.KUBESPEC_CLUSTER_POOL_STATS === '1')
  process.on('exit', () => process.stderr.write(`cluster pool (pid ${process.pid}): ${stats.reused} reused, ${stats.booted} booted, ${stats.dropped} dropped\n`));
