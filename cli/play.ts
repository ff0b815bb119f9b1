import * as fs from 'node:fs';
import * as path from 'node:path';
import { Cluster } from '../model/cluster';
import { type ClusterConfig } from '../model/cluster-config';
import { Shell, ShellUsageError } from '../model/shell/shell';

/** One command of a play script, with the script line it starts on. */
export interface PlayStep {
  line: number;
  /** The command line as written (for a heredoc, its first line). */
  text: string;
  stdin?: string;
}

export class PlayError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/** Parses a play script: commands, `<<EOF` heredocs, `#` comments and blank lines. */
export function parsePlay(text: string): PlayStep[] {
  const lines = text.split(/\r?\n/);
  const steps: PlayStep[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const trimmed = raw.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const heredoc = trimmed.match(/^(.*?)\s*<<-?\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\2\s*$/);
    if (heredoc) {
      const marker = heredoc[3];
      const body: string[] = [];
      let j = i + 1;
      while (j < lines.length && lines[j].trim() !== marker) body.push(lines[j++]);
      if (j >= lines.length) throw new PlayError(i + 1, `here-document delimited by end-of-file (wanted \`${marker}')`);
      steps.push({ line: i + 1, text: trimmed, stdin: body.join('\n') + '\n' });
      i = j;
      continue;
    }
    steps.push({ line: i + 1, text: trimmed });
  }
  return steps;
}

/**
 * Runs a script against a fresh cluster and returns the transcript: each command echoed as
 * `$ <line>` followed by what it printed. Failed commands are part of the transcript; a
 * malformed line stops the play with a PlayError naming its line.
 */
export function runPlay(scriptPath: string, opts: { seed?: number; config?: ClusterConfig; write?: (s: string) => void } = {}): string {
  const text = fs.readFileSync(scriptPath, 'utf8');
  const steps = parsePlay(text);
  const dir = path.dirname(path.resolve(scriptPath));
  const cluster = new Cluster({ seed: opts.seed, config: opts.config });
  const shell = new Shell(cluster, dir);
  let out = '';
  const emit = (s: string) => {
    out += s;
    opts.write?.(s);
  };
  for (const step of steps) {
    emit(`$ ${step.text}\n`);
    const cmd = step.stdin !== undefined ? step.text.replace(/\s*<<-?\s*['"]?[A-Za-z_][A-Za-z0-9_]*['"]?\s*$/, '') : step.text;
    try {
      const res = shell.run(cmd, step.stdin);
      emit(res.output ?? res.stdout + res.stderr);
    } catch (e) {
      if (e instanceof ShellUsageError) throw new PlayError(step.line, e.message);
      throw e;
    }
  }
  if (cluster.sim.failures.length) {
    const f = cluster.sim.failures[0];
    throw new Error(`model failure in ${f.label}: ${(f.error as Error)?.stack ?? f.error}`);
  }
  return out;
}
