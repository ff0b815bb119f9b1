import { UsageError } from './errors';

/** One flag, as pflag declares it. */
export interface FlagSpec {
  name: string;
  short?: string;
  type: 'bool' | 'string' | 'int' | 'strings';
  /** The value of a string flag given without "=value" (pflag's NoOptDefVal). */
  noOptDefault?: string;
}

export interface Parsed {
  args: string[];
  /** How many arguments came before a `--`, when there was one (kubectl exec's command follows it). */
  argsBeforeDash?: number;
  flags: Map<string, string | string[] | boolean | number>;
}

/** Flags every kubectl command accepts (the kubeconfig overrides). */
export const GLOBAL_FLAGS: FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'context', type: 'string' },
  { name: 'cluster', type: 'string' },
  { name: 'user', type: 'string' },
  { name: 'kubeconfig', type: 'string' },
  { name: 'server', short: 's', type: 'string' },
  { name: 'token', type: 'string' },
  { name: 'request-timeout', type: 'string' },
  { name: 'v', short: 'v', type: 'string' },
  { name: 'help', short: 'h', type: 'bool' },
];

/**
 * Parses argv as cobra and pflag do: flags anywhere among the arguments, "--name=value",
 * "--name value", "-n value", "-nvalue", grouped boolean shorthands, "--" ending flags.
 * Errors carry pflag's wording ("unknown flag: --foo", "flag needs an argument: 'n' in -n").
 */
export function parseFlags(argv: string[], specs: FlagSpec[]): Parsed {
  const all = [...specs, ...GLOBAL_FLAGS];
  const byName = new Map(all.map((f) => [f.name, f]));
  const byShort = new Map(all.filter((f) => f.short).map((f) => [f.short!, f]));
  const flags: Parsed['flags'] = new Map();
  const args: string[] = [];
  let dash: number | undefined;
  const set = (f: FlagSpec, raw: string, shown: string) => {
    if (f.type === 'bool') {
      if (!/^(true|false|1|0|t|f|TRUE|FALSE|True|False|T|F)$/.test(raw))
        throw new UsageError(`invalid argument ${JSON.stringify(raw)} for ${JSON.stringify(shown)} flag: strconv.ParseBool: parsing ${JSON.stringify(raw)}: invalid syntax`);
      flags.set(f.name, /^(true|1|t|TRUE|True|T)$/.test(raw));
    } else if (f.type === 'int') {
      if (!/^[-+]?\d+$/.test(raw))
        throw new UsageError(`invalid argument ${JSON.stringify(raw)} for ${JSON.stringify(shown)} flag: strconv.ParseInt: parsing ${JSON.stringify(raw)}: invalid syntax`);
      flags.set(f.name, Number(raw));
    } else if (f.type === 'strings') {
      const prev = (flags.get(f.name) as string[] | undefined) ?? [];
      flags.set(f.name, [...prev, ...(f.name === 'filename' || f.name === 'image' ? [raw] : raw.split(','))]);
    } else flags.set(f.name, raw);
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      dash = args.length;
      args.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      const f = byName.get(name);
      if (!f) throw new UsageError(`unknown flag: --${name}`);
      if (eq >= 0) set(f, a.slice(eq + 1), `--${name}`);
      else if (f.type === 'bool') flags.set(f.name, true);
      else if (f.noOptDefault !== undefined) flags.set(f.name, f.noOptDefault);
      else if (i + 1 < argv.length) set(f, argv[++i], `--${name}`);
      else throw new UsageError(`flag needs an argument: --${name}`);
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      for (let j = 1; j < a.length; j++) {
        const c = a[j];
        const f = byShort.get(c);
        if (!f) throw new UsageError(`unknown shorthand flag: '${c}' in ${a}`);
        if (f.type === 'bool') {
          if (a[j + 1] === '=') {
            set(f, a.slice(j + 2), `-${c}`);
            break;
          }
          flags.set(f.name, true);
          continue;
        }
        const rest = a.slice(j + 1);
        if (rest.length > 0) set(f, rest.startsWith('=') ? rest.slice(1) : rest, `-${c}`);
        else if (f.noOptDefault !== undefined) flags.set(f.name, f.noOptDefault);
        else if (i + 1 < argv.length) set(f, argv[++i], `-${c}`);
        else throw new UsageError(`flag needs an argument: '${c}' in -${c}`);
        break;
      }
      continue;
    }
    args.push(a);
  }
  return { args, flags, argsBeforeDash: dash };
}

export function str(p: Parsed, name: string): string | undefined {
  const v = p.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

export function bool(p: Parsed, name: string, dflt = false): boolean {
  const v = p.flags.get(name);
  return typeof v === 'boolean' ? v : dflt;
}

export function int(p: Parsed, name: string): number | undefined {
  const v = p.flags.get(name);
  return typeof v === 'number' ? v : undefined;
}

export function strs(p: Parsed, name: string): string[] {
  const v = p.flags.get(name);
  return Array.isArray(v) ? v : [];
}

/** Shared flag sets. */
export const F = {
  output: { name: 'output', short: 'o', type: 'string' } as FlagSpec,
  filename: { name: 'filename', short: 'f', type: 'strings' } as FlagSpec,
  recursive: { name: 'recursive', short: 'R', type: 'bool' } as FlagSpec,
  selector: { name: 'selector', short: 'l', type: 'string' } as FlagSpec,
  allNamespaces: { name: 'all-namespaces', short: 'A', type: 'bool' } as FlagSpec,
  dryRun: { name: 'dry-run', type: 'string', noOptDefault: 'unchanged' } as FlagSpec,
  fieldSelector: { name: 'field-selector', type: 'string' } as FlagSpec,
  validate: { name: 'validate', type: 'string', noOptDefault: 'strict' } as FlagSpec,
  fieldManager: { name: 'field-manager', type: 'string' } as FlagSpec,
  timeout: { name: 'timeout', type: 'string' } as FlagSpec,
};
