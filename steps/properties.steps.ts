/**
 * Property scenarios (@property): fast-check searches generated clusters, workloads, user
 * actions, faults and interleavings, with bounds from the scenario's table and the number of
 * runs from the world parameter `propertyRuns`. The seed is fixed (KUBESPEC_SEED varies it);
 * a failure prints how to replay it and writes the shrunk case as a runnable feature under
 * reports/counterexamples/.
 */
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import fc from 'fast-check';
import { parseDuration } from '../model/sim/clock';
import { activeMutant } from '../model/sim/mutants';
import { Shell } from '../model/shell/shell';
import { Cluster } from '../model/cluster';
import { type Bounds, type Case, caseArbitrary, type WorkloadSpec } from './properties/case';
import { parseActionTable, writeCounterexample } from './properties/counterexample';
import { badDocument, checkBadInput, checkIdempotentApply, checkWriteBack, manifestsArbitrary } from './properties/inputs';
import { runCase, type RunBounds } from './properties/runner';
import { storeProperty } from './properties/store-model';
import { type KubespecWorld, ROOT } from './world';

/** Property steps search many runs: far longer than an ordinary step's timeout. */
const PROPERTY_TIMEOUT_MS = 15 * 60_000;
const DEFAULT_SEED = 20260101;

const seedOf = () => Number(process.env.KUBESPEC_SEED ?? DEFAULT_SEED);

type PropWorld = KubespecWorld & { bounds?: Record<string, string>; replay?: Partial<Case> };

/** fast-check's parameters for this run: fixed seed, runs from the world, an optional replay path. */
function params(w: PropWorld): fc.Parameters<unknown> {
  const p: fc.Parameters<unknown> = { seed: seedOf(), numRuns: w.parameters.propertyRuns, endOnFailure: true };
  if (process.env.KUBESPEC_PATH) p.path = process.env.KUBESPEC_PATH;
  return p;
}

function replayHint(property: string, details: fc.RunDetails<unknown>, w: PropWorld): string {
  const m = activeMutant();
  return `\nReplay: KUBESPEC_SEED=${details.seed} KUBESPEC_PATH="${details.counterexamplePath}" KUBESPEC_PROPERTY_RUNS=${w.parameters.propertyRuns}${m ? ` KUBESPEC_MUTANT=${m}` : ''} npx cucumber-js --tags @property --name "${property}"`;
}

function bound(w: PropWorld, name: string, fallback: string): string {
  return w.bounds?.[name] ?? fallback;
}
const ms = (s: string) => parseDuration(s) ?? Number(s);

Given('the property bounds:', function (this: PropWorld, table: DataTable) {
  this.bounds = Object.fromEntries(table.hashes().map((r) => [r.bound, r.value]));
});

// The text after "stays safe" (`: …`) names, for the reader, the invariants that scenario's bounds exercise; every run checks them all.
Then('every generated cluster converges on its desired state, stays quiet and stays safe{}', { timeout: PROPERTY_TIMEOUT_MS }, function (this: PropWorld, _focus: string) {
  const b: Bounds = {
    maxWorkers: Number(bound(this, 'workers', '4')),
    minWorkers: Number(bound(this, 'min_workers', '1')),
    minActions: Number(bound(this, 'min_actions', '0')),
    maxWorkloads: Number(bound(this, 'workloads', '3')),
    maxActions: Number(bound(this, 'actions', '4')),
    maxFaults: Number(bound(this, 'faults', '3')),
    horizonMs: ms(bound(this, 'horizon', '30s')),
    faultKinds: this.bounds?.fault_kinds ? (this.bounds.fault_kinds.split(',').map((k) => k.trim()) as Bounds['faultKinds']) : undefined,
    actionKinds: this.bounds?.actions_kinds ? (this.bounds.actions_kinds.split(',').map((k) => k.trim()) as Bounds['actionKinds']) : undefined,
    kinds: this.bounds?.kinds ? (this.bounds.kinds.split(',').map((k) => k.trim()) as Bounds['kinds']) : undefined,
  };
  const rb: RunBounds = { convergeMs: ms(bound(this, 'converge', '2m')), quietMs: ms(bound(this, 'quiet', '1m')) };
  const property = 'eventually stable reconciliation';
  // `runs`: a share of the world's runs, for the scenarios whose cases are heavy.
  const share = Number(bound(this, 'runs', '1'));
  const details = fc.check(
    fc.property(caseArbitrary(b), (c) => {
      const res = runCase(c, 1, rb);
      if (!res.ok) throw new Error(res.problems.join('\n'));
    }),
    { ...params(this), numRuns: Math.max(1, Math.ceil(this.parameters.propertyRuns * share)) },
  );
  if (!details.failed) return;
  const c = (details.counterexample as unknown as [Case])[0];
  const problems = String((details.errorInstance as Error)?.message ?? details.errorInstance).split('\n');
  const file = writeCounterexample(ROOT, property, c, { seed: details.seed, path: details.counterexamplePath!, runs: this.parameters.propertyRuns, problems, mutant: activeMutant() });
  throw new Error(`${fc.defaultReportMessage(details)}\nThe shrunk case, as a runnable feature: ${file}${replayHint(property, details, this)}`);
});

Then('the etcd store agrees with a simple model of revisions, watches and compaction', { timeout: PROPERTY_TIMEOUT_MS }, function (this: PropWorld) {
  const details = fc.check(storeProperty(Number(bound(this, 'commands', '40'))), { ...params(this), numRuns: this.parameters.propertyRuns * 4 });
  if (details.failed) throw new Error(fc.defaultReportMessage(details) + replayHint('The MVCC store', details, this));
});

Then('applying the same generated manifests twice changes nothing', { timeout: PROPERTY_TIMEOUT_MS }, function (this: PropWorld) {
  const details = fc.check(fc.property(manifestsArbitrary, (docs) => checkIdempotentApply(docs, 1)), params(this));
  if (details.failed) throw new Error(fc.defaultReportMessage(details) + replayHint('Idempotence', details, this));
});

Then('writing back an object as read, or its status with another spec, leaves its spec and resourceVersion alone', { timeout: PROPERTY_TIMEOUT_MS }, function (this: PropWorld) {
  const details = fc.check(fc.property(manifestsArbitrary, (docs) => checkWriteBack(docs, 1)), params(this));
  if (details.failed) throw new Error(fc.defaultReportMessage(details) + replayHint('Write back', details, this));
});

Then('no generated bad input crashes the model, goes without a Kubernetes error, or changes etcd when rejected', { timeout: PROPERTY_TIMEOUT_MS }, function (this: PropWorld) {
  const cluster = new Cluster({ seed: 1 });
  const shell = new Shell(cluster, '/');
  const details = fc.check(fc.property(badDocument, (text) => checkBadInput(cluster, shell, text)), { ...params(this), numRuns: this.parameters.propertyRuns * 8 });
  if (details.failed) throw new Error(fc.defaultReportMessage(details) + replayHint('Bad input', details, this));
});

// ---------------------------------------------------------------- counterexamples, replayed

Given('these generated workloads:', function (this: PropWorld, json: string) {
  this.replay = { ...this.replay, workloads: JSON.parse(json) as WorkloadSpec[] };
});

Given('the scheduler of the simulation picks {string}', function (this: PropWorld, picks: string) {
  this.replay = { ...this.replay, choices: picks ? picks.split(',').map(Number) : [] };
});

When('these user actions and faults happen:', function (this: PropWorld, table: DataTable) {
  const names = (this.replay?.workloads ?? []).map((w) => w.name);
  this.replay = { ...this.replay, ...parseActionTable(table.hashes(), names) };
});

Then('every workload converges and stays quiet', { timeout: PROPERTY_TIMEOUT_MS }, function (this: PropWorld) {
  if (!this.config) throw new Error('give the cluster config first');
  const c: Case = { nodes: [], workloads: [], actions: [], faults: [], choices: [], ...this.replay };
  const res = runCase(c, 1, { convergeMs: 120_000, quietMs: 60_000 }, this.config);
  if (!res.ok) throw new Error(res.problems.join('\n'));
});
