#!/usr/bin/env node
// One mutation report for the four folders (issue 15, item 4): merges the tracked results of each
// folder's Stryker run (test/stryker/<folder>.incremental.json, mutation-testing-report-schema
// JSON) into reports/mutation/index.html, drawn by the same mutation-testing-elements page
// Stryker's own HTML reporter writes, and prints the score per folder. A folder never run is
// named as such, not counted as zero. Takes seconds: it re-runs nothing.
//   npm run mutate:report
'use strict';
const fs = require('fs');
const path = require('path');
const { createRequire } = require('module');

const ROOT = path.join(__dirname, '..');
const FOLDERS = { scheduler: 'model/scheduler', kubelet: 'model/node/kubelet', controllers: 'model/controllers', apiserver: 'model/apiserver' };
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** Detected and valid mutants (Stryker's score: compile errors and ignored mutants not counted). */
function score(files) {
  let detected = 0;
  let valid = 0;
  let covered = 0;
  for (const entry of Object.values(files)) {
    for (const m of entry.mutants) {
      if (DETECTED.has(m.status)) detected++;
      if (DETECTED.has(m.status) || UNDETECTED.has(m.status)) valid++;
      if (DETECTED.has(m.status) || m.status === 'Survived') covered++;
    }
  }
  return { detected, valid, covered };
}

/** The folder's TypeScript files, every .ts file under it, as the mutate globs take them. */
function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)} %` : '-');

const merged = { schemaVersion: '1.0', thresholds: { high: 90, low: 80, break: null }, files: {}, testFiles: {}, projectRoot: ROOT };
const lines = [];
for (const [name, dir] of Object.entries(FOLDERS)) {
  // The folder's whole run, then its parts (stryker.folder.config.mjs, STRYKER_PART): a file
  // measured in both counts as its part measured it (the later, narrower run).
  const stryker = path.join(ROOT, 'test', 'stryker');
  const files = [`${name}.incremental.json`, ...fs.readdirSync(stryker).filter((f) => f.startsWith(`${name}.`) && f.endsWith('.incremental.json') && f !== `${name}.incremental.json`).sort()]
    .map((f) => path.join(stryker, f))
    .filter((f) => fs.existsSync(f));
  if (!files.length) {
    lines.push(`${dir.padEnd(22)} not measured yet (npm run mutate:${name})`);
    continue;
  }
  const own = {};
  for (const file of files) {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    // A restricted run (--mutate one file) may leave results for files of other folders: keep each
    // folder's own files only, so no mutant is counted twice.
    Object.assign(own, Object.fromEntries(Object.entries(report.files).filter(([f]) => f.startsWith(`${dir}/`))));
    for (const [f, t] of Object.entries(report.testFiles ?? {})) {
      if (!merged.testFiles[f]) merged.testFiles[f] = { ...t, tests: [] };
      const seen = new Set(merged.testFiles[f].tests.map((x) => x.id));
      for (const test of t.tests) if (!seen.has(test.id)) merged.testFiles[f].tests.push(test);
    }
  }
  Object.assign(merged.files, own);
  const s = score(own);
  // Restricted runs (a subfolder at a time) leave a folder partly measured: say how much.
  const all = sourceFiles(path.join(ROOT, dir)).length;
  const part = Object.keys(own).length < all ? `; partial: ${Object.keys(own).length} of its ${all} files` : '';
  lines.push(`${dir.padEnd(22)} ${pct(s.detected, s.valid).padStart(7)}  (${s.detected} detected of ${s.valid}; ${pct(s.detected, s.covered)} of covered code${part})`);
}

// The page Stryker's HTML reporter writes, with the merged report in it.
const requireFromStryker = createRequire(require.resolve('@stryker-mutator/core'));
const elements = fs.readFileSync(requireFromStryker.resolve('mutation-testing-elements/dist/mutation-test-elements.js'), 'utf8');
const json = JSON.stringify(merged).replace(/</g, '<"+"');
const html = `<!DOCTYPE html>
<html>
<head><meta charset="utf-8"><title>kubespec mutation report</title><script>${elements}</script></head>
<body>
<mutation-test-report-app titlePostfix="kubespec"></mutation-test-report-app>
<script>
  const app = document.querySelector('mutation-test-report-app');
  app.report = ${json};
  app.addEventListener('theme-changed', () => { document.body.style.backgroundColor = app.themeBackgroundColor; });
</script>
</body>
</html>
`;
const out = path.join(ROOT, 'reports', 'mutation', 'index.html');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, html);
for (const l of lines) console.log(l);
const all = score(merged.files);
console.log(`${'all measured'.padEnd(22)} ${pct(all.detected, all.valid).padStart(7)}  (${all.detected} detected of ${all.valid})`);
console.log(`report: ${path.relative(process.cwd(), out)}`);
