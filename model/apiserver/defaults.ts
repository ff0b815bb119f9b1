import type { KObject } from '../api/meta';
import { applyRbacDefaults } from './defaults-rbac';
import { defaultService } from './service-strategy';
import { defaultProbes } from './defaults-probes';
import { defaultPodVolumes } from './defaults-volumes';
import { defaultCronJob, defaultJob } from './batch-strategy';
import { applyStatefulSetAndStorageDefaults } from './defaults-statefulset';
import { defaultSecret } from './validation/secret';
import { podQOSClass } from './pod-qos';

export { podQOSClass };

/**
 * Defaulting, as the API server's scheme defaulters and the default admission plugins
 * (DefaultTolerationSeconds, Priority, ServiceAccount) fill in fields a user left out.
 * Only fields a reader sees in `kubectl get -o yaml` or that components rely on.
 */
export function applyDefaults(resource: string, obj: KObject): void {
  if (applyStatefulSetAndStorageDefaults(resource, obj, defaultTemplate)) return;
  if (applyRbacDefaults(resource, obj)) return;
  switch (resource) {
    case 'pods':
      defaultPodSpec(obj.spec ?? (obj.spec = {}));
      defaultRequestsToLimits(obj.spec);
      // The ServiceAccount admission plugin leaves mirror Pods alone (a static Pod has no API credentials).
      defaultPodAdmission(obj.spec, obj.metadata?.annotations?.['kubernetes.io/config.mirror'] !== undefined);
      // podStrategy.PrepareForCreate: a new Pod's status is Pending with its QoS class.
      obj.status = { phase: 'Pending', qosClass: podQOSClass(obj.spec) };
      break;
    case 'deployments':
      defaultDeployment(obj);
      break;
    case 'replicasets':
      obj.spec = obj.spec ?? {};
      if (obj.spec.replicas === undefined) obj.spec.replicas = 1;
      defaultTemplate(obj.spec.template);
      break;
    case 'daemonsets':
      obj.spec = obj.spec ?? {};
      obj.spec.updateStrategy = obj.spec.updateStrategy ?? {};
      // SetDefaults_DaemonSet: an empty type is RollingUpdate.
      if (!obj.spec.updateStrategy.type) obj.spec.updateStrategy.type = 'RollingUpdate';
      if (obj.spec.updateStrategy.type === 'RollingUpdate')
        obj.spec.updateStrategy.rollingUpdate = { maxUnavailable: 1, maxSurge: 0, ...(obj.spec.updateStrategy.rollingUpdate ?? {}) };
      if (obj.spec.revisionHistoryLimit === undefined) obj.spec.revisionHistoryLimit = 10;
      defaultTemplate(obj.spec.template);
      break;
    case 'namespaces':
      obj.spec = obj.spec ?? { finalizers: ['kubernetes'] };
      obj.status = obj.status ?? { phase: 'Active' };
      obj.metadata.labels = { ...(obj.metadata.labels ?? {}), 'kubernetes.io/metadata.name': obj.metadata.name! };
      break;
    case 'jobs':
      defaultJob(obj);
      break;
    case 'cronjobs':
      defaultCronJob(obj);
      break;
    case 'services':
      defaultService(obj);
      break;
    case 'secrets':
      defaultSecret(obj);
      break;
  }
}

function defaultDeployment(obj: KObject): void {
  const spec = (obj.spec = obj.spec ?? {});
  if (spec.replicas === undefined) spec.replicas = 1;
  spec.strategy = spec.strategy ?? { type: 'RollingUpdate' };
  if (!spec.strategy.type) spec.strategy.type = 'RollingUpdate';
  if (spec.strategy.type === 'RollingUpdate') spec.strategy.rollingUpdate = { maxUnavailable: '25%', maxSurge: '25%', ...(spec.strategy.rollingUpdate ?? {}) };
  if (spec.revisionHistoryLimit === undefined) spec.revisionHistoryLimit = 10;
  if (spec.progressDeadlineSeconds === undefined) spec.progressDeadlineSeconds = 600;
  defaultTemplate(spec.template);
}

function defaultTemplate(template: any): void {
  if (!template || typeof template !== 'object') return;
  template.metadata = template.metadata ?? {};
  if (template.metadata.creationTimestamp === undefined) template.metadata.creationTimestamp = null;
  defaultPodSpec(template.spec ?? (template.spec = {}));
}

/** pkg/apis/core/v1/defaults.go, the fields SetDefaults_PodSpec and SetDefaults_Container fill. */
export function defaultPodSpec(spec: any): void {
  if (!spec || typeof spec !== 'object') return;
  spec.restartPolicy = spec.restartPolicy ?? 'Always';
  spec.terminationGracePeriodSeconds = spec.terminationGracePeriodSeconds ?? 30;
  spec.dnsPolicy = spec.dnsPolicy ?? 'ClusterFirst';
  spec.securityContext = spec.securityContext ?? {};
  spec.schedulerName = spec.schedulerName ?? 'default-scheduler';
  for (const c of Array.isArray(spec.containers) ? spec.containers : []) defaultContainer(c);
  for (const c of Array.isArray(spec.initContainers) ? spec.initContainers : []) defaultContainer(c);
  defaultPodVolumes(spec);
}

function defaultContainer(c: any): void {
  if (!c || typeof c !== 'object') return;
  if (!c.imagePullPolicy && typeof c.image === 'string') c.imagePullPolicy = imageTag(c.image) === 'latest' ? 'Always' : 'IfNotPresent';
  c.terminationMessagePath = c.terminationMessagePath ?? '/dev/termination-log';
  c.terminationMessagePolicy = c.terminationMessagePolicy ?? 'File';
  c.resources = c.resources ?? {};
  for (const p of Array.isArray(c.ports) ? c.ports : []) if (p && typeof p === 'object') p.protocol = p.protocol ?? 'TCP';
  defaultProbes(c);
}

/**
 * The tag parsers.ParseImageName finds: the one written, else "latest" when there is no digest
 * either, else "" (a reference by digest alone has no tag).
 */
export function imageTag(image: string): string {
  const at = image.indexOf('@');
  const name = at < 0 ? image : image.slice(0, at);
  const colon = name.indexOf(':', name.lastIndexOf('/') + 1);
  if (colon >= 0) return name.slice(colon + 1);
  return at < 0 ? 'latest' : '';
}

/** Admission plugins that mutate Pods on create: ServiceAccount, Priority, DefaultTolerationSeconds. */
function defaultPodAdmission(spec: any, mirror = false): void {
  if (!mirror) {
    spec.serviceAccountName = spec.serviceAccountName ?? 'default';
    spec.serviceAccount = spec.serviceAccount ?? spec.serviceAccountName;
  }
  spec.enableServiceLinks = spec.enableServiceLinks ?? true;
  // Priority admission: the two built-in PriorityClasses, else the default of 0.
  spec.priority = spec.priority ?? ({ 'system-node-critical': 2000001000, 'system-cluster-critical': 2000000000 } as Record<string, number>)[spec.priorityClassName] ?? 0;
  spec.preemptionPolicy = spec.preemptionPolicy ?? 'PreemptLowerPriority';
  const tolerations: any[] = (spec.tolerations = Array.isArray(spec.tolerations) ? spec.tolerations : []);
  for (const key of ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable']) {
    // DefaultTolerationSeconds: the key or an empty one (whatever the operator), NoExecute or no effect.
    const has = tolerations.some((t) => t && (t.key === key || !t.key) && (!t.effect || t.effect === 'NoExecute'));
    if (!has) tolerations.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 });
  }
}

/**
 * SetDefaults_Pod: a container that sets limits but not requests requests its limits (only on a
 * Pod, not on a template, so a Deployment's template keeps what its author wrote).
 */
function defaultRequestsToLimits(spec: any): void {
  for (const c of [...(Array.isArray(spec.containers) ? spec.containers : []), ...(Array.isArray(spec.initContainers) ? spec.initContainers : [])]) {
    const limits = c?.resources?.limits;
    if (!limits || typeof limits !== 'object') continue;
    const requests = (c.resources.requests = c.resources.requests && typeof c.resources.requests === 'object' ? c.resources.requests : {});
    for (const [name, q] of Object.entries(limits)) if (!(name in requests)) requests[name] = q;
  }
}

