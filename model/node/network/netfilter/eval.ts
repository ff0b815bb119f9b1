import { cidrContains } from '../addr';
import type { Rng } from '../../../sim/rng';
import type { Match, Rule } from './rule';
import type { TableName, Netfilter } from './tables';

/** The packet as netfilter sees it at a hook. `mark` is the skb mark KUBE-MARK-MASQ sets. */
export interface Packet {
  src: string;
  dst: string;
  proto: 'tcp' | 'udp';
  sport: number;
  dport: number;
  mark: number;
  inIface?: string;
  outIface?: string;
}

/** What the walk needs of the node: which addresses are its own (addrtype LOCAL), and the RNG. */
export interface EvalContext {
  isLocal(ip: string): boolean;
  rng: Rng;
}

/** The outcome of one hook: the verdict, the NAT it decided, and the rules that matched, in order. */
export interface HookResult {
  verdict: 'ACCEPT' | 'DROP' | 'REJECT';
  dnat?: string;
  masquerade?: boolean;
  /** "CHAIN -> TARGET" for each matching rule that jumped or acted. */
  path: string[];
}

/**
 * Runs a packet through one table's built-in chain, as the kernel does at a hook: rules in
 * order, jumps into user chains, RETURN, MARK (which continues), DNAT and MASQUERADE (which
 * end the walk in the nat table), ACCEPT, DROP, REJECT, and the chain policy at the end.
 * The packet's mark is updated in place.
 */
export function runHook(nf: Netfilter, table: TableName, chain: string, pkt: Packet, ctx: EvalContext): HookResult {
  const t = nf.table(table);
  const path: string[] = [];
  const walk = (name: string, depth: number): HookResult | undefined => {
    const c = t.chains.get(name);
    if (!c || depth > 32) return undefined;
    for (const r of c.rules) {
      if (!matches(r, pkt, ctx)) continue;
      const tg = r.target;
      switch (tg.kind) {
        case 'jump': {
          path.push(`${name} -> ${tg.chain}`);
          const res = walk(tg.chain, depth + 1);
          if (res) return res;
          continue;
        }
        case 'RETURN':
          path.push(`${name} -> RETURN`);
          return undefined;
        case 'MARK':
          pkt.mark = ((pkt.mark & ~tg.mask) ^ tg.value) >>> 0;
          path.push(`${name} -> MARK`);
          continue;
        case 'DNAT':
          path.push(`${name} -> DNAT to:${tg.to}`);
          return { verdict: 'ACCEPT', dnat: tg.to, path };
        case 'MASQUERADE':
          path.push(`${name} -> MASQUERADE`);
          return { verdict: 'ACCEPT', masquerade: true, path };
        case 'ACCEPT':
        case 'DROP':
        case 'REJECT':
          path.push(`${name} -> ${tg.kind}`);
          return { verdict: tg.kind, path };
      }
    }
    return undefined;
  };
  const res = walk(chain, 0);
  return res ?? { verdict: t.chains.get(chain)?.policy ?? 'ACCEPT', path };
}

function matches(r: Rule, p: Packet, ctx: EvalContext): boolean {
  if (r.src && cidrContains(r.src.cidr, p.src) === r.src.neg) return false;
  if (r.dst && cidrContains(r.dst.cidr, p.dst) === r.dst.neg) return false;
  if (r.proto && r.proto !== 'all' && r.proto !== p.proto) return false;
  if (r.inIface && r.inIface !== p.inIface) return false;
  if (r.outIface && r.outIface !== p.outIface) return false;
  return r.matches.every((m) => matchOne(m, p, ctx));
}

function matchOne(m: Match, p: Packet, ctx: EvalContext): boolean {
  switch (m.kind) {
    case 'comment':
      return true;
    case 'tcp':
    case 'udp':
      if (p.proto !== m.kind) return false;
      if (m.sport !== undefined && m.sport !== p.sport) return false;
      return m.dport === undefined || (m.dport === p.dport) !== !!m.negDport;
    case 'addrtype':
      if (m.srcType === 'LOCAL' && !ctx.isLocal(p.src)) return false;
      return m.dstType !== 'LOCAL' || ctx.isLocal(p.dst) !== !!m.negDst;
    case 'statistic':
      // xt_statistic: matches when a random u32 (31 bits) is below the stored probability.
      return ctx.rng.nextU32() >>> 1 < m.probability;
    case 'mark':
      return ((p.mark & m.mask) === m.value) !== m.neg;
    case 'conntrack':
      // Every walked packet opens a new connection: NEW, never INVALID or ESTABLISHED.
      return m.ctstate.split(',').includes('NEW') !== m.neg;
  }
}
