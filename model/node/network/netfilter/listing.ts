import { intToIp } from '../addr';
import { serviceName } from '../services-db';
import type { AddrMatch, Match, Rule, Target } from './rule';
import { markText } from './save';
import type { Chain, Table } from './tables';

/** How `iptables -L` was asked to print. */
export interface ListOptions {
  /** -n: addresses, ports and protocols as numbers. */
  numeric: boolean;
  /** -v: counters and interfaces. */
  verbose: boolean;
  /** Reverse lookup of an address (the node's /etc/hosts and its own addresses); undefined when none. */
  resolve(ip: string): string | undefined;
}

const PROTO_NUM: Record<string, number> = { all: 0, icmp: 1, tcp: 6, udp: 17 };

/** `iptables -t TABLE -L [CHAIN] [-n] [-v]` as iptables v1.8.9 (nf_tables) prints it. */
export function formatList(table: Table, chains: Chain[], o: ListOptions): string {
  return chains.map((c) => formatChain(table, c, o)).join('\n');
}

function formatChain(table: Table, c: Chain, o: ListOptions): string {
  let out = `Chain ${c.name}`;
  if (c.policy) out += o.verbose ? ` (policy ${c.policy} 0 packets, 0 bytes)\n` : ` (policy ${c.policy})\n`;
  else out += ` (${table.references(c.name)} references)\n`;
  out += o.verbose
    ? ' pkts bytes target     prot opt in     out     source               destination         \n'
    : 'target     prot opt source               destination         \n';
  for (const r of c.rules) out += formatRule(r, o) + '\n';
  return out;
}

function formatRule(r: Rule, o: ListOptions): string {
  const target = r.target.kind === 'jump' ? r.target.chain : r.target.kind;
  const proto = r.proto ?? 'all';
  let s = o.verbose ? `${'0'.padStart(5)} ${'0'.padStart(5)} ` : '';
  s += `${target.padEnd(9)} `;
  s += ' ' + (o.numeric ? String(PROTO_NUM[proto] ?? proto) : proto).padEnd(5);
  s += '-- ';
  if (o.verbose) s += `${(r.inIface ?? '*').padEnd(6)} ${(r.outIface ?? '*').padEnd(6)} `;
  s += addr(r.src, o) + addr(r.dst, o);
  for (const m of r.matches) s += matchText(m, r, o);
  s += targetText(r.target, r);
  return s;
}

function addr(a: AddrMatch | undefined, o: ListOptions): string {
  const neg = a?.neg ? '!' : ' ';
  if (!a || a.cidr.bits === 0) return `${neg}${(o.numeric ? '0.0.0.0/0' : 'anywhere').padEnd(19)} `;
  const ip = intToIp(a.cidr.addr);
  const host = o.numeric ? ip : (o.resolve(ip) ?? ip);
  return `${neg}${(host + (a.cidr.bits === 32 ? '' : `/${a.cidr.bits}`)).padEnd(19)} `;
}

function port(p: number, proto: string, o: ListOptions): string {
  return o.numeric ? String(p) : serviceName(p, proto);
}

function matchText(m: Match, r: Rule, o: ListOptions): string {
  switch (m.kind) {
    case 'comment':
      return ` /* ${m.comment} */`;
    case 'tcp':
    case 'udp':
      return ` ${m.kind}${m.sport !== undefined ? ` spt:${port(m.sport, m.kind, o)}` : ''}${m.dport !== undefined ? ` dpt:${m.negDport ? '!' : ''}${port(m.dport, m.kind, o)}` : ''}`;
    case 'addrtype':
      return ` ADDRTYPE match${m.srcType ? ` src-type ${m.srcType}` : ''}${m.dstType ? ` dst-type ${m.negDst ? '!' : ''}${m.dstType}` : ''}`;
    case 'statistic':
      return ` statistic mode random probability ${(m.probability / 0x80000000).toFixed(11)}`;
    case 'mark':
      return ` mark match ${m.neg ? '! ' : ''}${markText(m.value, m.mask)}`;
    case 'conntrack':
      return ` ctstate ${m.neg ? '! ' : ''}${m.ctstate}`;
  }
  void r;
}

function targetText(t: Target, r: Rule): string {
  void r;
  switch (t.kind) {
    case 'DNAT':
      return ` to:${t.to}`;
    case 'MASQUERADE':
      return t.randomFully ? ' random-fully' : '';
    case 'MARK':
      if (t.value === t.mask) return ` MARK or 0x${t.value.toString(16)}`;
      if (t.mask === 0) return ` MARK xor 0x${t.value.toString(16)}`;
      if (t.mask === 0xffffffff) return ` MARK set 0x${t.value.toString(16)}`;
      return ` MARK xset 0x${t.value.toString(16)}/0x${t.mask.toString(16)}`;
    case 'REJECT':
      return ` reject-with ${t.with}`;
    default:
      return '';
  }
}
