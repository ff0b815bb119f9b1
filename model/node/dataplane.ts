import type { Cluster } from '../cluster';
import { makeContext } from '../component';
import { KlogLog } from '../sim/log';
import type { RunningContainer } from './cri/workloads';
import { startFlanneld } from './flannel/flanneld';
import { startKubeProxy } from './kubeproxy/kube-proxy';
import { attachNode, ClusterNetwork, networkOf } from './network/fabric';
import { nginxListener } from './network/nginx';
import { corednsHealthListener } from './network/coredns-health';
import { corednsDnsListener } from './network/coredns-dns';
import { ApiClient } from '../client/client';

/** The identities the data-plane components authenticate as (kubeadm's and kube-flannel.yml's). */
// kubeadm runs kube-proxy with its ServiceAccount's token, bound to system:node-proxier by kubeadm:node-proxier.
const KUBE_PROXY = { token: 'kube-proxy-token', user: 'system:serviceaccount:kube-system:kube-proxy' };
const FLANNEL = { token: 'flannel-token', user: 'system:serviceaccount:kube-flannel:flannel' };
const COREDNS = { token: 'coredns-token', user: 'system:serviceaccount:kube-system:coredns' };

/** A component's klog output goes to its container's stderr (kubectl logs). */
function containerLog(cluster: Cluster, rc: RunningContainer): KlogLog {
  return new KlogLog(cluster.sim, 1, (line) => rc.log('stderr', line));
}

/**
 * Wires the node network into a cluster: every node's root namespace on one segment, and the
 * programs whose containers program it or answer on it: kube-proxy (iptables mode), flanneld
 * (vxlan) and nginx (a socket on port 80 in its Pod's namespace). Each runs exactly while its
 * container runs: its work is scheduled on the container's main process.
 */
export function installDataPlane(cluster: Cluster): ClusterNetwork {
  const network = new ClusterNetwork(cluster.sim);
  for (const host of cluster.nodes.values()) attachNode(network, host);
  cluster.apiserver.issueToken(KUBE_PROXY.token, { user: KUBE_PROXY.user, groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated'] });
  cluster.apiserver.issueToken(FLANNEL.token, { user: FLANNEL.user, groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-flannel', 'system:authenticated'] });
  cluster.apiserver.issueToken(COREDNS.token, { user: COREDNS.user, groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated'] });

  cluster.workloads.register('kube-proxy', (rc) => {
    const ctx = makeContext(cluster.sim, rc.proc, cluster.apiserver, KUBE_PROXY.token, containerLog(cluster, rc));
    startKubeProxy(ctx, rc.host, { clusterCIDR: cluster.config.podSubnet, minSyncPeriodMs: 1000 });
  });
  const flannel = (rc: RunningContainer) => {
    const ctx = makeContext(cluster.sim, rc.proc, cluster.apiserver, FLANNEL.token, containerLog(cluster, rc));
    startFlanneld(ctx, rc.host, cluster.config.podSubnet);
  };
  cluster.workloads.register('flannel', flannel);
  cluster.workloads.register('flanneld', flannel);
  for (const program of ['nginx', 'nginx-alpine'])
    cluster.workloads.register(program, (rc) => {
      const net = networkOf(rc.host);
      const podNs = net?.cluster.pod(rc.sandbox.ip)?.ns ?? (rc.sandbox.ip === rc.host.config.address ? net?.ns : undefined);
      if (!podNs) return;
      const version = /:(\d+\.\d+\.\d+)/.exec(rc.config.image)?.[1] ?? '1.27.3';
      const listener = nginxListener(version, rc.sandbox.metadata.name, { write: (line) => rc.log('stdout', line), now: () => cluster.sim.clock.nowMs() });
      podNs.listen(80, 'tcp', listener);
      rc.proc.onExit(() => podNs.unlisten(80, 'tcp', listener));
    });
  // CoreDNS answers its liveness (:8080/health) and readiness (:8181/ready) probes, and DNS on 53.
  cluster.workloads.register('coredns', (rc) => {
    const podNs = networkOf(rc.host)?.cluster.pod(rc.sandbox.ip)?.ns;
    if (!podNs) return;
    const dns = corednsDnsListener(rc.sandbox.metadata.name, new ApiClient(cluster.apiserver, COREDNS.token, 'coredns/v1.11.3'), network.containerRng);
    for (const proto of ['udp', 'tcp'] as const) {
      podNs.listen(53, proto, dns);
      rc.proc.onExit(() => podNs.unlisten(53, proto, dns));
    }
    for (const [port, path] of [[8080, '/health'], [8181, '/ready']] as const) {
      const listener = corednsHealthListener(rc.sandbox.metadata.name, path);
      podNs.listen(port, 'tcp', listener);
      rc.proc.onExit(() => podNs.unlisten(port, 'tcp', listener));
    }
  });
  return network;
}
