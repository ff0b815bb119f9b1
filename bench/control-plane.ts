/**
 * An API server on its own etcd and virtual clock, with no nodes' agents and no controllers:
 * for the workloads that exercise one part alone (W2 the scheduler, W5 the watch fan-out), as
 * scheduler_perf runs kube-scheduler against an apiserver and etcd and nothing else.
 */
import { ensureBootstrapPolicy } from '../model/apiserver/authorization/bootstrap-policy';
import { ApiServer } from '../model/apiserver/server';
import { ApiClient } from '../model/client/client';
import { makeContext, type ComponentContext } from '../model/component';
import { EtcdStore } from '../model/etcd/store';
import { Process } from '../model/sim/process';
import { Simulation } from '../model/sim/simulation';

const ADMIN_TOKEN = 'bench-admin';

export class BareControlPlane {
  readonly sim = new Simulation(1);
  readonly etcd = new EtcdStore(this.sim.trace);
  readonly apiserver: ApiServer;
  readonly admin: ApiClient;

  constructor(opts: { watchCacheCapacity?: number } = {}) {
    this.apiserver = new ApiServer(this.sim, this.etcd, { watchCacheCapacity: opts.watchCacheCapacity });
    // The rbac/bootstrap-roles post-start hook: cluster-admin for system:masters, the
    // system:kube-scheduler binding and the rest of 1.32's default policy.
    ensureBootstrapPolicy(this.etcd, this.sim);
    this.apiserver.issueToken(ADMIN_TOKEN, { user: 'kubernetes-admin', groups: ['system:masters', 'system:authenticated'] });
    this.admin = new ApiClient(this.apiserver, ADMIN_TOKEN);
    this.admin.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
    // What the serviceaccounts controller would create (no kube-controller-manager here): the
    // ServiceAccount admission plugin looks the namespace's default account up for every Pod.
    this.admin.create('serviceaccounts', 'default', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default' } });
  }

  /** A component's process and context with the identity kubeadm gives it (system:kube-scheduler …). */
  component(actor: string, user: string, command: string): ComponentContext {
    const token = `bench-${actor}`;
    this.apiserver.issueToken(token, { user, groups: ['system:authenticated'] });
    const proc = new Process(this.sim, this.sim.allocatePid(), 'k8s-master', actor, command);
    return makeContext(this.sim, proc, this.apiserver, token);
  }

  /** A Ready node as its kubelet registers it: capacity, allocatable, the Ready condition. */
  addNode(name: string, capacity: Record<string, string>): void {
    const now = this.sim.clock.nowRFC3339();
    const node = this.admin.create('nodes', undefined, {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name, labels: { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64' } },
      spec: {},
    });
    node.status = {
      capacity,
      allocatable: capacity,
      conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status', lastHeartbeatTime: now, lastTransitionTime: now }],
    };
    this.admin.updateStatus('nodes', undefined, node);
  }
}
