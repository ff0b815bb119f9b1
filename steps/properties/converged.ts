/**
 * What "converged" means for each kind of generated workload, read from etcd by the oracle's
 * rules: a Deployment or ReplicaSet runs its replicas of the current template, a DaemonSet one
 * Ready Pod on each node it should run on, a bare Pod the phase its restart policy and exit code
 * lead to; and a deleted owner is gone, with nothing left that refers to it.
 */
import type { KObject } from '../../model/api/meta';
import type { Cluster } from '../../model/cluster';
import type { WorkloadSpec } from './case';
import type { Ledger } from './ledger';
import { type ClusterState, isActive, isReady, isTerminal, matchesSelector, nodesThatFit } from './oracle';
import { tolerates } from './safety-nodes';

/** A Pod on a node with a NoExecute taint it does not tolerate, or only for a while: the taint manager will evict it. */
export function doomed(p: KObject, s: ClusterState): string[] {
  const node = p.spec?.nodeName && s.nodes.find((n) => n.metadata.name === p.spec.nodeName);
  if (!node || p.metadata.deletionTimestamp || isTerminal(p)) return [];
  for (const t of (node.spec?.taints ?? []).filter((t: any) => t.effect === 'NoExecute')) {
    const tol = (p.spec?.tolerations ?? []).find((x: any) => tolerates(x, t));
    if (!tol) return [`pod ${p.metadata.namespace}/${p.metadata.name} does not tolerate ${t.key}:NoExecute on ${node.metadata.name}: it is about to be evicted`];
    if (typeof tol.tolerationSeconds === 'number') return [`pod ${p.metadata.name} tolerates ${t.key}:NoExecute on ${node.metadata.name} only for ${tol.tolerationSeconds}s: it is about to be evicted`];
  }
  return [];
}

const notReadyWhy = (p: KObject) => `pod ${p.metadata.name} on ${p.spec?.nodeName} is ${p.status?.phase ?? 'unknown'}, not Running and Ready`;

export function replicasNotConverged(w: WorkloadSpec, obj: KObject, pods: KObject[], intended: number, rsUIDs: Set<string>, s: ClusterState): string[] {
  const out: string[] = [];
  if (obj.status?.observedGeneration !== obj.metadata.generation) out.push(`${w.name}: generation ${obj.metadata.generation} not yet observed by its controller`);
  const active = pods.filter(isActive);
  if ((obj.spec?.replicas ?? 1) !== intended) out.push(`${w.name}: spec.replicas is ${obj.spec?.replicas}, the user set ${intended}`);
  for (const p of active) {
    const ref = (p.metadata.ownerReferences ?? []).find((r: any) => r.controller);
    if (!ref || !rsUIDs.has(ref.uid)) out.push(`${w.name}: pod ${p.metadata.name} has no live controller`);
  }
  const want = obj.spec?.replicas ?? 1;
  const tmpl = JSON.stringify(obj.spec.template.spec.containers[0].env);
  // A ReplicaSet does not replace Pods when its template changes; a Deployment rolls them.
  const current = w.kind === 'ReplicaSet' ? active : active.filter((p) => JSON.stringify(p.spec.containers[0].env) === tmpl);
  const pending = active.filter((p) => !(p.status?.phase === 'Running' && isReady(p)));
  for (const p of pending) {
    if (p.spec?.nodeName) out.push(`${w.name}: ${notReadyWhy(p)}`);
    else {
      const fit = nodesThatFit(p, s);
      if (fit.length) out.push(`${w.name}: pod ${p.metadata.name} is Pending, yet it fits ${fit.join(', ')}`);
    }
  }
  // A ReplicaSet creates its Pods whether or not they fit; a Deployment stuck on Pods that fit nowhere keeps old ones.
  if (w.kind === 'ReplicaSet' && active.length !== want) out.push(`${w.name}: ${active.length} active pods, want ${want}`);
  else if (pending.length === 0 && (active.length !== want || current.length !== want))
    out.push(`${w.name}: ${active.length} active pods (${current.length} of the current template), want ${want}`);
  if (pending.length > 0 && current.length > want) out.push(`${w.name}: ${current.length} pods of the current template, want at most ${want}`);
  if (pods.some((p) => !isActive(p))) out.push(`${w.name}: pods still terminating`);
  for (const p of active) out.push(...doomed(p, s).map((m) => `${w.name}: ${m}`));
  return out;
}

/** The tolerations the DaemonSet controller adds to every daemon Pod (util.AddOrUpdateDaemonPodTolerations). */
const DAEMON_TOLERATIONS = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
];

/** The node a daemon Pod is pinned to (its required node affinity on metadata.name). */
const pinnedNode = (p: KObject): string | undefined => p.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms?.[0]?.matchFields?.[0]?.values?.[0];

export function daemonSetNotConverged(w: WorkloadSpec, ds: KObject, pods: KObject[], s: ClusterState): string[] {
  const out: string[] = [];
  if (ds.status?.observedGeneration !== ds.metadata.generation) out.push(`${w.name}: generation ${ds.metadata.generation} not yet observed by its controller`);
  const tmpl = ds.spec.template;
  const tols = [...(tmpl.spec?.tolerations ?? []), ...DAEMON_TOLERATIONS];
  const shouldRun = s.nodes.filter(
    (n) => (n.spec?.taints ?? []).every((t: any) => t.effect === 'PreferNoSchedule' || tols.some((tol) => tolerates(tol, t))) && matchesSelector({ ...ds, spec: tmpl.spec } as KObject, n),
  );
  const env = JSON.stringify(tmpl.spec.containers[0].env);
  const active = pods.filter(isActive);
  for (const n of shouldRun) {
    const name = n.metadata.name!;
    const here = active.filter((p) => (p.spec?.nodeName ?? pinnedNode(p)) === name);
    if (here.length !== 1) {
      out.push(`${w.name}: ${here.length} active daemon pods for node ${name}, want 1`);
      continue;
    }
    const p = here[0];
    if (JSON.stringify(p.spec.containers[0].env) !== env) out.push(`${w.name}: the pod on ${name} runs an old template`);
    if (p.status?.phase === 'Running' && isReady(p)) continue;
    // A daemon Pod that does not fit its node stays Pending, as upstream's does.
    if (p.spec?.nodeName || nodesThatFit(p, { ...s, nodes: [n] }).length) out.push(`${w.name}: daemon ${p.spec?.nodeName ? notReadyWhy(p) : `pod ${p.metadata.name} is Pending, yet it fits ${name}`}`);
  }
  const names = new Set(shouldRun.map((n) => n.metadata.name));
  for (const p of active) if (!names.has(p.spec?.nodeName ?? pinnedNode(p))) out.push(`${w.name}: daemon pod ${p.metadata.name} on ${p.spec?.nodeName ?? pinnedNode(p)}, which should not run one`);
  if (pods.some((p) => !isActive(p) && p.metadata.deletionTimestamp)) out.push(`${w.name}: pods still terminating`);
  return out;
}

/**
 * A workload's Service: it has EndpointSlices (a placeholder when it has no Pods), listing each
 * of its Pods that has an IP and has not finished, ready exactly when the Pod is Ready and not
 * terminating, and no other Pod. (The EndpointSlice controller retries a failed sync with a
 * back-off of its own, 1 s doubling, so its slices may lag well behind the Pods after an outage.)
 */
export function serviceNotConverged(w: WorkloadSpec, pods: KObject[], slices: KObject[]): string[] {
  const want = pods
    .filter((p) => p.status?.podIP && !isTerminal(p))
    .map((p) => `${p.metadata.name}:${isReady(p) && !p.metadata.deletionTimestamp}`)
    .sort();
  const own = slices.filter((s) => s.metadata.labels?.['kubernetes.io/service-name'] === w.name);
  // A Service without Pods has its placeholder slice.
  if (!own.length) return [`${w.name}: its Service has no EndpointSlice yet`];
  const got = own
    .flatMap((s) => (s.endpoints ?? []).map((e: any) => `${e.targetRef?.name}:${e.conditions?.ready === true}`))
    .sort();
  return JSON.stringify(got) === JSON.stringify(want) ? [] : [`${w.name}: its Service's EndpointSlices list ${got.join(', ') || 'nothing'}, its Pods are ${want.join(', ') || 'none'}`];
}

/** The phase a bare Pod ends in: its container exits with the code, and the restart policy decides. */
export function bareNotConverged(w: WorkloadSpec, pod: KObject, s: ClusterState): string[] {
  if (pod.metadata.deletionTimestamp) return [`${w.name}: pod still terminating`];
  if (doomed(pod, s).length) return doomed(pod, s).map((m) => `${w.name}: ${m}`);
  const phase = pod.status?.phase;
  if (!pod.spec?.nodeName) return nodesThatFit(pod, s).length ? [`${w.name}: pod is Pending, yet it fits ${nodesThatFit(pod, s).join(', ')}`] : [];
  const policy = w.restartPolicy ?? 'Always';
  if (w.exitCode === undefined) return phase === 'Running' && isReady(pod) ? [] : [`${w.name}: ${notReadyWhy(pod)}`];
  const want = policy === 'Never' ? (w.exitCode === 0 ? 'Succeeded' : 'Failed') : policy === 'OnFailure' && w.exitCode === 0 ? 'Succeeded' : 'Running';
  // A container the kubelet restarts after each exit: Running, with the restarts to show it.
  const restarts = pod.status?.containerStatuses?.[0]?.restartCount ?? 0;
  if (phase !== want) return [`${w.name}: pod (restartPolicy ${policy}, exit code ${w.exitCode}) is ${phase}, want ${want}`];
  if (want === 'Running' && restarts === 0) return [`${w.name}: pod (restartPolicy ${policy}, exit code ${w.exitCode}) has not restarted its container`];
  return [];
}

/** Every owner the user deleted is gone, and nothing refers to it any more (dependents deleted, or orphaned). */
export function unfinishedDeletions(cluster: Cluster, ledger: Ledger): string[] {
  const out: string[] = [];
  const all = ['pods', 'replicasets', 'deployments', 'daemonsets'].flatMap((r) => cluster.etcd.range(`/registry/${r}/`).map((kv) => ({ key: kv.key, obj: JSON.parse(kv.value) as KObject })));
  for (const d of ledger.deletions) {
    const at = `${(d.at / 1000).toFixed(3)}s`;
    if (all.some((o) => o.key === d.key && o.obj.metadata.uid === d.uid)) out.push(`${d.key}, deleted (${d.policy}) at ${at}, still exists`);
    const left = all.filter((o) => (o.obj.metadata.ownerReferences ?? []).some((r: any) => r.uid === d.uid));
    if (left.length) out.push(`${d.key}, deleted (${d.policy}) at ${at}: ${left.length} objects still refer to it, first ${left[0].key}`);
  }
  return out;
}
