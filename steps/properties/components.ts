/**
 * Crash and restart of a component for the fault schedules. A crash is Process.kill: the
 * component loses its memory (informer caches, work queues, timers) and nothing else. A restart
 * starts the component again on a fresh process with the identity the cluster issued it, but
 * only if nothing restarted it already (a kubelet restarting a static Pod, for example).
 */
import type { Cluster } from '../../model/cluster';
import { makeContext } from '../../model/component';
import { startControllerManager } from '../../model/controllers/manager';
import { startKubelet } from '../../model/node/kubelet';
import { startScheduler } from '../../model/scheduler/scheduler';

const running = (cluster: Cluster, actor: string) => [...cluster.nodes.values()].some((h) => h.find(processActor(actor))?.running);

/** Control-plane components run in static Pods (kubeadm): their process is the container's. */
const STATIC = new Set(['kube-apiserver', 'etcd', 'kube-controller-manager', 'kube-scheduler']);

/** The process actor of a component: "container/kube-scheduler" for a static Pod's, else itself. */
function processActor(actor: string): string {
  return STATIC.has(actor) ? `container/${actor}` : actor;
}

/** Kills every process of the component (e.g. "kube-scheduler", "kubelet/k8s-worker-1"). */
export function crash(cluster: Cluster, actor: string): void {
  const target = processActor(actor);
  for (const h of cluster.nodes.values()) for (const p of h.ps()) if (p.actor === target) p.kill();
}

/** Starts the component again unless it already runs. */
export function restart(cluster: Cluster, actor: string): void {
  if (running(cluster, actor)) return;
  const master = cluster.controlPlane;
  // A control-plane component run as a static Pod is restarted by its kubelet, not by us.
  if (cluster.etcd.get(`/registry/pods/kube-system/${actor}-${master.name}`)) return;
  if (actor === 'kube-controller-manager') {
    const p = master.spawn(actor, 'kube-controller-manager --allocate-node-cidrs=true --cluster-cidr=' + cluster.config.podSubnet + ' --leader-elect=true');
    startControllerManager(makeContext(cluster.sim, p, cluster.apiserver, 'kcm-token', master.logOf(p)), { clusterCIDR: cluster.config.podSubnet, nodeCIDRMaskSize: 24 });
  } else if (actor === 'kube-scheduler') {
    const p = master.spawn(actor, 'kube-scheduler --kubeconfig=/etc/kubernetes/scheduler.conf --leader-elect=true');
    startScheduler(makeContext(cluster.sim, p, cluster.apiserver, 'scheduler-token', master.logOf(p)));
  } else if (actor.startsWith('kubelet/')) {
    const host = cluster.node(actor.slice('kubelet/'.length));
    const runtime = host && cluster.runtimes.get(host.name);
    if (!host || !runtime) return;
    const p = host.spawn(actor, `/usr/bin/kubelet --node-ip=${host.config.address}`);
    startKubelet(makeContext(cluster.sim, p, cluster.apiserver, `kubelet-${host.name}-token`, host.logOf(p)), host, runtime);
  }
}
