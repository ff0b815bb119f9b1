/** The kind config and the manifests of a generated case, as a reader would write them. */
import type { KObject } from '../../model/api/meta';
import { APP_LABEL, type Case, NS, type WorkloadSpec } from './case';

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

/** The Pod template of a workload; `revision` changes on each template edit. */
function template(w: WorkloadSpec, revision: number): any {
  const spec: any = {
    containers: [{ name: 'app', image: 'nginx:1.27', env: [{ name: 'REVISION', value: String(revision) }], resources: { requests: { cpu: cpu(w.cpuMilli), memory: `${w.memoryMi}Mi` } } }],
  };
  if (w.nodeSelector) spec.nodeSelector = { ...w.nodeSelector };
  if (w.toleratesDedicated) spec.tolerations = [{ key: 'dedicated', operator: 'Equal', value: 'db', effect: 'NoSchedule' }];
  return { metadata: { labels: { [APP_LABEL]: w.name } }, spec };
}

export function manifest(w: WorkloadSpec, revision = 0, replicas = w.replicas): KObject {
  const spec: any = { replicas, selector: { matchLabels: { [APP_LABEL]: w.name } }, template: template(w, revision) };
  if (w.kind === 'Deployment') spec.strategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: w.maxSurge, maxUnavailable: w.maxUnavailable } };
  return { apiVersion: 'apps/v1', kind: w.kind, metadata: { name: w.name, namespace: NS, labels: { [APP_LABEL]: w.name } }, spec };
}

export const resourceOf = (w: WorkloadSpec) => (w.kind === 'Deployment' ? 'deployments' : 'replicasets');
