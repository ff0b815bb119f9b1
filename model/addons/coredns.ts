/**
 * The CoreDNS add-on as kubeadm v1.32 installs it (cmd/kubeadm/app/phases/addons/dns): the
 * `coredns` ConfigMap (Corefile), ServiceAccount and 2-replica Deployment labelled
 * k8s-app=kube-dns (tolerating the control-plane taint), and the `kube-dns` Service at the
 * tenth address of the service range, 10.96.0.10, with ports dns 53/UDP, dns-tcp 53/TCP and
 * metrics 9153/TCP.
 */
import type { KObject } from '../api/meta';

export const COREDNS_IMAGE = 'registry.k8s.io/coredns/coredns:v1.11.3';

/** The Corefile kubeadm writes (cluster domain cluster.local). */
export const COREFILE = `.:53 {
    errors
    health {
       lameduck 5s
    }
    ready
    kubernetes cluster.local in-addr.arpa ip6.arpa {
       pods insecure
       fallthrough in-addr.arpa ip6.arpa
       ttl 30
    }
    prometheus :9153
    forward . /etc/resolv.conf {
       max_concurrent 1000
    }
    cache 30 {
       disable success cluster.local
       disable denial cluster.local
    }
    loop
    reload
    loadbalance
}
`;

export function corednsObjects(opts: { dnsServiceIP: string }): KObject[] {
  const labels = { 'k8s-app': 'kube-dns' };
  return [
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'coredns', namespace: 'kube-system' }, data: { Corefile: COREFILE } },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'coredns', namespace: 'kube-system' } },
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'coredns', namespace: 'kube-system', labels },
      spec: {
        replicas: 2,
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } },
        selector: { matchLabels: labels },
        template: {
          metadata: { labels },
          spec: {
            priorityClassName: 'system-cluster-critical',
            serviceAccountName: 'coredns',
            affinity: {
              podAntiAffinity: {
                preferredDuringSchedulingIgnoredDuringExecution: [
                  { weight: 100, podAffinityTerm: { labelSelector: { matchExpressions: [{ key: 'k8s-app', operator: 'In', values: ['kube-dns'] }] }, topologyKey: 'kubernetes.io/hostname' } },
                ],
              },
            },
            tolerations: [
              { key: 'CriticalAddonsOnly', operator: 'Exists' },
              { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' },
            ],
            nodeSelector: { 'kubernetes.io/os': 'linux' },
            containers: [
              {
                name: 'coredns',
                image: COREDNS_IMAGE,
                imagePullPolicy: 'IfNotPresent',
                resources: { limits: { memory: '170Mi' }, requests: { cpu: '100m', memory: '70Mi' } },
                args: ['-conf', '/etc/coredns/Corefile'],
                volumeMounts: [{ name: 'config-volume', mountPath: '/etc/coredns', readOnly: true }],
                ports: [
                  { containerPort: 53, name: 'dns', protocol: 'UDP' },
                  { containerPort: 53, name: 'dns-tcp', protocol: 'TCP' },
                  { containerPort: 9153, name: 'metrics', protocol: 'TCP' },
                ],
                securityContext: { allowPrivilegeEscalation: false, capabilities: { add: ['NET_BIND_SERVICE'], drop: ['ALL'] }, readOnlyRootFilesystem: true },
                livenessProbe: { httpGet: { path: '/health', port: 8080, scheme: 'HTTP' }, initialDelaySeconds: 60, timeoutSeconds: 5, successThreshold: 1, failureThreshold: 5 },
                readinessProbe: { httpGet: { path: '/ready', port: 8181, scheme: 'HTTP' } },
              },
            ],
            dnsPolicy: 'Default',
            volumes: [{ name: 'config-volume', configMap: { name: 'coredns', items: [{ key: 'Corefile', path: 'Corefile' }] } }],
          },
        },
      },
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: {
        name: 'kube-dns',
        namespace: 'kube-system',
        labels: { 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' },
        annotations: { 'prometheus.io/port': '9153', 'prometheus.io/scrape': 'true' },
      },
      spec: {
        selector: labels,
        clusterIP: opts.dnsServiceIP,
        ports: [
          { name: 'dns', port: 53, protocol: 'UDP', targetPort: 53 },
          { name: 'dns-tcp', port: 53, protocol: 'TCP', targetPort: 53 },
          { name: 'metrics', port: 9153, protocol: 'TCP', targetPort: 9153 },
        ],
      },
    },
  ];
}
