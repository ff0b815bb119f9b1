/**
 * The kubectl differential test (features/kubectl-differential.feature): the model's kubectl
 * against the real kubectl 1.32's recorded answers, and a live sample proving the recording
 * current. The corpus, the runners and the comparison live in scripts/kubectl-diff.ts, which
 * also writes the full report.
 */
import { Given, Then, When } from '@cucumber/cucumber';
import { loadCorpus, loadKnown, loadRecording, loadServerLines, type Outcome, runModel, runRealAll, realVersion, same, unifiedDiff } from '../scripts/kubectl-diff';
import type { KubespecWorld } from './world';

interface Run {
  line: string;
  expected: Outcome;
  actual: Outcome;
}

const runs = new WeakMap<KubespecWorld, Run[]>();

function lastRuns(world: KubespecWorld): Run[] {
  const r = runs.get(world);
  if (!r) throw new Error('no corpus lines have run in this scenario');
  return r;
}

When("the model's kubectl runs the corpus group {string}", function (this: KubespecWorld, group: string) {
  const rec = loadRecording();
  const lines = loadCorpus().filter((c) => c.group === group);
  if (lines.length === 0) throw new Error(`no corpus group "${group}"`);
  runs.set(
    this,
    lines.map(({ line }) => {
      const expected = rec.lines[line];
      if (!expected) throw new Error(`not recorded (run \`npm run kubectl-diff -- --record\`): ${line}`);
      return { line, expected, actual: runModel(line) };
    }),
  );
});

Then('it prints what the recorded kubectl 1.32 printed, except the known differences', function (this: KubespecWorld) {
  const known = loadKnown();
  const unexpected: string[] = [];
  const fixed: string[] = [];
  let identical = 0;
  for (const r of lastRuns(this)) {
    const agrees = same(r.expected, r.actual);
    if (agrees) identical++;
    if (!agrees && !(r.line in known)) unexpected.push(`\`${r.line}\`\n${unifiedDiff(r.expected, r.actual)}`);
    if (agrees && r.line in known) fixed.push(r.line);
  }
  this.log(`${identical} of ${lastRuns(this).length} lines identical`);
  const problems: string[] = [];
  if (unexpected.length) problems.push(`${unexpected.length} line(s) differ from the real kubectl and are not in known-differences.json:\n\n${unexpected.join('\n\n')}`);
  if (fixed.length) problems.push(`${fixed.length} line(s) in known-differences.json now agree; remove them:\n  ${fixed.join('\n  ')}`);
  if (problems.length) throw new Error(problems.join('\n\n'));
});

Then('every known difference is a line of the corpus with a one-line reason', function () {
  const lines = new Set(loadCorpus().map((c) => c.line));
  const bad = Object.entries(loadKnown()).filter(([line, why]) => !lines.has(line) || !why.trim() || why.includes('\n'));
  if (bad.length) throw new Error(`known differences that are not corpus lines, or lack a one-line reason:\n  ${bad.map(([l]) => l).join('\n  ')}`);
});

Given('the real kubectl on the PATH is 1.32', function (this: KubespecWorld) {
  const v = realVersion();
  if (!v || !/^v1\.32\./.test(v)) {
    const reason = `skipped: the recording is of kubectl 1.32 and the kubectl here is ${v ?? 'absent'}`;
    this.log(reason);
    process.stderr.write(`\nkubectl-differential: ${reason}\n`);
    return 'skipped';
  }
  return undefined;
});

/** Every n-th recorded line, so the sample spans all the groups; the same sample on every run. */
When('the real kubectl runs {int} lines sampled across the corpus', async function (this: KubespecWorld, n: number) {
  const rec = loadRecording();
  const all = [...new Set(loadCorpus().map((c) => c.line))];
  const step = Math.max(1, Math.floor(all.length / n));
  const sample = all.filter((_, i) => i % step === 0).slice(0, n);
  const live = await runRealAll(sample);
  runs.set(
    this,
    sample.map((line) => ({ line, expected: rec.lines[line], actual: live.get(line)! })),
  );
});

/** The first n server lines: the real kubectl runs them against `kubespec up`, as they were recorded. */
When('the real kubectl runs {int} server lines against kubespec up', async function (this: KubespecWorld, n: number) {
  const rec = loadRecording();
  const sample = [...loadServerLines()].slice(0, n);
  if (sample.length === 0) throw new Error('no server lines in test/kubectl-corpus/server-lines.txt');
  const live = await runRealAll(sample);
  runs.set(
    this,
    sample.map((line) => ({ line, expected: rec.lines[line], actual: live.get(line)! })),
  );
});

Then('it prints what was recorded for each of them', function (this: KubespecWorld) {
  const stale = lastRuns(this).filter((r) => !r.expected || !same(r.expected, r.actual));
  if (stale.length)
    throw new Error(`the recording is stale (re-record with \`npm run kubectl-diff -- --record\`):\n\n${stale.map((r) => `\`${r.line}\`\n${r.expected ? unifiedDiff(r.expected, r.actual) : 'not recorded'}`).join('\n\n')}`);
});
