import { FlagError } from './errors';
import { GoParseError, parseGoBool, parseGoDuration, parseGoInt } from './goparse';

/** One flag, as pflag declares it. */
export interface FlagSpec {
  name: string;
  short?: string;
  /** int is Go's int (64 bits here), int32/int64 pflag's sized ones; duration a time.Duration (kept as typed). */
  type: 'bool' | 'string' | 'int' | 'int32' | 'int64' | 'duration' | 'strings' | 'stringArray';
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
  { name: 'insecure-skip-tls-verify', type: 'bool' },
  // Impersonation (--as, --as-group, --as-uid): sent as Impersonate-* headers.
  { name: 'as', type: 'string' },
  { name: 'as-group', type: 'stringArray' },
  { name: 'as-uid', type: 'string' },
  { name: 'request-timeout', type: 'string' },
  { name: 'v', short: 'v', type: 'string' },
  { name: 'help', short: 'h', type: 'bool' },
];

/**
 * Parses argv as cobra and pflag do: flags anywhere among the arguments, "--name=value",
 * "--name value", "-n value", "-nvalue", grouped boolean shorthands, "--" ending flags; names
 * normalised as kubectl's WordSepNormalizeFunc ("_" reads as "-"). Errors carry pflag's wording
 * ("unknown flag: --foo", "flag needs an argument: 'n' in -n", "invalid argument "x" for
 * "-w, --watch" flag: strconv.ParseBool: parsing "x": invalid syntax").
 */
export function parseFlags(argv: string[], specs: FlagSpec[]): Parsed {
  // A command's own flag shadows a global one of the same name (create rolebinding --user), as in cobra.
  const all = [...GLOBAL_FLAGS, ...specs];
  const byName = new Map(all.map((f) => [f.name, f]));
  const byShort = new Map(all.filter((f) => f.short).map((f) => [f.short!, f]));
  const flags: Parsed['flags'] = new Map();
  const args: string[] = [];
  let dash: number | undefined;
  const set = (f: FlagSpec, raw: string) => {
    try {
      flags.set(f.name, typedValue(f, raw, flags.get(f.name)));
    } catch (e) {
      if (!(e instanceof GoParseError)) throw e;
      const shown = f.short ? `-${f.short}, --${f.name}` : `--${f.name}`;
      throw new FlagError(`invalid argument ${JSON.stringify(raw)} for ${JSON.stringify(shown)} flag: ${e.message}`);
    }
  };
  // A bool flag's NoOptDefVal is "true": "--watch" alone sets it.
  const noOpt = (f: FlagSpec) => (f.type === 'bool' ? 'true' : f.noOptDefault);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      dash = args.length;
      args.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const body = a.slice(2);
      if (body === '' || body.startsWith('-') || body.startsWith('=')) throw new FlagError(`bad flag syntax: ${a}`);
      const eq = body.indexOf('=');
      const name = (eq < 0 ? body : body.slice(0, eq)).replace(/_/g, '-');
      const f = byName.get(name);
      if (!f) throw new FlagError(`unknown flag: --${eq < 0 ? body : body.slice(0, eq)}`);
      if (eq >= 0) set(f, body.slice(eq + 1));
      else if (noOpt(f) !== undefined) set(f, noOpt(f)!);
      else if (i + 1 < argv.length) set(f, argv[++i]);
      else throw new FlagError(`flag needs an argument: ${a}`);
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      // pflag's parseSingleShortArg, one shorthand at a time over what is left of the group.
      let rest = a.slice(1);
      while (rest.length > 0) {
        const c = rest[0];
        const f = byShort.get(c);
        if (!f) throw new FlagError(`unknown shorthand flag: '${c}' in -${rest}`);
        if (rest.length > 2 && rest[1] === '=') {
          set(f, rest.slice(2));
          rest = '';
        } else if (noOpt(f) !== undefined) {
          set(f, noOpt(f)!);
          rest = rest.slice(1);
        } else if (rest.length > 1) {
          set(f, rest.slice(1));
          rest = '';
        } else if (i + 1 < argv.length) {
          set(f, argv[++i]);
          rest = '';
        } else throw new FlagError(`flag needs an argument: '${c}' in -${rest}`);
      }
      continue;
    }
    args.push(a);
  }
  return { args, flags, argsBeforeDash: dash };
}

/** A flag's value from its text, as the pflag Value of its type parses it. */
function typedValue(f: FlagSpec, raw: string, prev: unknown): string | string[] | boolean | number {
  switch (f.type) {
    case 'bool':
      return parseGoBool(raw);
    case 'int':
    case 'int64':
      return parseGoInt(raw, 64);
    case 'int32':
      return parseGoInt(raw, 32);
    case 'duration':
      parseGoDuration(raw);
      return raw;
    case 'strings': {
      const before = Array.isArray(prev) ? prev : [];
      // -f is a StringSlice in kubectl (FilenameOptions): "a.yaml,b.yaml" names two files.
      return [...before, ...(f.name === 'image' ? [raw] : raw.split(','))];
    }
    case 'stringArray':
      // pflag's StringArray: every value kept whole, commas included.
      return [...(Array.isArray(prev) ? prev : []), raw];
    default:
      return raw;
  }
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
  timeout: { name: 'timeout', type: 'duration' } as FlagSpec,
};
