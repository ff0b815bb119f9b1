import type { NodeHost } from '../host';
import { networkAddress } from './addr';
import { networkOf } from './fabric';
import { NetNamespace } from './namespace';
import { route } from './routes';

/** The MTU flannel's VXLAN backend leaves for Pods (1500 minus the 50-byte VXLAN overhead). */
export const FLANNEL_MTU = 1450;

/**
 * CNI ADD as flannel's delegate, the bridge plugin, performs it: make sure cni0 exists with the
 * subnet's first address, create a veth pair with one end on cni0 and the other as the Pod's
 * eth0, and give the Pod its address and routes (default via cni0, the cluster CIDR too).
 */
export function cniAdd(host: NodeHost, sandboxId: string, pod: string, ip: string, gateway: string, podCIDR: string, clusterCIDR = '10.244.0.0/16'): void {
  const net = networkOf(host);
  if (!net) return;
  const { cluster, ns: root } = net;
  const bits = Number(podCIDR.split('/')[1] ?? 24);
  if (!root.link('cni0')) {
    root.addLink('cni0', 'bridge', { mtu: FLANNEL_MTU, addrs: [{ ip: gateway, bits, brd: undefined, scope: 'global' }] });
    root.routes.add(route(`${networkAddress(podCIDR)}/${bits}`, 'cni0', { proto: 'kernel', scope: 'link', src: gateway }));
  }
  const podNs = new NetNamespace(`pod ${pod}`, cluster.sim.rng);
  podNs.addLink('lo', 'loopback', { mtu: 65536, state: 'UNKNOWN', addrs: [{ ip: '127.0.0.1', bits: 8, scope: 'host' }] });
  const hostVeth = `veth${cluster.sim.rng.string(8, '0123456789abcdef')}`;
  const hostEnd = root.addLink(hostVeth, 'veth', { mtu: FLANNEL_MTU, master: 'cni0', linkNetns: `link-netns cni-${sandboxId.slice(0, 8)}-${sandboxId.slice(8, 12)}-${sandboxId.slice(12, 16)}-${sandboxId.slice(16, 20)}-${sandboxId.slice(20, 32)}` });
  podNs.addLink('eth0', 'veth', { mtu: FLANNEL_MTU, peerIndex: hostEnd.index, linkNetns: 'link-netnsid 0', addrs: [{ ip, bits, brd: undefined, scope: 'global' }] });
  hostEnd.peerIndex = 2;
  podNs.routes.add(route('0.0.0.0/0', 'eth0', { gateway }));
  podNs.routes.add(route(clusterCIDR, 'eth0', { gateway }));
  podNs.routes.add(route(`${networkAddress(podCIDR)}/${bits}`, 'eth0', { proto: 'kernel', scope: 'link', src: ip }));
  cluster.addPod({ ns: podNs, node: host.name, ip, sandboxId, pod, hostVeth });
}

/** CNI DEL: the veth pair goes (and with it the Pod's namespace); cni0 stays. */
export function cniDel(host: NodeHost, sandboxId: string): void {
  const net = networkOf(host);
  const p = net?.cluster.removePod(sandboxId);
  if (p) net!.ns.delLink(p.hostVeth);
}
