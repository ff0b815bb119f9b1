/**
 * Flannel as its kube-flannel.yml (v0.26) installs it, applied after `kubeadm init`: the
 * `kube-flannel` namespace, the `flannel` ServiceAccount, the `kube-flannel-cfg` ConfigMap
 * (CNI config and net-conf.json: the Pod network, VXLAN backend) and the `kube-flannel-ds`
 * DaemonSet: one host-network Pod per Linux node (a required node affinity, not a node
 * selector), whose init containers copy the CNI plugin and config onto the node before
 * flanneld starts.
 */
import type { KObject } from '../api/meta';

export const FLANNEL_IMAGE = 'docker.io/flannel/flannel:v0.26.1';
export const FLANNEL_CNI_PLUGIN_IMAGE = 'docker.io/flannel/flannel-cni-plugin:v1.6.0-flannel1';

const CNI_CONF = `{
  "name": "cbr0",
  "cniVersion": "0.3.1",
  "plugins": [
    {
      "type": "flannel",
      "delegate": {
        "hairpinMode": true,
        "isDefaultGateway": true
      }
    },
    {
      "type": "portmap",
      "capabilities": {
        "portMappings": true
      }
    }
  ]
}
`;

export function flannelObjects(opts: { podCIDR: string }): KObject[] {
  const netConf = `{\n  "Network": "${opts.podCIDR}",\n  "EnableNFTables": false,\n  "Backend": {\n    "Type": "vxlan"\n  }\n}\n`;
  const labels = { app: 'flannel', 'k8s-app': 'flannel', tier: 'node' };
  return [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kube-flannel', labels: { 'k8s-app': 'flannel', 'pod-security.kubernetes.io/enforce': 'privileged' } } },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'flannel', namespace: 'kube-flannel', labels: { 'k8s-app': 'flannel' } } },
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'kube-flannel-cfg', namespace: 'kube-flannel', labels },
      data: { 'cni-conf.json': CNI_CONF, 'net-conf.json': netConf },
    },
    {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'kube-flannel-ds', namespace: 'kube-flannel', labels },
      spec: {
        selector: { matchLabels: { app: 'flannel', 'k8s-app': 'flannel' } },
        template: {
          metadata: { labels },
          spec: {
            affinity: {
              nodeAffinity: {
                requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/os', operator: 'In', values: ['linux'] }] }] },
              },
            },
            hostNetwork: true,
            priorityClassName: 'system-node-critical',
            tolerations: [{ operator: 'Exists', effect: 'NoSchedule' }],
            serviceAccountName: 'flannel',
            initContainers: [
              {
                name: 'install-cni-plugin',
                image: FLANNEL_CNI_PLUGIN_IMAGE,
                command: ['cp'],
                args: ['-f', '/flannel', '/opt/cni/bin/flannel'],
                volumeMounts: [{ name: 'cni-plugin', mountPath: '/opt/cni/bin' }],
              },
              {
                name: 'install-cni',
                image: FLANNEL_IMAGE,
                command: ['cp'],
                args: ['-f', '/etc/kube-flannel/cni-conf.json', '/etc/cni/net.d/10-flannel.conflist'],
                volumeMounts: [
                  { name: 'cni', mountPath: '/etc/cni/net.d' },
                  { name: 'flannel-cfg', mountPath: '/etc/kube-flannel/' },
                ],
              },
            ],
            containers: [
              {
                name: 'kube-flannel',
                image: FLANNEL_IMAGE,
                command: ['/opt/bin/flanneld'],
                args: ['--ip-masq', '--kube-subnet-mgr'],
                resources: { requests: { cpu: '100m', memory: '50Mi' } },
                securityContext: { privileged: false, capabilities: { add: ['NET_ADMIN', 'NET_RAW'] } },
                env: [
                  { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
                  { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
                  { name: 'EVENT_QUEUE_DEPTH', value: '5000' },
                ],
                volumeMounts: [
                  { name: 'run', mountPath: '/run/flannel' },
                  { name: 'flannel-cfg', mountPath: '/etc/kube-flannel/' },
                  { name: 'xtables-lock', mountPath: '/run/xtables.lock' },
                ],
              },
            ],
            volumes: [
              { name: 'run', hostPath: { path: '/run/flannel' } },
              { name: 'cni-plugin', hostPath: { path: '/opt/cni/bin' } },
              { name: 'cni', hostPath: { path: '/etc/cni/net.d' } },
              { name: 'flannel-cfg', configMap: { name: 'kube-flannel-cfg' } },
              { name: 'xtables-lock', hostPath: { path: '/run/xtables.lock', type: 'FileOrCreate' } },
            ],
          },
        },
      },
    },
  ];
}
