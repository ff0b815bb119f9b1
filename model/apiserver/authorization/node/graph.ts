import type { KObject } from '../../../api/meta';

/** The kinds of vertex the Node authorizer's graph holds (graph.go's vertexType). */
export type VertexType = 'node' | 'pod' | 'secret' | 'configmap' | 'pvc' | 'pv' | 'serviceAccount' | 'resourceclaim';

const key = (type: VertexType, namespace: string, name: string) => `${type}/${namespace}/${name}`;

/**
 * The Node authorizer's graph (plugin/pkg/auth/authorizer/node/graph.go): an edge runs from an
 * object to what uses it (secret -> pod, pvc -> pod, pv -> pvc) and from a Pod to the node it is
 * bound to. A node may read an object when a path leads from that object to the node. Each
 * owner (a Pod, a PV) remembers the edges it put in, so an update or delete replaces exactly
 * those; a vertex left without edges is dropped, as upstream's graph does.
 */
export class Graph {
  /** Out-edges: from a vertex to the vertices that depend on it. */
  private readonly out = new Map<string, Set<string>>();
  /** In-edge counts, to know when a vertex is no longer referenced. */
  private readonly refs = new Map<string, number>();
  /** The edges each owner (pod or pv vertex) added. */
  private readonly owned = new Map<string, [string, string][]>();

  has(type: VertexType, namespace: string, name: string): boolean {
    const k = key(type, namespace, name);
    return this.out.has(k) || this.refs.has(k);
  }

  private addEdge(owner: string, from: string, to: string): void {
    const set = this.out.get(from) ?? new Set<string>();
    if (set.has(to)) return;
    set.add(to);
    this.out.set(from, set);
    this.refs.set(to, (this.refs.get(to) ?? 0) + 1);
    const list = this.owned.get(owner) ?? [];
    list.push([from, to]);
    this.owned.set(owner, list);
  }

  /**
   * Replaces an owner's edges. An update that leaves them as they were (most Pod writes: status,
   * labels; graph_populator's updatePod returns early when the node and uid are unchanged)
   * leaves the graph untouched instead of removing and re-adding every edge.
   */
  private setOwned(owner: string, edges: [string, string][]): void {
    const had = this.owned.get(owner);
    if (had && sameEdges(had, edges)) return;
    this.removeOwned(owner);
    for (const [from, to] of edges) this.addEdge(owner, from, to);
  }

  /** Removes the edges an owner added (and the vertices nothing points to or from any more). */
  private removeOwned(owner: string): void {
    for (const [from, to] of this.owned.get(owner) ?? []) {
      const set = this.out.get(from);
      if (!set?.delete(to)) continue;
      if (set.size === 0) this.out.delete(from);
      const n = (this.refs.get(to) ?? 1) - 1;
      if (n <= 0) this.refs.delete(to);
      else this.refs.set(to, n);
    }
    this.owned.delete(owner);
  }

  /**
   * AddPod: a Pod bound to a node, with an edge from each Secret, ConfigMap, claim and its
   * ServiceAccount it references. A Pod not (or no longer) bound is not in the graph.
   */
  setPod(pod: KObject): void {
    const ns = pod.metadata.namespace ?? '';
    const podKey = key('pod', ns, pod.metadata.name!);
    const nodeName: string | undefined = pod.spec?.nodeName;
    const edges: [string, string][] = [];
    if (nodeName) {
      edges.push([podKey, key('node', '', nodeName)]);
      const refs = podReferences(pod);
      if (pod.spec?.serviceAccountName) edges.push([key('serviceAccount', ns, pod.spec.serviceAccountName), podKey]);
      for (const s of refs.secrets) edges.push([key('secret', ns, s), podKey]);
      for (const c of refs.configMaps) edges.push([key('configmap', ns, c), podKey]);
      for (const c of refs.claims) edges.push([key('pvc', ns, c), podKey]);
      for (const c of refs.resourceClaims) edges.push([key('resourceclaim', ns, c), podKey]);
    }
    this.setOwned(podKey, edges);
  }

  deletePod(namespace: string, name: string): void {
    this.removeOwned(key('pod', namespace, name));
  }

  /** AddPV: an edge from the PV to the claim it is bound to, and from each Secret it references to the PV. */
  setPV(pv: KObject): void {
    const pvKey = key('pv', '', pv.metadata.name!);
    const ref = pv.spec?.claimRef;
    const edges: [string, string][] = [];
    if (ref?.name) {
      edges.push([pvKey, key('pvc', ref.namespace ?? '', ref.name)]);
      for (const s of pvSecrets(pv)) edges.push([key('secret', s.namespace, s.name), pvKey]);
    }
    this.setOwned(pvKey, edges);
  }

  deletePV(name: string): void {
    this.removeOwned(key('pv', '', name));
  }

  /**
   * hasPathFrom: whether a path leads from the object to the node, never through another
   * node. undefined when either end is unknown to the graph (upstream's error, with the same
   * denial reason).
   */
  hasPathFrom(nodeName: string, type: VertexType, namespace: string, name: string): boolean {
    const target = key('node', '', nodeName);
    const start = key(type, namespace, name);
    if (!this.refs.has(target) || !this.out.has(start)) return false;
    const seen = new Set<string>([start]);
    const stack = [start];
    while (stack.length) {
      const v = stack.pop()!;
      for (const next of this.out.get(v) ?? []) {
        if (next === target) return true;
        // Edges into other nodes lead nowhere for this one.
        if (next.startsWith('node/') || seen.has(next)) continue;
        seen.add(next);
        stack.push(next);
      }
    }
    return false;
  }
}

/** The same edges in the same order (an owner's list holds each edge once, as addEdge adds it). */
function sameEdges(had: [string, string][], edges: [string, string][]): boolean {
  const seen = new Set<string>();
  let i = 0;
  for (const [from, to] of edges) {
    const k = `${from}\n${to}`;
    if (seen.has(k)) continue;
    seen.add(k);
    if (i >= had.length || had[i][0] !== from || had[i][1] !== to) return false;
    i++;
  }
  return i === had.length;
}

/** What a Pod references by name (podutil.VisitPodSecretNames / VisitPodConfigmapNames, its claims). */
export function podReferences(pod: KObject): { secrets: Set<string>; configMaps: Set<string>; claims: Set<string>; resourceClaims: Set<string> } {
  const secrets = new Set<string>();
  const configMaps = new Set<string>();
  const claims = new Set<string>();
  const resourceClaims = new Set<string>();
  const spec = pod.spec ?? {};
  const arr = (v: unknown): any[] => (Array.isArray(v) ? v : []);
  for (const s of arr(spec.imagePullSecrets)) if (s?.name) secrets.add(s.name);
  for (const c of [...arr(spec.initContainers), ...arr(spec.containers), ...arr(spec.ephemeralContainers)]) {
    for (const e of arr(c?.envFrom)) {
      if (e?.secretRef?.name) secrets.add(e.secretRef.name);
      if (e?.configMapRef?.name) configMaps.add(e.configMapRef.name);
    }
    for (const e of arr(c?.env)) {
      if (e?.valueFrom?.secretKeyRef?.name) secrets.add(e.valueFrom.secretKeyRef.name);
      if (e?.valueFrom?.configMapKeyRef?.name) configMaps.add(e.valueFrom.configMapKeyRef.name);
    }
  }
  for (const v of arr(spec.volumes)) {
    if (v?.secret?.secretName) secrets.add(v.secret.secretName);
    if (v?.configMap?.name) configMaps.add(v.configMap.name);
    if (v?.persistentVolumeClaim?.claimName) claims.add(v.persistentVolumeClaim.claimName);
    // A generic ephemeral volume's claim is named <pod>-<volume>.
    if (v?.ephemeral) claims.add(`${pod.metadata.name}-${v.name}`);
    for (const s of arr(v?.projected?.sources)) {
      if (s?.secret?.name) secrets.add(s.secret.name);
      if (s?.configMap?.name) configMaps.add(s.configMap.name);
    }
    for (const k of Object.keys(v ?? {})) if (v[k]?.secretRef?.name) secrets.add(v[k].secretRef.name);
  }
  for (const s of arr(pod.status?.resourceClaimStatuses)) if (s?.resourceClaimName) resourceClaims.add(s.resourceClaimName);
  for (const c of arr(spec.resourceClaims)) if (c?.resourceClaimName) resourceClaims.add(c.resourceClaimName);
  return { secrets, configMaps, claims, resourceClaims };
}

/** The Secrets a PV's source names (pvutil.VisitPVSecretNames): every `…SecretRef` with its namespace. */
function pvSecrets(pv: KObject): { namespace: string; name: string }[] {
  const out: { namespace: string; name: string }[] = [];
  const claimNs = pv.spec?.claimRef?.namespace ?? '';
  for (const src of Object.values(pv.spec ?? {})) {
    if (!src || typeof src !== 'object') continue;
    for (const [k, ref] of Object.entries(src as Record<string, any>))
      if (/secretRef$/i.test(k) && ref?.name) out.push({ namespace: ref.namespace ?? claimNs, name: ref.name });
  }
  return out;
}
