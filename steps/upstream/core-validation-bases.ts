/**
 * The valid objects upstream's validation tests start from (podtest.MakePod, validDeployment,
 * validStatefulSet, getValidJobSpec, makeValidService in kubernetes v1.32), already defaulted as
 * the API server would have them: each table row of features/upstream-core-validation.feature
 * changes one of these.
 */
import type { KObject } from '../../model/api/meta';

/** A valid object per kind, as upstream's tests build them (podtest.MakePod, validDeployment, …), already defaulted. */
const container = () => ({ name: 'ctr', image: 'image', imagePullPolicy: 'IfNotPresent', terminationMessagePolicy: 'File' });
const podSpec = () => ({ containers: [container()], restartPolicy: 'Always', dnsPolicy: 'ClusterFirst' });
const template = () => ({ metadata: { labels: { a: 'b' } }, spec: podSpec() });
export const BASES: Record<string, { resource: string; object: () => KObject }> = {
  Pod: { resource: 'pods', object: () => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'abc', namespace: 'ns' }, spec: podSpec() }) as any },
  Deployment: {
    resource: 'deployments',
    object: () =>
      ({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'abc', namespace: 'ns' },
        spec: {
          replicas: 1,
          selector: { matchLabels: { a: 'b' } },
          template: template(),
          strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 1 } },
          revisionHistoryLimit: 10,
          progressDeadlineSeconds: 600,
        },
      }) as any,
  },
  ReplicaSet: {
    resource: 'replicasets',
    object: () => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'abc', namespace: 'ns' }, spec: { replicas: 1, selector: { matchLabels: { a: 'b' } }, template: template() } }) as any,
  },
  DaemonSet: {
    resource: 'daemonsets',
    object: () =>
      ({
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        metadata: { name: 'abc', namespace: 'ns' },
        spec: { selector: { matchLabels: { a: 'b' } }, template: template(), updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } } },
      }) as any,
  },
  StatefulSet: {
    resource: 'statefulsets',
    object: () =>
      ({
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: { name: 'abc', namespace: 'ns' },
        spec: { replicas: 1, selector: { matchLabels: { a: 'b' } }, template: template(), podManagementPolicy: 'OrderedReady', updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } } },
      }) as any,
  },
  Job: {
    resource: 'jobs',
    object: () =>
      ({
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: { name: 'myjob', namespace: 'ns', uid: '1a2b3c' },
        spec: {
          selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': '1a2b3c' } },
          template: {
            metadata: { labels: { 'batch.kubernetes.io/controller-uid': '1a2b3c', 'controller-uid': '1a2b3c', 'batch.kubernetes.io/job-name': 'myjob', 'job-name': 'myjob' } },
            spec: { ...podSpec(), restartPolicy: 'OnFailure' },
          },
          completions: 1,
          parallelism: 1,
          backoffLimit: 6,
          completionMode: 'NonIndexed',
        },
      }) as any,
  },
  CronJob: {
    resource: 'cronjobs',
    object: () =>
      ({
        apiVersion: 'batch/v1',
        kind: 'CronJob',
        metadata: { name: 'mycronjob', namespace: 'ns', uid: '1a2b3c' },
        spec: { schedule: '* * * * ?', concurrencyPolicy: 'Allow', jobTemplate: { spec: { template: { spec: { ...podSpec(), restartPolicy: 'OnFailure' } } } } },
      }) as any,
  },
  PersistentVolume: {
    resource: 'persistentvolumes',
    object: () => ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'foo' }, spec: { capacity: { storage: '10G' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/foo', type: '' }, persistentVolumeReclaimPolicy: 'Retain' } }) as any,
  },
  StorageClass: {
    resource: 'storageclasses',
    object: () => ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'foo' }, provisioner: 'kubernetes.io/foo-provisioner', reclaimPolicy: 'Delete', volumeBindingMode: 'Immediate' }) as any,
  },
  Namespace: { resource: 'namespaces', object: () => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'abc' }, spec: { finalizers: ['kubernetes'] } }) as any },
  Secret: { resource: 'secrets', object: () => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'abc', namespace: 'ns' }, type: 'Opaque', data: { key: 'dmFsdWU=' } }) as any },
  ConfigMap: { resource: 'configmaps', object: () => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'abc', namespace: 'ns' }, data: { key: 'value' } }) as any },
  PodDisruptionBudget: {
    resource: 'poddisruptionbudgets',
    object: () => ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'abc', namespace: 'ns' }, spec: { minAvailable: 1, selector: { matchLabels: { a: 'b' } } } }) as any,
  },
  PersistentVolumeClaim: {
    resource: 'persistentvolumeclaims',
    object: () =>
      ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'abc', namespace: 'ns' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10G' } }, volumeMode: 'Filesystem' } }) as any,
  },
  Service: {
    resource: 'services',
    object: () =>
      ({
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: 'abc123', namespace: 'ns' },
        spec: { type: 'ClusterIP', selector: { key: 'val' }, ports: [{ name: 'p', port: 8675, targetPort: 8675, protocol: 'TCP' }], sessionAffinity: 'None', internalTrafficPolicy: 'Cluster' },
      }) as any,
  },
};

