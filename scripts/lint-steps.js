#!/usr/bin/env node
// Step lint: a cucumber dry run exits 0 even when steps are undefined or ambiguous, so read its
// message stream and fail on any such step.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
fs.mkdirSync(path.join(root, 'reports'), { recursive: true });
const out = path.join(root, 'reports', 'lint.ndjson');
const bin = path.join(root, 'node_modules', '.bin', 'cucumber-js');
const run = spawnSync(bin, ['--profile', 'lint'], { cwd: root, encoding: 'utf8' });
if (run.status !== 0) {
  process.stderr.write(run.stdout + run.stderr);
  process.exit(run.status || 1);
}
const steps = new Map();
const pickles = new Map();
const problems = [];
for (const line of fs.readFileSync(out, 'utf8').split('\n')) {
  if (!line) continue;
  const m = JSON.parse(line);
  if (m.pickle) for (const s of m.pickle.steps) steps.set(s.id, { text: s.text, uri: m.pickle.uri, scenario: m.pickle.name });
  if (m.testCase) pickles.set(m.testCase.id, m.testCase);
  if (m.testCase)
    for (const ts of m.testCase.testSteps) {
      if (!ts.pickleStepId) continue;
      const n = (ts.stepDefinitionIds || []).length;
      if (n === 0) problems.push(['undefined', steps.get(ts.pickleStepId)]);
      if (n > 1) problems.push(['ambiguous', steps.get(ts.pickleStepId)]);
    }
}
for (const [kind, s] of problems) console.error(`${kind} step: "${s.text}" (${s.uri}, scenario "${s.scenario}")`);
if (problems.length) {
  console.error(`step lint: ${problems.length} undefined or ambiguous step(s)`);
  process.exit(1);
}
console.log(`step lint: ${steps.size} steps, all defined once`);
