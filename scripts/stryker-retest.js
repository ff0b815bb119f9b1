#!/usr/bin/env node
// Makes the next incremental Stryker run test some mutants again (issue 15, item 4): it drops the
// results of the mutants with the given statuses from an incremental file, and Stryker's differ
// then treats them as new. Timeouts are on the wall clock: on a loaded machine a slow scenario
// times out and counts as detected, so a folder measured beside other work gets its timeouts
// re-tested on a quiet machine before the score is quoted.
//   node scripts/stryker-retest.js kubelet                     # Timeout (the default)
//   node scripts/stryker-retest.js kubelet Timeout,Survived
//   node scripts/stryker-retest.js reports/mine.incremental.json Timeout
// then: npm run mutate:kubelet (it tests only the dropped mutants, and whatever changed).
'use strict';
const fs = require('fs');
const path = require('path');

const [folder, statusList = 'Timeout'] = process.argv.slice(2);
if (!folder) {
  console.error('usage: node scripts/stryker-retest.js FOLDER|FILE.json [STATUS,STATUS…]');
  process.exit(2);
}
const file = folder.endsWith('.json') ? path.resolve(folder) : path.join(__dirname, '..', 'test', 'stryker', `${folder}.incremental.json`);
if (!fs.existsSync(file)) {
  console.error(`no results for ${folder}: ${path.relative(process.cwd(), file)} does not exist`);
  process.exit(1);
}
const statuses = new Set(statusList.split(','));
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
let dropped = 0;
for (const entry of Object.values(report.files)) {
  const kept = entry.mutants.filter((m) => !statuses.has(m.status));
  dropped += entry.mutants.length - kept.length;
  entry.mutants = kept;
}
fs.writeFileSync(file, JSON.stringify(report, null, 2));
console.log(`${path.relative(process.cwd(), file)}: ${dropped} mutant result(s) with status ${[...statuses].join(' or ')} dropped; the next incremental run tests them again`);
