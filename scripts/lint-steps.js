#!/usr/bin/env node
// Step lint: a cucumber dry run exits 0 even when steps are undefined or ambiguous, so read its
// message stream and fail on any such step, and on step definitions no feature uses (dead
// sentences an author would find in docs/steps.md and copy). Scenarios without any tag are
// listed as a warning: a scenario should say which claim it checks. Also checks that
// docs/steps.md (written by `npm run steps`, scripts/steps-catalog.js) is current.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');

// Definitions used only by features that code writes, never by a checked-in feature: a property's
// shrunk counterexample (steps/properties/counterexample.ts writes these four sentences).
const USED_BY_GENERATED_FEATURES = new Map([
  ['these generated workloads:', 'counterexample features (steps/properties/counterexample.ts)'],
  ['the scheduler of the simulation picks {string}', 'counterexample features (steps/properties/counterexample.ts)'],
  ['these user actions and faults happen:', 'counterexample features (steps/properties/counterexample.ts)'],
  ['every workload converges and stays quiet', 'counterexample features (steps/properties/counterexample.ts)'],
]);

/** Dry-runs every feature (or the given feature files) and returns what the messages say. */
function dryRun(paths = [], out = path.join(root, 'reports', 'lint.ndjson')) {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const bin = path.join(root, 'node_modules', '.bin', 'cucumber-js');
  const args = paths.length ? ['--dry-run', '--format', `message:${out}`, ...paths] : ['--profile', 'lint'];
  const run = spawnSync(bin, args, { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw Object.assign(new Error(run.stdout + run.stderr), { status: run.status || 1 });
  return analyse(fs.readFileSync(out, 'utf8'));
}

/** Every feature and the docs' examples (they run in npm test, so their sentences are used). */
function dryRunAll() {
  const { writeExamples } = require('./doc-examples');
  const examples = writeExamples(path.join(root, 'reports', 'doc-examples'));
  return dryRun(['features/**/*.feature', ...examples.map((f) => path.relative(root, f))]);
}

/** Step definitions, pickle steps with their Gherkin source, and each step's matches. */
function analyse(ndjson) {
  const defs = new Map(); // id -> { pattern, type, uri, line, uses: [] }
  const gherkinSteps = new Map(); // ast id -> { keyword, line, docString, dataTable }
  const pickleSteps = new Map(); // id -> { text, type, uri, scenario, astId, language }
  const docs = new Map(); // uri -> language
  const untagged = new Map();
  const problems = [];
  const lines = ndjson.split('\n').filter(Boolean).map((l) => JSON.parse(l));
  for (const m of lines) {
    if (m.stepDefinition) {
      const d = m.stepDefinition;
      defs.set(d.id, { pattern: d.pattern.source, type: d.pattern.type, uri: d.sourceReference.uri, line: d.sourceReference.location.line, uses: [] });
    }
    if (m.gherkinDocument) {
      docs.set(m.gherkinDocument.uri, m.gherkinDocument.feature?.language ?? 'en');
      const visit = (steps) => {
        for (const s of steps ?? []) gherkinSteps.set(s.id, { keyword: s.keyword.trim(), line: s.location.line, docString: !!s.docString, dataTable: !!s.dataTable });
      };
      for (const c of m.gherkinDocument.feature?.children ?? []) {
        visit(c.background?.steps);
        visit(c.scenario?.steps);
        for (const rc of c.rule?.children ?? []) {
          visit(rc.background?.steps);
          visit(rc.scenario?.steps);
        }
      }
    }
    if (m.pickle) {
      const p = m.pickle;
      if (!p.tags.length) untagged.set(`${p.uri}: ${p.name}`, true);
      for (const s of p.steps) pickleSteps.set(s.id, { text: s.text, type: s.type, uri: p.uri, scenario: p.name, astId: s.astNodeIds[0] });
    }
  }
  for (const m of lines) {
    if (!m.testCase) continue;
    for (const ts of m.testCase.testSteps) {
      if (!ts.pickleStepId) continue;
      const ids = ts.stepDefinitionIds || [];
      const s = pickleSteps.get(ts.pickleStepId);
      if (ids.length === 0) problems.push(`undefined step: "${s.text}" (${s.uri}, scenario "${s.scenario}")`);
      if (ids.length > 1) problems.push(`ambiguous step: "${s.text}" (${s.uri}, scenario "${s.scenario}")`);
      for (const id of ids) {
        const g = gherkinSteps.get(s.astId);
        defs.get(id)?.uses.push({ ...s, line: g?.line, docString: g?.docString, dataTable: g?.dataTable, language: docs.get(s.uri) });
      }
    }
  }
  for (const d of defs.values())
    if (!d.uses.length && !USED_BY_GENERATED_FEATURES.has(d.pattern)) problems.push(`unused step definition: "${d.pattern}" (${d.uri}:${d.line}): use it in a feature or remove it`);
  return { defs: [...defs.values()], steps: pickleSteps.size, problems, untagged: [...untagged.keys()] };
}

function main() {
  const { catalog, writeCatalog } = require('./steps-catalog');
  let result;
  try {
    result = dryRunAll();
  } catch (e) {
    process.stderr.write(e.message);
    process.exit(e.status);
  }
  for (const p of result.problems) console.error(p);
  if (result.untagged.length) {
    console.error(`step lint: warning: ${result.untagged.length} scenario(s) carry no tag (no claim ID says what they check):`);
    for (const u of result.untagged) console.error(`  ${u}`);
  }
  const stale = fs.existsSync(writeCatalog.file) ? fs.readFileSync(writeCatalog.file, 'utf8') !== catalog(result) : true;
  if (stale) result.problems.push('docs/steps.md');
  if (stale) console.error('step lint: docs/steps.md is not current: run `npm run steps` and commit docs/steps.md');
  if (result.problems.length) {
    console.error(`step lint: ${result.problems.length} problem(s)`);
    process.exit(1);
  }
  console.log(`step lint: ${result.steps} steps, all defined once; ${result.defs.length} step definitions, all used; docs/steps.md current`);
}

module.exports = { dryRun, dryRunAll, analyse, USED_BY_GENERATED_FEATURES };
if (require.main === module) main();
