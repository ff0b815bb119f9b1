import { parseCidr, type Cidr } from '../addr';

/** An address match (`-s`/`-d`), possibly inverted with `!`. */
export interface AddrMatch {
  cidr: Cidr;
  neg: boolean;
}

/** A match extension (`-m NAME …`), in the order the rule gave them. */
export type Match =
  | { kind: 'comment'; comment: string }
  | { kind: 'tcp' | 'udp'; dport?: number; sport?: number; negDport?: boolean }
  | { kind: 'addrtype'; dstType?: string; srcType?: string; negDst?: boolean }
  /** `--probability` stored as the kernel does: a 32-bit fraction of 0x80000000. */
  | { kind: 'statistic'; probability: number }
  | { kind: 'mark'; value: number; mask: number; neg: boolean }
  | { kind: 'conntrack'; ctstate: string; neg: boolean };

/** What a rule does when it matches. */
export type Target =
  | { kind: 'jump'; chain: string }
  | { kind: 'ACCEPT' | 'DROP' | 'RETURN' }
  | { kind: 'DNAT'; to: string }
  | { kind: 'MASQUERADE'; randomFully: boolean }
  /** MARK stored as --set-xmark value/mask: `--or-mark X` is X/X, `--xor-mark X` is X/0. */
  | { kind: 'MARK'; value: number; mask: number }
  | { kind: 'REJECT'; with: string };

/** One iptables rule as data: what the printers print and the packet walker evaluates. */
export interface Rule {
  src?: AddrMatch;
  dst?: AddrMatch;
  /** -p: tcp, udp, icmp; undefined is "all". */
  proto?: string;
  inIface?: string;
  outIface?: string;
  matches: Match[];
  target: Target;
}

/** A rule that iptables would refuse, with iptables' message. */
export class RuleError extends Error {}

/** The kernel's 32-bit representation of a statistic probability (libxt_statistic: lround(0x80000000 * p)). */
export function probabilityToU32(p: number): number {
  return Math.round(0x80000000 * p);
}

const parseNum = (s: string | undefined): number => (s && /^0x/i.test(s) ? parseInt(s, 16) : Number(s));

/**
 * Parses a rule's arguments (everything after `-A CHAIN`), as iptables-restore and
 * `iptables -A` read them: `-s`, `-d`, `-p`, `-i`, `-o` (each invertible with a preceding
 * `!`), `-m comment|tcp|udp|addrtype|statistic|mark|conntrack` with their options, and
 * `-j TARGET` with its options. `isChain` says whether a target name is a chain.
 */
export function parseRule(args: string[], isChain: (name: string) => boolean): Rule {
  const rule: Rule = { matches: [], target: { kind: 'ACCEPT' } };
  let targetSet = false;
  let neg = false;
  let current: Match | undefined;
  let i = 0;
  const value = (opt: string): string => {
    const v = args[++i];
    if (v === undefined) throw new RuleError(`option "${opt}" requires an argument`);
    return v;
  };
  const addr = (opt: string): AddrMatch => {
    const v = value(opt);
    const cidr = parseCidr(v);
    if (!cidr) throw new RuleError(`host/network \`${v}' not found`);
    return { cidr, neg };
  };
  for (; i < args.length; i++) {
    const a = args[i];
    if (a === '!') {
      neg = true;
      continue;
    }
    switch (a) {
      case '-s': case '--source': rule.src = addr(a); break;
      case '-d': case '--destination': rule.dst = addr(a); break;
      case '-p': case '--protocol': rule.proto = value(a).toLowerCase(); break;
      case '-i': case '--in-interface': rule.inIface = value(a); break;
      case '-o': case '--out-interface': rule.outIface = value(a); break;
      case '-m': case '--match': {
        const name = value(a);
        current = newMatch(name);
        rule.matches.push(current);
        break;
      }
      case '-j': case '--jump': {
        const name = value(a);
        targetSet = true;
        rule.target = newTarget(name, isChain);
        break;
      }
      default:
        if (!a.startsWith('--')) throw new RuleError(`Bad argument \`${a}'`);
        if (targetSet && applyTargetOption(rule.target, a, () => value(a))) break;
        // `-p tcp --dport 80` loads the tcp match implicitly, where the option appears.
        if ((a === '--dport' || a === '--sport') && (rule.proto === 'tcp' || rule.proto === 'udp') && current?.kind !== rule.proto) rule.matches.push((current = newMatch(rule.proto)));
        if (!current || !applyMatchOption(current, a, neg, () => value(a))) throw new RuleError(`unknown option "${a}"`);
    }
    neg = false;
  }
  if (!targetSet) throw new RuleError('no target given');
  return rule;

  function newMatch(name: string): Match {
    switch (name) {
      case 'comment': return { kind: 'comment', comment: '' };
      case 'tcp': case 'udp': return { kind: name };
      case 'addrtype': return { kind: 'addrtype' };
      case 'statistic': return { kind: 'statistic', probability: 0 };
      case 'mark': return { kind: 'mark', value: 0, mask: 0xffffffff, neg: false };
      case 'conntrack': return { kind: 'conntrack', ctstate: '', neg: false };
      default: throw new RuleError(`Couldn't load match \`${name}':No such file or directory`);
    }
  }
}

function applyMatchOption(m: Match, opt: string, neg: boolean, value: () => string): boolean {
  if (m.kind === 'comment' && opt === '--comment') m.comment = value();
  else if ((m.kind === 'tcp' || m.kind === 'udp') && (opt === '--dport' || opt === '--destination-port')) {
    m.dport = Number(value());
    m.negDport = neg;
  } else if ((m.kind === 'tcp' || m.kind === 'udp') && (opt === '--sport' || opt === '--source-port')) m.sport = Number(value());
  else if (m.kind === 'addrtype' && opt === '--dst-type') {
    m.dstType = value();
    m.negDst = neg;
  } else if (m.kind === 'addrtype' && opt === '--src-type') m.srcType = value();
  else if (m.kind === 'statistic' && opt === '--mode') value();
  else if (m.kind === 'statistic' && opt === '--probability') m.probability = probabilityToU32(Number(value()));
  else if (m.kind === 'mark' && opt === '--mark') {
    const [v, mask] = value().split('/');
    m.value = parseNum(v);
    m.mask = mask === undefined ? 0xffffffff : parseNum(mask);
    m.neg = neg;
  } else if (m.kind === 'conntrack' && opt === '--ctstate') {
    m.ctstate = value();
    m.neg = neg;
  } else return false;
  return true;
}

function newTarget(name: string, isChain: (n: string) => boolean): Target {
  switch (name) {
    case 'ACCEPT': case 'DROP': case 'RETURN': return { kind: name };
    case 'DNAT': return { kind: 'DNAT', to: '' };
    case 'MASQUERADE': return { kind: 'MASQUERADE', randomFully: false };
    case 'MARK': return { kind: 'MARK', value: 0, mask: 0 };
    case 'REJECT': return { kind: 'REJECT', with: 'icmp-port-unreachable' };
    default:
      if (!isChain(name)) throw new RuleError(`Couldn't load target \`${name}':No such file or directory`);
      return { kind: 'jump', chain: name };
  }
}

function applyTargetOption(t: Target, opt: string, value: () => string): boolean {
  if (t.kind === 'DNAT' && opt === '--to-destination') t.to = value();
  else if (t.kind === 'MASQUERADE' && opt === '--random-fully') t.randomFully = true;
  else if (t.kind === 'REJECT' && opt === '--reject-with') t.with = value();
  else if (t.kind === 'MARK' && (opt === '--or-mark' || opt === '--xor-mark' || opt === '--set-mark' || opt === '--set-xmark')) {
    const [v, mask] = value().split('/');
    const n = parseNum(v);
    if (opt === '--or-mark') Object.assign(t, { value: n, mask: n });
    else if (opt === '--xor-mark') Object.assign(t, { value: n, mask: 0 });
    else Object.assign(t, { value: n, mask: mask === undefined ? 0xffffffff : parseNum(mask) });
  } else return false;
  return true;
}
