import type { Cluster } from '../cluster';
import { Kubectl, type KubectlIO } from '../kubectl/kubectl';
import { runNodeCommand } from '../node/commands';
import { BudgetExceeded, LAST_TIMESTAMP_MS, type PlayLimits, TimeBudget } from './budget';
import { parseCommandLine } from './commandline';
import { FILTERS } from './filters';
import { parseInterval, sleepArguments } from './interval';

export interface CommandResult {
  stdout: string;
  stderr: string;
  /** Both streams in the order they were written, when the command kept it (kubectl does). */
  output?: string;
  code: number;
}

/** A malformed command line (as opposed to a command that ran and failed). */
export class ShellUsageError extends Error {}

/** A command the play cannot let run to its end (a limit of kubespec's, not of Kubernetes). */
export class ShellLimitError extends ShellUsageError {}

const ok = (stdout = ''): CommandResult => ({ stdout, stderr: '', code: 0 });

/**
 * The reader's terminal on the lab machine: runs `kubectl …`, `sleep D…`,
 * `timeout D kubectl … -w` and `on <node> <command>` against a cluster, alone or piped into
 * grep, head, tail, wc and sort. Time moves only with `sleep` and `timeout` (and kubectl
 * commands that wait, such as `rollout status`), within the play's limits (budget.ts).
 */
export class Shell {
  private readonly kubectl: Kubectl;
  private readonly budget: TimeBudget;

  constructor(
    readonly cluster: Cluster,
    /** The working directory: kubectl resolves relative paths against it. */
    private readonly cwd: string,
    /** The files kubectl sees; the real filesystem when not given. */
    private readonly files?: Pick<KubectlIO, 'readFile' | 'stat' | 'readdir'>,
    limits?: PlayLimits,
  ) {
    this.budget = new TimeBudget(cluster, limits);
    this.kubectl = new Kubectl({ client: cluster.admin, sim: this.budget.simulation() });
  }

  /**
   * Runs one command line; `stdin` is a heredoc's body, which bash gives the pipeline's last
   * command. Throws ShellUsageError on a malformed line, ShellLimitError past the play's limits.
   */
  run(line: string, stdin?: string): CommandResult {
    const parsed = parseCommandLine(line.trim());
    if ('error' in parsed) throw new ShellUsageError(parsed.error);
    const stages = parsed.pipeline;
    if (stages.length === 0) return ok();
    this.budget.begin(line.trim());
    if (stages.length === 1) return this.stage(stages[0], stdin);
    // Each command's standard error reaches the terminal; its standard output feeds the next.
    let stderr = '';
    let res: CommandResult = ok();
    stages.forEach((argv, i) => {
      res = this.stage(argv, i === stages.length - 1 && stdin !== undefined ? stdin : i === 0 ? undefined : res.stdout);
      stderr += res.stderr;
    });
    // bash without pipefail: the pipeline's status is its last command's.
    return { stdout: res.stdout, stderr, output: stderr + res.stdout, code: res.code };
  }

  private stage(argv: string[], stdin: string | undefined): CommandResult {
    const res = this.command(argv, stdin);
    // A limit passed inside a kubectl command that waits: kubectl reported the BudgetExceeded
    // it caught as a model failure; it is the play's limit instead.
    const failures = this.cluster.sim.failures;
    for (let i = failures.length - 1; i >= 0; i--) if (failures[i].error instanceof BudgetExceeded) failures.splice(i, 1);
    if (this.budget.exceeded) throw new ShellLimitError(this.budget.exceeded);
    return res;
  }

  private command(argv: string[], stdin: string | undefined): CommandResult {
    const io: KubectlIO = { stdin, cwd: this.cwd, ...this.files };
    const [name, ...args] = argv;
    switch (name) {
      case 'kubectl':
        return this.kubectl.run(args, io);
      case 'sleep': {
        const parsed = sleepArguments(args);
        if (!('seconds' in parsed)) return { stdout: parsed.stdout ?? '', stderr: parsed.stderr, code: parsed.code };
        this.pass(parsed.seconds, `sleep ${args.join(' ')}`);
        return ok();
      }
      case 'timeout': {
        const TRY = "Try 'timeout --help' for more information.\n";
        // coreutils' timeout exits 125 when it cannot run the command at all.
        if (args.length < 2) return { stdout: '', stderr: TRY, code: 125 };
        if (args[0].startsWith('-') && args[0].length > 1) return { stdout: '', stderr: `timeout: ${args[0].startsWith('--') ? `unrecognized option '${args[0]}'` : `invalid option -- '${args[0][1]}'`}\n${TRY}`, code: 125 };
        const seconds = parseInterval(args[0]);
        if (seconds === undefined) return { stdout: '', stderr: `timeout: invalid time interval '${args[0]}'\n${TRY}`, code: 125 };
        if (args[1] !== 'kubectl') throw new ShellUsageError('timeout: a play times out kubectl commands only (`timeout <duration> kubectl …`)');
        const ms = this.ms(seconds, `timeout ${args[0]}`);
        const res = this.kubectl.run(args.slice(2), io, { watchMs: ms });
        // A command cut off by timeout exits 124, as coreutils' timeout reports.
        const watching = args.includes('-w') || args.includes('--watch');
        return watching && res.code === 0 ? { ...res, code: 124 } : res;
      }
      case 'on': {
        if (args.length < 2) throw new ShellUsageError('on: expected `on <node> <command>`');
        const host = this.cluster.node(args[0]);
        if (!host) throw new ShellUsageError(`on: unknown node "${args[0]}" (nodes: ${[...this.cluster.nodes.keys()].join(', ')})`);
        return runNodeCommand(host, this.cluster.runtimes.get(host.name)!, args.slice(1), stdin);
      }
      default:
        if (name in FILTERS) return FILTERS[name](args, stdin ?? '');
        throw new ShellUsageError(`unknown command "${name}" (expected kubectl, sleep, timeout or on, and grep, head, tail, wc or sort after a pipe)`);
    }
  }

  /** Virtual milliseconds for a duration, refusing one the cluster's clock cannot reach. */
  private ms(seconds: number, what: string): number {
    if (seconds === Infinity) throw new ShellLimitError(`${what}: a play cannot wait forever (its virtual time has to end): give a finite duration`);
    const ms = Math.round(seconds * 1000);
    if (this.cluster.sim.clock.nowMs() + ms > LAST_TIMESTAMP_MS) throw new ShellLimitError(`${what}: virtual time would pass the year 9999, where Kubernetes timestamps (RFC 3339) end`);
    return ms;
  }

  /** Lets virtual time pass within the play's limits. */
  private pass(seconds: number, what: string): void {
    const ms = this.ms(seconds, what);
    try {
      this.budget.advance(ms);
    } catch (e) {
      if (!(e instanceof BudgetExceeded)) throw e;
    }
  }
}
