/**
 * The independent oracle: a few lines that say whether a Pod fits a node (NoSchedule taints
 * tolerated, nodeSelector matched, CPU, memory and Pod count within allocatable), written
 * without the scheduler's code so the two can disagree. It reads objects straight from etcd.
 */
import type { KObject } from '../../model/api/meta';
import type { Cluster } from '../../model/cluster';

/** "500m" -> 500, "2" -> 2000, "1.5" -> 1500. */
export function milliCPU(q: unknown): number {
  const s = String(q ?? '0');
  if (s.endsWith('m')) return Number(s.slice(0, -1));
  return Math.round(Number(s) * 1000);
}

/** "64Mi" -> bytes; Ki, Mi, Gi, K, M, G or plain bytes. */
export function bytes(q: unknown): number {
  const m = String(q ?? '0').match(/^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|K|M|G|T)?$/);
  if (!m) return NaN;
  const unit: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, K: 1e3, M: 1e6, G: 1e9, T: 1e12 };
  return Math.round(Number(m[1]) * (m[2] ? unit[m[2]] : 1));
}

export interface Requests {
  cpu: number;
  mem: number;
}

/** The sum of the containers' requests (generated Pods have no init containers). */
export function requestsOf(pod: KObject): Requests {
  let cpu = 0;
  let mem = 0;
  for (const c of pod.spec?.containers ?? []) {
    cpu += milliCPU(c.resources?.requests?.cpu);
    mem += bytes(c.resources?.requests?.memory);
  }
  return { cpu, mem };
}

export const isTerminal = (p: KObject) => p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed';
export const isActive = (p: KObject) => !p.metadata.deletionTimestamp && !isTerminal(p);
export const isReady = (p: KObject) => (p.status?.conditions ?? []).some((c: any) => c.type === 'Ready' && c.status === 'True');

/** True when every NoSchedule/NoExecute taint of the node is tolerated by the Pod. */
export function toleratesNode(pod: KObject, node: KObject): boolean {
  return (node.spec?.taints ?? [])
    .filter((t: any) => t.effect === 'NoSchedule' || t.effect === 'NoExecute')
    .every((t: any) =>
      (pod.spec?.tolerations ?? []).some(
        (tol: any) =>
          (tol.effect === undefined || tol.effect === '' || tol.effect === t.effect) &&
          (tol.operator === 'Exists' ? tol.key === undefined || tol.key === '' || tol.key === t.key : tol.key === t.key && (tol.value ?? '') === (t.value ?? '')),
      ),
    );
}

export function matchesSelector(pod: KObject, node: KObject): boolean {
  const labels = node.metadata.labels ?? {};
  return Object.entries(pod.spec?.nodeSelector ?? {}).every(([k, v]) => labels[k] === v);
}

/** Everything a fit check needs, read from etcd in one pass. */
export interface ClusterState {
  nodes: KObject[];
  pods: KObject[];
  /** Requests of non-terminal Pods bound to each node. */
  used: Map<string, Requests & { pods: number }>;
}

export function readState(cluster: Cluster): ClusterState {
  const parse = (prefix: string) => cluster.etcd.range(prefix).map((kv) => ({ ...JSON.parse(kv.value), metadata: { ...JSON.parse(kv.value).metadata, resourceVersion: String(kv.modRevision) } }) as KObject);
  const nodes = parse('/registry/minions/');
  const pods = parse('/registry/pods/');
  const used = new Map<string, Requests & { pods: number }>();
  for (const p of pods) {
    if (!p.spec?.nodeName || isTerminal(p)) continue;
    const u = used.get(p.spec.nodeName) ?? { cpu: 0, mem: 0, pods: 0 };
    const r = requestsOf(p);
    used.set(p.spec.nodeName, { cpu: u.cpu + r.cpu, mem: u.mem + r.mem, pods: u.pods + 1 });
  }
  return { nodes, pods, used };
}

const nodeReady = (n: KObject) => (n.status?.conditions ?? []).some((c: any) => c.type === 'Ready' && c.status === 'True');

/** The nodes an unbound Pod could go to now, by the oracle's rules. */
export function nodesThatFit(pod: KObject, s: ClusterState): string[] {
  const r = requestsOf(pod);
  return s.nodes
    .filter((n) => nodeReady(n) && !n.spec?.unschedulable && toleratesNode(pod, n) && matchesSelector(pod, n))
    .filter((n) => {
      const u = s.used.get(n.metadata.name!) ?? { cpu: 0, mem: 0, pods: 0 };
      const a = n.status?.allocatable ?? {};
      return u.cpu + r.cpu <= milliCPU(a.cpu) && u.mem + r.mem <= bytes(a.memory) && u.pods + 1 <= Number(a.pods ?? 110);
    })
    .map((n) => n.metadata.name!);
}
