#!/usr/bin/env node
// Coverage of the claims: which claim IDs (features/claims.md, the project's claim index) are tags of scenarios in
// this run, and whether every scenario carrying them passed. Reads reports/messages.ndjson
// (written by the `ci` profile) and reports/portable.ndjson (the @portable run over HTTP), and
// writes reports/claims.md, reports/claims.json and reports/claims.html (scripts/claims-html.js:
// each claim under its section, its scenarios linked into reports/cucumber.html).
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
// --reports DIR: another run's reports (its messages.ndjson in, the claim pages out there too);
// --without-portable: the in-process run alone (npm run spec), not an older portable.ndjson.
const at = process.argv.indexOf('--reports');
const reports = at > 0 ? path.resolve(process.argv[at + 1]) : path.join(root, 'reports');
const messages = path.join(reports, 'messages.ndjson');
const claimsFile = path.join(root, 'features', 'claims.md');

const claims = new Map();
// The section each claim is listed under ("W: the walkthrough (seed …)"), for the HTML page.
const sections = new Map();
for (const m of fs.readFileSync(claimsFile, 'utf8').matchAll(/^## ([^\n]+)|^- \*\*([A-Z]{1,2}\d{2})\*\* ([^\n]*(?:\n {2}[^\n]*)*)/gm)) {
  if (m[1]) sections.set('', m[1].trim());
  else claims.set(m[2], m[3].replace(/\s+/g, ' ').trim()), sections.set(m[2], sections.get(''));
}

// Each run's messages: the in-process run, and the @portable run over HTTP when it wrote one.
const results = [];
for (const [file, run] of [
  [messages, ''],
  [path.join(reports, 'portable.ndjson'), ' [portable, over HTTP]'],
]) {
  if (run && (!fs.existsSync(file) || process.argv.includes('--without-portable'))) continue;
  const pickles = new Map();
  const testCases = new Map();
  const started = new Map();
  // Scenario and example-row lines, by AST node id, to point at the feature file.
  const lines = new Map();
  const lineOf = (n) => {
    if (n.location && n.id) lines.set(n.id, n.location.line);
    for (const v of Object.values(n)) if (v && typeof v === 'object') lineOf(v);
  };
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const m = JSON.parse(line);
    if (m.gherkinDocument) lineOf(m.gherkinDocument);
    if (m.pickle) pickles.set(m.pickle.id, m.pickle);
    if (m.testCase) testCases.set(m.testCase.id, m.testCase.pickleId);
    if (m.testCaseStarted) started.set(m.testCaseStarted.id, { pickleId: testCases.get(m.testCaseStarted.testCaseId), status: 'PASSED' });
    if (m.testStepFinished) {
      const r = started.get(m.testStepFinished.testCaseStartedId);
      const st = m.testStepFinished.testStepResult.status;
      if (r && st !== 'PASSED') r.status = r.status === 'FAILED' ? 'FAILED' : st;
    }
  }
  for (const r of started.values()) {
    const pickle = pickles.get(r.pickleId);
    results.push({ pickle, status: r.status, run, line: lines.get(pickle.astNodeIds[pickle.astNodeIds.length - 1]) });
  }
}

const byClaim = new Map();
for (const r of results) {
  const p = r.pickle;
  for (const t of p.tags) {
    const id = t.name.replace(/^@/, '');
    if (!/^[A-Z]{1,2}\d{2}$/.test(id)) continue;
    if (!byClaim.has(id)) byClaim.set(id, []);
    byClaim.get(id).push({ scenario: p.name + r.run, name: p.name, uri: p.uri, line: r.line, status: r.status });
  }
}

const ids = [...new Set([...claims.keys(), ...byClaim.keys()])].sort();
const rows = ids.map((id) => {
  const sc = byClaim.get(id) ?? [];
  // A scenario skipped for a stated reason (an older kubectl) neither proves nor fails its claim.
  const ran = sc.filter((s) => s.status !== 'SKIPPED');
  const status = ran.length === 0 ? 'not covered' : ran.every((s) => s.status === 'PASSED') ? 'passing' : 'failing';
  return { id, claim: claims.get(id) ?? '', section: sections.get(id), status, scenarios: sc };
});
const count = (s) => rows.filter((r) => r.status === s).length;
let md = `# Claims coverage\n\n${count('passing')} passing, ${count('failing')} failing, ${count('not covered')} not covered (of ${rows.length}).\n\n| claim | status | scenarios |\n|---|---|---|\n`;
for (const r of rows) md += `| ${r.id} | ${r.status} | ${r.scenarios.map((s) => `${s.scenario} (${path.basename(s.uri)})`).join('<br>') || '-'} |\n`;
fs.writeFileSync(path.join(reports, 'claims.md'), md);
fs.writeFileSync(path.join(reports, 'claims.json'), JSON.stringify(rows, null, 2) + '\n');
require('./claims-html').writeClaimsHtml(path.join(reports, 'claims.html'), rows, { sectionOrder: [...new Set([...sections].filter(([k]) => k).map(([, v]) => v))] });
console.log(`claims: ${count('passing')} passing, ${count('failing')} failing, ${count('not covered')} not covered (${path.relative(root, path.join(reports, 'claims.md'))}, claims.html)`);
if (process.argv.includes('--list-uncovered')) for (const r of rows) if (r.status !== 'passing') console.log(`  ${r.id} ${r.status}`);
// The run's closing line, in the plain form CI reads: scenarios passed and failed.
const passed = results.filter((r) => r.status === 'PASSED').length;
const skipped = results.filter((r) => r.status === 'SKIPPED').length;
console.log(`${passed} passed, ${results.length - passed - skipped} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(count('failing') ? 1 : 0);
