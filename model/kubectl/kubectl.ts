import { StatusError } from '../api/status';
import { ApiClient } from '../client/client';
import type { Simulation } from '../sim/simulation';
import { parseFlags, type FlagSpec } from './args';
import { parseGoDuration } from './goparse';
import { FlagError, formatErrors, KubectlError, UsageError } from './errors';
import { checkRequiredFlags, KlogError } from './klog';
import { clientFromKubeconfigFlags } from './auth/credentials';
import { withImpersonation } from './auth/impersonation';

/** What kubectl sees of its environment. */
export interface KubectlIO {
  stdin?: string;
  cwd: string;
  /** Reads a file (absolute path); defaults to the real filesystem. */
  readFile?: (path: string) => string;
  /** What is at an absolute path, if anything; defaults to the real filesystem. */
  stat?: (path: string) => 'file' | 'dir' | undefined;
  /** Entry names of a directory; defaults to the real filesystem. */
  readdir?: (path: string) => string[];
}

export interface KubectlResult {
  stdout: string;
  stderr: string;
  /** stdout and stderr interleaved in the order they were written, as a terminal shows them. */
  output: string;
  code: number;
}

export interface RunOptions {
  /** For `get -w`: how long (virtual ms) to stream changes before stopping. */
  watchMs?: number;
}

/** Everything a command needs: the API client, the clock, the streams. */
export interface Ctx {
  client: ApiClient;
  sim: Simulation;
  io: KubectlIO;
  opts: RunOptions;
  /** The namespace from -n, or the kubeconfig context's (default). */
  namespace: string;
  namespaceExplicit: boolean;
  /** Commands append to out and err; both also land, in order, in combined. */
  out: string;
  err: string;
  combined: string;
  now(): number;
}

/** A kubectl subcommand: its flags and what it does with them. Returns the exit code. */
export interface Command {
  flags: FlagSpec[];
  /** Flags cobra requires (MarkFlagRequired) of the command or the subcommand named: checked after parsing, before it runs. */
  requiredFlags?(sub: string | undefined): string[];
  /** A command whose subcommands have flags of their own (rollout, set): those of the subcommand named. */
  subcommandFlags?(sub: string | undefined): FlagSpec[];
  run(ctx: Ctx, args: string[], flags: ReturnType<typeof parseFlags>): number;
}

/** kubectl's commands in the order kubectl registers them (cobra's suggestions follow it). */
const COMMAND_NAMES = [
  'create', 'expose', 'run', 'set', 'explain', 'get', 'edit', 'delete', 'rollout', 'scale', 'autoscale', 'certificate', 'cluster-info', 'top', 'cordon', 'uncordon',
  'drain', 'taint', 'describe', 'logs', 'attach', 'exec', 'port-forward', 'proxy', 'cp', 'auth', 'debug', 'events', 'diff', 'apply', 'patch', 'replace', 'wait',
  'kustomize', 'label', 'annotate', 'completion', 'alpha', 'api-resources', 'api-versions', 'config', 'plugin', 'version', 'options', 'help',
];

/** Loaded lazily: each command file imports Ctx and Command from here. */
const COMMANDS: Record<string, () => Command> = {
  get: () => require('./get').getCommand,
  describe: () => require('./describe').describeCommand,
  apply: () => require('./apply').applyCommand,
  create: () => require('./create').createCommand,
  delete: () => require('./delete').deleteCommand,
  scale: () => require('./scale').scaleCommand,
  label: () => require('./label').labelCommand,
  annotate: () => require('./annotate').annotateCommand,
  exec: () => require('./exec').execCommand,
  logs: () => require('./logs').logsCommand,
  patch: () => require('./patch').patchCommand,
  expose: () => require('./expose').exposeCommand,
  rollout: () => require('./rollout').rolloutCommand,
  set: () => require('./set').setCommand,
  events: () => require('./events').eventsCommand,
  cordon: () => require('./cordon').cordonCommand,
  uncordon: () => require('./cordon').uncordonCommand,
  drain: () => require('./drain/command').drainCommand,
  taint: () => require('./taint').taintCommand,
  version: () => require('./info').versionCommand,
  'cluster-info': () => require('./info').clusterInfoCommand,
  'api-resources': () => require('./info').apiResourcesCommand,
  'api-versions': () => require('./api-versions').apiVersionsCommand,
  explain: () => require('./explain').explainCommand,
  completion: () => require('./usage-only').completionCommand,
  cp: () => require('./usage-only').cpCommand,
  'port-forward': () => require('./usage-only').portForwardCommand,
  auth: () => require('./auth').authCommand,
  config: () => require('./usage-only').configCommand,
  wait: () => require('./wait').waitCommand,
  run: () => require('./run').runCommand,
};

/**
 * kubectl v1.32 in the model: parses a command line as cobra does, talks only to the API
 * server through its client, and prints what the real kubectl prints. Never throws on input.
 */
export class Kubectl {
  constructor(private readonly deps: { client: ApiClient; sim: Simulation; namespace?: string }) {}

  /** argv without the leading "kubectl". */
  run(argv: string[], io: KubectlIO, opts: RunOptions = {}): KubectlResult {
    // kubectl's warning handler: each distinct warning once, on stderr (rest.NewWarningWriter, Deduplicate).
    const warned = new Set<string>();
    const printWarning = (w: string) => {
      if (warned.has(w)) return;
      warned.add(w);
      ctx.err += `Warning: ${w}\n`;
    };
    const ctx: Ctx = terminalStreams({
      client: this.deps.client.withWarningHandler(printWarning),
      sim: this.deps.sim,
      io,
      opts,
      namespace: this.deps.namespace ?? 'default',
      namespaceExplicit: false,
      out: '',
      err: '',
      combined: '',
      now: () => this.deps.sim.clock.nowMs(),
    });
    const name = commandName(argv);
    let code = 0;
    try {
      code = this.dispatch(ctx, argv, name);
    } catch (e) {
      code = 1;
      ctx.err += renderError(e, name && commandPath(name, argv));
      // Anything but a Kubernetes or kubectl error is a model bug: keep it for the suite to report.
      if (!(e instanceof StatusError || e instanceof KubectlError || e instanceof UsageError || e instanceof AggregateError))
        this.deps.sim.failures.push({ label: `kubectl ${argv.join(' ')}`, error: e });
    }
    return { stdout: ctx.out, stderr: ctx.err, output: ctx.combined, code };
  }

  private dispatch(ctx: Ctx, argv: string[], name: string | undefined): number {
    if (!name) {
      // cobra parses the root command's flags before printing its help: a bare `-n` is an error.
      parseFlags(argv, []);
      ctx.out += 'kubectl controls the Kubernetes cluster manager.\n\n Find more information at: https://kubernetes.io/docs/reference/kubectl/\n';
      return 0;
    }
    const cmd = COMMANDS[name]?.();
    if (!cmd) {
      if (COMMAND_NAMES.includes(name)) throw new KubectlError(`kubectl ${name} is not supported by this model`);
      const suggestions = COMMAND_NAMES.filter((c) => levenshtein(name.toLowerCase(), c) <= 2 || c.startsWith(name.toLowerCase()));
      // cobra's own error, printed by cobra: "Error: …", the suggestions, a blank line.
      let text = `Error: unknown command ${JSON.stringify(name)} for "kubectl"\n`;
      if (suggestions.length) text += `\nDid you mean this?\n${suggestions.map((s) => `\t${s}\n`).join('')}\n`;
      throw new KlogError(text, `unknown command ${JSON.stringify(name)} for "kubectl"`);
    }
    const rest = [...argv];
    rest.splice(argv.indexOf(name), 1);
    const parsed = parseFlags(rest, cmd.subcommandFlags ? cmd.subcommandFlags(commandName(rest)) : cmd.flags);
    checkRequiredFlags(parsed, cmd.requiredFlags?.(commandName(rest)), ctx.now());
    const requestTimeout = parsed.flags.get('request-timeout');
    if (typeof requestTimeout === 'string' && !validRequestTimeout(requestTimeout))
      throw new KubectlError('Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)');
    ctx.client = clientFromKubeconfigFlags(ctx.client, parsed);
    ctx.client = withImpersonation(ctx.client, parsed);
    const ns = parsed.flags.get('namespace');
    if (typeof ns === 'string' && ns !== '') {
      ctx.namespace = ns;
      ctx.namespaceExplicit = true;
    }
    return cmd.run(ctx, parsed.args, parsed);
  }
}

/**
 * Turns ctx.out and ctx.err into streams: whatever a command appends to either (`ctx.out += …`)
 * is also appended to ctx.combined, so a transcript shows both in the order they were written.
 */
function terminalStreams(ctx: Ctx): Ctx {
  let out = '';
  let err = '';
  Object.defineProperty(ctx, 'out', {
    get: () => out,
    set: (v: string) => {
      ctx.combined += v.slice(out.length);
      out = v;
    },
  });
  Object.defineProperty(ctx, 'err', {
    get: () => err,
    set: (v: string) => {
      ctx.combined += v.slice(err.length);
      err = v;
    },
  });
  return ctx;
}

/** Prints an error thrown out of a command, as cmdutil.CheckErr would. */
export function renderError(e: unknown, command?: string): string {
  if (e instanceof KlogError) return e.text;
  if (e instanceof FlagError) return `Error: ${e.message}\nSee 'kubectl${command ? ' ' + command : ''} --help' for usage.\n`;
  if (e instanceof UsageError) return `error: ${e.message}\nSee 'kubectl${command ? ' ' + command : ''} --help' for usage.\n`;
  if (e instanceof StatusError || e instanceof KubectlError) return formatErrors([e]);
  if (e instanceof AggregateError) return formatErrors(e.errors);
  // A model bug: still never throw at the user.
  return `error: ${e instanceof Error ? e.message : String(e)}\n`;
}

/** client-go's clientcmd: an integer is seconds, anything else a time.Duration. */
function validRequestTimeout(t: string): boolean {
  try {
    parseGoDuration(/^[-+]?\d+$/.test(t) ? t + 's' : t);
    return true;
  } catch {
    return false;
  }
}

/** Subcommands (by alias) of the commands that have them, as cobra names them in a command path. */
const SUBCOMMANDS: Record<string, Record<string, string>> = {
  create: { deployment: 'deployment', deploy: 'deployment', service: 'service', svc: 'service', namespace: 'namespace', ns: 'namespace', configmap: 'configmap', cm: 'configmap', secret: 'secret' },
  rollout: { status: 'status', history: 'history', restart: 'restart', undo: 'undo', pause: 'pause', resume: 'resume' },
  set: { image: 'image', env: 'env', resources: 'resources', serviceaccount: 'serviceaccount', sa: 'serviceaccount', selector: 'selector' },
};

// The generators of create-generators.ts, by name and alias.
Object.assign(SUBCOMMANDS.create, {
  quota: 'quota', resourcequota: 'quota', priorityclass: 'priorityclass', pc: 'priorityclass', role: 'role', clusterrole: 'clusterrole',
  rolebinding: 'rolebinding', clusterrolebinding: 'clusterrolebinding', ingress: 'ingress', ing: 'ingress',
  job: 'job', cronjob: 'cronjob', cj: 'cronjob',
});

// create token (create-token.ts).
Object.assign(SUBCOMMANDS.create, { token: 'token' });

// create poddisruptionbudget|pdb (create-pdb.ts).
Object.assign(SUBCOMMANDS.create, { poddisruptionbudget: 'poddisruptionbudget', pdb: 'poddisruptionbudget' });

/** cobra's CommandPath without "kubectl": "get", "create deployment", "rollout status". */
function commandPath(name: string, argv: string[]): string {
  const subs = SUBCOMMANDS[name];
  if (!subs) return name;
  const after = argv.slice(argv.indexOf(name) + 1).find((a) => !a.startsWith('-'));
  const sub = after !== undefined ? subs[after] : undefined;
  return sub ? `${name} ${sub}` : name;
}

/** The subcommand: the first argument that is neither a flag nor a global flag's value. */
function commandName(argv: string[]): string | undefined {
  const takesValue = new Set(['-n', '--namespace', '--context', '--cluster', '--user', '--kubeconfig', '-s', '--server', '--token', '--request-timeout', '-v']);
  for (let i = 0; i < argv.length; i++) {
    if (takesValue.has(argv[i])) i++;
    else if (!argv[i].startsWith('-')) return argv[i];
  }
  return undefined;
}

function levenshtein(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length][b.length];
}
