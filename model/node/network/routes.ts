import { cidrContains, intToIp, maskOf, parseCidr, type Cidr } from './addr';

/** One entry of a node's main routing table. */
export interface Route {
  dst: Cidr;
  gateway?: string;
  dev: string;
  /** `proto kernel` routes come with an address on the device. */
  proto?: 'kernel';
  scope?: 'link';
  src?: string;
  /** `onlink`: the gateway is reachable on the device without a connected route (flannel.1). */
  onlink?: boolean;
  metric: number;
}

/**
 * The main routing table (`ip route`, `route -n`): longest-prefix match, then lowest metric,
 * as the kernel's FIB picks a route.
 */
export class RoutingTable {
  private readonly routes: Route[] = [];

  add(r: Route): void {
    this.del(r.dst, r.dev);
    this.routes.push(r);
  }

  /** Removes the route to `dst` (through `dev`, when given). */
  del(dst: Cidr, dev?: string): void {
    for (let i = this.routes.length - 1; i >= 0; i--) {
      const r = this.routes[i];
      if (r.dst.addr === dst.addr && r.dst.bits === dst.bits && (!dev || r.dev === dev)) this.routes.splice(i, 1);
    }
  }

  /** Removes every route through a device (the device went away). */
  delDev(dev: string): void {
    for (let i = this.routes.length - 1; i >= 0; i--) if (this.routes[i].dev === dev) this.routes.splice(i, 1);
  }

  lookup(ip: string): Route | undefined {
    let best: Route | undefined;
    for (const r of this.routes) {
      if (!cidrContains(r.dst, ip)) continue;
      if (!best || r.dst.bits > best.dst.bits || (r.dst.bits === best.dst.bits && r.metric < best.metric)) best = r;
    }
    return best;
  }

  /** In the kernel's listing order: by destination, then prefix length. */
  list(): Route[] {
    return [...this.routes].sort((a, b) => a.dst.addr - b.dst.addr || a.dst.bits - b.dst.bits || a.metric - b.metric);
  }
}

export function route(dst: string, dev: string, extra: Partial<Route> = {}): Route {
  return { dst: parseCidr(dst)!, dev, metric: 0, ...extra };
}

/** `route -n` (net-tools): the kernel IP routing table with numeric addresses. */
export function formatRouteN(table: RoutingTable): string {
  let out = 'Kernel IP routing table\nDestination     Gateway         Genmask         Flags Metric Ref    Use Iface\n';
  for (const r of table.list()) {
    const flags = 'U' + (r.gateway ? 'G' : '') + (r.dst.bits === 32 ? 'H' : '');
    const cols = [intToIp(r.dst.addr), r.gateway ?? '0.0.0.0', intToIp(maskOf(r.dst.bits))].map((c) => c.padEnd(15)).join(' ');
    out += `${cols} ${flags.padEnd(6)}${String(r.metric).padEnd(6)} ${'0'.padEnd(2)} ${'0'.padStart(7)} ${r.dev}\n`;
  }
  return out;
}

/** `ip route` (iproute2 6.1), each line ending in a space as iproute2 prints it. */
export function formatIpRoute(table: RoutingTable): string {
  let out = '';
  for (const r of table.list()) {
    const dst = r.dst.bits === 0 ? 'default' : `${intToIp(r.dst.addr)}/${r.dst.bits}`;
    const parts = [dst];
    if (r.gateway) parts.push(`via ${r.gateway}`);
    parts.push(`dev ${r.dev}`);
    if (r.proto) parts.push(`proto ${r.proto}`);
    if (r.scope) parts.push(`scope ${r.scope}`);
    if (r.src) parts.push(`src ${r.src}`);
    if (r.metric) parts.push(`metric ${r.metric}`);
    if (r.onlink) parts.push('onlink');
    out += parts.join(' ') + ' \n';
  }
  return out;
}
