/** `kubespec play` run in process, as bin/kubespec.js runs it, with its streams and status captured. */
import * as path from 'node:path';
import { play } from '../cli/main';
import type { Cluster } from '../model/cluster';
import type { ClusterConfig } from '../model/cluster-config';
import type { PlayLimits } from '../model/shell/budget';
import { returnCluster, takeCluster } from './support/cluster-pool';

const ROOT = path.join(__dirname, '..');

export interface PlayRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `kubespec play ARGS…`; relative paths are the repository's. The play's cluster comes from
 * the suite's pool of untouched boots and goes back to it (steps/support/cluster-pool.ts).
 */
export function runKubespecPlay(args: string[], opts: { limits?: PlayLimits; onStart?: (cluster: Cluster) => void } = {}): PlayRun {
  const run = { status: 0, stdout: '', stderr: '' };
  const cwd = process.cwd();
  let booted: { cluster: Cluster; seed: number; config: ClusterConfig | undefined } | undefined;
  const boot = (seed: number, config: ClusterConfig | undefined) => {
    const cluster = takeCluster(seed, config);
    booted = { cluster, seed, config };
    return cluster;
  };
  process.chdir(ROOT);
  try {
    run.status = play(args, { out: (s) => (run.stdout += s), err: (s) => (run.stderr += s) }, { onStart: opts.onStart, limits: opts.limits, boot });
  } finally {
    process.chdir(cwd);
  }
  if (booted) returnCluster(booted.cluster, booted.seed, booted.config);
  return run;
}
