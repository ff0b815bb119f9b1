import { ApiServer } from './apiserver/server';
import { registerKubeconfigCertificate } from './kubectl/auth/credentials';
import type { Identity } from './apiserver/request';
import { ApiClient } from './client/client';
import { defaultConfig, type ClusterConfig } from './cluster-config';
import { makeContext } from './component';
import { startControllerManager } from './controllers/manager';
import { EtcdStore } from './etcd/store';
import { CONTAINERD, createContainerd } from './node/cri/containerd';
import { CRIO, createCrio } from './node/cri/crio';
import type { ContainerRuntime } from './node/cri/api';
import { NodeHost } from './node/host';
import { Systemd } from './node/systemd';
import { containerdUnit, crioUnit, kubeletUnit } from './node/units';
import { ImageRegistry } from './node/images';
import { Workloads } from './node/cri/workloads';
import { startKubelet } from './node/kubelet';
import { componentWorkload, registerControlPlaneWorkloads, writeKubeadmFiles } from './node/kubeadm/control-plane';
import { startScheduler } from './scheduler/scheduler';
import { installDataPlane } from './node/dataplane';
import type { ClusterNetwork } from './node/network/fabric';
import { ensureKubernetesService, loopbackClient } from './apiserver/bootstrap';
import { addonsSettled, installAddons } from './addons';
import { installLocalPathStorage } from './addons/local-path-storage';
import { Simulation } from './sim/simulation';
import { ensureBootstrapPolicy } from './apiserver/authorization/bootstrap-policy';
import { ensureKubeadmPolicy } from './node/kubeadm/rbac';
import { ensureAddonPolicy } from './addons/rbac';
import { kubeletMaySetLabel } from './apiserver/admission/node-restriction';

export interface ClusterOptions {
  seed?: number;
  /** When virtual time begins (ms since 1970); a fixed instant unless given. */
  epochMs?: number;
  config?: ClusterConfig;
}

/**
 * kubectl's identity in a kind cluster: admin.conf's client certificate as kubeadm 1.29+ writes
 * it (CN=kubernetes-admin, O=kubeadm:cluster-admins, a group bound to cluster-admin).
 */
export const ADMIN: Identity = { user: 'kubernetes-admin', groups: ['kubeadm:cluster-admins', 'system:authenticated'] };
export const ADMIN_TOKEN = 'kubernetes-admin-token';
/** The bearer token a node's kubelet authenticates with (system:node:<name> in system:nodes). */
export const kubeletToken = (node: string) => `kubelet-${node}-token`;
export const KUBECTL_USER_AGENT = 'kubectl/v1.32.2 (linux/amd64) kubernetes/67a30c0';

/**
 * A kind-like cluster assembled from its parts: etcd and kube-apiserver, kube-controller-manager
 * and kube-scheduler on the control-plane node, and on every node containerd and a kubelet.
 * The one object steps and the play CLI talk to.
 */
export class Cluster {
  readonly sim: Simulation;
  readonly config: ClusterConfig;
  readonly etcd: EtcdStore;
  readonly apiserver: ApiServer;
  readonly nodes = new Map<string, NodeHost>();
  readonly runtimes = new Map<string, ContainerRuntime>();
  readonly images = new ImageRegistry();
  /** What component-images run in this cluster's containers (kube-proxy, flannel, control-plane images). */
  readonly workloads = new Workloads();
  /** kubectl's client (the admin identity). */
  readonly admin: ApiClient;
  /** The nodes' network: links, routes, netfilter tables, Pod namespaces (kube-proxy, flannel, curl). */
  readonly network: ClusterNetwork;

  constructor(opts: ClusterOptions = {}) {
    this.sim = new Simulation(opts.seed ?? 1, { epochMs: opts.epochMs });
    this.config = opts.config ?? defaultConfig();
    for (const n of this.config.nodes) this.nodes.set(n.name, new NodeHost(this.sim, n));
    const master = this.controlPlane;
    this.etcd = new EtcdStore(this.sim.trace);
    this.apiserver = new ApiServer(this.sim, this.etcd, { endpoint: `127.0.0.1:6443`, advertisedAddress: `${master.config.address}:6443`, serviceClusterIPRange: this.config.serviceSubnet });
    this.apiserver.issueToken(ADMIN_TOKEN, ADMIN);
    // The admin's token stands for admin.conf's client certificate, which kubectl sends even with --token.
    registerKubeconfigCertificate(ADMIN_TOKEN, { commonName: ADMIN.user, organizations: ['kubeadm:cluster-admins'] });
    this.admin = new ApiClient(this.apiserver, ADMIN_TOKEN, KUBECTL_USER_AGENT);
    this.network = installDataPlane(this);

    // The control plane runs as static Pods (kubeadm): the control-plane node's kubelet starts
    // them from /etc/kubernetes/manifests, with no API server yet; these are what their images run.
    this.apiserver.serving = false;
    this.etcd.running = false;
    this.apiserver.issueToken('kcm-token', { user: 'system:kube-controller-manager', groups: ['system:authenticated'] });
    this.apiserver.issueToken('scheduler-token', { user: 'system:kube-scheduler', groups: ['system:authenticated'] });
    registerControlPlaneWorkloads(this.sim, this.etcd, this.apiserver, this.workloads, () => this.bootstrapNamespaces());
    this.workloads.register(
      'kube-controller-manager',
      componentWorkload(this.sim, this.apiserver, 'kcm-token', (ctx, rc) => startControllerManager(ctx, { clusterCIDR: this.config.podSubnet, nodeCIDRMaskSize: 24, rootCA: master.files.read('/etc/kubernetes/pki/ca.crt')?.content, exit: (code) => rc.exit(code) })),
    );
    this.workloads.register('kube-scheduler', componentWorkload(this.sim, this.apiserver, 'scheduler-token', (ctx) => startScheduler(ctx)));
    const c = this.config;
    for (const host of this.nodes.values())
      writeKubeadmFiles(host, host === master ? { nodeName: host.name, address: host.config.address, podSubnet: c.podSubnet, serviceSubnet: c.serviceSubnet, kubernetesVersion: c.kubernetesVersion } : undefined);

    // kubeadm init: the control-plane node's kubelet first; it runs etcd and kube-apiserver and registers.
    this.startNodeAgents(master);
    for (let waited = 0; waited < 120_000 && !this.admin.server.serving; waited += 100) this.sim.advance(100);
    for (let waited = 0; waited < 60_000 && !this.etcd.get('/registry/minions/' + master.name); waited += 100) this.sim.advance(100);
    this.markNode(master);
    installAddons(this.apiserver, { podSubnet: this.config.podSubnet, serviceSubnet: this.config.serviceSubnet, controlPlaneEndpoint: `${master.config.address}:6443` });
    installLocalPathStorage(this.sim, this.apiserver, master.name, (n) => this.nodes.get(n)?.files);
    for (let waited = 0; waited < 60_000 && !addonsSettled(this.apiserver); waited += 100) this.sim.advance(100);
    // kubeadm join: the other nodes a moment apart, so they register (and get Pod CIDRs) in config order.
    [...this.nodes.values()].filter((h) => h !== master).forEach((host, i) => this.sim.schedule(i * 400, `boot ${host.name}`, () => this.startNodeAgents(host)));
    for (const host of this.nodes.values()) if (host !== master) this.markNode(host);

    // Let the cluster come up: nodes register and turn Ready, controllers sync.
    this.sim.runUntilQuiet(1000, 60_000);
    this.sim.advance(30_000);
  }

  get controlPlane(): NodeHost {
    for (const n of this.nodes.values()) if (n.config.role === 'control-plane') return n;
    throw new Error('cluster has no control-plane node');
  }

  node(name: string): NodeHost | undefined {
    return this.nodes.get(name);
  }

  /** kube-apiserver's bootstrap controller, each time it starts: the system namespaces. */
  private bootstrapNamespaces(): void {
    // The rbac/bootstrap-roles post-start hook, then what kubeadm init and the addons' manifests add.
    ensureBootstrapPolicy(this.etcd, this.sim);
    ensureKubeadmPolicy(this.etcd, this.sim);
    ensureAddonPolicy(this.etcd, this.sim);
    // The system namespaces controller writes through kube-apiserver's loopback client.
    const loopback = loopbackClient(this.apiserver);
    for (const name of ['default', 'kube-system', 'kube-public', 'kube-node-lease'])
      if (!loopback.tryGet('namespaces', undefined, name)) loopback.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
    // On a restart the Service is there already (creating it again would fail on its taken IP).
    if (!this.admin.tryGet('services', 'default', 'kubernetes')) ensureKubernetesService(this.apiserver, { advertiseAddress: this.controlPlane.config.address, securePort: 6443, serviceClusterIPRange: this.config.serviceSubnet });
  }

  /**
   * kubeadm's mark-control-plane phase (and kind's node labels): the labels NodeRestriction keeps
   * a kubelet from registering with (node-role.kubernetes.io/…) are added by the admin once the
   * Node is there.
   */
  private markNode(host: NodeHost): void {
    const labels = Object.fromEntries(Object.entries(host.config.labels).filter(([k]) => !kubeletMaySetLabel(k)));
    if (Object.keys(labels).length === 0) return;
    const mark = () => {
      if (!this.admin.server.serving || !this.etcd.get('/registry/minions/' + host.name)) return this.sim.schedule(100, `kubeadm mark ${host.name}`, mark);
      this.admin.patch('nodes', undefined, host.name, 'strategic', { metadata: { labels } });
    };
    mark();
  }

  /** The node's systemd units: its CRI runtime (containerd or cri-o), then the kubelet (systemctl can stop and start both). */
  private startNodeAgents(host: NodeHost): void {
    const systemd = new Systemd(host);
    host.services.systemd = systemd;
    let runtime: ContainerRuntime | undefined;
    const crio = host.config.runtime === 'cri-o';
    const flavor = crio ? CRIO : CONTAINERD;
    const unit = crio ? crioUnit : containerdUnit;
    const runtimeUnit = unit(() => {
      const p = host.spawn(flavor.daemon.actor, flavor.daemon.command);
      runtime?.daemonRestarted?.(p);
      return p;
    });
    systemd.register(runtimeUnit);
    systemd.start(runtimeUnit.name);
    const rt = crio ? createCrio(host, this.images, this.workloads) : createContainerd(host, this.images, this.workloads);
    runtime = rt;
    this.runtimes.set(host.name, rt);
    const token = kubeletToken(host.name);
    this.apiserver.issueToken(token, { user: `system:node:${host.name}`, groups: ['system:nodes', 'system:authenticated'] });
    systemd.register(
      kubeletUnit(() => {
        const kubelet = host.spawn(
          `kubelet/${host.name}`,
          '/usr/bin/kubelet --bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf --kubeconfig=/etc/kubernetes/kubelet.conf --config=/var/lib/kubelet/config.yaml --container-runtime-endpoint=' +
            rt.endpoint +
            ' --node-ip=' +
            host.config.address +
            ' --node-labels= --pod-infra-container-image=registry.k8s.io/pause:3.10 --provider-id=kind://docker/kind/' +
            host.name,
        );
        startKubelet(makeContext(this.sim, kubelet, this.apiserver, token, host.logOf(kubelet)), host, rt);
        return kubelet;
      }),
    );
    systemd.start('kubelet');
  }

  /** Lets virtual time pass while every component keeps working. */
  advance(ms: number): void {
    this.sim.advance(ms);
  }
}
