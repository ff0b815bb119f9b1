/**
 * host-local IPAM as the bridge CNI plugin (Flannel's delegate) uses it on a node: addresses
 * come from the node's Pod CIDR, the first address is the bridge's gateway (cni0), and
 * allocation continues after the last address reserved (host-local's round robin), wrapping
 * around, so a released address is not handed out again at once.
 */
export class HostLocalIpam {
  private readonly used = new Map<number, string>();
  private readonly first: number;
  private readonly last: number;
  private lastReserved: number;
  readonly gateway: string;

  constructor(readonly subnet: string) {
    const [addr, bits] = subnet.split('/');
    const mask = Number(bits);
    const base = (ipToInt(addr) & (mask === 0 ? 0 : (~0 << (32 - mask)) >>> 0)) >>> 0;
    const size = 2 ** (32 - mask);
    this.gateway = intToIp(base + 1);
    this.first = base + 1;
    this.last = base + size - 2;
    // The gateway is never handed out: allocation starts right after it.
    this.lastReserved = base + 1;
  }

  /** The range as host-local prints it in "no IP addresses available in range set: ...". */
  get rangeText(): string {
    return `${intToIp(this.first)}-${intToIp(this.last)}`;
  }

  /** Reserves the next free address for a container (sandbox) id; undefined when exhausted. */
  allocate(id: string): string | undefined {
    const span = this.last - this.first + 1;
    for (let i = 1; i <= span; i++) {
      const cand = this.first + ((this.lastReserved - this.first + i) % span);
      if (cand === this.first || this.used.has(cand)) continue;
      this.used.set(cand, id);
      this.lastReserved = cand;
      return intToIp(cand);
    }
    return undefined;
  }

  /** Releases whatever `id` holds (CNI DEL). */
  release(id: string): void {
    for (const [ip, owner] of this.used) if (owner === id) this.used.delete(ip);
  }

  get allocated(): number {
    return this.used.size;
  }
}

export function ipToInt(ip: string): number {
  return ip.split('.').reduce((n, o) => ((n << 8) | Number(o)) >>> 0, 0);
}

export function intToIp(n: number): string {
  return [24, 16, 8, 0].map((s) => (n >>> s) & 255).join('.');
}
