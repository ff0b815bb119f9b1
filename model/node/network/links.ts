import type { Rng } from '../../sim/rng';

/** What kind of device a link is (`ip -d link` would say veth, bridge, vxlan ...). */
export type LinkKind = 'loopback' | 'ether' | 'veth' | 'bridge' | 'vxlan';

/** One IPv4 address on a link, as `ip addr` lists it. */
export interface LinkAddress {
  ip: string;
  bits: number;
  /** The broadcast address, when the address was added with one (docker's eth0). */
  brd?: string;
  scope: 'host' | 'global' | 'link';
}

/**
 * A network device of a node (or of a Pod's network namespace): its index, name, MAC, MTU,
 * flags and addresses. veths name their peer (`@ifN`), bridge ports their master.
 */
export interface Link {
  index: number;
  name: string;
  kind: LinkKind;
  mac: string;
  mtu: number;
  /** Operational state `ip addr` prints: UP for a veth/bridge with carrier, UNKNOWN for lo/vxlan. */
  state: 'UP' | 'UNKNOWN' | 'DOWN';
  addrs: LinkAddress[];
  /** The bridge this device is a port of (veths on cni0). */
  master?: string;
  /** The peer's interface index in the other namespace (`eth0@if5`). */
  peerIndex?: number;
  /** The other namespace as `ip addr` names it: `link-netnsid 0` or `link-netns cni-…`. */
  linkNetns?: string;
  /** VXLAN parameters (flannel.1): VNI, local VTEP address and UDP port. */
  vxlan?: { id: number; local: string; port: number };
}

/** A random locally administered unicast MAC, as the kernel gives new veths, bridges and VXLAN devices. */
export function randomMac(rng: Rng): string {
  const bytes = Array.from({ length: 6 }, () => rng.int(256));
  bytes[0] = (bytes[0] & 0xfe) | 0x02;
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join(':');
}

/** The IPv6 link-local address the kernel derives from a MAC (EUI-64), as iproute2 prints it. */
export function linkLocal6(mac: string): string {
  const b = mac.split(':').map((h) => parseInt(h, 16));
  const eui = [b[0] ^ 0x02, b[1], b[2], 0xff, 0xfe, b[3], b[4], b[5]];
  const groups = [0, 2, 4, 6].map((i) => ((eui[i] << 8) | eui[i + 1]).toString(16));
  return `fe80::${groups.join(':')}/64`;
}

const FLAGS: Record<LinkKind, string> = {
  loopback: 'LOOPBACK,UP,LOWER_UP',
  ether: 'BROADCAST,MULTICAST,UP,LOWER_UP',
  veth: 'BROADCAST,MULTICAST,UP,LOWER_UP',
  bridge: 'BROADCAST,MULTICAST,UP,LOWER_UP',
  vxlan: 'BROADCAST,MULTICAST,UP,LOWER_UP',
};

/** `ip addr` (iproute2 6.1): every link with its flags, MAC and addresses. */
export function formatIpAddr(links: Link[]): string {
  let out = '';
  for (const l of links) {
    const name = l.peerIndex !== undefined ? `${l.name}@if${l.peerIndex}` : l.name;
    const master = l.master ? ` master ${l.master}` : '';
    out += `${l.index}: ${name}: <${FLAGS[l.kind]}> mtu ${l.mtu} qdisc noqueue${master} state ${l.state} group default${l.kind === 'loopback' || l.kind === 'vxlan' || l.kind === 'bridge' ? ' qlen 1000' : ' '}\n`;
    if (l.kind === 'loopback') out += '    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00\n';
    else out += `    link/ether ${l.mac} brd ff:ff:ff:ff:ff:ff${l.linkNetns ? ` ${l.linkNetns}` : ''}\n`;
    for (const a of l.addrs) {
      out += `    inet ${a.ip}/${a.bits}${a.brd ? ` brd ${a.brd}` : ''} scope ${a.scope} ${l.name}\n`;
      out += '       valid_lft forever preferred_lft forever\n';
    }
    if (l.kind === 'loopback') out += '    inet6 ::1/128 scope host \n       valid_lft forever preferred_lft forever\n';
    else out += `    inet6 ${linkLocal6(l.mac)} scope link \n       valid_lft forever preferred_lft forever\n`;
  }
  return out;
}
