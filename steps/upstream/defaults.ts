/**
 * Upstream's defaulting tests (kubernetes v1.32 pkg/apis/core/v1/defaults_test.go and
 * pkg/apis/apps/v1/defaults_test.go) as tables: each row writes a minimal object of a kind (the
 * `change` column, as in features/upstream-core-validation.feature), lets the API server default
 * it, and reads one field back as JSON (`<unset>` when the field is absent).
 */
import { Then, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import { applyDefaults } from '../../model/apiserver/defaults';

const containers = () => [{ name: 'c', image: 'image:1.0' }];
const MINIMAL: Record<string, { resource: string; object: () => any }> = {
  Pod: { resource: 'pods', object: () => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns' }, spec: { containers: containers() } }) },
  Deployment: { resource: 'deployments', object: () => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'ns' }, spec: { template: { spec: { containers: containers() } } } }) },
  ReplicaSet: { resource: 'replicasets', object: () => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'r', namespace: 'ns' }, spec: { template: { spec: { containers: containers() } } } }) },
  DaemonSet: { resource: 'daemonsets', object: () => ({ apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'ds', namespace: 'ns' }, spec: { template: { spec: { containers: containers() } } } }) },
  Service: { resource: 'services', object: () => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's', namespace: 'ns' }, spec: { ports: [{ port: 80 }] } }) },
  StatefulSet: { resource: 'statefulsets', object: () => ({ apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'ss', namespace: 'ns' }, spec: { template: { spec: { containers: containers() } } } }) },
  PersistentVolumeClaim: { resource: 'persistentvolumeclaims', object: () => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'c', namespace: 'ns' }, spec: {} }) },
  PersistentVolume: { resource: 'persistentvolumes', object: () => ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv' }, spec: {} }) },
  StorageClass: { resource: 'storageclasses', object: () => ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'sc' }, provisioner: 'example.com/p' }) },
  RoleBinding: { resource: 'rolebindings', object: () => ({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'rb', namespace: 'ns' }, roleRef: { kind: 'Role', name: 'r' } }) },
  ClusterRoleBinding: { resource: 'clusterrolebindings', object: () => ({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'crb' }, roleRef: { kind: 'ClusterRole', name: 'r' } }) },
  Namespace: { resource: 'namespaces', object: () => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } }) },
  Job: { resource: 'jobs', object: () => ({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j', namespace: 'ns' }, spec: { template: { spec: { containers: containers(), restartPolicy: 'Never' } } } }) },
  CronJob: { resource: 'cronjobs', object: () => ({ apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'cj', namespace: 'ns' }, spec: { schedule: '* * * * *', jobTemplate: { spec: { template: { spec: { containers: containers(), restartPolicy: 'Never' } } } } } }) },
  Secret: { resource: 'secrets', object: () => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'ns' } }) },
  ClusterRole: { resource: 'clusterroles', object: () => ({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'cr' }, rules: [{ verbs: ['get'], resources: ['pods'] }] }) },
};

const pathOf = (p: string): (string | number)[] => [...p.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]));

function set(obj: any, change: string): void {
  const m = /^([^=\s]+)\s*=\s*(.*)$/.exec(change);
  if (!m) throw new Error(`not a change: ${change}`);
  const keys = pathOf(m[1]);
  let at = obj;
  for (const k of keys.slice(0, -1)) at = at[k] ?? (at[k] = {});
  at[keys[keys.length - 1]] = JSON.parse(m[2]);
}

function read(obj: any, path: string): string {
  let at = obj;
  for (const k of pathOf(path)) at = at === undefined || at === null ? undefined : at[k];
  return at === undefined ? '<unset>' : JSON.stringify(at);
}

Then("each {word} is defaulted as upstream's defaults tests say:", function (kind: string, table: DataTable) {
  expect(Object.keys(MINIMAL)).toContain(kind);
  const rows = table.hashes();
  const got = rows.map((row) => {
    const obj = MINIMAL[kind].object();
    for (const c of row.change.split(' ; ').map((s) => s.trim()).filter(Boolean)) set(obj, c);
    applyDefaults(MINIMAL[kind].resource, obj);
    return { ...row, value: read(obj, row.field) };
  });
  expect(got).toEqual(rows);
});
