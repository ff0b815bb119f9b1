/**
 * One workload in a process of its own (cli/bench.ts spawns it with --expose-gc, so heap figures
 * are clean): `run-one.ts W1 '{"scale":0.1,"budgetSeconds":600}'`. Prints the workload's one
 * JSON line on stdout; progress goes to stderr.
 */
import type { BenchOptions, BenchResult } from './common';
import { WORKLOADS } from './workloads';

const [name, json] = process.argv.slice(2);
const run = WORKLOADS[name];
if (!run) {
  process.stderr.write(`kubespec bench: unknown workload "${name}"\n`);
  process.exit(2);
}
const opts = JSON.parse(json ?? '{}') as BenchOptions;
const result: BenchResult = run(opts);
process.stdout.write(JSON.stringify(result) + '\n');
