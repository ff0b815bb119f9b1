/**
 * The Job and StatefulSet convergence properties (issue 11): generated Jobs and StatefulSets on
 * generated clusters under generated faults (steps/properties/batch-*.ts), with the bounds of
 * the scenario's table (`the property bounds:`, as the other properties take them).
 */
import { Then } from '@cucumber/cucumber';
import fc from 'fast-check';
import { parseDuration } from '../model/sim/clock';
import { type BatchCase, batchCaseArbitrary } from './properties/batch-case';
import { runBatchCase } from './properties/batch-run';
import type { Bounds } from './properties/case';
import type { KubespecWorld } from './world';

const PROPERTY_TIMEOUT_MS = 15 * 60_000;
type PropWorld = KubespecWorld & { bounds?: Record<string, string> };
const ms = (s: string) => parseDuration(s) ?? Number(s);

Then('every generated Job, CronJob and StatefulSet converges and stays safe{}', { timeout: PROPERTY_TIMEOUT_MS }, function (this: PropWorld, _focus: string) {
  const bound = (name: string, fallback: string) => this.bounds?.[name] ?? fallback;
  const b: Bounds = {
    maxWorkers: Number(bound('workers', '3')),
    minWorkers: Number(bound('min_workers', '1')),
    maxWorkloads: 1,
    maxActions: 0,
    maxFaults: Number(bound('faults', '2')),
    horizonMs: ms(bound('horizon', '30s')),
    faultKinds: this.bounds?.fault_kinds ? (this.bounds.fault_kinds.split(',').map((k) => k.trim()) as Bounds['faultKinds']) : undefined,
  };
  const share = Number(bound('runs', '1'));
  const details = fc.check(
    fc.property(batchCaseArbitrary(b, Number(bound('jobs', '2')), Number(bound('statefulsets', '1')), Number(bound('cronjobs', '0'))), (c: BatchCase) => {
      const res = runBatchCase(c, 1, ms(bound('converge', '5m')));
      if (!res.ok) throw new Error(res.problems.join('\n'));
    }),
    { seed: Number(process.env.KUBESPEC_SEED ?? 20260101), numRuns: Math.max(1, Math.ceil(this.parameters.propertyRuns * share)), endOnFailure: true, ...(process.env.KUBESPEC_PATH ? { path: process.env.KUBESPEC_PATH } : {}) },
  );
  if (details.failed) throw new Error(`${fc.defaultReportMessage(details)}\nReplay: KUBESPEC_SEED=${details.seed} KUBESPEC_PATH="${details.counterexamplePath}" npx cucumber-js --tags @property features/properties.feature`);
});
