/**
 * The merge metadata of the types this model serves, from the Go struct tags and comment
 * markers of k8s.io/api 1.32: `patchStrategy`/`patchMergeKey` drive strategic merge patch, and
 * `+listType`/`+listMapKey`/`+structType`/`+mapType` drive server-side apply (structured-merge-diff).
 * Fields not described here are deduced from their values, as upstream does for unknown
 * fields: objects merge key by key, lists are atomic (SSA) or replaced (SMP).
 */

/** One field of a struct. `type` names the field's type, or the element type of a list or map. */
export interface FieldDef {
  type?: string;
  /** The field is a list; its listType for server-side apply (a list without one is atomic). */
  list?: 'atomic' | 'set' | 'map';
  /** +listMapKey, in order. */
  keys?: string[];
  /** OpenAPI defaults of key fields an item may leave out (a port's protocol is TCP). */
  keyDefaults?: Record<string, unknown>;
  /** patchMergeKey (strategic merge patch). */
  mergeKey?: string;
  /** patchStrategy: "merge", "replace", "retainKeys" or "merge,retainKeys". */
  strategy?: string;
  /** The field is a map[string]<type>. */
  map?: boolean;
  /** +mapType=atomic on a map field: replaced whole by server-side apply. */
  atomic?: boolean;
  /** runtime.RawExtension: kept as written when decoded (no field of it is known or dropped). */
  raw?: boolean;
}

export interface StructDef {
  fields: Record<string, FieldDef>;
  /** +structType=atomic: owned and replaced whole by server-side apply. */
  atomic?: boolean;
}

export type Schema = Record<string, StructDef>;

const mapList = (type: string, ...keys: string[]): FieldDef => ({ type, list: 'map', keys, mergeKey: keys[0], strategy: 'merge' });
const atomicList = (type?: string): FieldDef => ({ type, list: 'atomic' });
const conditions = (type = 'Condition'): FieldDef => mapList(type, 'type');
const struct = (type: string): FieldDef => ({ type });
const atomicMap: FieldDef = { map: true, atomic: true };

/** The served kinds' types, reduced to the fields whose merge behaviour is not the default. */
export const KUBE_SCHEMA: Schema = {
  ObjectMeta: {
    fields: {
      ownerReferences: mapList('OwnerReference', 'uid'),
      finalizers: { list: 'set', strategy: 'merge' },
      managedFields: atomicList(),
      labels: { map: true },
      annotations: { map: true },
    },
  },
  OwnerReference: { fields: {}, atomic: true },
  LabelSelector: { fields: { matchExpressions: atomicList() }, atomic: true },
  Condition: { fields: {} },

  Pod: { fields: { metadata: struct('ObjectMeta'), spec: struct('PodSpec'), status: struct('PodStatus') } },
  PodTemplateSpec: { fields: { metadata: struct('ObjectMeta'), spec: struct('PodSpec') } },
  PodSpec: {
    fields: {
      volumes: { ...mapList('Volume', 'name'), strategy: 'merge,retainKeys' },
      initContainers: mapList('Container', 'name'),
      containers: mapList('Container', 'name'),
      ephemeralContainers: mapList('Container', 'name'),
      imagePullSecrets: mapList('LocalObjectReference', 'name'),
      hostAliases: mapList('HostAlias', 'ip'),
      topologySpreadConstraints: mapList('TopologySpreadConstraint', 'topologyKey', 'whenUnsatisfiable'),
      schedulingGates: mapList('PodSchedulingGate', 'name'),
      resourceClaims: { ...mapList('PodResourceClaim', 'name'), strategy: 'merge,retainKeys' },
      tolerations: atomicList(),
      readinessGates: atomicList(),
      nodeSelector: atomicMap,
      affinity: struct('Affinity'),
      securityContext: struct('PodSecurityContext'),
      dnsConfig: struct('PodDNSConfig'),
    },
  },
  LocalObjectReference: { fields: {}, atomic: true },
  Affinity: { fields: { nodeAffinity: struct('NodeAffinity'), podAffinity: struct('PodAffinity'), podAntiAffinity: struct('PodAffinity') } },
  NodeAffinity: { fields: { requiredDuringSchedulingIgnoredDuringExecution: struct('NodeSelector'), preferredDuringSchedulingIgnoredDuringExecution: atomicList() } },
  NodeSelector: { fields: { nodeSelectorTerms: atomicList() }, atomic: true },
  PodAffinity: { fields: { requiredDuringSchedulingIgnoredDuringExecution: atomicList(), preferredDuringSchedulingIgnoredDuringExecution: atomicList() } },
  PodSecurityContext: { fields: { supplementalGroups: atomicList(), sysctls: atomicList() } },
  PodDNSConfig: { fields: { nameservers: atomicList(), searches: atomicList(), options: atomicList() } },
  Container: {
    fields: {
      command: atomicList(),
      args: atomicList(),
      envFrom: atomicList(),
      resizePolicy: atomicList(),
      ports: { ...mapList('ContainerPort', 'containerPort', 'protocol'), keyDefaults: { protocol: 'TCP' } },
      env: mapList('EnvVar', 'name'),
      volumeMounts: mapList('VolumeMount', 'mountPath'),
      volumeDevices: mapList('VolumeDevice', 'devicePath'),
      resources: struct('ResourceRequirements'),
      livenessProbe: struct('Probe'),
      readinessProbe: struct('Probe'),
      startupProbe: struct('Probe'),
      lifecycle: struct('Lifecycle'),
      securityContext: struct('SecurityContext'),
    },
  },
  EnvVar: { fields: { valueFrom: struct('EnvVarSource') } },
  EnvVarSource: { fields: {}, atomic: true },
  ResourceRequirements: { fields: { claims: { type: 'ResourceClaim', list: 'map', keys: ['name'] }, limits: { map: true }, requests: { map: true } } },
  Probe: { fields: { exec: struct('ExecAction'), httpGet: struct('HTTPGetAction') } },
  Lifecycle: { fields: { postStart: struct('LifecycleHandler'), preStop: struct('LifecycleHandler') } },
  LifecycleHandler: { fields: { exec: struct('ExecAction'), httpGet: struct('HTTPGetAction') } },
  ExecAction: { fields: { command: atomicList() } },
  HTTPGetAction: { fields: { httpHeaders: atomicList() } },
  SecurityContext: { fields: { capabilities: struct('Capabilities') } },
  Capabilities: { fields: { add: atomicList(), drop: atomicList() } },
  PodStatus: {
    fields: {
      conditions: conditions(),
      hostIPs: { list: 'atomic', mergeKey: 'ip', strategy: 'merge' },
      podIPs: mapList('PodIP', 'ip'),
      initContainerStatuses: atomicList(),
      containerStatuses: atomicList(),
      ephemeralContainerStatuses: atomicList(),
    },
  },

  Deployment: { fields: { metadata: struct('ObjectMeta'), spec: struct('DeploymentSpec'), status: struct('DeploymentStatus') } },
  DeploymentSpec: { fields: { selector: struct('LabelSelector'), template: struct('PodTemplateSpec'), strategy: { type: 'DeploymentStrategy', strategy: 'retainKeys' } } },
  DeploymentStrategy: { fields: {} },
  DeploymentStatus: { fields: { conditions: conditions() } },
  ReplicaSet: { fields: { metadata: struct('ObjectMeta'), spec: struct('ReplicaSetSpec'), status: struct('ReplicaSetStatus') } },
  ReplicaSetSpec: { fields: { selector: struct('LabelSelector'), template: struct('PodTemplateSpec') } },
  ReplicaSetStatus: { fields: { conditions: conditions() } },
  DaemonSet: { fields: { metadata: struct('ObjectMeta'), spec: struct('DaemonSetSpec'), status: struct('DaemonSetStatus') } },
  DaemonSetSpec: { fields: { selector: struct('LabelSelector'), template: struct('PodTemplateSpec') } },
  DaemonSetStatus: { fields: { conditions: conditions() } },
  StatefulSet: { fields: { metadata: struct('ObjectMeta'), spec: struct('StatefulSetSpec'), status: struct('StatefulSetStatus') } },
  StatefulSetSpec: { fields: { selector: struct('LabelSelector'), template: struct('PodTemplateSpec'), volumeClaimTemplates: atomicList() } },
  StatefulSetStatus: { fields: { conditions: conditions() } },
  // The garbage collector's owner-reference patches reach these as dependents (a DaemonSet's or
  // StatefulSet's revisions, a StatefulSet's claims, a CronJob's Jobs).
  ControllerRevision: { fields: { metadata: struct('ObjectMeta'), data: { raw: true } } },
  PersistentVolumeClaim: { fields: { metadata: struct('ObjectMeta') } },
  Job: { fields: { metadata: struct('ObjectMeta'), spec: struct('JobSpec'), status: struct('JobStatus') } },
  JobSpec: { fields: { selector: struct('LabelSelector'), template: struct('PodTemplateSpec') } },
  JobStatus: { fields: { conditions: conditions() } },
  CronJob: { fields: { metadata: struct('ObjectMeta'), spec: struct('CronJobSpec') } },
  CronJobSpec: { fields: { jobTemplate: struct('JobTemplateSpec') } },
  JobTemplateSpec: { fields: { metadata: struct('ObjectMeta'), spec: struct('JobSpec') } },

  Service: { fields: { metadata: struct('ObjectMeta'), spec: struct('ServiceSpec'), status: struct('ServiceStatus') } },
  ServiceSpec: {
    fields: {
      ports: { ...mapList('ServicePort', 'port', 'protocol'), keyDefaults: { protocol: 'TCP' } },
      selector: atomicMap,
      clusterIPs: atomicList(),
      externalIPs: atomicList(),
      loadBalancerSourceRanges: atomicList(),
      ipFamilies: atomicList(),
    },
  },
  ServiceStatus: { fields: { conditions: conditions(), loadBalancer: struct('LoadBalancerStatus') } },
  LoadBalancerStatus: { fields: { ingress: atomicList() } },

  Node: { fields: { metadata: struct('ObjectMeta'), spec: struct('NodeSpec'), status: struct('NodeStatus') } },
  NodeSpec: { fields: { podCIDRs: { list: 'set', strategy: 'merge' }, taints: atomicList() } },
  NodeStatus: {
    fields: {
      conditions: conditions(),
      addresses: mapList('NodeAddress', 'type'),
      images: atomicList(),
      volumesInUse: atomicList(),
      volumesAttached: atomicList(),
      runtimeHandlers: atomicList(),
      capacity: { map: true },
      allocatable: { map: true },
    },
  },
  Namespace: { fields: { metadata: struct('ObjectMeta'), spec: struct('NamespaceSpec'), status: struct('NamespaceStatus') } },
  NamespaceSpec: { fields: { finalizers: atomicList() } },
  NamespaceStatus: { fields: { conditions: conditions() } },
  ConfigMap: { fields: { metadata: struct('ObjectMeta'), data: { map: true }, binaryData: { map: true } } },
  ServiceAccount: { fields: { metadata: struct('ObjectMeta'), secrets: mapList('ObjectReference', 'name'), imagePullSecrets: atomicList() } },
  ObjectReference: { fields: {}, atomic: true },
  Event: { fields: { metadata: struct('ObjectMeta'), involvedObject: struct('ObjectReference') } },
  Lease: { fields: { metadata: struct('ObjectMeta') } },
  EndpointSlice: { fields: { metadata: struct('ObjectMeta'), endpoints: atomicList(), ports: atomicList() } },
};

/** A field of a struct type; undefined for a field the schema does not describe. */
export function fieldOf(schema: Schema, type: string | undefined, field: string): FieldDef | undefined {
  if (!type) return undefined;
  return schema[type]?.fields[field];
}
