import { ConfigError, parseClusterConfig, type ClusterConfig } from '../model/cluster-config';
import { ModelBugError, PlayError, PlayFileError, type PlayOptions, readScript, runPlay } from './play';

const USAGE = `Usage: kubespec play [--seed N] [--config kind.yaml] [--record-feature out.feature [--mask-ips]] <script.play>
       kubespec up [--port N] [--config kind.yaml] [--seed N] [--speed X] [--kubeconfig-out FILE]
       kubespec node <node> -- <command…>
       kubespec bench [--json] [--only W1,W2,…] [--scale X] [--budget SECONDS]

Runs a script of commands against a fresh simulated cluster and prints the transcript.
Script lines: kubectl …, kubectl apply -f - <<EOF … EOF, sleep <duration>,
timeout <duration> kubectl get … -w, on <node> <command>, # comments.
`;

/** The kubespec command line; returns the exit status (a promise for the commands that serve). */
export function main(args: string[]): number | Promise<number> {
  const [cmd, ...rest] = args;
  if (cmd === '-h' || cmd === '--help' || cmd === 'help' || cmd === undefined) {
    process.stdout.write(USAGE);
    return cmd === undefined ? 2 : 0;
  }
  if (cmd === 'up') return require('./up').up(rest);
  if (cmd === 'node') return require('./node').node(rest);
  if (cmd === 'bench') return require('./bench').bench(rest);
  if (cmd !== 'play') {
    process.stderr.write(`kubespec: unknown command "${cmd}"\n${USAGE}`);
    return 2;
  }
  return play(rest);
}

/** Where `kubespec play` writes: the process's streams, or a test's buffers. */
export interface PlayIO {
  out: (s: string) => void;
  err: (s: string) => void;
}

const processIO: PlayIO = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) };
// `kubespec play x.play | head`: a reader that closed the pipe ends the play quietly, as coreutils do.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

/** `kubespec play [--seed N] [--config FILE] SCRIPT`; returns the exit status. */
export function play(rest: string[], io: PlayIO = processIO, hooks: Pick<PlayOptions, 'onStart' | 'limits' | 'boot'> = {}): number {
  const fail = (e: unknown, script?: string) => failure(io, e, script);
  let seed = 1;
  let config: ClusterConfig | undefined;
  let configText: string | undefined;
  let script: string | undefined;
  let record: string | undefined;
  let maskIPs = false;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    const value = (name: string) => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : rest[++i];
      if (v === undefined) throw new UsageError(`flag needs an argument: ${name}`);
      return v;
    };
    try {
      if (a === '--seed' || a.startsWith('--seed=')) {
        const v = value('--seed');
        // The generator takes a uint32 (model/sim/rng.ts): a larger seed would alias a smaller one.
        if (!/^\d+$/.test(v) || Number(v) > MAX_SEED) throw new UsageError(`invalid --seed "${v}": want an integer from 0 to ${MAX_SEED}`);
        seed = Number(v);
      } else if (a === '--config' || a.startsWith('--config=')) {
        configText = readScript(value('--config'));
        config = parseClusterConfig(configText);
      } else if (a === '--record-feature' || a.startsWith('--record-feature=')) record = value('--record-feature');
      else if (a === '--mask-ips') maskIPs = true;
      else if (a.startsWith('-')) throw new UsageError(`unknown flag: ${a}`);
      else if (script) throw new UsageError(`unexpected argument: ${a}`);
      else script = a;
    } catch (e) {
      return fail(e);
    }
  }
  if (!script) return fail(new UsageError('a script is required'));
  if (maskIPs && !record) return fail(new UsageError('--mask-ips needs --record-feature'));
  try {
    if (record) {
      // The transcript as usual, and the scenario that replays it (cli/record-feature.ts).
      const feature = require('./record-feature').recordFeature(script, { seed, config, configText, maskIPs, write: io.out });
      require('node:fs').writeFileSync(record, feature);
      return 0;
    }
    runPlay(script, { ...hooks, seed, config, write: io.out });
    return 0;
  } catch (e) {
    return fail(e, script);
  }
}

class UsageError extends Error {}

/** The largest seed the simulation's generator tells apart. */
const MAX_SEED = 0xffffffff;

const REPORT = 'Please report it to the kubespec project with the script, this message and the command line that ran it.';

/** Exit statuses: 1 a line the play cannot run, 2 bad usage (flags, files, config), 70 (EX_SOFTWARE) a bug in kubespec. */
function failure(io: PlayIO, e: unknown, script?: string): number {
  if (e instanceof UsageError) io.err(`kubespec play: ${e.message}\n${USAGE}`);
  else if (e instanceof PlayError) io.err(`kubespec play: ${script}: ${e.message}\n`);
  else if (e instanceof ConfigError || e instanceof PlayFileError) io.err(`kubespec play: ${e.message}\n`);
  else if (e instanceof ModelBugError) {
    io.err(`kubespec play: ${script}: ${e.message}\n${REPORT}\n`);
    return 70;
  } else {
    io.err(`kubespec play: internal error (a bug in kubespec): ${(e as Error)?.stack ?? e}\n${REPORT}\n`);
    return 70;
  }
  return e instanceof PlayError ? 1 : 2;
}
