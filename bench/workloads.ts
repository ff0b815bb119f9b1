/** The workloads of `kubespec bench`, in the order issue 9 lists them. */
import type { BenchOptions, BenchResult } from './common';
import { w1 } from './w1-deployments';
import { w2 } from './w2-scheduler';
import { w3 } from './w3-daemonset';
import { w4 } from './w4-rollout';
import { w5 } from './w5-watch';
import { w6 } from './w6-properties';

export const WORKLOADS: Record<string, (opts: BenchOptions) => BenchResult> = {
  W1: w1,
  W2: w2,
  W3: w3,
  W4: w4,
  W5: w5,
  W6: w6,
};
