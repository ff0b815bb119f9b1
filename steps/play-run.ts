/** `kubespec play` run in process, as bin/kubespec.js runs it, with its streams and status captured. */
import * as path from 'node:path';
import { play } from '../cli/main';
import type { Cluster } from '../model/cluster';
import type { PlayLimits } from '../model/shell/budget';

const ROOT = path.join(__dirname, '..');

export interface PlayRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs `kubespec play ARGS…`; relative paths are the repository's. */
export function runKubespecPlay(args: string[], opts: { limits?: PlayLimits; onStart?: (cluster: Cluster) => void } = {}): PlayRun {
  const run = { status: 0, stdout: '', stderr: '' };
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    run.status = play(args, { out: (s) => (run.stdout += s), err: (s) => (run.stderr += s) }, { onStart: opts.onStart, limits: opts.limits });
  } finally {
    process.chdir(cwd);
  }
  return run;
}
