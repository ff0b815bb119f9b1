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

  /**
   * Occupy: marks used every subnet the CIDR overlaps (a Node's existing podCIDR, or a wider or
   * narrower range); each newly used one counts once.
   */
  occupy(cidr: string): void {
    const [begin, end] = this.beginningAndEnd(cidr);
    for (let i = begin; i <= end; i++) {
      if (this.used[i]) continue;
      this.used[i] = 1;
      this.allocated++;
    }
  }

  /** Release: frees every subnet the CIDR overlaps. */
  release(cidr: string): void {
    const [begin, end] = this.beginningAndEnd(cidr);
    for (let i = begin; i <= end; i++) {
      if (!this.used[i]) continue;
      this.used[i] = 0;
      this.allocated--;
    }
  }

  isUsed(i: number): boolean {
    return this.used[i] === 1;
  }

  /** How many subnets are in use (allocatedCIDRs). */
  get allocatedCIDRs(): number {
    return this.allocated;
  }

  /** indexToCIDRBlock: the index-th subnet of the cluster CIDR. */
  indexToCIDR(i: number): string {
    const ip = (this.base + i * 2 ** (32 - this.subnetMaskSize)) >>> 0;
    return `${formatIP(ip)}/${this.subnetMaskSize}`;
  }

  /** getIndexForIP: which subnet an address is in, from its bits below the cluster mask. */
  indexForIP(ip: number): number {
    const i = ((this.base ^ ip) >>> 0) / 2 ** (32 - this.subnetMaskSize);
    if (Math.floor(i) >= this.maxCIDRs) throw new CidrSetError(`CIDR: ${formatIP(ip)}/${this.subnetMaskSize} is out of the range of CIDR allocator`);
    return Math.floor(i);
  }

  /**
   * getBeginningAndEndIndices: the subnets a CIDR overlaps; all of them for a CIDR as wide as the
   * cluster's or wider, none (an error) for one outside it.
   */
  private beginningAndEnd(cidr: string): [number, number] {
    const { ip, mask } = parseCIDR(cidr);
    const inCluster = (network: number, m: number, addr: number) => m === 0 || (((network ^ addr) >>> 0) >>> (32 - m)) === 0;
    if (!inCluster(this.base, this.clusterMask, ip) && !inCluster(ip, mask, this.base))
      throw new CidrSetError(`cidr ${formatIP(ip)}/${mask} is out the range of cluster cidr ${formatIP(this.base)}/${this.clusterMask}`);
    if (this.clusterMask >= mask) return [0, this.maxCIDRs - 1];
    const subnet = (addr: number) => (this.subnetMaskSize === 0 ? 0 : (addr & (0xffffffff << (32 - this.subnetMaskSize))) >>> 0);
    const last = (ip + 2 ** (32 - mask) - 1) >>> 0;
    return [this.indexForIP(subnet(ip)), this.indexForIP(subnet(last))];
  }
}

const formatIP = (ip: number) => [24, 16, 8, 0].map((s) => (ip >>> s) & 255).join('.');

/** "10.244.0.0/16" to the network address as an unsigned 32-bit number and the mask size. */
export function parseCIDR(cidr: string): { ip: number; mask: number } {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)\/(\d+)$/.exec(cidr);
  if (!m) throw new CidrSetError(`invalid CIDR address: ${cidr}`);
  const mask = Number(m[5]);
  const raw = ((Number(m[1]) << 24) | (Number(m[2]) << 16) | (Number(m[3]) << 8) | Number(m[4])) >>> 0;
  const net = mask === 0 ? 0 : (raw & (0xffffffff << (32 - mask))) >>> 0;
  return { ip: net, mask };
}
