/**
 * Names a scenario cannot know in advance, written into a command line by what they are:
 * `{node IP of k8s-worker-1}`, `{node port of nginx}` (a Service's first port),
 * `{new ReplicaSet of nginx}` and `{old ReplicaSet of nginx}` (a Deployment's ReplicaSets,
 * told apart as `kubectl rollout` does, by the revision annotation). Read from the model's
 * store when the command runs.
 */
import type { KObject } from '../../model/api/meta';
import type { Cluster } from '../../model/cluster';

const PLACEHOLDER = /\{(node IP|node port|new ReplicaSet|old ReplicaSet) of ([a-z0-9][a-z0-9.-]*)\}/g;
const REVISION = 'deployment.kubernetes.io/revision';

export function hasPlaceholders(line: string): boolean {
  return new RegExp(PLACEHOLDER.source).test(line);
}

/** Every stored object of a kind (etcd values are the API objects as JSON). */
function stored(cluster: Cluster, kind: string): KObject[] {
  const out: KObject[] = [];
  for (const kv of cluster.etcd.range('/registry/', {})) {
    try {
      const o = JSON.parse(kv.value);
      if (o?.kind === kind) out.push(o);
    } catch {
      // not JSON (events of other encodings, leases): not an object a placeholder names
    }
  }
  return out;
}

function one(cluster: Cluster, kind: string, name: string, namespace?: string): KObject {
  const o = stored(cluster, kind).find((x) => x.metadata.name === name && (namespace === undefined || x.metadata.namespace === namespace));
  if (!o) throw new Error(`no ${kind} "${name}"${namespace ? ` in the namespace "${namespace}"` : ''}`);
  return o;
}

/** A Deployment's ReplicaSets, the new one (its revision is the Deployment's) and the old ones. */
export function replicaSetsOf(cluster: Cluster, deployment: string, namespace = 'default'): { new?: KObject; old: KObject[] } {
  const d = one(cluster, 'Deployment', deployment, namespace);
  const owned = stored(cluster, 'ReplicaSet').filter((rs) => rs.metadata.namespace === namespace && (rs.metadata.ownerReferences ?? []).some((r) => r.controller && r.uid === d.metadata.uid));
  const revision = d.metadata.annotations?.[REVISION];
  const isNew = (rs: KObject) => revision !== undefined && rs.metadata.annotations?.[REVISION] === revision;
  return { new: owned.find(isNew), old: owned.filter((rs) => !isNew(rs)).sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!)) };
}

function resolve(cluster: Cluster, what: string, name: string, namespace: string): string {
  switch (what) {
    case 'node IP': {
      const n = one(cluster, 'Node', name);
      const ip = (n.status?.addresses ?? []).find((a: { type: string }) => a.type === 'InternalIP')?.address;
      if (!ip) throw new Error(`the node "${name}" has no InternalIP`);
      return ip;
    }
    case 'node port': {
      const port = one(cluster, 'Service', name, namespace).spec?.ports?.[0]?.nodePort;
      if (!port) throw new Error(`the Service "${name}" has no node port`);
      return String(port);
    }
    case 'new ReplicaSet': {
      const rs = replicaSetsOf(cluster, name, namespace).new;
      if (!rs) throw new Error(`the Deployment "${name}" has no new ReplicaSet yet`);
      return rs.metadata.name!;
    }
    default: {
      const old = replicaSetsOf(cluster, name, namespace).old;
      if (old.length !== 1) throw new Error(`the Deployment "${name}" has ${old.length} old ReplicaSets, not one: name it by its revision instead`);
      return old[0].metadata.name!;
    }
  }
}

/** The line with its placeholders replaced by what they name now. */
export function expandPlaceholders(cluster: () => Cluster, line: string, namespace = 'default'): string {
  if (!hasPlaceholders(line)) return line;
  return line.replace(PLACEHOLDER, (_, what: string, name: string) => resolve(cluster(), what, name, namespace));
}
