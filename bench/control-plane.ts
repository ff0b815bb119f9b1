/**
 * An API server on its own etcd and virtual clock, with no nodes' agents and no controllers:
 * for the workloads that exercise one part alone (W2 the scheduler, W5 the watch fan-out), as
 * scheduler_perf runs kube-scheduler against an apiserver and etcd and nothing else.
 */
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
    // system:masters: authorized by the privileged-group rule whatever the authorizers hold, since
    // a bare API server has none of the bootstrap RBAC policy a kubeadm cluster writes.
    this.apiserver.issueToken(ADMIN_TOKEN, { user: 'kubernetes-admin', groups: ['system:masters', 'system:authenticated'] });
    this.admin = new ApiClient(this.apiserver, ADMIN_TOKEN);
    this.admin.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  }

  /**
   * A component's process and context under the user name kubeadm gives it (system:kube-scheduler
   * …), in system:masters for the same reason as the admin: no bootstrap policy here.
   */
  component(actor: string, user: string, command: string): ComponentContext {
    const token = `bench-${actor}`;
    this.apiserver.issueToken(token, { user, groups: ['system:masters', 'system:authenticated'] });
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
