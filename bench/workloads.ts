/** The workloads of `kubespec bench`, in the order issue 9 lists them. */
import type { BenchOptions, BenchResult } from './common';
import { w1 } from './w1-deployments';
import { w2 } from './w2-scheduler';

export const WORKLOADS: Record<string, (opts: BenchOptions) => BenchResult> = {
  W1: w1,
  W2: w2,
};
