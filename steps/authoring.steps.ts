/**
 * Steps for authors (issue 10): recording a play script as a feature and running a feature as
 * its author would, Pods in a namespace, waits with a deadline, bounds observed while a command
 * ran, a Deployment's new and old ReplicaSets, an object's events, and the trace printed from a
 * scenario. Names in command lines ({node IP of …}) are in support/placeholders.ts.
 */
import { AfterStep, defineParameterType, Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { KObject } from '../model/api/meta';
import { isPodReady } from '../model/controllers/util/podutil';
import { parseDuration } from '../model/sim/clock';
import { WAITING_STEP_TIMEOUT_MS } from './drivers/driver';
import { runKubespecPlay } from './play-run';
import { replicaSetsOf } from './support/placeholders';
import { type KubespecWorld, ROOT, uncheckedMessage } from './world';

// Not the source of the `(\d+…) passes` step's group: Cucumber would hand that regex step this type's number.
defineParameterType({ name: 'duration', regexp: /(?:\d+|\d+\.\d+)(?:ms|s|m|h)/, transformer: (s) => parseDuration(s)! });

// ---------------------------------------------------------------- an unexpected failure, carried on

/**
 * A command that failed unexpectedly lets the scenario go on to a later check, which then fails
 * for a reason that is not the cause: that later failure's message carries the earlier one.
 */
AfterStep(function (this: KubespecWorld, { result }) {
  if (result?.status !== 'FAILED' || !this.last || this.last.code === 0 || this.lastChecked) return;
  const note = `\n\nAn earlier command failed and no step checked it; it may be the cause:\n${uncheckedMessage(this.last)}`;
  if (result.message && !result.message.includes(note)) result.message += note;
  if (result.exception?.message && !result.exception.message.includes(note)) result.exception.message += note;
});

// ---------------------------------------------------------------- features run as their author runs them

interface AuthoringState {
  dir?: string;
  feature?: string;
  recorded?: string;
  run?: { status: number; output: string };
}
const states = new WeakMap<KubespecWorld, AuthoringState>();
const state = (w: KubespecWorld) => states.get(w) ?? states.set(w, {}).get(w)!;

function tempDir(w: KubespecWorld): string {
  const s = state(w);
  if (!s.dir) s.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubespec-author-'));
  return s.dir;
}

/** `npx cucumber-js FILE…` in a child process, as an author runs one file. */
function runCucumber(w: KubespecWorld, ...files: string[]): void {
  const bin = path.join(ROOT, 'node_modules', '@cucumber', 'cucumber', 'bin', 'cucumber-js');
  const r = spawnSync(process.execPath, [bin, ...files, '--format', 'progress'], { cwd: ROOT, encoding: 'utf8' });
  state(w).run = { status: r.status ?? 1, output: (r.stdout + r.stderr).split(path.dirname(files[0]) + path.sep).join('') };
  fs.rmSync(path.dirname(files[0]), { recursive: true, force: true });
  state(w).dir = undefined;
}

When('I run the gherkin examples of the docs', { timeout: WAITING_STEP_TIMEOUT_MS }, function (this: KubespecWorld) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { writeExamples } = require('../scripts/doc-examples');
  runCucumber(this, ...writeExamples(tempDir(this)));
});

Then('the feature passes, with {int} scenarios', function (this: KubespecWorld, n: number) {
  const run = state(this).run!;
  expect({ status: run.status, summary: run.output.match(/\d+ scenarios? \(.*\)/)?.[0] }).toEqual({ status: 0, summary: `${n} scenarios (${n} passed)` });
});

When('I record {string} with `kubespec play --record-feature`', { timeout: WAITING_STEP_TIMEOUT_MS }, function (this: KubespecWorld, script: string) {
  const out = path.join(tempDir(this), 'recorded.feature');
  const run = runKubespecPlay(['--record-feature', out, script]);
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
  state(this).recorded = fs.readFileSync(out, 'utf8');
});

When('I record this play script with `kubespec play --record-feature{}`:', { timeout: WAITING_STEP_TIMEOUT_MS }, function (this: KubespecWorld, flags: string, script: string) {
  const dir = tempDir(this);
  fs.writeFileSync(path.join(dir, 'session.play'), script + '\n');
  const out = path.join(dir, 'recorded.feature');
  const run = runKubespecPlay(['--record-feature', out, ...flags.trim().split(/\s+/).filter(Boolean), path.join(dir, 'session.play')]);
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
  state(this).recorded = fs.readFileSync(out, 'utf8');
});

Then('the recorded feature contains:', function (this: KubespecWorld, text: string) {
  expect(state(this).recorded).toContain(text);
});

When('I run the recorded feature', { timeout: WAITING_STEP_TIMEOUT_MS }, function (this: KubespecWorld) {
  const file = path.join(tempDir(this), 'recorded.feature');
  fs.writeFileSync(file, state(this).recorded!);
  runCucumber(this, file);
});

When('I run this feature:', { timeout: WAITING_STEP_TIMEOUT_MS }, function (this: KubespecWorld, text: string) {
  const file = path.join(tempDir(this), 'scenario.feature');
  fs.writeFileSync(file, text + '\n');
  runCucumber(this, file);
});

Then('the feature passes', function (this: KubespecWorld) {
  const run = state(this).run!;
  expect({ status: run.status, output: run.output }).toEqual({ status: 0, output: expect.stringMatching(/\d+ scenarios? \(\d+ passed\)/) });
});

Then('the feature fails, and its output contains:', function (this: KubespecWorld, text: string) {
  const run = state(this).run!;
  expect(run.status).toBe(1);
  // The progress formatter indents a failure's message: compare the lines without it.
  const unindent = (t: string) => t.split('\n').map((l) => l.trim()).join('\n');
  expect(unindent(run.output)).toContain(unindent(text));
});

// ---------------------------------------------------------------- the step lint (scripts/lint-steps.js)

const lint = new WeakMap<KubespecWorld, { problems: string[]; untagged: string[] }>();

When('the step lint dry-runs this feature:', { timeout: WAITING_STEP_TIMEOUT_MS }, function (this: KubespecWorld, text: string) {
  const dir = tempDir(this);
  fs.writeFileSync(path.join(dir, 'linted.feature'), text + '\n');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { dryRun } = require('../scripts/lint-steps');
  try {
    const r = dryRun([path.join(dir, 'linted.feature')], path.join(dir, 'lint.ndjson'));
    // Cucumber names the file relative to the repository: keep only its name.
    const local = (t: string) => t.replace(/(?:\.\.\/)*[^\s(]*kubespec-author-[^/]+\//g, '');
    lint.set(this, { problems: r.problems.map(local), untagged: r.untagged.map(local) });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    state(this).dir = undefined;
  }
});

Then('the step lint reports:', function (this: KubespecWorld, text: string) {
  expect(lint.get(this)!.problems).toContainEqual(text);
});

Then('the step lint reports the step definition {string} in {word} as unused', function (this: KubespecWorld, pattern: string, file: string) {
  const prefix = `unused step definition: "${pattern}" (${file}:`;
  expect(lint.get(this)!.problems.filter((p) => p.startsWith(prefix))).toEqual([expect.stringMatching(/:\d+\): use it in a feature or remove it$/)]);
});

Then('the step lint warns that these scenarios carry no tag:', function (this: KubespecWorld, text: string) {
  expect(lint.get(this)!.untagged).toEqual(text.split('\n'));
});

// ---------------------------------------------------------------- Pods in a namespace, and waits with a deadline

async function livePods(w: KubespecWorld, selector: string, namespace: string): Promise<KObject[]> {
  return (await w.driver.list('pods', namespace, { labelSelector: selector })).filter((p) => !p.metadata.deletionTimestamp);
}

async function expectRunning(w: KubespecWorld, n: number, selector: string, namespace: string): Promise<void> {
  const pods = await livePods(w, selector, namespace);
  const summary = pods.map((p) => `${p.metadata.name} ${p.status?.phase}`).sort();
  expect({ running: pods.filter((p) => p.status?.phase === 'Running').length, pods: summary }).toEqual({ running: n, pods: summary });
  expect(pods.length).toBe(n);
}

Then('{int} pod(s) labelled {string} in the namespace {string} is/are Running', function (this: KubespecWorld, n: number, sel: string, ns: string) {
  return this.driver.eventually(() => expectRunning(this, n, sel, ns));
});

Then('{int} pod(s) labelled {string} in the namespace {string} exist(s)', function (this: KubespecWorld, n: number, sel: string, ns: string) {
  return this.driver.eventually(async () => expect((await livePods(this, sel, ns)).length).toBe(n));
});

/** Passes as soon as the check holds (virtual time on the model); fails at the deadline with the last difference. */
Then('within {duration} {int} pod(s) labelled {string} is/are Running', { timeout: WAITING_STEP_TIMEOUT_MS }, function (this: KubespecWorld, ms: number, n: number, sel: string) {
  return this.driver.waitFor(ms, () => expectRunning(this, n, sel, this.driver.namespace));
});

Then('within {duration} {int} pod(s) labelled {string} in the namespace {string} is/are Running', { timeout: WAITING_STEP_TIMEOUT_MS }, function (this: KubespecWorld, ms: number, n: number, sel: string, ns: string) {
  return this.driver.waitFor(ms, () => expectRunning(this, n, sel, ns));
});

// ---------------------------------------------------------------- bounds observed while a command ran

interface Bounds {
  selector: string;
  minReady: number;
  maxExisting: number;
  samples: number;
}
const bounds = new WeakMap<KubespecWorld, Bounds>();

function selects(selector: string, labels: Record<string, string> = {}): boolean {
  return selector.split(',').every((term) => {
    const [k, v] = term.split('=');
    return labels[k.trim()] === v?.trim();
  });
}

/**
 * Observes the Pods at every etcd write the command causes (as the rollout property does), and
 * keeps the fewest Ready and the most in existence (terminating ones not counted, as the
 * Deployment controller does not count them).
 */
When('I run `{}` while watching the pods labelled {string}', { timeout: WAITING_STEP_TIMEOUT_MS }, function (this: KubespecWorld, line: string, sel: string) {
  const etcd = this.cluster.etcd;
  const pods = new Map<string, KObject>();
  for (const kv of etcd.range('/registry/pods/', {})) pods.set(kv.key, JSON.parse(kv.value));
  const b: Bounds = { selector: sel, minReady: Infinity, maxExisting: 0, samples: 0 };
  const sample = () => {
    const counted = [...pods.values()].filter((p) => p.metadata.namespace === this.driver.namespace && selects(sel, p.metadata.labels) && !p.metadata.deletionTimestamp);
    b.minReady = Math.min(b.minReady, counted.filter(isPodReady).length);
    b.maxExisting = Math.max(b.maxExisting, counted.length);
    b.samples++;
  };
  sample();
  const cancel = etcd.watch('/registry/pods/', 0, (events) => {
    for (const e of events) {
      if (e.type === 'DELETE') pods.delete(e.kv.key);
      else pods.set(e.kv.key, JSON.parse(e.kv.value));
    }
    sample();
  });
  try {
    this.run(line);
  } finally {
    cancel();
  }
  bounds.set(this, b);
});

Then('while it ran, at least {int} of those pods were Ready and at most {int} existed', function (this: KubespecWorld, ready: number, most: number) {
  const b = bounds.get(this)!;
  expect(b.samples).toBeGreaterThan(1);
  expect({ fewestReady: b.minReady, mostExisting: b.maxExisting }).toEqual({ fewestReady: expect.any(Number), mostExisting: expect.any(Number) });
  if (b.minReady < ready || b.maxExisting > most)
    throw new Error(`while it ran, the pods labelled "${b.selector}" were at times only ${b.minReady} Ready (wanted at least ${ready}) and up to ${b.maxExisting} (wanted at most ${most})`);
});

// ---------------------------------------------------------------- a Deployment's new and old ReplicaSets

Then('the new ReplicaSet of the deployment {string} has {int} {word} replicas', function (this: KubespecWorld, d: string, n: number, field: string) {
  const rs = replicaSetsOf(this.cluster, d, this.driver.namespace).new;
  expect(rs).toBeDefined();
  expect({ name: rs!.metadata.name, [field]: rs!.status?.[`${field}Replicas`] ?? 0 }).toEqual({ name: rs!.metadata.name, [field]: n });
});

Then('the deployment {string} has {int} old ReplicaSet(s), scaled to {int}', function (this: KubespecWorld, d: string, n: number, replicas: number) {
  const old = replicaSetsOf(this.cluster, d, this.driver.namespace).old;
  expect(old.map((rs) => `${rs.metadata.name}: ${rs.spec?.replicas}`)).toEqual(old.map((rs) => `${rs.metadata.name}: ${replicas}`));
  expect(old.length).toBe(n);
});

// ---------------------------------------------------------------- events of an object

const KINDS: Record<string, string> = { pod: 'Pod', deployment: 'Deployment', replicaset: 'ReplicaSet', node: 'Node', daemonset: 'DaemonSet', service: 'Service' };

/** The events about one object whose reason is `reason`, from `source` (the reporting component), whose message matches. */
Then('the {word} {string} has an event {word} from {string} with a message matching {string}', function (this: KubespecWorld, kind: string, name: string, reason: string, source: string, message: string) {
  return this.driver.eventually(async () => {
    const events = await this.driver.list('events', kind === 'node' ? 'default' : this.driver.namespace);
    const about = events.filter((e) => e.involvedObject?.kind === (KINDS[kind] ?? kind) && e.involvedObject?.name === name);
    const summary = about.map((e) => `${e.reason} from ${e.source?.component ?? e.reportingComponent}: ${e.message}`);
    expect(summary).toContainEqual(expect.stringMatching(new RegExp(`^${reason} from ${source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (?:${message})$`)));
  });
});

// ---------------------------------------------------------------- the trace, printed

/**
 * Prints the trace (every API request, etcd access, watch delivery and CRI call, with its
 * virtual time), or one component's part of it, on stderr and as an attachment of the report;
 * it also becomes "the output", so the output steps can check it.
 */
When(/^I print the trace(?: of "([^"]+)")?(?: matching "([^"]+)")?$/, function (this: KubespecWorld, actor?: string, pattern?: string) {
  const what = `the trace${actor ? ` of ${actor}` : ''}${pattern ? ` matching "${pattern}"` : ''}`;
  const lines = this.cluster.sim.trace.entries
    .filter((e) => !actor || e.actor === actor || e.actor.startsWith(actor + '/'))
    .map((e) => `${(e.t / 1000).toFixed(3).padStart(9)}s ${e.kind.padEnd(9)} ${e.actor} ${e.verb} ${e.target}${e.detail ? ` (${e.detail})` : ''}`)
    .filter((l) => !pattern || new RegExp(pattern).test(l));
  const text = lines.join('\n') + '\n';
  process.stderr.write(`\n--- ${what} (${lines.length} entries)\n${text}`);
  this.attach(text, 'text/plain');
  this.last = { stdout: text, stderr: '', code: 0, line: `(${what})` };
  this.lastChecked = true;
});
