import * as fs from 'node:fs';
import { ConfigError, parseClusterConfig, type ClusterConfig } from '../model/cluster-config';
import { PlayError, runPlay } from './play';

const USAGE = `Usage: kubespec play [--seed N] [--config kind.yaml] <script.play>
       kubespec up [--port N] [--config kind.yaml] [--seed N] [--speed X] [--kubeconfig-out FILE]
       kubespec node <node> -- <command…>

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
  if (cmd !== 'play') {
    process.stderr.write(`kubespec: unknown command "${cmd}"\n${USAGE}`);
    return 2;
  }
  let seed = 1;
  let config: ClusterConfig | undefined;
  let script: string | undefined;
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
        if (!/^\d+$/.test(v)) throw new UsageError(`invalid --seed "${v}": want a non-negative integer`);
        seed = Number(v);
      } else if (a === '--config' || a.startsWith('--config=')) {
        config = parseClusterConfig(fs.readFileSync(value('--config'), 'utf8'));
      } else if (a.startsWith('-')) throw new UsageError(`unknown flag: ${a}`);
      else if (script) throw new UsageError(`unexpected argument: ${a}`);
      else script = a;
    } catch (e) {
      return fail(e);
    }
  }
  if (!script) return fail(new UsageError('a script is required'));
  try {
    runPlay(script, { seed, config, write: (s) => process.stdout.write(s) });
    return 0;
  } catch (e) {
    return fail(e, script);
  }
}

class UsageError extends Error {}

function fail(e: unknown, script?: string): number {
  if (e instanceof UsageError) process.stderr.write(`kubespec play: ${e.message}\n${USAGE}`);
  else if (e instanceof PlayError) process.stderr.write(`kubespec play: ${script}: ${e.message}\n`);
  else if (e instanceof ConfigError) process.stderr.write(`kubespec play: ${e.message}\n`);
  else if ((e as NodeJS.ErrnoException)?.code === 'ENOENT') process.stderr.write(`kubespec play: ${(e as Error).message}\n`);
  else {
    process.stderr.write(`kubespec play: internal error: ${(e as Error)?.stack ?? e}\n`);
    return 70;
  }
  return e instanceof PlayError ? 1 : 2;
}
