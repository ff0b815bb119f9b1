import type { Rng } from '../../sim/rng';
import { ipToInt } from './addr';
import { randomMac, type Link, type LinkKind } from './links';
import { Netfilter } from './netfilter/tables';
import { RoutingTable } from './routes';
import type { ServingCertificate } from './tls';

/** Who sent a request, as the server sees it (its access log): source address, method, User-Agent. */
export interface RequestInfo {
  src: string;
  method: string;
  userAgent: string;
  /** Request headers beyond Host and User-Agent (Authorization …). */
  headers?: Record<string, string>;
  /** The request's body (curl -d), when it sent one. */
  body?: string;
}

/** One DNS question and the server's reply (only what the resolvers here read of it). */
export interface DnsReply {
  rcode: 'NOERROR' | 'NXDOMAIN' | 'SERVFAIL';
  /** The header's AA bit: CoreDNS is authoritative for cluster.local, not for what it forwards. */
  authoritative: boolean;
  answers: { name: string; type: 'A'; address: string }[];
}

/** What answers a TCP connection on an address and port: a server process's socket. */
export interface Listener {
  /** The program behind the socket, for traces ("nginx", "kube-apiserver"). */
  program: string;
  /** A TLS server's certificate (kube-apiserver's): clients handshake and verify it before any HTTP. */
  tls?: ServingCertificate;
  /** Answers one HTTP request: status line, headers and body as the server would send them. */
  http(path: string, req?: RequestInfo): { status: number; headers: Record<string, string>; body: string };
  /** A DNS server's socket (UDP or TCP 53) answers queries. */
  dns?(qname: string, qtype: 'A' | 'AAAA'): DnsReply;
}

/**
 * A network namespace: a node's root namespace (eth0, flannel.1, cni0, veths, the routing
 * table, netfilter) or a Pod's (lo and eth0, a default route through cni0). Sockets that
 * listen in it answer connections to its addresses.
 */
export class NetNamespace {
  readonly links: Link[] = [];
  readonly routes = new RoutingTable();
  readonly netfilter = new Netfilter();
  /** Listening sockets by port (bound to every address of the namespace). */
  readonly listeners = new Map<string, Listener>();
  /** flannel.1's forwarding database: remote VTEP (subnet .0 address) to its MAC and node address. */
  readonly vxlanFdb = new Map<string, { mac: string; remote: string }>();
  private nextIndex = 1;

  constructor(
    /** "k8s-worker-1", or "pod default/nginx-…" for a Pod's namespace. */
    readonly name: string,
    private readonly rng: Rng,
  ) {}

  /** Adds a device with the next interface index (ip link add). */
  addLink(name: string, kind: LinkKind, extra: Partial<Link> = {}): Link {
    const link: Link = { index: this.nextIndex++, name, kind, mac: kind === 'loopback' ? '00:00:00:00:00:00' : randomMac(this.rng), mtu: 1500, state: 'UP', addrs: [], ...extra };
    this.links.push(link);
    return link;
  }

  link(name: string): Link | undefined {
    return this.links.find((l) => l.name === name);
  }

  delLink(name: string): void {
    const i = this.links.findIndex((l) => l.name === name);
    if (i >= 0) this.links.splice(i, 1);
    this.routes.delDev(name);
  }

  /** Whether an address belongs to this namespace (addrtype LOCAL; 127/8 is always local). */
  isLocal(ip: string): boolean {
    if ((ipToInt(ip) >>> 24) === 127) return true;
    return this.links.some((l) => l.addrs.some((a) => a.ip === ip));
  }

  /** The device that holds an address. */
  linkOf(ip: string): Link | undefined {
    return this.links.find((l) => l.addrs.some((a) => a.ip === ip));
  }

  /** Source address selection: the route's `src`, else the first address of the outgoing device. */
  sourceFor(dst: string): string | undefined {
    if (this.isLocal(dst)) return (ipToInt(dst) >>> 24) === 127 ? '127.0.0.1' : dst;
    const r = this.routes.lookup(dst);
    if (!r) return undefined;
    return r.src ?? this.link(r.dev)?.addrs[0]?.ip ?? this.links.find((l) => l.kind === 'ether')?.addrs[0]?.ip;
  }

  listen(port: number, proto: 'tcp' | 'udp', l: Listener): void {
    this.listeners.set(`${proto}/${port}`, l);
  }

  unlisten(port: number, proto: 'tcp' | 'udp', l?: Listener): void {
    const key = `${proto}/${port}`;
    if (!l || this.listeners.get(key) === l) this.listeners.delete(key);
  }

  listener(port: number, proto: 'tcp' | 'udp'): Listener | undefined {
    return this.listeners.get(`${proto}/${port}`);
  }
}
