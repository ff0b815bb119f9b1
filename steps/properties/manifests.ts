/** The kind config and the manifests of a generated case, as a reader would write them. */
import type { KObject } from '../../model/api/meta';
import { APP_LABEL, type Case, MAINTENANCE_TAINT, NS, type WorkloadSpec } from './case';

const cpu = (m: number) => (m % 1000 === 0 ? String(m / 1000) : `${m}m`);

/** kind's cluster config: k8s-master and one worker per node spec. */
export function kindConfig(c: Case): string {
  const lines = ['kind: Cluster', 'apiVersion: kind.x-k8s.io/v1alpha4', 'nodes:', '  - role: control-plane'];
  for (const n of c.nodes) {
    lines.push('  - role: worker', `    capacity: {cpu: "${cpu(n.cpuMilli)}", memory: ${n.memoryMi}Mi}`);
    if (n.disktype) lines.push(`    labels: {disktype: ${n.disktype}}`);
    if (n.dedicated) lines.push('    taints: ["dedicated=db:NoSchedule"]');
  }
  return lines.join('\n') + '\n';
}

/** The NoExecute taints a workload may tolerate for a while: the maintenance taint and the node lifecycle's. */
const TIMED_TAINTS = [MAINTENANCE_TAINT.key, 'node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'];

/** The Pod spec of a workload; `revision` changes on each template edit. */
function podSpec(w: WorkloadSpec, revision: number): any {
  const container: any = { name: 'app', image: 'nginx:1.27', env: [{ name: 'REVISION', value: String(revision) }], resources: { requests: { cpu: cpu(w.cpuMilli), memory: `${w.memoryMi}Mi` } } };
  if (w.kind === 'DaemonSet') container.resources = { requests: { cpu: '10m', memory: '16Mi' } };
  if (w.kind === 'Pod' && w.exitCode !== undefined) {
    // busybox's sh ends with the code: what the restart policy decides on.
    container.image = 'busybox:1.37';
    container.command = ['sh', '-c', `echo done; exit ${w.exitCode}`];
  }
  const spec: any = { containers: [container] };
  if (w.kind === 'Pod') spec.restartPolicy = w.restartPolicy ?? 'Always';
  if (w.nodeSelector) spec.nodeSelector = { ...w.nodeSelector };
  const tolerations: any[] = [];
  if (w.toleratesDedicated) tolerations.push({ key: 'dedicated', operator: 'Equal', value: 'db', effect: 'NoSchedule' });
  if (w.tolerationSeconds !== undefined) for (const key of TIMED_TAINTS) tolerations.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: w.tolerationSeconds });
  if (tolerations.length) spec.tolerations = tolerations;
  return spec;
}

function template(w: WorkloadSpec, revision: number): any {
  return { metadata: { labels: { [APP_LABEL]: w.name } }, spec: podSpec(w, revision) };
}

/** The workload's manifest; `extra` adds a label and an annotation that a later apply drops. */
export function manifest(w: WorkloadSpec, revision = 0, replicas = w.replicas, extra = false): KObject {
  const metadata: KObject['metadata'] = { name: w.name, namespace: NS, labels: { [APP_LABEL]: w.name } };
  if (extra) {
    metadata.labels![EXTRA_LABEL] = 'yes';
    metadata.annotations = { [EXTRA_ANNOTATION]: 'applied once' };
  }
  if (w.kind === 'Pod') return { apiVersion: 'v1', kind: 'Pod', metadata, spec: podSpec(w, revision) };
  const spec: any = { selector: { matchLabels: { [APP_LABEL]: w.name } }, template: template(w, revision) };
  if (w.kind === 'DaemonSet') spec.updateStrategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: w.maxSurge, maxUnavailable: w.maxUnavailable } };
  else spec.replicas = replicas;
  if (w.kind === 'Deployment') spec.strategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: w.maxSurge, maxUnavailable: w.maxUnavailable } };
  return { apiVersion: 'apps/v1', kind: w.kind, metadata, spec };
}

/** The label and annotation that `reapply` adds, then removes. */
export const EXTRA_LABEL = 'kubespec.io/extra';
export const EXTRA_ANNOTATION = 'kubespec.io/note';

/** A ClusterIP Service in front of the workload's Pods. */
export function service(w: WorkloadSpec): KObject {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name: w.name, namespace: NS }, spec: { selector: { [APP_LABEL]: w.name }, ports: [{ port: 80, targetPort: 80 }] } };
}

const RESOURCES: Record<WorkloadSpec['kind'], string> = { Deployment: 'deployments', ReplicaSet: 'replicasets', DaemonSet: 'daemonsets', Pod: 'pods' };
export const resourceOf = (w: WorkloadSpec) => RESOURCES[w.kind];
