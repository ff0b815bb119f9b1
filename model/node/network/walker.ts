import type { Rng } from '../../sim/rng';
import type { ClusterNetwork, PodNetwork } from './fabric';
import type { Listener, NetNamespace } from './namespace';
import { runHook, type HookResult, type Packet } from './netfilter/eval';
import type { TableName } from './netfilter/tables';
import { formatIpRoute, RoutingTable } from './routes';

/** One step of a packet's way, on a node (or in a Pod's namespace on that node). */
export interface Hop {
  node: string;
  what: string;
}

/** How a connection attempt ended, and the way its first packet (the SYN) took. */
export interface Connection {
  outcome: 'connected' | 'refused' | 'timeout';
  /** The socket that accepted it. */
  listener?: Listener;
  /** The final destination after DNAT, and the source the server sees (after any MASQUERADE). */
  dst: string;
  src: string;
  dport: number;
  hops: Hop[];
  /** Virtual milliseconds until curl knows (connect or RST); a timeout is decided by the caller. */
  elapsedMs: number;
  /**
   * The socket error a failed connect ends with when it is not the plain one of its outcome:
   * no route (ENETUNREACH, at once) or no neighbour answering ARP (EHOSTUNREACH, after the
   * kernel's ARP retries) rather than ECONNREFUSED or a silent timeout.
   */
  error?: 'ENETUNREACH' | 'EHOSTUNREACH';
}

/** Where a connection starts: a node's root namespace, or a Pod on a node. */
export interface Origin {
  node: string;
  pod?: PodNetwork;
}

const VXLAN_PORT = 8472;

/**
 * Walks the first packet of a TCP connection through the cluster as the kernels would: the
 * origin's nat OUTPUT (or, for a Pod, the node's PREROUTING after cni0), the DNAT that
 * kube-proxy's rules pick, the routing table, POSTROUTING, then the device: cni0 to a local
 * Pod, flannel.1 (VXLAN to the node that owns the subnet, decapsulated there) or eth0 (the
 * wire to another node, or out of the cluster where nothing answers). Nothing decides
 * reachability beside the rules, routes and sockets it reads.
 */
export function connect(net: ClusterNetwork, origin: Origin, dst: string, dport: number, proto: 'tcp' | 'udp' = 'tcp', rng: Rng = net.sim.rng): Connection {
  const hops: Hop[] = [];
  const hop = (node: string, what: string) => hops.push({ node, what });
  let error: Connection['error'];
  const end = (outcome: Connection['outcome'], pkt: Packet, listener?: Listener): Connection => ({ outcome, listener, dst: pkt.dst, src: pkt.src, dport: pkt.dport, hops, elapsedMs: crossings, ...(error ? { error } : {}) });
  let crossings = 0;
  let node = origin.node;
  let inIface: string | undefined;
  const sport = 32768 + rng.int(28232);
  let pkt: Packet;

  if (origin.pod) {
    const p = origin.pod;
    pkt = { src: p.ip, dst, proto, sport, dport, mark: 0 };
    hop(node, `pod ${p.pod}: ${p.ip}:${sport} -> ${dst}:${dport} (${proto})`);
    if (p.ns.isLocal(dst)) return deliver(p.ns, `pod ${p.pod}`, pkt);
    const r = p.ns.routes.lookup(dst);
    if (!r) {
      error = 'ENETUNREACH';
      return end('refused', pkt);
    }
    hop(node, `pod ${p.pod}: route ${routeText(r)}`);
    hop(node, `pod ${p.pod}: eth0 -> ${p.hostVeth} -> cni0`);
    inIface = 'cni0';
  } else {
    const root = net.node(node)!;
    const src = root.sourceFor(dst) ?? '0.0.0.0';
    pkt = { src, dst, proto, sport, dport, mark: 0 };
    hop(node, `${src}:${sport} -> ${dst}:${dport} (${proto}), locally generated`);
  }

  for (let guard = 0; guard < 8; guard++) {
    const root = net.node(node)!;
    const ctx = { isLocal: (ip: string) => root.isLocal(ip), rng };
    const hook = (table: TableName, chain: string): HookResult => {
      const res = runHook(root.netfilter, table, chain, pkt, ctx);
      if (table === 'nat' || res.verdict !== 'ACCEPT') hop(node, `${table} ${chain}: ${res.path.length ? res.path.join(', ') : `no rule matched (policy ${res.verdict})`}`);
      return res;
    };
    const local = inIface === undefined;
    pkt.inIface = inIface;
    const nat = hook('nat', local ? 'OUTPUT' : 'PREROUTING');
    if (nat.dnat) {
      const [ip, port] = nat.dnat.split(':');
      pkt.dst = ip;
      if (port) pkt.dport = Number(port);
      hop(node, `DNAT: destination is now ${pkt.dst}:${pkt.dport}`);
    }
    if (root.isLocal(pkt.dst)) {
      const input = hook('filter', 'INPUT');
      if (input.verdict !== 'ACCEPT') return end(input.verdict === 'REJECT' ? 'refused' : 'timeout', pkt);
      return deliver(root, node, pkt);
    }
    const filter = hook('filter', local ? 'OUTPUT' : 'FORWARD');
    if (filter.verdict === 'REJECT') return end('refused', pkt);
    if (filter.verdict === 'DROP') return end('timeout', pkt);
    const r = root.routes.lookup(pkt.dst);
    if (!r) {
      hop(node, `route ${pkt.dst}: Network is unreachable`);
      error = 'ENETUNREACH';
      return end('refused', pkt);
    }
    hop(node, `route ${pkt.dst}: ${routeText(r)}`);
    pkt.outIface = r.dev;
    const post = hook('nat', 'POSTROUTING');
    if (post.masquerade) {
      pkt.src = root.link(r.dev)?.addrs[0]?.ip ?? pkt.src;
      hop(node, `MASQUERADE: source is now ${pkt.src}`);
    }

    if (r.dev === 'cni0') {
      const pod = net.pod(pkt.dst);
      if (!pod || pod.node !== node) {
        hop(node, `cni0: no device answers ARP for ${pkt.dst}`);
        error = 'EHOSTUNREACH';
        return end('timeout', pkt);
      }
      hop(node, `cni0 -> ${pod.hostVeth} -> pod ${pod.pod} eth0 ${pod.ip}`);
      return deliver(pod.ns, `pod ${pod.pod}`, pkt);
    }
    if (r.dev === 'flannel.1') {
      const vtep = root.vxlanFdb.get(r.gateway ?? pkt.dst);
      const me = root.link('eth0')?.addrs[0]?.ip ?? '';
      if (!vtep) {
        hop(node, `flannel.1: no VTEP known for ${r.gateway}: dropped`);
        return end('timeout', pkt);
      }
      hop(node, `flannel.1: VXLAN encapsulation (VNI 1, inner dst MAC ${vtep.mac}), outer UDP ${me} -> ${vtep.remote}:${VXLAN_PORT}`);
      const next = net.nodeByAddress(vtep.remote);
      hop(node, `eth0 -> the wire -> ${next ?? vtep.remote}`);
      const remote = next ? net.node(next) : undefined;
      crossings++;
      if (!next || !remote?.link('flannel.1')) {
        hop(node, `nothing decapsulates at ${vtep.remote}: dropped`);
        return end('timeout', pkt);
      }
      hop(next, `eth0: UDP ${VXLAN_PORT} -> flannel.1: VXLAN decapsulation, inner ${pkt.src} -> ${pkt.dst}:${pkt.dport}`);
      node = next;
      inIface = 'flannel.1';
      pkt.mark = 0;
      continue;
    }
    // eth0: a node on the same segment, or the gateway out of the cluster.
    const onLink = !r.gateway;
    const next = onLink ? net.nodeByAddress(pkt.dst) : undefined;
    if (!next) {
      hop(node, onLink ? `eth0: no host answers ARP for ${pkt.dst}` : `eth0 -> gateway ${r.gateway}: leaves the cluster, nothing answers`);
      if (onLink) error = 'EHOSTUNREACH';
      return end('timeout', pkt);
    }
    hop(node, `eth0 -> the wire -> ${next} eth0`);
    crossings++;
    node = next;
    inIface = 'eth0';
    pkt.mark = 0;
  }
  return end('timeout', pkt);

  function deliver(ns: NetNamespace, where: string, p: Packet): Connection {
    const l = ns.listener(p.dport, p.proto);
    if (!l) {
      hop(node, `${where}: nothing listens on ${p.proto} port ${p.dport}: RST`);
      return end('refused', p);
    }
    hop(node, `${where}: ${l.program} accepts on ${p.dst}:${p.dport}`);
    return end('connected', p, l);
  }
}

function routeText(r: Parameters<RoutingTable['add']>[0]): string {
  const t = new RoutingTable();
  t.add(r);
  return formatIpRoute(t).trim();
}

/** The hops as `trace-packet` prints them: node, then what happened there. */
export function formatHops(hops: Hop[]): string {
  const w = Math.max(...hops.map((h) => h.node.length));
  return hops.map((h, i) => `${String(i + 1).padStart(2)}  ${h.node.padEnd(w)}  ${h.what}\n`).join('');
}
