/**
 * The disruption controller in the convergence properties: every Deployment or ReplicaSet that
 * has a Service also gets a PodDisruptionBudget with the workload's own maxUnavailable (derived
 * from the case, so no generated case changes). Converged means its status is what
 * pkg/controller/disruption computes from the settled cluster: expectedPods the controller's
 * replicas, desiredHealthy that minus maxUnavailable (rounded up), currentHealthy the Ready Pods
 * not being deleted, disruptionsAllowed their difference (0 while none is expected), no Pod
 * promised to an eviction, and the current generation observed.
 */
import type { KObject } from '../../model/api/meta';
import type { Cluster } from '../../model/cluster';
import { getScaledValueFromIntOrPercent } from '../../model/controllers/util/intstr';
import { APP_LABEL, type Case, NS, type WorkloadSpec } from './case';
import { isReady } from './oracle';

const budgeted = (w: WorkloadSpec) => !!w.service && (w.kind === 'Deployment' || w.kind === 'ReplicaSet');

/** The workload's budget, if it has one. */
export function pdbFor(w: WorkloadSpec): KObject | undefined {
  if (!budgeted(w)) return undefined;
  return { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: w.name, namespace: NS }, spec: { maxUnavailable: w.maxUnavailable, selector: { matchLabels: { [APP_LABEL]: w.name } } } };
}

/** Why a live workload's budget does not (yet) say what the disruption controller would compute. */
export function pdbNotConverged(cluster: Cluster, c: Case, pods: KObject[]): string[] {
  const out: string[] = [];
  const read = (key: string) => {
    const kv = cluster.etcd.get(key);
    return kv ? (JSON.parse(kv.value) as KObject) : undefined;
  };
  for (const w of c.workloads.filter(budgeted)) {
    const owner = read(`/registry/${w.kind === 'Deployment' ? 'deployments' : 'replicasets'}/${NS}/${w.name}`);
    const pdb = read(`/registry/poddisruptionbudgets/${NS}/${w.name}`);
    if (!owner || !pdb) continue;
    const selected = pods.filter((p) => p.metadata.labels?.[APP_LABEL] === w.name);
    const expected = selected.length ? (owner.spec?.replicas ?? 1) : 0;
    const desired = Math.max(0, expected - getScaledValueFromIntOrPercent(w.maxUnavailable, expected, true));
    const current = selected.filter((p) => !p.metadata.deletionTimestamp && isReady(p)).length;
    const allowed = expected <= 0 ? 0 : Math.max(0, current - desired);
    const want = { observedGeneration: pdb.metadata.generation, expectedPods: expected, desiredHealthy: desired, currentHealthy: current, disruptionsAllowed: allowed, disruptedPods: 0 };
    const s = pdb.status ?? {};
    const got = { observedGeneration: s.observedGeneration, expectedPods: s.expectedPods, desiredHealthy: s.desiredHealthy, currentHealthy: s.currentHealthy, disruptionsAllowed: s.disruptionsAllowed, disruptedPods: Object.keys(s.disruptedPods ?? {}).length };
    if (JSON.stringify(got) !== JSON.stringify(want)) out.push(`${w.name}: PodDisruptionBudget status ${JSON.stringify(got)}, the disruption controller would write ${JSON.stringify(want)}`);
  }
  return out;
}
