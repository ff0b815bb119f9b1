import * as fs from 'node:fs';
import * as path from 'node:path';
import { Cluster } from '../model/cluster';
import { type ClusterConfig } from '../model/cluster-config';
import { type PlayLimits } from '../model/shell/budget';
import { type CommandResult, Shell, ShellUsageError } from '../model/shell/shell';

/** One command of a play script, with the script line it starts on. */
export interface PlayStep {
  line: number;
  /** The command line as written (for a heredoc, its first line). */
  text: string;
  stdin?: string;
}

/** A malformed line, or one past the play's limits: the play stops there (exit 1). */
export class PlayError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/** A script that cannot be read (missing, a directory, unreadable): a usage error (exit 2). */
export class PlayFileError extends Error {}

/**
 * The model itself failed (an exception inside a component, or one kubectl could only report
 * as a JavaScript error): a bug of kubespec's, never the script's. The play stops (exit 70).
 */
export class ModelBugError extends Error {
  constructor(
    readonly line: number,
    readonly command: string,
    readonly where: string,
    readonly error: unknown,
  ) {
    const detail = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
    super(`${line ? `line ${line}: \`${command}\`` : command}: kubespec's model failed in ${where}; this is a bug in kubespec, not in your script:\n${detail}`);
  }
}

export interface PlayOptions {
  seed?: number;
  config?: ClusterConfig;
  /** Receives the transcript as it is written. */
  write?: (s: string) => void;
  /** kubespec's limits on each command (model/shell/budget.ts); PLAY_LIMITS when not given. */
  limits?: PlayLimits;
  /** Called with the started cluster before the first line (tests reach into the model here). */
  onStart?: (cluster: Cluster) => void;
  /** Where the play's freshly booted cluster comes from (the suite's pool of untouched boots); a new boot when not given. */
  boot?: (seed: number, config: ClusterConfig | undefined) => Cluster;
  /** The files kubectl reads (the real filesystem when not given): the recorder notes which. */
  files?: ConstructorParameters<typeof Shell>[2];
  /** Called after each command with its result (the recorder writes a step of it). */
  onCommand?: (step: PlayStep, command: string, result: CommandResult, cluster: Cluster) => void;
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

/** The script's text, or a PlayFileError in the words `cat` would use. */
export function readScript(scriptPath: string): string {
  try {
    if (fs.statSync(scriptPath).isDirectory()) throw new PlayFileError(`${scriptPath}: is a directory`);
    return fs.readFileSync(scriptPath, 'utf8');
  } catch (e) {
    if (e instanceof PlayFileError) throw e;
    const code = (e as NodeJS.ErrnoException)?.code;
    const reason = code === 'ENOENT' ? 'no such file or directory' : code === 'EACCES' ? 'permission denied' : code === 'ENOTDIR' ? 'not a directory' : undefined;
    if (reason) throw new PlayFileError(`${scriptPath}: ${reason}`);
    throw e;
  }
}

/**
 * Runs a script against a fresh cluster and returns the transcript: each command echoed as
 * `$ <line>` followed by what it printed. Failed commands are part of the transcript; a
 * malformed line stops the play with a PlayError naming its line, a model failure with a
 * ModelBugError (the failing command's output, which would show the model's internals, is
 * left out).
 */
export function runPlay(scriptPath: string, opts: PlayOptions = {}): string {
  return playText(readScript(scriptPath), path.dirname(path.resolve(scriptPath)), opts);
}

/** runPlay on a script's text, with kubectl's relative paths resolved against dir. */
export function playText(text: string, dir: string, opts: PlayOptions = {}): string {
  const steps = parsePlay(text);
  const cluster = opts.boot ? opts.boot(opts.seed ?? 1, opts.config) : new Cluster({ seed: opts.seed, config: opts.config });
  opts.onStart?.(cluster);
  if (cluster.sim.failures.length) throw new ModelBugError(0, 'cluster start-up', cluster.sim.failures[0].label, cluster.sim.failures[0].error);
  const shell = new Shell(cluster, dir, opts.files, opts.limits);
  let out = '';
  const emit = (s: string) => {
    out += s;
    opts.write?.(s);
  };
  for (const step of steps) {
    emit(`$ ${step.text}\n`);
    const cmd = step.stdin !== undefined ? step.text.replace(/\s*<<-?\s*['"]?[A-Za-z_][A-Za-z0-9_]*['"]?\s*$/, '') : step.text;
    const failuresBefore = cluster.sim.failures.length;
    let output: string;
    let res: CommandResult;
    try {
      res = shell.run(cmd, step.stdin);
      output = res.output ?? res.stdout + res.stderr;
    } catch (e) {
      if (e instanceof ShellUsageError) throw new PlayError(step.line, e.message);
      throw new ModelBugError(step.line, step.text, 'the play\'s shell', e);
    }
    const failure = cluster.sim.failures[failuresBefore];
    if (failure) throw new ModelBugError(step.line, step.text, failure.label, failure.error);
    emit(output);
    opts.onCommand?.(step, cmd, res, cluster);
  }
  return out;
}
