import { parseRule, RuleError, type Rule } from './rule';

/** A chain: built-in chains have a policy, user chains count the rules that jump to them. */
export interface Chain {
  name: string;
  policy?: 'ACCEPT' | 'DROP';
  rules: Rule[];
}

export type TableName = 'filter' | 'nat' | 'mangle';

const BUILTIN: Record<TableName, string[]> = {
  filter: ['INPUT', 'FORWARD', 'OUTPUT'],
  nat: ['PREROUTING', 'INPUT', 'OUTPUT', 'POSTROUTING'],
  mangle: ['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING'],
};

export const TABLES = Object.keys(BUILTIN) as TableName[];

/** One table: its chains by name (built-ins first, then user chains in creation order). */
export class Table {
  readonly chains = new Map<string, Chain>();

  constructor(readonly name: TableName) {
    for (const c of BUILTIN[name]) this.chains.set(c, { name: c, policy: 'ACCEPT', rules: [] });
  }

  isBuiltin(chain: string): boolean {
    return BUILTIN[this.name].includes(chain);
  }

  /** Chains as iptables lists them: built-ins in hook order, then user chains sorted by name. */
  listed(): Chain[] {
    const all = [...this.chains.values()];
    return [...all.filter((c) => c.policy), ...all.filter((c) => !c.policy).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))];
  }

  /** How many rules jump to `chain` ("Chain KUBE-SERVICES (2 references)"). */
  references(chain: string): number {
    let n = 0;
    for (const c of this.chains.values()) for (const r of c.rules) if (r.target.kind === 'jump' && r.target.chain === chain) n++;
    return n;
  }

  clone(): Table {
    const t = new Table(this.name);
    t.chains.clear();
    for (const [k, c] of this.chains) t.chains.set(k, { ...c, rules: [...c.rules] });
    return t;
  }
}

/** iptables-restore's failure, worded as iptables-restore v1.8.9 prints it. */
export class RestoreError extends Error {}

/**
 * A node's netfilter state: the filter, nat and mangle tables. Rules arrive as kube-proxy and
 * flannel write them (iptables-restore input, or single `iptables -N/-I/-A` commands), are
 * kept as data, printed by `iptables -L` / `iptables-save`, and evaluated by the packet walker.
 */
export class Netfilter {
  private readonly tables = new Map<TableName, Table>(TABLES.map((t) => [t, new Table(t)]));

  table(name: TableName): Table {
    return this.tables.get(name)!;
  }

  /** `iptables -t T -N CHAIN`, tolerating an existing chain (utiliptables EnsureChain). */
  ensureChain(table: TableName, chain: string): void {
    const t = this.table(table);
    if (!t.chains.has(chain)) t.chains.set(chain, { name: chain, rules: [] });
  }

  /**
   * EnsureRule: `iptables -C` and, when the rule is missing, `-I` (prepend) or `-A`. Rules
   * compare by their parsed form, as the kernel compares them.
   */
  ensureRule(position: 'prepend' | 'append', table: TableName, chain: string, args: string[]): void {
    const t = this.table(table);
    const c = t.chains.get(chain);
    if (!c) throw new RuleError(`Chain '${chain}' does not exist`);
    const rule = parseRule(args, (n) => t.chains.has(n));
    const key = JSON.stringify(rule);
    if (c.rules.some((r) => JSON.stringify(r) === key)) return;
    if (position === 'prepend') c.rules.unshift(rule);
    else c.rules.push(rule);
  }

  /**
   * iptables-restore (with --noflush when `noflush`): each `*table` section is applied
   * atomically at its COMMIT. A `:CHAIN` line creates or flushes the chain, `-A` appends,
   * `-X` deletes. Throws RestoreError (nothing of the failing table changes).
   */
  restore(text: string, noflush = true): void {
    const lines = text.split('\n');
    let work: Table | undefined;
    lines.forEach((raw, idx) => {
      const line = raw.trim();
      const fail = (msg: string): never => {
        throw new RestoreError(`iptables-restore v1.8.9 (nf_tables): ${msg}\nError occurred at line: ${idx + 1}\nTry \`iptables-restore -h' or 'iptables-restore --help' for more information.`);
      };
      if (!line || line.startsWith('#')) return;
      if (line.startsWith('*')) {
        const name = line.slice(1) as TableName;
        if (!this.tables.has(name)) fail(`table '${name}' does not exist`);
        work = noflush ? this.table(name).clone() : new Table(name);
        return;
      }
      if (!work) return fail('no table specified');
      if (line === 'COMMIT') {
        this.tables.set(work.name, work);
        work = undefined;
        return;
      }
      if (line.startsWith(':')) {
        const [name, policy] = line.slice(1).split(/\s+/);
        const existing = work.chains.get(name);
        if (existing) existing.rules = [];
        else work.chains.set(name, { name, rules: [] });
        if (policy === 'ACCEPT' || policy === 'DROP') work.chains.get(name)!.policy = policy;
        return;
      }
      const argv = tokenize(line);
      if (!argv) return fail('unterminated quote');
      const [op, chain, ...rest] = argv;
      const t = work;
      if (op === '-X') {
        if (t.references(chain) > 0) fail(`Chain '${chain}' is referenced`);
        t.chains.delete(chain);
        return;
      }
      if (op !== '-A' && op !== '-I') fail(`unknown command "${op}"`);
      const c = t.chains.get(chain);
      if (!c) return fail(`Chain '${chain}' does not exist`);
      try {
        const rule = parseRule(rest, (n) => t.chains.has(n));
        if (op === '-A') c.rules.push(rule);
        else c.rules.unshift(rule);
      } catch (e) {
        if (e instanceof RuleError) fail(e.message);
        throw e;
      }
    });
  }
}

/** Splits an iptables-restore line into words, honouring double quotes. */
export function tokenize(line: string): string[] | undefined {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|(\S+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(line))) out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]);
  return (line.match(/"/g)?.length ?? 0) % 2 === 0 ? out : undefined;
}
