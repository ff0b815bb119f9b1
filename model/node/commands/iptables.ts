import type { NodeHost } from '../host';
import { networkOf } from '../network/fabric';
import type { NetNamespace } from '../network/namespace';
import { formatList } from '../network/netfilter/listing';
import { formatSave, saveRule } from '../network/netfilter/save';
import { TABLES, type TableName } from '../network/netfilter/tables';
import type { CommandResult } from './index';

const V = 'iptables v1.8.9 (nf_tables)';
const TRY = "Try `iptables -h' or 'iptables --help' for more information.\n";

/** Well-known reverse lookups the node's resolver answers beyond its own names (public DNS). */
const PTR: Record<string, string> = { '224.0.0.0': 'base-address.mcast.net' };

/**
 * The node's reverse lookup as getnameinfo(3) does it on the node: /etc/hosts (localhost),
 * then nss-myhostname, which names every local address after the host (hence `!k8s-master/16`
 * for 10.244.0.0, flannel.1's address on the control-plane node), then DNS.
 */
export function resolver(host: NodeHost, ns: NetNamespace): (ip: string) => string | undefined {
  return (ip) => (ip === '127.0.0.1' ? 'localhost' : ns.isLocal(ip) ? host.name : PTR[ip]);
}

/**
 * `iptables [-t TABLE] -L|--list [CHAIN] [-n] [-v] [--line-numbers]` and `-S|--list-rules
 * [CHAIN]`, printed from the node's netfilter tables as iptables v1.8.9 (nf_tables) prints them;
 * `-F|--flush [CHAIN]` deletes the rules of one chain or of the whole table.
 */
export function iptables(host: NodeHost, args: string[]): CommandResult {
  const net = networkOf(host);
  if (!net) return { stdout: '', stderr: `${V}: Could not fetch rule set generation id: Permission denied (you must be root)\n`, code: 4 };
  let table: string = 'filter';
  let mode: 'list' | 'rules' | 'flush' | undefined;
  let chain: string | undefined;
  let numeric = false;
  let verbose = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-t' || a === '--table') table = args[++i] ?? '';
    else if (a === '-L' || a === '--list') mode = 'list';
    else if (a === '-S' || a === '--list-rules') mode = 'rules';
    else if (a === '-F' || a === '--flush') mode = 'flush';
    else if (a === '-n' || a === '--numeric') numeric = true;
    else if (a === '-v' || a === '--verbose') verbose = true;
    else if (a === '-x' || a === '--exact') continue;
    else if (/^-[nvLSx]+$/.test(a)) {
      for (const f of a.slice(1)) {
        if (f === 'n') numeric = true;
        if (f === 'v') verbose = true;
        if (f === 'L') mode = 'list';
        if (f === 'S') mode = 'rules';
      }
    } else if (!a.startsWith('-') && mode && chain === undefined) chain = a;
    else return { stdout: '', stderr: `${V}: unknown option "${a}"\n${TRY}`, code: 2 };
  }
  if (!TABLES.includes(table as TableName)) return { stdout: '', stderr: `${V}: table '${table}' does not exist\nPerhaps iptables or your kernel needs to be upgraded.\n`, code: 3 };
  if (!mode) return { stdout: '', stderr: `${V}: no command specified\n${TRY}`, code: 2 };
  const t = net.ns.netfilter.table(table as TableName);
  const c = chain === undefined ? undefined : t.chains.get(chain);
  if (chain !== undefined && !c) return { stdout: '', stderr: `${V}: chain \`${chain}' in table \`${table}' is incompatible, use 'nft' tool.\n`, code: 1 };
  const chains = c ? [c] : t.listed();
  // -F: every rule of the chain (or of every chain of the table) goes; the chains stay.
  if (mode === 'flush') {
    for (const ch of chains) ch.rules.length = 0;
    return { stdout: '', stderr: '', code: 0 };
  }
  if (mode === 'rules') {
    let out = '';
    for (const ch of chains) out += ch.policy ? `-P ${ch.name} ${ch.policy}\n` : `-N ${ch.name}\n`;
    for (const ch of chains) for (const r of ch.rules) out += `-A ${ch.name}${saveRule(r)}\n`;
    return { stdout: out, stderr: '', code: 0 };
  }
  return { stdout: formatList(t, chains, { numeric, verbose, resolve: resolver(host, net.ns) }), stderr: '', code: 0 };
}

/** `iptables-save [-t TABLE]`: every table (filter, nat, mangle), or one. */
export function iptablesSave(host: NodeHost, args: string[]): CommandResult {
  const net = networkOf(host);
  if (!net) return { stdout: '', stderr: '', code: 1 };
  let only: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-t' || args[i] === '--table') only = args[++i];
    else return { stdout: '', stderr: `iptables-save v1.8.9 (nf_tables): unknown option "${args[i]}"\nTry \`iptables-save -h' for more information.\n`, code: 1 };
  }
  if (only !== undefined && !TABLES.includes(only as TableName)) return { stdout: '', stderr: `iptables-save v1.8.9 (nf_tables): table '${only}' does not exist\n`, code: 1 };
  const now = host.sim.clock.nowMs();
  // iptables-save prints the tables in the kernel's order: mangle, filter, nat.
  const tables: TableName[] = only ? [only as TableName] : ['mangle', 'filter', 'nat'];
  return { stdout: tables.map((t) => formatSave(net.ns.netfilter.table(t), now)).join(''), stderr: '', code: 0 };
}
