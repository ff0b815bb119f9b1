/**
 * The kube-proxy add-on as kubeadm v1.32 installs it (cmd/kubeadm/app/phases/addons/proxy):
 * a ServiceAccount, the `kube-proxy` ConfigMap holding its KubeProxyConfiguration, and the
 * `kube-proxy` DaemonSet in kube-system: one host-network Pod per Linux node, tolerating every
 * taint, running `/usr/local/bin/kube-proxy --config=... --hostname-override=$(NODE_NAME)`.
 */
import type { KObject } from '../api/meta';

export const KUBE_PROXY_IMAGE = 'registry.k8s.io/kube-proxy:v1.32.2';

export function kubeProxyObjects(opts: { clusterCIDR: string; controlPlaneEndpoint: string }): KObject[] {
  const config = [
    'apiVersion: kubeproxy.config.k8s.io/v1alpha1',
    'bindAddress: 0.0.0.0',
    'clientConnection:',
    '  kubeconfig: /var/lib/kube-proxy/kubeconfig.conf',
    `clusterCIDR: ${opts.clusterCIDR}`,
    'iptables:',
    '  masqueradeAll: false',
    '  masqueradeBit: null',
    '  minSyncPeriod: 1s',
    '  syncPeriod: 0s',
    'kind: KubeProxyConfiguration',
    'mode: iptables',
    '',
  ].join('\n');
  const kubeconfig = [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- cluster:',
    '    certificate-authority: /var/run/secrets/kubernetes.io/serviceaccount/ca.crt',
    `    server: https://${opts.controlPlaneEndpoint}`,
    '  name: default',
    'contexts:',
    '- context:',
    '    cluster: default',
    '    namespace: default',
    '    user: default',
    '  name: default',
    'current-context: default',
    'users:',
    '- name: default',
    '  user:',
    '    tokenFile: /var/run/secrets/kubernetes.io/serviceaccount/token',
    '',
  ].join('\n');
  const labels = { 'k8s-app': 'kube-proxy' };
  return [
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'kube-proxy', namespace: 'kube-system' } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kube-proxy', namespace: 'kube-system', labels: { app: 'kube-proxy' } }, data: { 'config.conf': config, 'kubeconfig.conf': kubeconfig } },
    {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'kube-proxy', namespace: 'kube-system', labels },
      spec: {
        selector: { matchLabels: labels },
        updateStrategy: { type: 'RollingUpdate' },
        template: {
          metadata: { labels },
          spec: {
            priorityClassName: 'system-node-critical',
            containers: [
              {
                name: 'kube-proxy',
                image: KUBE_PROXY_IMAGE,
                imagePullPolicy: 'IfNotPresent',
                command: ['/usr/local/bin/kube-proxy', '--config=/var/lib/kube-proxy/config.conf', '--hostname-override=$(NODE_NAME)'],
                env: [{ name: 'NODE_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } } }],
                securityContext: { privileged: true },
                volumeMounts: [
                  { mountPath: '/var/lib/kube-proxy', name: 'kube-proxy' },
                  { mountPath: '/run/xtables.lock', name: 'xtables-lock' },
                  { mountPath: '/lib/modules', name: 'lib-modules', readOnly: true },
                ],
              },
            ],
            hostNetwork: true,
            serviceAccountName: 'kube-proxy',
            nodeSelector: { 'kubernetes.io/os': 'linux' },
            tolerations: [{ operator: 'Exists' }],
            volumes: [
              { name: 'kube-proxy', configMap: { name: 'kube-proxy', defaultMode: 420 } },
              { name: 'xtables-lock', hostPath: { path: '/run/xtables.lock', type: 'FileOrCreate' } },
              { name: 'lib-modules', hostPath: { path: '/lib/modules', type: '' } },
            ],
          },
        },
      },
    },
  ];
}
