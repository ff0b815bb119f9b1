import { Rng } from '../../sim/rng';
import type { Simulation } from '../../sim/simulation';
import type { NodeHost } from '../host';
import { intToIp, ipToInt, maskOf } from './addr';
import { NetNamespace } from './namespace';
import { route } from './routes';

/** A Pod's network namespace and where it is plugged in. */
export interface PodNetwork {
  ns: NetNamespace;
  node: string;
  ip: string;
  sandboxId: string;
  /** "default/nginx-…": the Pod, for traces. */
  pod: string;
  /** The host end of its veth pair (on cni0). */
  hostVeth: string;
}

/** The docker network kind puts its nodes on: a /16 whose first address is the gateway. */
const NODE_PREFIX = 16;

/**
 * The cluster's network: every node's root namespace, plugged into one L2 segment (kind's
 * docker bridge, 172.18.0.0/16), and the Pod namespaces the CNI plugin created on them. It
 * only knows what the wire and the kernels know: addresses, links, routes, rules, sockets.
 */
export class ClusterNetwork {
  private readonly nodes = new Map<string, NetNamespace>();
  private readonly byAddress = new Map<string, string>();
  private readonly pods = new Map<string, PodNetwork>();
  /**
   * The draws of connections made by containers (source ports, the statistic match's coin):
   * a stream of its own, so what a container's wget picks never shifts the cluster's names.
   */
  readonly containerRng: Rng;

  constructor(readonly sim: Simulation) {
    this.containerRng = new Rng(streamSeed(sim.seed, 'container-network'));
  }

  /** Boots a node's root namespace: lo and eth0 with its address, the connected and default routes. */
  attach(host: NodeHost): NetNamespace {
    const ns = new NetNamespace(host.name, this.sim.rng);
    const addr = host.config.address;
    const net = (ipToInt(addr) & maskOf(NODE_PREFIX)) >>> 0;
    ns.addLink('lo', 'loopback', { mtu: 65536, state: 'UNKNOWN', addrs: [{ ip: '127.0.0.1', bits: 8, scope: 'host' }] });
    ns.addLink('eth0', 'ether', {
      addrs: [{ ip: addr, bits: NODE_PREFIX, brd: intToIp((net | ~maskOf(NODE_PREFIX)) >>> 0), scope: 'global' }],
      peerIndex: 4 + this.nodes.size * 2,
      linkNetns: 'link-netnsid 0',
    });
    ns.routes.add(route('0.0.0.0/0', 'eth0', { gateway: intToIp(net + 1) }));
    ns.routes.add(route(`${intToIp(net)}/${NODE_PREFIX}`, 'eth0', { proto: 'kernel', scope: 'link', src: addr }));
    this.nodes.set(host.name, ns);
    this.byAddress.set(addr, host.name);
    return ns;
  }

  node(name: string): NetNamespace | undefined {
    return this.nodes.get(name);
  }

  /** The node whose eth0 has this address (the wire delivers to it). */
  nodeByAddress(ip: string): string | undefined {
    return this.byAddress.get(ip);
  }

  addPod(p: PodNetwork): void {
    this.pods.set(p.ip, p);
  }

  removePod(sandboxId: string): PodNetwork | undefined {
    for (const [ip, p] of this.pods)
      if (p.sandboxId === sandboxId) {
        this.pods.delete(ip);
        return p;
      }
    return undefined;
  }

  pod(ip: string): PodNetwork | undefined {
    return this.pods.get(ip);
  }

  /** The network of a Pod ("namespace/name") on a node: the sandbox its containers share. */
  podByName(pod: string, node: string): PodNetwork | undefined {
    for (const p of this.pods.values()) if (p.pod === pod && p.node === node) return p;
    return undefined;
  }
}

/** A seed for a stream of its own, from the simulation's seed and a label (FNV-1a over the label). */
function streamSeed(seed: number, label: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

const networks = new WeakMap<NodeHost, { cluster: ClusterNetwork; ns: NetNamespace }>();

/** Plugs a node into the cluster network (done once, when the node boots). */
export function attachNode(cluster: ClusterNetwork, host: NodeHost): NetNamespace {
  const ns = cluster.attach(host);
  networks.set(host, { cluster, ns });
  return ns;
}

/** A node's root network namespace and the network it is on; undefined for a node never plugged in. */
export function networkOf(host: NodeHost): { cluster: ClusterNetwork; ns: NetNamespace } | undefined {
  return networks.get(host);
}
