import { shellSplit } from './shellwords';
import type { Cluster } from '../cluster';
import { Kubectl, type KubectlIO } from '../kubectl/kubectl';
import { runNodeCommand } from '../node/commands';
import { parseDuration } from '../sim/clock';

export interface CommandResult {
  stdout: string;
  stderr: string;
  /** Both streams in the order they were written, when the command kept it (kubectl does). */
  output?: string;
  code: number;
}

/** A malformed command line (as opposed to a command that ran and failed). */
export class ShellUsageError extends Error {}

/**
 * The reader's terminal on the lab machine: runs `kubectl …`, `sleep D`,
 * `timeout D kubectl … -w` and `on <node> <command>` against a cluster. Time moves only with
 * `sleep` and `timeout` (and kubectl commands that wait, such as `rollout status`).
 */
export class Shell {
  private readonly kubectl: Kubectl;

  constructor(
    readonly cluster: Cluster,
    /** The working directory: kubectl resolves relative paths against it. */
    private readonly cwd: string,
    /** The files kubectl sees; the real filesystem when not given. */
    private readonly files?: Pick<KubectlIO, 'readFile' | 'stat' | 'readdir'>,
  ) {
    this.kubectl = new Kubectl({ client: cluster.admin, sim: cluster.sim });
  }

  /** Runs one command line; `stdin` is a heredoc's body. Throws ShellUsageError on a malformed line. */
  run(line: string, stdin?: string): CommandResult {
    const argv = shellSplit(line.trim());
    if (!argv) throw new ShellUsageError(`unterminated quote in: ${line}`);
    if (argv.length === 0) return { stdout: '', stderr: '', code: 0 };
    const io: KubectlIO = { stdin, cwd: this.cwd, ...this.files };
    switch (argv[0]) {
      case 'kubectl':
        return this.kubectl.run(argv.slice(1), io);
      case 'sleep': {
        const ms = argv.length === 2 ? durationArg(argv[1]) : undefined;
        if (ms === undefined) throw new ShellUsageError(`sleep: invalid time interval '${argv.slice(1).join(' ')}'`);
        this.cluster.advance(ms);
        return { stdout: '', stderr: '', code: 0 };
      }
      case 'timeout': {
        const ms = argv.length >= 3 ? durationArg(argv[1]) : undefined;
        if (ms === undefined || argv[2] !== 'kubectl') throw new ShellUsageError('timeout: expected `timeout <duration> kubectl …`');
        const res = this.kubectl.run(argv.slice(3), io, { watchMs: ms });
        // A command cut off by timeout exits 124, as coreutils' timeout reports.
        const watching = argv.includes('-w') || argv.includes('--watch');
        return watching && res.code === 0 ? { ...res, code: 124 } : res;
      }
      case 'on': {
        if (argv.length < 3) throw new ShellUsageError('on: expected `on <node> <command>`');
        const host = this.cluster.node(argv[1]);
        if (!host) throw new ShellUsageError(`on: unknown node "${argv[1]}" (nodes: ${[...this.cluster.nodes.keys()].join(', ')})`);
        return runNodeCommand(host, this.cluster.runtimes.get(host.name)!, argv.slice(2), stdin);
      }
      default:
        throw new ShellUsageError(`unknown command "${argv[0]}" (expected kubectl, sleep, timeout or on)`);
    }
  }
}

/** "90s", "2m", or a bare number of seconds as sleep(1) takes. */
function durationArg(s: string): number | undefined {
  if (/^\d+(\.\d+)?$/.test(s)) return Math.round(parseFloat(s) * 1000);
  return parseDuration(s);
}
