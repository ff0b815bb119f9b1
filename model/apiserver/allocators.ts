/**
 * The Service allocators of kube-apiserver (pkg/registry/core/service/ipallocator and
 * portallocator): a bitmap over a range with a reserved low band. Dynamic allocation picks a
 * random point in the upper band and scans forward for a free slot (randomScanStrategyWithOffset),
 * so addresses a user may ask for by hand (10.96.0.10 for kube-dns) stay free; only when the
 * upper band is full does it fall back to the low band. Randomness comes from the simulation's
 * seeded generator, so the same seed hands out the same addresses.
 *
 * Kubernetes v1.32 keeps the bitmaps in etcd (/registry/ranges/...) and repairs them from the
 * stored Services; this model keeps them in the API server's memory and rebuilds them from the
 * stored Services on first use, which is what the repair loop converges to.
 */
import type { Rng } from '../sim/rng';

/** allocator.AllocationBitmap with randomScanStrategyWithOffset. */
export class AllocationBitmap {
  private readonly used = new Set<number>();

  constructor(
    /** Number of items (offsets 0 .. max-1). */
    readonly max: number,
    /** Offsets below this are the static band. */
    readonly offset: number,
    private readonly rng: Rng,
  ) {}

  /** Reserves a given offset; false when it is taken. */
  allocate(i: number): boolean {
    if (this.used.has(i)) return false;
    this.used.add(i);
    return true;
  }

  /** Reserves a free offset, upper band first; undefined when the range is full. */
  allocateNext(): number | undefined {
    if (this.used.size >= this.max) return undefined;
    const upper = this.max - this.offset;
    if (upper > 0) {
      const start = this.rng.int(upper);
      for (let i = 0; i < upper; i++) {
        const at = this.offset + ((start + i) % upper);
        if (!this.used.has(at)) return this.take(at);
      }
    }
    if (this.offset > 0) {
      const start = this.rng.int(this.offset);
      for (let i = 0; i < this.offset; i++) {
        const at = (start + i) % this.offset;
        if (!this.used.has(at)) return this.take(at);
      }
    }
    return undefined;
  }

  release(i: number): void {
    this.used.delete(i);
  }

  has(i: number): boolean {
    return this.used.has(i);
  }

  private take(i: number): number {
    this.used.add(i);
    return i;
  }
}

/** The allocator errors, worded as kube-apiserver v1.32 words them. */
export class AllocationError extends Error {}

/** An IPv4 address as a 32-bit unsigned number, or undefined when it is not one. */
export function parseIPv4(s: string): number | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return undefined;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return undefined;
  return ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0;
}

export function formatIPv4(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/**
 * calculateRangeOffset: min(max(min, size/step), max), 0 for tiny ranges. The ClusterIP range
 * uses 16/256/16 (a /12 reserves 10.96.0.1 - 10.96.1.0), the NodePort range 16/128/32.
 */
function rangeOffset(size: number, min: number, max: number, step: number): number {
  if (size <= min) return 0;
  return Math.min(Math.max(min, Math.floor(size / step)), max);
}

/** ipallocator.Range over an IPv4 CIDR: neither the network nor the broadcast address is handed out. */
export class ServiceIPRange {
  readonly cidr: string;
  private readonly base: number;
  private readonly bitmap: AllocationBitmap;

  constructor(cidr: string, rng: Rng) {
    this.cidr = cidr;
    const [ip, bits] = cidr.split('/');
    const size = 2 ** (32 - Number(bits));
    this.base = (parseIPv4(ip) ?? 0) + 1;
    this.bitmap = new AllocationBitmap(Math.max(0, size - 2), rangeOffset(size, 16, 256, 16), rng);
  }

  private offsetOf(ip: string): number | undefined {
    const n = parseIPv4(ip);
    if (n === undefined) return undefined;
    const off = n - this.base;
    return off >= 0 && off < this.bitmap.max ? off : undefined;
  }

  /** Allocate(ip): throws with ErrNotInRange or ErrAllocated's text. */
  allocate(ip: string): void {
    const off = this.offsetOf(ip);
    if (off === undefined) throw new AllocationError(`the provided IP (${ip}) is not in the valid range. The range of valid IPs is ${this.cidr}`);
    if (!this.bitmap.allocate(off)) throw new AllocationError('provided IP is already allocated');
  }

  /** AllocateNext: throws ErrFull's text when nothing is left. */
  allocateNext(): string {
    const off = this.bitmap.allocateNext();
    if (off === undefined) throw new AllocationError('range is full');
    return formatIPv4(this.base + off);
  }

  release(ip: string): void {
    const off = this.offsetOf(ip);
    if (off !== undefined) this.bitmap.release(off);
  }

  has(ip: string): boolean {
    const off = this.offsetOf(ip);
    return off !== undefined && this.bitmap.has(off);
  }
}

/** portallocator.PortAllocator over --service-node-port-range (30000-32767 by default). */
export class NodePortRange {
  private readonly bitmap: AllocationBitmap;

  constructor(
    readonly first: number,
    readonly last: number,
    rng: Rng,
  ) {
    const size = last - first + 1;
    this.bitmap = new AllocationBitmap(size, rangeOffset(size, 16, 128, 32), rng);
  }

  get text(): string {
    return `${this.first}-${this.last}`;
  }

  allocate(port: number): void {
    if (!(port >= this.first && port <= this.last)) throw new AllocationError(`provided port is not in the valid range. The range of valid ports is ${this.text}`);
    if (!this.bitmap.allocate(port - this.first)) throw new AllocationError('provided port is already allocated');
  }

  allocateNext(): number {
    const off = this.bitmap.allocateNext();
    if (off === undefined) throw new AllocationError('range is full');
    return this.first + off;
  }

  release(port: number): void {
    if (port >= this.first && port <= this.last) this.bitmap.release(port - this.first);
  }
}
