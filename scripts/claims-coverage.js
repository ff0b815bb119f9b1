#!/usr/bin/env node
// Coverage of the claims: which claim IDs (features/claims.md, the project's claim index) are tags of scenarios in
// this run, and whether every scenario carrying them passed. Reads reports/messages.ndjson
// (written by the `ci` profile) and reports/portable.ndjson (the @portable run over HTTP), and
// writes reports/claims.md and reports/claims.json.
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const messages = path.join(root, 'reports', 'messages.ndjson');
const claimsFile = path.join(root, 'features', 'claims.md');

const claims = new Map();
for (const m of fs.readFileSync(claimsFile, 'utf8').matchAll(/^- \*\*([A-Z]\d{2})\*\* ([^\n]*(?:\n {2}[^\n]*)*)/gm))
  claims.set(m[1], m[2].replace(/\s+/g, ' ').trim());

// Each run's messages: the in-process run, and the @portable run over HTTP when it wrote one.
const results = [];
for (const [file, run] of [
  [messages, ''],
  [path.join(root, 'reports', 'portable.ndjson'), ' [portable, over HTTP]'],
]) {
  if (run && !fs.existsSync(file)) continue;
  const pickles = new Map();
  const testCases = new Map();
  const started = new Map();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const m = JSON.parse(line);
    if (m.pickle) pickles.set(m.pickle.id, m.pickle);
    if (m.testCase) testCases.set(m.testCase.id, m.testCase.pickleId);
    if (m.testCaseStarted) started.set(m.testCaseStarted.id, { pickleId: testCases.get(m.testCaseStarted.testCaseId), status: 'PASSED' });
    if (m.testStepFinished) {
      const r = started.get(m.testStepFinished.testCaseStartedId);
      const st = m.testStepFinished.testStepResult.status;
      if (r && st !== 'PASSED') r.status = r.status === 'FAILED' ? 'FAILED' : st;
    }
  }
  for (const r of started.values()) results.push({ pickle: pickles.get(r.pickleId), status: r.status, run });
}

const byClaim = new Map();
for (const r of results) {
  const p = r.pickle;
  for (const t of p.tags) {
    const id = t.name.replace(/^@/, '');
    if (!/^[A-Z]\d{2}$/.test(id)) continue;
    if (!byClaim.has(id)) byClaim.set(id, []);
    byClaim.get(id).push({ scenario: p.name + r.run, uri: p.uri, status: r.status });
  }
}

const ids = [...new Set([...claims.keys(), ...byClaim.keys()])].sort();
const rows = ids.map((id) => {
  const sc = byClaim.get(id) ?? [];
  // A scenario skipped for a stated reason (an older kubectl) neither proves nor fails its claim.
  const ran = sc.filter((s) => s.status !== 'SKIPPED');
  const status = ran.length === 0 ? 'not covered' : ran.every((s) => s.status === 'PASSED') ? 'passing' : 'failing';
  return { id, claim: claims.get(id) ?? '', status, scenarios: sc };
});
const count = (s) => rows.filter((r) => r.status === s).length;
let md = `# Claims coverage\n\n${count('passing')} passing, ${count('failing')} failing, ${count('not covered')} not covered (of ${rows.length}).\n\n| claim | status | scenarios |\n|---|---|---|\n`;
for (const r of rows) md += `| ${r.id} | ${r.status} | ${r.scenarios.map((s) => `${s.scenario} (${path.basename(s.uri)})`).join('<br>') || '-'} |\n`;
fs.writeFileSync(path.join(root, 'reports', 'claims.md'), md);
fs.writeFileSync(path.join(root, 'reports', 'claims.json'), JSON.stringify(rows, null, 2) + '\n');
console.log(`claims: ${count('passing')} passing, ${count('failing')} failing, ${count('not covered')} not covered (reports/claims.md)`);
if (process.argv.includes('--list-uncovered')) for (const r of rows) if (r.status !== 'passing') console.log(`  ${r.id} ${r.status}`);
// The run's closing line, in the plain form CI reads: scenarios passed and failed.
const passed = results.filter((r) => r.status === 'PASSED').length;
const skipped = results.filter((r) => r.status === 'SKIPPED').length;
console.log(`${passed} passed, ${results.length - passed - skipped} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(count('failing') ? 1 : 0);
