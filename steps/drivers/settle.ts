/**
 * When a real cluster has "settled" (the client-node driver's reading of "1m passes"): every
 * Deployment rolled out with exactly its replicas, every DaemonSet up to date on its nodes, and
 * every Pod done changing for now: running and ready, finished, or unschedulable. A real cluster
 * cannot skip ahead in time, but it can be watched until nothing the scenario made is moving.
 */
import type { KObject } from '../../model/api/meta';

/** The first reason the objects have not settled, or undefined when they have. */
export function unsettled(deployments: KObject[], daemonSets: KObject[], pods: KObject[]): string | undefined {
  const live = pods.filter((p) => !p.metadata.deletionTimestamp);
  for (const p of pods) if (p.metadata.deletionTimestamp) return `pod ${p.metadata.name} is terminating`;
  for (const d of deployments) {
    const want = d.spec?.replicas ?? 1;
    const s = d.status ?? {};
    if ((s.observedGeneration ?? 0) < (d.metadata.generation ?? 0)) return `deployment ${d.metadata.name}: generation not observed yet`;
    for (const field of ['replicas', 'updatedReplicas', 'availableReplicas', 'readyReplicas'])
      if ((s[field] ?? 0) !== want) return `deployment ${d.metadata.name}: ${field} ${s[field] ?? 0}/${want}`;
    const mine = live.filter((p) => matchesLabels(d.spec?.selector?.matchLabels ?? {}, p.metadata.labels ?? {}));
    if (mine.length !== want) return `deployment ${d.metadata.name}: ${mine.length} pods/${want}`;
  }
  for (const ds of daemonSets) {
    const s = ds.status ?? {};
    if ((s.observedGeneration ?? 0) < (ds.metadata.generation ?? 0)) return `daemonset ${ds.metadata.name}: generation not observed yet`;
    const want = s.desiredNumberScheduled ?? 0;
    for (const field of ['currentNumberScheduled', 'updatedNumberScheduled', 'numberAvailable', 'numberReady'])
      if ((s[field] ?? 0) !== want) return `daemonset ${ds.metadata.name}: ${field} ${s[field] ?? 0}/${want}`;
    if ((s.numberMisscheduled ?? 0) !== 0) return `daemonset ${ds.metadata.name}: misscheduled`;
  }
  for (const p of live) {
    const phase = p.status?.phase ?? 'Pending';
    if (phase === 'Succeeded' || phase === 'Failed') continue;
    const cond = (type: string) => (p.status?.conditions ?? []).find((c: any) => c.type === type);
    if (phase === 'Running' && cond('Ready')?.status === 'True') continue;
    if (phase === 'Pending' && cond('PodScheduled')?.status === 'False' && cond('PodScheduled')?.reason === 'Unschedulable') continue;
    return `pod ${p.metadata.name} is ${phase}`;
  }
  return undefined;
}

function matchesLabels(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.entries(selector).every(([k, v]) => labels[k] === v);
}
