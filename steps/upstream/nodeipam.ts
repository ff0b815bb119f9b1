/**
 * The node IPAM's CIDR set (pkg/controller/nodeipam/ipam/cidrset's cidr_set_test.go;
 * steps/fixtures/upstream/nodeipam.json) run against the model's CidrSet.
 */
import { Then } from '@cucumber/cucumber';
import { CidrSet, CidrSetError, NO_CIDRS_REMAINING, parseCIDR } from '../../model/controllers/nodeipam/cidrset';
import { runCases, same } from './apps-fakes';

const FILE = 'nodeipam.json';

/** The error AllocateNext gives, or undefined when it allocates. */
function allocateError(set: CidrSet): string | undefined {
  try {
    set.allocateNext();
    return undefined;
  } catch (e) {
    if (!(e instanceof CidrSetError)) throw e;
    return e.message;
  }
}

/** Allocates count subnets, then checks the next allocation fails as upstream's does. */
function allocateAll(set: CidrSet, count: number): string[] | string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(set.allocateNext());
  const err = allocateError(set);
  return err === NO_CIDRS_REMAINING ? out : `allocation ${count + 1} gave ${err ?? 'a CIDR'}, want "${NO_CIDRS_REMAINING}"`;
}

/** The CidrSetError fn throws, or undefined. */
function cidrSetError(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    if (!(e instanceof CidrSetError)) throw e;
    return e.message;
  }
}

const CHECKS: Record<string, (c: any) => string | undefined> = {
  // Allocate the only subnet, fail, release it, get it again, fail again.
  fullyAllocated: (c) => {
    const set = new CidrSet(c.cluster, c.mask);
    const first = allocateAll(set, 1);
    if (typeof first === 'string') return first;
    set.release(first[0]);
    const again = allocateAll(set, 1);
    if (typeof again === 'string') return again;
    return same([first[0], again[0]], [c.expected, c.expected]);
  },
  indexToCIDRBlock: (c) => same(new CidrSet(c.cluster, c.mask).indexToCIDR(c.index), c.block),
  // All of them, released, and all again: the same subnets.
  randomishAllocation: (c) => {
    const set = new CidrSet(c.cluster, c.mask);
    const first = allocateAll(set, c.count);
    if (typeof first === 'string') return first;
    for (const cidr of first) set.release(cidr);
    const again = allocateAll(set, c.count);
    if (typeof again === 'string') return again;
    return same(again, first);
  },
  // All of them, released, the last half occupied (its first twice): the first half comes back.
  allocationOccupied: (c) => {
    const set = new CidrSet(c.cluster, c.mask);
    const first = allocateAll(set, c.count);
    if (typeof first === 'string') return first;
    for (const cidr of first) set.release(cidr);
    for (const cidr of first.slice(c.count / 2)) set.occupy(cidr);
    set.occupy(first[c.count / 2]);
    const again = allocateAll(set, c.count / 2);
    if (typeof again === 'string') return again;
    return same([...again, ...first.slice(c.count / 2)], first);
  },
  doubleOccupyRelease: (c) => {
    const set = new CidrSet(c.cluster, c.mask);
    for (const [op, cidr, occupied] of c.operations) {
      if (op === 'occupy') set.occupy(cidr);
      else set.release(cidr);
      if (set.allocatedCIDRs !== occupied) return `after ${op} ${cidr}: ${set.allocatedCIDRs} occupied, want ${occupied}`;
    }
    const rest = allocateAll(set, c.allocatable);
    return typeof rest === 'string' ? rest : undefined;
  },
  getBitForCIDR: (c) => {
    const set = new CidrSet(c.cluster, c.mask);
    try {
      const bit = set.indexForIP(parseCIDR(c.subnet).ip);
      return c.err ? `no error, got ${bit}` : same(bit, c.bit);
    } catch (e) {
      if (!(e instanceof CidrSetError)) throw e;
      if (!c.err) return `error ${e.message}`;
      return typeof c.err === 'string' ? same(e.message, c.err) : undefined;
    }
  },
  // Exactly the subnets begin..end are used.
  occupy: (c) => {
    const set = new CidrSet(c.cluster, c.mask);
    if (c.err) {
      const err = cidrSetError(() => set.occupy(c.subnet));
      return same([err, set.allocatedCIDRs], [c.err, 0]);
    }
    set.occupy(c.subnet);
    for (let i = 0; i < set.maxCIDRs; i++) if (set.isUsed(i) !== (i >= c.begin && i <= c.end)) return `subnet ${i} used: ${set.isUsed(i)}`;
    return same(set.allocatedCIDRs, c.end - c.begin + 1);
  },
  allocateTwo: (c) => {
    const set = new CidrSet(c.cluster, c.mask);
    return same([set.allocateNext(), set.allocateNext()], [c.expected, c.expected2]);
  },
  // Occupy does not move the cursor: the next allocation tries each occupied subnet first.
  occupyThenAllocate: (c) => {
    const set = new CidrSet(c.cluster, c.mask);
    set.occupy(c.occupy);
    return same([set.allocateNext(), set.allocatedCIDRs], [c.expected, c.allocated]);
  },
  maxCIDRs: (c) => same(new CidrSet(c.cluster, c.mask).maxCIDRs, c.max),
  parseCIDR: (c) => {
    let got: unknown;
    const err = cidrSetError(() => {
      const { ip, mask } = parseCIDR(c.cidr);
      got = { ip: [24, 16, 8, 0].map((s) => (ip >>> s) & 255).join('.'), mask };
    });
    return c.err ? same(err, c.err) : same(got ?? err, { ip: c.ip, mask: c.mask });
  },
  newCIDRSet: (c) => {
    let max: number | undefined;
    const err = cidrSetError(() => (max = new CidrSet(c.cluster, c.mask).maxCIDRs));
    return c.err ? same(err, c.err) : same(max ?? err, c.max);
  },
};

Then('every case of upstream\'s nodeipam test {word} holds on the model', function (table: string) {
  const check = CHECKS[table];
  if (!check) throw new Error(`no check for nodeipam table ${table}`);
  runCases(FILE, table, check);
});
