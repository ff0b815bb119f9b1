/**
 * Runs a generated case on a fresh cluster: workloads created, user actions and faults
 * scheduled on virtual time, the interleaving drawn from the case's choices, safety checked at
 * every etcd write; then, after the last fault, convergence within a bound and a quiet period.
 */
import type { KObject } from '../../model/api/meta';
import { etcdKey as registryKey, etcdPrefix, resourceByName } from '../../model/api/registry';
import { Cluster } from '../../model/cluster';
import { type ClusterConfig, parseClusterConfig } from '../../model/cluster-config';
import { FaultInjector, type FaultWindow } from '../../model/sim/faults';
import { APP_LABEL, type Case, NS, workerName } from './case';
import { crash, restart } from './components';
import { etcdKey, type Intent, tolerant, UserActions } from './actions';
import { Calm } from './calm';
import { type Deletion, Ledger } from './ledger';
import { bareNotConverged, daemonSetNotConverged, doomed, replicasNotConverged, serviceNotConverged, unfinishedDeletions } from './converged';
import { pdbFor, pdbNotConverged } from './disruption';
import { kindConfig, manifest, resourceOf, service } from './manifests';
import { readState } from './oracle';
import { SafetyObserver } from './safety';

export interface RunBounds {
  /** Virtual ms after the last action or fault within which the cluster must converge. */
  convergeMs: number;
  /** Virtual ms of the quiet period that must see no controller writes. */
  quietMs: number;
}

export interface RunResult {
  ok: boolean;
  problems: string[];
  cluster: Cluster;
}

/** When the last action or fault ends, in virtual ms after the workloads were created. */
export function lastDisruption(c: Case): number {
  let t = 0;
  for (const a of c.actions) t = Math.max(t, a.at + (a.op === 'reapply' ? a.gapMs : a.op === 'concurrentWrites' ? Math.max(...a.delays) : 0));
  for (const f of c.faults) t = Math.max(t, f.at + (f.kind === 'crash' || f.kind === 'nodeLoss' ? f.downMs : f.forMs));
  // A static Pod killed by a crash comes back through its kubelet's restart back-off (up to 40 s here).
  if (c.faults.some((f) => f.kind === 'crash' || f.kind === 'crashMidReconcile')) t += 40_000;
  return t;
}

/** Schedules a case's faults from now on: crashes and node losses on the clock, API and watch faults as windows. */
export function scheduleFaults(cluster: Cluster, faults: Case['faults']): void {
  const sim = cluster.sim;
  const t0 = sim.now();
  const windows: FaultWindow[] = [];
  for (const f of faults) {
    if (f.kind === 'api') windows.push({ kind: 'api', actor: f.actor, code: f.code, from: t0 + f.at, to: t0 + f.at + f.forMs, every: f.every });
    else if (f.kind === 'crashMidReconcile') windows.push({ kind: 'crashAfterWrite', actor: f.component, nth: f.nth, from: t0 + f.at, to: t0 + f.at + f.forMs });
    else if (f.kind === 'watch')
      windows.push({ kind: 'watch', actor: f.actor, fault: f.fault === 'delay' ? { kind: 'delay', ms: 2000 } : { kind: f.fault }, from: t0 + f.at, to: t0 + f.at + f.forMs, every: f.every });
    else {
      const actor = f.kind === 'crash' ? f.component : `kubelet/${workerName(f.node)}`;
      sim.schedule(f.at, `fault: crash ${actor}`, () => crash(cluster, actor));
      sim.schedule(f.at + f.downMs, `fault: restart ${actor}`, () => restart(cluster, actor));
    }
  }
  if (windows.length) {
    const injector: FaultInjector = new FaultInjector(sim, windows, (actor) => {
      crash(cluster, actor);
      // Only the rest of the dying turn is lost; the restarted process talks again.
      sim.schedule(0, `fault: ${actor} may talk again`, () => injector.revive(actor));
    });
    sim.faults = injector;
  }
}

/** Runs with the case's faults; `checkAvailability` only in runs without any disruption but template edits. */
export function runCase(c: Case, seed: number, b: RunBounds, config?: ClusterConfig): RunResult {
  const cluster = new Cluster({ seed, config: config ?? parseClusterConfig(kindConfig(c)) });
  const sim = cluster.sim;
  let pick = 0;
  sim.chooser = (ready) => (pick < c.choices.length ? c.choices[pick++] % ready.length : 0);
  // Writes that change neither replicas, placement nor Pods keep a run strict.
  const strict = c.faults.length === 0 && c.actions.every((a) => a.op === 'editTemplate' || a.op === 'concurrentWrites' || a.op === 'reapply');
  const t0 = sim.now();
  scheduleFaults(cluster, c.faults);
  const ledger = new Ledger(() => sim.now());
  const safety = new SafetyObserver(cluster, strict, new Calm(c, t0, () => sim.now()), ledger);
  /** What the user last asked for: a status write must never change it. */
  const intent: Intent = { revisions: c.workloads.map(() => 0), replicas: c.workloads.map((w) => w.replicas) };
  const intended = intent.replicas;
  for (const w of c.workloads) {
    tolerant(() => cluster.admin.create(resourceOf(w), NS, manifest(w)));
    if (w.service) tolerant(() => cluster.admin.create('services', NS, service(w)));
    const pdb = pdbFor(w);
    if (pdb) tolerant(() => cluster.admin.create('poddisruptionbudgets', NS, pdb));
  }
  new UserActions(cluster, c, intent, ledger).schedule();
  const problems: string[] = [];
  sim.advance(lastDisruption(c) + 5000);
  sim.faults = undefined;
  // Eventually: converge within the bound after the last fault.
  let why = notConverged(cluster, c, intended, ledger.deletions);
  for (let waited = 0; why.length && waited < b.convergeMs; waited += 5000) {
    sim.advance(5000);
    why = notConverged(cluster, c, intended, ledger.deletions);
  }
  if (why.length) problems.push(`not converged ${b.convergeMs / 1000}s after the last fault:`, ...why.map((w) => `  ${w}`));
  else {
    // Stable: a further quiet period without writes (kubelet Lease renewals and node status heartbeats excepted).
    const from = sim.trace.entries.length;
    // A container the kubelet restarts after each exit keeps writing its Pod's status and BackOff events.
    const crashLooping = c.workloads
      .filter((w) => w.kind === 'Pod' && w.exitCode !== undefined && (w.restartPolicy === 'Always' || (w.restartPolicy === 'OnFailure' && w.exitCode !== 0)))
      .map((w) => new RegExp(`^((pods(/status)?|events)/${NS}/${w.name}(\\.|$)|endpointslices/${NS}/${w.name}-)`));
    sim.advance(b.quietMs);
    const writes = sim.trace.entries.slice(from).filter((e) => e.kind === 'api' && /^(create|update|patch|delete|deletecollection)$/.test(e.verb) && /^2/.test(e.detail ?? '') && !isHeartbeat(e.actor, e.target) && !crashLooping.some((re) => re.test(e.target)));
    if (writes.length) problems.push(`${writes.length} writes in a quiet period of ${b.quietMs / 1000}s after converging, first:`, ...writes.slice(0, 3).map((e) => `  ${e.actor} ${e.verb} ${e.target}`));
  }
  safety.stop();
  problems.push(...createBursts(cluster, c.workloads.length));
  problems.push(...unfinishedDeletions(cluster, ledger));
  safety.violations.push(...ledger.violations);
  if (safety.violations.length) problems.unshift('safety violated:', ...safety.violations.map((v) => `  ${v}`));
  if (sim.failures.length) problems.unshift(`the model threw inside "${sim.failures[0].label}": ${(sim.failures[0].error as Error)?.message}`);
  return { ok: problems.length === 0, problems, cluster };
}

const isHeartbeat = (actor: string, target: string) => actor.startsWith('kubelet/') && (target.startsWith('leases/') || target.startsWith('nodes/status/'));

/** Why the cluster is not (yet) in its desired state; empty when it is. */
export function notConverged(cluster: Cluster, c: Case, intended: number[], deletions: Deletion[] = []): string[] {
  const s = readState(cluster);
  const out: string[] = [];
  const ours = s.pods.filter((p) => p.metadata.namespace === NS && p.metadata.labels?.[APP_LABEL]);
  const live = new Map<string, KObject>();
  for (const w of c.workloads) {
    const kv = cluster.etcd.get(`/registry/${resourceOf(w)}/${NS}/${w.name}`);
    if (kv) live.set(w.name, JSON.parse(kv.value));
  }
  const rsUIDs = new Set(cluster.etcd.range(`/registry/replicasets/${NS}/`).map((kv) => JSON.parse(kv.value).metadata.uid));
  const orphaned = new Set(deletions.filter((d) => d.policy === 'Orphan').map((d) => d.key));
  const slices = cluster.etcd.range(etcdPrefix(resourceByName('endpointslices')!, NS)).map((kv) => JSON.parse(kv.value) as KObject);
  for (const [i, w] of c.workloads.entries()) {
    const obj = live.get(w.name);
    const pods = ours.filter((p) => p.metadata.labels![APP_LABEL] === w.name);
    if (!obj) {
      // Deleted: gone with its Pods, or (Orphan) its Pods left behind without the reference.
      if (pods.length && !orphaned.has(etcdKey(resourceOf(w), w.name)) && w.kind !== 'Pod') out.push(`${w.name} was deleted but ${pods.length} of its pods remain`);
      continue;
    }
    if (w.kind === 'Pod') out.push(...bareNotConverged(w, obj, s));
    else if (w.kind === 'DaemonSet') out.push(...daemonSetNotConverged(w, obj, pods, s));
    else out.push(...replicasNotConverged(w, obj, pods, intended[i], rsUIDs, s));
    if (w.service && cluster.etcd.get(registryKey(resourceByName('services')!, NS, w.name))) out.push(...serviceNotConverged(w, pods, slices));
  }
  out.push(...pdbNotConverged(cluster, c, ours));
  // System Pods too (kube-flannel's tolerate only NoSchedule): a pending eviction is not a converged cluster.
  for (const p of s.pods) if (!p.metadata.labels?.[APP_LABEL]) out.push(...doomed(p, s));
  return out;
}

/**
 * Slow start: a controller whose creates fail stops after the failing batch (batches 1, 2, 4…),
 * so within one instant failed Pod creates never outnumber successful ones by more than one
 * batch per workload.
 */
function createBursts(cluster: Cluster, workloads: number): string[] {
  const byInstant = new Map<number, { ok: number; failed: number }>();
  for (const e of cluster.sim.trace.entries) {
    if (e.kind !== 'api' || e.actor !== 'kube-controller-manager' || e.verb !== 'create' || e.target !== `pods/${NS}`) continue;
    const n = byInstant.get(e.t) ?? { ok: 0, failed: 0 };
    if (/^2/.test(e.detail ?? '')) n.ok++;
    else n.failed++;
    byInstant.set(e.t, n);
  }
  for (const [t, n] of byInstant)
    if (n.failed > n.ok + workloads) return [`at ${(t / 1000).toFixed(3)}s kube-controller-manager sent ${n.failed} failing Pod creates (${n.ok} succeeded): no slow start`];
  return [];
}
