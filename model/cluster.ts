import { ApiServer } from './apiserver/server';
import type { Identity } from './apiserver/request';
import { ApiClient } from './client/client';
import { defaultConfig, type ClusterConfig } from './cluster-config';
import { makeContext } from './component';
import { startControllerManager } from './controllers/manager';
import { EtcdStore } from './etcd/store';
import { createContainerd } from './node/cri/containerd';
import type { ContainerRuntime } from './node/cri/api';
import { NodeHost } from './node/host';
import { ImageRegistry } from './node/images';
import { Workloads } from './node/cri/workloads';
import { startKubelet } from './node/kubelet';
import { startScheduler } from './scheduler/scheduler';
import { Simulation } from './sim/simulation';

export interface ClusterOptions {
  seed?: number;
  config?: ClusterConfig;
}

/** kubectl's identity in a kind cluster: the admin client certificate (system:masters). */
export const ADMIN: Identity = { user: 'kubernetes-admin', groups: ['system:masters', 'system:authenticated'] };
export const ADMIN_TOKEN = 'kubernetes-admin-token';
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

  constructor(opts: ClusterOptions = {}) {
    this.sim = new Simulation(opts.seed ?? 1);
    this.config = opts.config ?? defaultConfig();
    for (const n of this.config.nodes) this.nodes.set(n.name, new NodeHost(this.sim, n));
    const master = this.controlPlane;
    this.etcd = new EtcdStore(this.sim.trace);
    this.apiserver = new ApiServer(this.sim, this.etcd, { endpoint: `127.0.0.1:6443` });
    this.apiserver.issueToken(ADMIN_TOKEN, ADMIN);
    this.admin = new ApiClient(this.apiserver, ADMIN_TOKEN, KUBECTL_USER_AGENT);

    // The control plane, on the control-plane node (static Pods in a later issue).
    master.spawn('etcd', `etcd --advertise-client-urls=https://${master.config.address}:2379 --data-dir=/var/lib/etcd --listen-client-urls=https://127.0.0.1:2379,https://${master.config.address}:2379`);
    master.spawn('kube-apiserver', `kube-apiserver --advertise-address=${master.config.address} --authorization-mode=Node,RBAC --etcd-servers=https://127.0.0.1:2379 --secure-port=6443 --service-cluster-ip-range=${this.config.serviceSubnet}`);
    this.bootstrapNamespaces();

    // Nodes boot a moment apart, so they register (and get their Pod CIDRs) in config order.
    [...this.nodes.values()].forEach((host, i) => this.sim.schedule(i * 400, `boot ${host.name}`, () => this.startNodeAgents(host)));

    const kcm = master.spawn('kube-controller-manager', `kube-controller-manager --allocate-node-cidrs=true --cluster-cidr=${this.config.podSubnet} --controllers=*,bootstrapsigner,tokencleaner --leader-elect=true`);
    this.apiserver.issueToken('kcm-token', { user: 'system:kube-controller-manager', groups: ['system:authenticated'] });
    startControllerManager(makeContext(this.sim, kcm, this.apiserver, 'kcm-token', master.logOf(kcm)), { clusterCIDR: this.config.podSubnet, nodeCIDRMaskSize: 24 });

    const sched = master.spawn('kube-scheduler', 'kube-scheduler --authentication-kubeconfig=/etc/kubernetes/scheduler.conf --authorization-kubeconfig=/etc/kubernetes/scheduler.conf --bind-address=127.0.0.1 --kubeconfig=/etc/kubernetes/scheduler.conf --leader-elect=true');
    this.apiserver.issueToken('scheduler-token', { user: 'system:kube-scheduler', groups: ['system:authenticated'] });
    startScheduler(makeContext(this.sim, sched, this.apiserver, 'scheduler-token', master.logOf(sched)));

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

  private bootstrapNamespaces(): void {
    for (const name of ['default', 'kube-system', 'kube-public', 'kube-node-lease'])
      this.admin.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  }

  private startNodeAgents(host: NodeHost): void {
    host.spawn('containerd', '/usr/local/bin/containerd');
    const runtime = createContainerd(host, this.images, this.workloads);
    this.runtimes.set(host.name, runtime);
    const token = `kubelet-${host.name}-token`;
    this.apiserver.issueToken(token, { user: `system:node:${host.name}`, groups: ['system:nodes', 'system:authenticated'] });
    const kubelet = host.spawn(
      `kubelet/${host.name}`,
      '/usr/bin/kubelet --bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf --kubeconfig=/etc/kubernetes/kubelet.conf --config=/var/lib/kubelet/config.yaml --container-runtime-endpoint=unix:///run/containerd/containerd.sock --node-ip=' +
        host.config.address +
        ' --node-labels= --pod-infra-container-image=registry.k8s.io/pause:3.10 --provider-id=kind://docker/kind/' +
        host.name,
    );
    startKubelet(makeContext(this.sim, kubelet, this.apiserver, token, host.logOf(kubelet)), host, runtime);
  }

  /** Lets virtual time pass while every component keeps working. */
  advance(ms: number): void {
    this.sim.advance(ms);
  }
}
