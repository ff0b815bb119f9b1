/**
 * cidrset.CidrSet (pkg/controller/nodeipam/ipam/cidrset): the cluster CIDR cut into subnets of
 * one mask size, with a bitmap of used ones. AllocateNext takes the first free subnet at or
 * after a rotating cursor (nextCandidate), so a released subnet is reused only once the cursor
 * comes round again. IPv4 only.
 */
export class CidrSetError extends Error {}

/** cidrset.ErrCIDRRangeNoCIDRsRemaining. */
export const NO_CIDRS_REMAINING = 'CIDR allocation failed; there are no remaining CIDRs left to allocate in the accepted range';

export class CidrSet {
  private readonly base: number;
  private readonly clusterMask: number;
  readonly maxCIDRs: number;
  private readonly used: Uint8Array;
  private allocated = 0;
  private nextCandidate = 0;

  constructor(
    readonly clusterCIDR: string,
    readonly subnetMaskSize: number,
  ) {
    const { ip, mask } = parseCIDR(clusterCIDR);
    if (subnetMaskSize < mask || subnetMaskSize > 32) throw new CidrSetError(`invalid subnet mask size ${subnetMaskSize} for ${clusterCIDR}`);
    this.clusterMask = mask;
    this.base = ip;
    this.maxCIDRs = 2 ** (subnetMaskSize - mask);
    this.used = new Uint8Array(this.maxCIDRs);
  }

  allocateNext(): string {
    if (this.allocated === this.maxCIDRs) throw new CidrSetError(NO_CIDRS_REMAINING);
    let candidate = this.nextCandidate;
    for (let i = 0; i < this.maxCIDRs && this.used[candidate]; i++) candidate = (candidate + 1) % this.maxCIDRs;
    this.nextCandidate = (candidate + 1) % this.maxCIDRs;
    this.used[candidate] = 1;
    this.allocated++;
    return this.indexToCIDR(candidate);
  }

  /** Marks a subnet (e.g. a Node's existing podCIDR) used. */
  occupy(cidr: string): void {
    const i = this.indexOf(cidr);
    if (!this.used[i]) {
      this.used[i] = 1;
      this.allocated++;
    }
  }

  release(cidr: string): void {
    const i = this.indexOf(cidr);
    if (this.used[i]) {
      this.used[i] = 0;
      this.allocated--;
    }
  }

  private indexToCIDR(i: number): string {
    const ip = (this.base + i * 2 ** (32 - this.subnetMaskSize)) >>> 0;
    return `${[24, 16, 8, 0].map((s) => (ip >>> s) & 255).join('.')}/${this.subnetMaskSize}`;
  }

  private indexOf(cidr: string): number {
    const { ip, mask } = parseCIDR(cidr);
    if (mask !== this.subnetMaskSize) throw new CidrSetError(`CIDR ${cidr} does not have mask size ${this.subnetMaskSize}`);
    const i = Math.floor((ip - this.base) / 2 ** (32 - this.subnetMaskSize));
    if (ip < this.base || i >= this.maxCIDRs) throw new CidrSetError(`cidr ${cidr} is out the range of cluster cidr ${this.clusterCIDR}`);
    return i;
  }
}

/** "10.244.0.0/16" to the network address as an unsigned 32-bit number and the mask size. */
export function parseCIDR(cidr: string): { ip: number; mask: number } {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)\/(\d+)$/.exec(cidr);
  if (!m) throw new CidrSetError(`invalid CIDR address: ${cidr}`);
  const mask = Number(m[5]);
  const raw = ((Number(m[1]) << 24) | (Number(m[2]) << 16) | (Number(m[3]) << 8) | Number(m[4])) >>> 0;
  const net = mask === 0 ? 0 : (raw & (0xffffffff << (32 - mask))) >>> 0;
  return { ip: net, mask };
}
