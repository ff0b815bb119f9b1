#!/usr/bin/env node
// `npm run spec`: the spec as a document. Runs every feature as CI does (the `ci` profile: two
// workers, reports/cucumber.html, junit.xml and messages.ndjson, each scenario with its
// pictures), writes the claim coverage (reports/claims.md and claims.html, scripts/claims-coverage.js),
// checks the report in headless Chromium (scripts/report-browser.js; skipped, saying so, without
// it), and ends with the one-line claim summary. Extra arguments go to cucumber-js (a feature
// file, --tags …), e.g. `npm run spec -- features/walkthrough.feature`.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const node = process.execPath;
fs.mkdirSync(path.join(root, 'reports'), { recursive: true });

const run = (args, opts = {}) => spawnSync(node, args, { cwd: root, stdio: 'inherit', ...opts });
const features = run([path.join(root, 'node_modules', '@cucumber', 'cucumber', 'bin', 'cucumber-js'), '--profile', 'ci', ...process.argv.slice(2)]);
// Only this run's results: an older reports/portable.ndjson would speak for another run.
const coverage = run([path.join(__dirname, 'claims-coverage.js'), '--without-portable'], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
const browser = run([path.join(__dirname, 'report-browser.js')]);
process.stdout.write('\nreports/cucumber.html, reports/junit.xml, reports/messages.ndjson, reports/claims.md, reports/claims.html\n');
// The claim summary last: the line a reader of the run looks for.
const lines = (coverage.stdout ?? '').split('\n').filter(Boolean);
for (const l of [...lines.filter((l) => !l.startsWith('claims:')), ...lines.filter((l) => l.startsWith('claims:'))]) process.stdout.write(l + '\n');
process.exit(features.status || coverage.status || browser.status || 0);
