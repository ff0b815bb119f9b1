import yaml from 'js-yaml';

/** What kubeadm needs to know to write a control-plane node's files. */
export interface ControlPlaneParams {
  nodeName: string;
  /** The node's InternalIP: the API server's advertise address and etcd's client/peer URL host. */
  address: string;
  podSubnet: string;
  serviceSubnet: string;
  kubernetesVersion: string;
}

export const STATIC_POD_PATH = '/etc/kubernetes/manifests';
export const KUBELET_CONFIG_PATH = '/var/lib/kubelet/config.yaml';
export const ETCD_IMAGE = 'registry.k8s.io/etcd:3.5.16-0';

/** sigs.k8s.io/yaml's output: keys sorted, lists not indented under their key. */
export function kubeadmYaml(obj: unknown): string {
  // go-yaml writes flags ("--x=y") plain; js-yaml would quote a scalar starting with "-".
  return yaml.dump(obj, { sortKeys: true, noArrayIndent: true, lineWidth: -1, quotingType: '"' }).replace(/^(\s*- )"(--[^"\\]*)"$/gm, '$1$2');
}

type Vol = { name: string; path: string; type: 'DirectoryOrCreate' | 'FileOrCreate'; mountPath?: string; readOnly?: boolean };

const CA_VOLUMES: Vol[] = [
  { name: 'ca-certs', path: '/etc/ssl/certs', type: 'DirectoryOrCreate', readOnly: true },
  { name: 'etc-ca-certificates', path: '/etc/ca-certificates', type: 'DirectoryOrCreate', readOnly: true },
  { name: 'k8s-certs', path: '/etc/kubernetes/pki', type: 'DirectoryOrCreate', readOnly: true },
  { name: 'usr-local-share-ca-certificates', path: '/usr/local/share/ca-certificates', type: 'DirectoryOrCreate', readOnly: true },
  { name: 'usr-share-ca-certificates', path: '/usr/share/ca-certificates', type: 'DirectoryOrCreate', readOnly: true },
];

function probe(host: string, path: string, port: number, scheme: 'HTTP' | 'HTTPS', failureThreshold: number, extra: Record<string, number> = { initialDelaySeconds: 10, periodSeconds: 10 }) {
  return { failureThreshold, httpGet: { host, path, port, scheme }, ...extra, timeoutSeconds: 15 };
}

/** kubeadm's componentPod: one hostNetwork container, system-node-critical, RuntimeDefault seccomp. */
function staticPod(name: string, image: string, command: string[], probes: Record<string, unknown>, requests: Record<string, string>, vols: Vol[], annotations?: Record<string, string>): unknown {
  const sorted = [...vols].sort((a, b) => (a.name < b.name ? -1 : 1));
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { ...(annotations ? { annotations } : {}), creationTimestamp: null, labels: { component: name, tier: 'control-plane' }, name, namespace: 'kube-system' },
    spec: {
      containers: [
        {
          command,
          image,
          imagePullPolicy: 'IfNotPresent',
          ...probes,
          name,
          resources: { requests },
          volumeMounts: sorted.map((v) => ({ mountPath: v.mountPath ?? v.path, name: v.name, ...(v.readOnly ? { readOnly: true } : {}) })),
        },
      ],
      hostNetwork: true,
      priority: 2000001000,
      priorityClassName: 'system-node-critical',
      securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
      volumes: sorted.map((v) => ({ hostPath: { path: v.path, type: v.type }, name: v.name })),
    },
    status: {},
  };
}

/** /etc/kubernetes/manifests/kube-apiserver.yaml as `kubeadm init` v1.32 writes it. */
export function kubeApiserverManifest(p: ControlPlaneParams): string {
  const command = [
    'kube-apiserver',
    `--advertise-address=${p.address}`,
    '--allow-privileged=true',
    '--authorization-mode=Node,RBAC',
    '--client-ca-file=/etc/kubernetes/pki/ca.crt',
    '--enable-admission-plugins=NodeRestriction',
    '--enable-bootstrap-token-auth=true',
    '--etcd-cafile=/etc/kubernetes/pki/etcd/ca.crt',
    '--etcd-certfile=/etc/kubernetes/pki/apiserver-etcd-client.crt',
    '--etcd-keyfile=/etc/kubernetes/pki/apiserver-etcd-client.key',
    '--etcd-servers=https://127.0.0.1:2379',
    '--kubelet-client-certificate=/etc/kubernetes/pki/apiserver-kubelet-client.crt',
    '--kubelet-client-key=/etc/kubernetes/pki/apiserver-kubelet-client.key',
    '--kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname',
    '--proxy-client-cert-file=/etc/kubernetes/pki/front-proxy-client.crt',
    '--proxy-client-key-file=/etc/kubernetes/pki/front-proxy-client.key',
    '--requestheader-allowed-names=front-proxy-client',
    '--requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt',
    '--requestheader-extra-headers-prefix=X-Remote-Extra-',
    '--requestheader-group-headers=X-Remote-Group',
    '--requestheader-username-headers=X-Remote-User',
    '--secure-port=6443',
    '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
    '--service-account-key-file=/etc/kubernetes/pki/sa.pub',
    '--service-account-signing-key-file=/etc/kubernetes/pki/sa.key',
    `--service-cluster-ip-range=${p.serviceSubnet}`,
    '--tls-cert-file=/etc/kubernetes/pki/apiserver.crt',
    '--tls-private-key-file=/etc/kubernetes/pki/apiserver.key',
  ];
  const probes = {
    livenessProbe: probe(p.address, '/livez', 6443, 'HTTPS', 8),
    readinessProbe: probe(p.address, '/readyz', 6443, 'HTTPS', 3, { periodSeconds: 1 }),
    startupProbe: probe(p.address, '/livez', 6443, 'HTTPS', 24),
  };
  const pod = staticPod('kube-apiserver', `registry.k8s.io/kube-apiserver:${p.kubernetesVersion}`, command, probes, { cpu: '250m' }, CA_VOLUMES, {
    'kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint': `${p.address}:6443`,
  });
  return kubeadmYaml(pod);
}

/** /etc/kubernetes/manifests/kube-controller-manager.yaml. */
export function kubeControllerManagerManifest(p: ControlPlaneParams): string {
  const conf = '/etc/kubernetes/controller-manager.conf';
  const command = [
    'kube-controller-manager',
    '--allocate-node-cidrs=true',
    `--authentication-kubeconfig=${conf}`,
    `--authorization-kubeconfig=${conf}`,
    '--bind-address=127.0.0.1',
    '--client-ca-file=/etc/kubernetes/pki/ca.crt',
    `--cluster-cidr=${p.podSubnet}`,
    '--cluster-name=kubernetes',
    '--cluster-signing-cert-file=/etc/kubernetes/pki/ca.crt',
    '--cluster-signing-key-file=/etc/kubernetes/pki/ca.key',
    '--controllers=*,bootstrapsigner,tokencleaner',
    `--kubeconfig=${conf}`,
    '--leader-elect=true',
    '--requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt',
    '--root-ca-file=/etc/kubernetes/pki/ca.crt',
    '--service-account-private-key-file=/etc/kubernetes/pki/sa.key',
    `--service-cluster-ip-range=${p.serviceSubnet}`,
    '--use-service-account-credentials=true',
  ];
  const probes = { livenessProbe: probe('127.0.0.1', '/healthz', 10257, 'HTTPS', 8), startupProbe: probe('127.0.0.1', '/healthz', 10257, 'HTTPS', 24) };
  const vols: Vol[] = [
    ...CA_VOLUMES,
    { name: 'flexvolume-dir', path: '/usr/libexec/kubernetes/kubelet-plugins/volume/exec', type: 'DirectoryOrCreate' },
    { name: 'kubeconfig', path: conf, type: 'FileOrCreate', readOnly: true },
  ];
  return kubeadmYaml(staticPod('kube-controller-manager', `registry.k8s.io/kube-controller-manager:${p.kubernetesVersion}`, command, probes, { cpu: '200m' }, vols));
}

/** /etc/kubernetes/manifests/kube-scheduler.yaml. */
export function kubeSchedulerManifest(p: ControlPlaneParams): string {
  const conf = '/etc/kubernetes/scheduler.conf';
  const command = ['kube-scheduler', `--authentication-kubeconfig=${conf}`, `--authorization-kubeconfig=${conf}`, '--bind-address=127.0.0.1', `--kubeconfig=${conf}`, '--leader-elect=true'];
  const probes = { livenessProbe: probe('127.0.0.1', '/healthz', 10259, 'HTTPS', 8), startupProbe: probe('127.0.0.1', '/healthz', 10259, 'HTTPS', 24) };
  return kubeadmYaml(staticPod('kube-scheduler', `registry.k8s.io/kube-scheduler:${p.kubernetesVersion}`, command, probes, { cpu: '100m' }, [{ name: 'kubeconfig', path: conf, type: 'FileOrCreate', readOnly: true }]));
}

/** /etc/kubernetes/manifests/etcd.yaml (kubeadm's local etcd, one member named after the node). */
export function etcdManifest(p: ControlPlaneParams): string {
  const a = p.address;
  const command = [
    'etcd',
    `--advertise-client-urls=https://${a}:2379`,
    '--cert-file=/etc/kubernetes/pki/etcd/server.crt',
    '--client-cert-auth=true',
    '--data-dir=/var/lib/etcd',
    '--experimental-initial-corrupt-check=true',
    '--experimental-watch-progress-notify-interval=5s',
    `--initial-advertise-peer-urls=https://${a}:2380`,
    `--initial-cluster=${p.nodeName}=https://${a}:2380`,
    '--key-file=/etc/kubernetes/pki/etcd/server.key',
    `--listen-client-urls=https://127.0.0.1:2379,https://${a}:2379`,
    '--listen-metrics-urls=http://127.0.0.1:2381',
    `--listen-peer-urls=https://${a}:2380`,
    `--name=${p.nodeName}`,
    '--peer-cert-file=/etc/kubernetes/pki/etcd/peer.crt',
    '--peer-client-cert-auth=true',
    '--peer-key-file=/etc/kubernetes/pki/etcd/peer.key',
    '--peer-trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt',
    '--snapshot-count=10000',
    '--trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt',
  ];
  const probes = {
    livenessProbe: probe('127.0.0.1', '/livez', 2381, 'HTTP', 8),
    readinessProbe: probe('127.0.0.1', '/readyz', 2381, 'HTTP', 3, { periodSeconds: 1 }),
    startupProbe: probe('127.0.0.1', '/readyz', 2381, 'HTTP', 24),
  };
  const vols: Vol[] = [
    { name: 'etcd-certs', path: '/etc/kubernetes/pki/etcd', type: 'DirectoryOrCreate' },
    { name: 'etcd-data', path: '/var/lib/etcd', type: 'DirectoryOrCreate' },
  ];
  return kubeadmYaml(staticPod('etcd', ETCD_IMAGE, command, probes, { cpu: '100m', memory: '100Mi' }, vols, { 'kubeadm.kubernetes.io/etcd.advertise-client-urls': `https://${a}:2379` }));
}

/** The four manifests, by file name. */
export function controlPlaneManifests(p: ControlPlaneParams): Record<string, string> {
  return {
    'etcd.yaml': etcdManifest(p),
    'kube-apiserver.yaml': kubeApiserverManifest(p),
    'kube-controller-manager.yaml': kubeControllerManagerManifest(p),
    'kube-scheduler.yaml': kubeSchedulerManifest(p),
  };
}

/** /var/lib/kubelet/config.yaml as kubeadm v1.32 writes it on every node (zero durations mean "the default"). */
export function kubeletConfigYaml(): string {
  return `apiVersion: kubelet.config.k8s.io/v1beta1
authentication:
  anonymous:
    enabled: false
  webhook:
    cacheTTL: 0s
    enabled: true
  x509:
    clientCAFile: /etc/kubernetes/pki/ca.crt
authorization:
  mode: Webhook
  webhook:
    cacheAuthorizedTTL: 0s
    cacheUnauthorizedTTL: 0s
cgroupDriver: systemd
clusterDNS:
- 10.96.0.10
clusterDomain: cluster.local
containerRuntimeEndpoint: ""
cpuManagerReconcilePeriod: 0s
crashLoopBackOff: {}
evictionPressureTransitionPeriod: 0s
fileCheckFrequency: 0s
healthzBindAddress: 127.0.0.1
healthzPort: 10248
httpCheckFrequency: 0s
imageMaximumGCAge: 0s
imageMinimumGCAge: 0s
kind: KubeletConfiguration
logging:
  flushFrequency: 0
  options:
    json:
      infoBufferSize: "0"
    text:
      infoBufferSize: "0"
  verbosity: 0
memorySwap: {}
nodeStatusReportFrequency: 0s
nodeStatusUpdateFrequency: 0s
rotateCertificates: true
runtimeRequestTimeout: 0s
shutdownGracePeriod: 0s
shutdownGracePeriodCriticalPods: 0s
staticPodPath: ${STATIC_POD_PATH}
streamingConnectionIdleTimeout: 0s
syncFrequency: 0s
volumeStatsAggPeriod: 0s
`;
}
