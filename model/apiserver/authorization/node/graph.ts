import type { KObject } from '../../../api/meta';

/** The kinds of vertex the Node authorizer's graph holds (graph.go's vertexTypes; no resourceslice: the model has no DRA). */
export type VertexType = 'node' | 'pod' | 'secret' | 'configmap' | 'pvc' | 'pv' | 'serviceAccount' | 'resourceclaim' | 'volumeattachment';

const key = (type: VertexType, namespace: string, name: string) => `${type}/${namespace}/${name}`;

/** The mirror Pod annotation (corev1.MirrorPodAnnotationKey). */
const MIRROR_ANNOTATION = 'kubernetes.io/config.mirror';

/**
 * The Node authorizer's graph (plugin/pkg/auth/authorizer/node/graph.go): an edge runs from an
 * object to what uses it (secret -> pod, pvc -> pod, pv -> pvc, secret -> pv) and from a Pod
 * or a VolumeAttachment to its node. A node may read an object when a path leads from that
 * object to the node. Each owner (a Pod, a PV, an attachment) remembers the edges it put in, so
 * adding it again or deleting it replaces exactly those; a vertex left without edges is gone, as
 * upstream's deleteVertexLocked drops the neighbours it orphans. Upstream's destination-edge
 * index only makes hasPathFrom fast: the answers are the same without it.
 */
export class Graph {
  /** Out-edges: from a vertex to the vertices that depend on it. */
  private readonly out = new Map<string, Set<string>>();
  /** In-edge counts, to know when a vertex is no longer referenced. */
  private readonly refs = new Map<string, number>();
  /** The edges each owner (pod, pv or volumeattachment vertex) added. */
  private readonly owned = new Map<string, [string, string][]>();

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

  /** Removes an owner's edges (deleteVertexLocked) and puts in the new ones. */
  private replaceOwned(owner: string, edges: [string, string][]): void {
    this.removeOwned(owner);
    for (const [from, to] of edges) this.addEdge(owner, from, to);
  }

  /** Removes the edges an owner added (and the vertices nothing points to or from any more). */
  private removeOwned(owner: string): void {
    for (const [from, to] of this.owned.get(owner) ?? []) {
      const set = this.out.get(from)!;
      set.delete(to);
      if (set.size === 0) this.out.delete(from);
      const n = this.refs.get(to)! - 1;
      if (n === 0) this.refs.delete(to);
      else this.refs.set(to, n);
    }
    this.owned.delete(owner);
  }

  /**
   * AddPod, for a Pod bound to a node: an edge to the node and, unless it is a mirror Pod (a
   * node must never gain access by creating one), from its ServiceAccount and each Secret,
   * ConfigMap, claim and ResourceClaim it references.
   */
  setPod(pod: KObject): void {
    const ns = pod.metadata.namespace!;
    const podKey = key('pod', ns, pod.metadata.name!);
    const edges: [string, string][] = [[podKey, key('node', '', pod.spec.nodeName)]];
    if (!(MIRROR_ANNOTATION in (pod.metadata.annotations ?? {}))) {
      const uses = (type: VertexType, names: Iterable<string>) => {
        for (const name of names) edges.push([key(type, ns, name), podKey]);
      };
      const refs = podReferences(pod);
      uses('serviceAccount', pod.spec.serviceAccountName ? [pod.spec.serviceAccountName] : []);
      uses('secret', refs.secrets);
      uses('configmap', refs.configMaps);
      uses('pvc', podClaimNames(pod));
      uses('resourceclaim', podResourceClaimNames(pod));
    }
    this.replaceOwned(podKey, edges);
  }

  deletePod(namespace: string, name: string): void {
    this.removeOwned(key('pod', namespace, name));
  }

  /** AddPV: an edge from the PV to the claim its claimRef names, and from each Secret the kubelet reads for it to the PV. */
  setPV(pv: KObject): void {
    const pvKey = key('pv', '', pv.metadata.name!);
    const ref = pv.spec.claimRef;
    const edges: [string, string][] = [];
    if (ref) {
      edges.push([pvKey, key('pvc', ref.namespace ?? '', ref.name ?? '')]);
      for (const s of pvKubeletSecrets(pv)) edges.push([key('secret', s.namespace, s.name), pvKey]);
    }
    this.replaceOwned(pvKey, edges);
  }

  deletePV(name: string): void {
    this.removeOwned(key('pv', '', name));
  }

  /** AddVolumeAttachment: an edge from the attachment to its node (none without a node). The model serves no VolumeAttachments: nothing feeds these in a cluster. */
  setVolumeAttachment(name: string, nodeName: string): void {
    const vaKey = key('volumeattachment', '', name);
    this.replaceOwned(vaKey, nodeName ? [[vaKey, key('node', '', nodeName)]] : []);
  }

  deleteVolumeAttachment(name: string): void {
    this.removeOwned(key('volumeattachment', '', name));
  }

  /**
   * hasPathFrom: whether a path leads from the object to the node, never through another
   * node. False when either end is unknown to the graph (upstream's error, with the same
   * denial reason).
   */
  hasPathFrom(nodeName: string, type: VertexType, namespace: string, name: string): boolean {
    const target = key('node', '', nodeName);
    const start = key(type, namespace, name);
    // The graph is acyclic (secret -> pv -> pvc -> pod -> node) and a node has no edges of its
    // own, so the walk ends, and a path through another node ends there.
    const stack = [start];
    while (stack.length) {
      for (const next of this.out.get(stack.pop()!) ?? []) {
        if (next === target) return true;
        stack.push(next);
      }
    }
    return false;
  }

  /**
   * Every vertex as upstream's namedVertex.String() prints it ("type:namespace/name", or
   * "type:name" without a namespace), with the vertices its edges lead to, sorted: what
   * graph_test.go's expectGraph reads.
   */
  adjacency(): Record<string, string[]> {
    const show = (k: string) => {
      const [type, ns, name] = k.split('/');
      return ns ? `${type}:${ns}/${name}` : `${type}:${name}`;
    };
    const out: Record<string, string[]> = {};
    for (const v of [...this.out.keys(), ...this.refs.keys()]) out[show(v)] = [...(this.out.get(v) ?? [])].map(show).sort();
    return out;
  }
}

// Stryker disable next-line ArrayDeclaration: a string in place of a missing list has none of the fields read from its elements
const arr = (v: unknown): any[] => (Array.isArray(v) ? v : []);

/**
 * The Secrets and ConfigMaps a Pod references by name, empty names skipped
 * (podutil.VisitPodSecretNames and VisitPodConfigmapNames over all containers). The Pod has a
 * spec: the graph takes only bound Pods, NodeRestriction asks only about those bound to a node.
 */
export function podReferences(pod: KObject): { secrets: Set<string>; configMaps: Set<string> } {
  const secrets = new Set<string>();
  const configMaps = new Set<string>();
  const secret = (name: unknown) => typeof name === 'string' && name !== '' && secrets.add(name);
  const configMap = (name: unknown) => typeof name === 'string' && name !== '' && configMaps.add(name);
  const spec = pod.spec;
  for (const s of arr(spec.imagePullSecrets)) secret(s.name);
  for (const c of [...arr(spec.initContainers), ...arr(spec.containers), ...arr(spec.ephemeralContainers)]) {
    for (const e of arr(c.envFrom)) {
      secret(e.secretRef?.name);
      configMap(e.configMapRef?.name);
    }
    for (const e of arr(c.env)) {
      secret(e.valueFrom?.secretKeyRef?.name);
      configMap(e.valueFrom?.configMapKeyRef?.name);
    }
  }
  for (const v of arr(spec.volumes)) {
    secret(v.secret?.secretName);
    configMap(v.configMap?.name);
    for (const s of arr(v.projected?.sources)) {
      secret(s.secret?.name);
      configMap(s.configMap?.name);
    }
    // The volume sources that name a Secret: cephfs, cinder, flexVolume, iscsi, rbd, scaleIO and storageos by secretRef.
    for (const source of ['cephfs', 'cinder', 'flexVolume', 'iscsi', 'rbd', 'scaleIO', 'storageos']) secret(v[source]?.secretRef?.name);
    secret(v.azureFile?.secretName);
    secret(v.csi?.nodePublishSecretRef?.name);
  }
  return { secrets, configMaps };
}

/** The claims a Pod's volumes use: a persistentVolumeClaim's, and a generic ephemeral volume's, <pod>-<volume> (ephemeral.VolumeClaimName). */
function podClaimNames(pod: KObject): string[] {
  const out: string[] = [];
  for (const v of arr(pod.spec.volumes)) {
    const name = v.persistentVolumeClaim ? v.persistentVolumeClaim.claimName : v.ephemeral ? `${pod.metadata.name}-${v.name}` : '';
    if (name) out.push(name);
  }
  return out;
}

/**
 * resourceclaim.Name for each of a Pod's resource claims: the claim it names, or the one its
 * status says was made from its template; none while that status is missing (not created
 * yet) or empty (not needed), nor for an entry with neither.
 */
function podResourceClaimNames(pod: KObject): string[] {
  const out: string[] = [];
  for (const c of arr(pod.spec.resourceClaims)) {
    if (c.resourceClaimName != null) out.push(c.resourceClaimName);
    else if (c.resourceClaimTemplateName != null) {
      const status = arr(pod.status?.resourceClaimStatuses).find((s) => s.name === c.name);
      if (status?.resourceClaimName != null) out.push(status.resourceClaimName);
    }
  }
  return out;
}

/**
 * Each PV source's Secret references, with whether an unset namespace is the claim's
 * (pvutil.VisitPVSecretNames); a CSI driver's controller secrets are not the kubelet's to read.
 */
const PV_SECRET_REFS: [source: string, ref: string, claimNamespace: boolean][] = [
  ['cephfs', 'secretRef', true],
  ['cinder', 'secretRef', false],
  ['flexVolume', 'secretRef', true],
  ['rbd', 'secretRef', true],
  ['scaleIO', 'secretRef', true],
  ['iscsi', 'secretRef', true],
  ['storageos', 'secretRef', false],
  ['csi', 'nodePublishSecretRef', false],
  ['csi', 'nodeStageSecretRef', false],
  ['csi', 'nodeExpandSecretRef', false],
];

/** The Secrets the kubelet reads for a PV bound to a claim (VisitPVSecretNames' kubeletVisible ones), empty names skipped. */
function pvKubeletSecrets(pv: KObject): { namespace: string; name: string }[] {
  const spec = pv.spec;
  const claimNs: string = spec.claimRef.namespace ?? '';
  const out: { namespace: string; name: string }[] = [];
  const add = (namespace: string, name: unknown) => typeof name === 'string' && name !== '' && out.push({ namespace, name });
  // AzureFile names its Secret and, apart, its namespace (else the claim's).
  if (spec.azureFile) add(spec.azureFile.secretNamespace || claimNs, spec.azureFile.secretName);
  for (const [source, field, claimNamespace] of PV_SECRET_REFS) {
    const ref = spec[source]?.[field];
    if (ref) add(ref.namespace || (claimNamespace ? claimNs : ''), ref.name);
  }
  return out;
}
