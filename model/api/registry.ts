/**
 * The resources this model serves: group/version/kind, plural resource name, scope, the etcd
 * key prefix Kubernetes uses, and kubectl's short names.
 */
export interface ResourceInfo {
  group: string;
  version: string;
  kind: string;
  /** Plural, lower case: "pods", "deployments". */
  resource: string;
  singular: string;
  namespaced: boolean;
  shortNames: string[];
  /** The etcd path segment: "/registry/<storage>/..." (nodes live under "minions"). */
  storage: string;
  /** Subresources beside the main resource. */
  subresources: string[];
  /** Whether spec changes bump metadata.generation (objects with a spec/status split). */
  hasGeneration: boolean;
  /** The verbs discovery lists for the resource itself. */
  verbs: string[];
  /** Discovery categories: "all" is what `kubectl get all` expands to. */
  categories: string[];
}

/** What kube-apiserver lists for a resource whose storage does every REST operation. */
const STANDARD_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

const R = (r: Partial<ResourceInfo> & Pick<ResourceInfo, 'kind' | 'resource' | 'version'>): ResourceInfo => ({
  group: '',
  singular: r.kind.toLowerCase(),
  namespaced: true,
  shortNames: [],
  storage: r.resource,
  subresources: [],
  hasGeneration: false,
  verbs: STANDARD_VERBS,
  categories: [],
  ...r,
});

export const RESOURCES: ResourceInfo[] = [
  R({ kind: 'Namespace', resource: 'namespaces', version: 'v1', namespaced: false, shortNames: ['ns'], subresources: ['status', 'finalize'], verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'] }),
  R({ kind: 'Node', resource: 'nodes', version: 'v1', namespaced: false, shortNames: ['no'], storage: 'minions', subresources: ['status'] }),
  R({ kind: 'Pod', resource: 'pods', version: 'v1', shortNames: ['po'], subresources: ['status', 'binding', 'eviction', 'exec', 'log'], categories: ['all'] }),
  R({ kind: 'Event', resource: 'events', version: 'v1', shortNames: ['ev'] }),
  R({ kind: 'Service', resource: 'services', version: 'v1', shortNames: ['svc'], subresources: ['status'], storage: 'services/specs', categories: ['all'] }),
  R({ kind: 'ConfigMap', resource: 'configmaps', version: 'v1', shortNames: ['cm'] }),
  R({ kind: 'Secret', resource: 'secrets', version: 'v1' }),
  R({ kind: 'ServiceAccount', resource: 'serviceaccounts', version: 'v1', shortNames: ['sa'], subresources: ['token'] }),
  R({ kind: 'Deployment', group: 'apps', resource: 'deployments', version: 'v1', shortNames: ['deploy'], subresources: ['status', 'scale'], hasGeneration: true, categories: ['all'] }),
  R({ kind: 'ReplicaSet', group: 'apps', resource: 'replicasets', version: 'v1', shortNames: ['rs'], subresources: ['status', 'scale'], hasGeneration: true, categories: ['all'] }),
  R({ kind: 'DaemonSet', group: 'apps', resource: 'daemonsets', version: 'v1', shortNames: ['ds'], subresources: ['status'], hasGeneration: true, categories: ['all'] }),
  R({ kind: 'StatefulSet', group: 'apps', resource: 'statefulsets', version: 'v1', shortNames: ['sts'], subresources: ['status', 'scale'], hasGeneration: true, categories: ['all'] }),
  R({ kind: 'ControllerRevision', group: 'apps', resource: 'controllerrevisions', version: 'v1' }),
  R({ kind: 'PersistentVolume', resource: 'persistentvolumes', version: 'v1', namespaced: false, shortNames: ['pv'], subresources: ['status'] }),
  R({ kind: 'PersistentVolumeClaim', resource: 'persistentvolumeclaims', version: 'v1', shortNames: ['pvc'], subresources: ['status'] }),
  R({ kind: 'StorageClass', group: 'storage.k8s.io', resource: 'storageclasses', version: 'v1', namespaced: false, shortNames: ['sc'] }),
  R({ kind: 'PodDisruptionBudget', group: 'policy', resource: 'poddisruptionbudgets', version: 'v1', shortNames: ['pdb'], subresources: ['status'], hasGeneration: true }),
  R({ kind: 'Lease', group: 'coordination.k8s.io', resource: 'leases', version: 'v1' }),
  R({ kind: 'EndpointSlice', group: 'discovery.k8s.io', resource: 'endpointslices', version: 'v1' }),
  // `kubectl get all` lists cronjobs before jobs, as discovery orders batch/v1.
  R({ kind: 'CronJob', group: 'batch', resource: 'cronjobs', version: 'v1', shortNames: ['cj'], subresources: ['status'], hasGeneration: true, categories: ['all'] }),
  R({ kind: 'Job', group: 'batch', resource: 'jobs', version: 'v1', subresources: ['status'], hasGeneration: true, categories: ['all'] }),
  // Create-only reviews: answered by model/apiserver/reviews, never stored (kubectl auth whoami, can-i).
  R({ kind: 'SelfSubjectReview', group: 'authentication.k8s.io', resource: 'selfsubjectreviews', version: 'v1', namespaced: false, verbs: ['create'] }),
  R({ kind: 'TokenReview', group: 'authentication.k8s.io', resource: 'tokenreviews', version: 'v1', namespaced: false, verbs: ['create'] }),
  R({ kind: 'LocalSubjectAccessReview', group: 'authorization.k8s.io', resource: 'localsubjectaccessreviews', version: 'v1', verbs: ['create'] }),
  R({ kind: 'SelfSubjectAccessReview', group: 'authorization.k8s.io', resource: 'selfsubjectaccessreviews', version: 'v1', namespaced: false, verbs: ['create'] }),
  R({ kind: 'SelfSubjectRulesReview', group: 'authorization.k8s.io', resource: 'selfsubjectrulesreviews', version: 'v1', namespaced: false, verbs: ['create'] }),
  R({ kind: 'SubjectAccessReview', group: 'authorization.k8s.io', resource: 'subjectaccessreviews', version: 'v1', namespaced: false, verbs: ['create'] }),
  // rbac.authorization.k8s.io/v1: who may do what (issue 12); the RBAC authorizer reads them.
  R({ kind: 'ClusterRole', group: 'rbac.authorization.k8s.io', resource: 'clusterroles', version: 'v1', namespaced: false }),
  R({ kind: 'ClusterRoleBinding', group: 'rbac.authorization.k8s.io', resource: 'clusterrolebindings', version: 'v1', namespaced: false }),
  R({ kind: 'Role', group: 'rbac.authorization.k8s.io', resource: 'roles', version: 'v1' }),
  R({ kind: 'RoleBinding', group: 'rbac.authorization.k8s.io', resource: 'rolebindings', version: 'v1' }),
];

const byResource = new Map(RESOURCES.map((r) => [r.resource, r]));
const byKind = new Map(RESOURCES.map((r) => [r.kind, r]));

export function groupVersion(r: ResourceInfo): string {
  return r.group ? `${r.group}/${r.version}` : r.version;
}

/** "deployment.apps", "pod": how kubectl names a kind in its messages. */
export function qualifiedSingular(r: ResourceInfo): string {
  return r.group ? `${r.singular}.${r.group}` : r.singular;
}

/** "deployments.apps", "pods": how the API server names a resource in Status messages. */
export function qualifiedResource(r: ResourceInfo): string {
  return r.group ? `${r.resource}.${r.group}` : r.resource;
}

export function resourceByName(resource: string): ResourceInfo | undefined {
  return byResource.get(resource);
}

/** Finds the resource for an apiVersion and kind, as the REST mapper does. */
export function resourceForKind(apiVersion: string, kind: string): ResourceInfo | undefined {
  const r = byKind.get(kind);
  if (!r || groupVersion(r) !== apiVersion) return undefined;
  return r;
}

/**
 * Resolves what a kubectl user types ("po", "pods", "pod", "deploy", "deployments.apps",
 * "deployment.apps/v1") to a resource.
 */
export function resolveResourceArg(arg: string): ResourceInfo | undefined {
  const lower = arg.toLowerCase();
  const [name, ...groupParts] = lower.split('.');
  const group = groupParts.join('.');
  for (const r of RESOURCES) {
    if (group && r.group !== group && `${r.version}.${r.group}` !== group) continue;
    if (r.resource === name || r.singular === name || r.shortNames.includes(name) || r.kind.toLowerCase() === name) return r;
  }
  return undefined;
}

/** The etcd key of an object: /registry/pods/default/nginx, /registry/minions/k8s-master. */
export function etcdKey(r: ResourceInfo, namespace: string | undefined, name: string): string {
  const base = `/registry/${r.storage}`;
  return r.namespaced ? `${base}/${namespace}/${name}` : `${base}/${name}`;
}

export function etcdPrefix(r: ResourceInfo, namespace?: string): string {
  const base = `/registry/${r.storage}/`;
  return r.namespaced && namespace ? `${base}${namespace}/` : base;
}
