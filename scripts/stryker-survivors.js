#!/usr/bin/env node
// Lists the mutants a Stryker folder run left alive (Survived and NoCoverage), from the tracked
// incremental file, so survivors can be reviewed one by one (issue 15, item 4): each line gives
// the place, the mutator, the original code and what Stryker put in its place.
//   node scripts/stryker-survivors.js scheduler              # every file of the folder, a score per file
//   node scripts/stryker-survivors.js scheduler node-tree    # only files whose path contains 'node-tree'
//   node scripts/stryker-survivors.js kubelet --summary      # the per-file table only
//   node scripts/stryker-survivors.js reports/mine.incremental.json   # any incremental file
'use strict';
const fs = require('fs');
const path = require('path');

const [folder, ...rest] = process.argv.slice(2);
const summaryOnly = rest.includes('--summary');
const filter = rest.find((a) => !a.startsWith('--'));
if (!folder) {
  console.error('usage: node scripts/stryker-survivors.js FOLDER [PATH-PART] [--summary]');
  process.exit(2);
}
const file = folder.endsWith('.json') ? path.resolve(folder) : path.join(__dirname, '..', 'test', 'stryker', `${folder}.incremental.json`);
if (!fs.existsSync(file)) {
  console.error(`no results for ${folder}: ${path.relative(process.cwd(), file)} does not exist (run npm run mutate:${folder})`);
  process.exit(1);
}
const report = JSON.parse(fs.readFileSync(file, 'utf8'));

const DETECTED = new Set(['Killed', 'Timeout']);
const ALIVE = new Set(['Survived', 'NoCoverage']);

/** The source text a mutant replaces (mutation-testing-report-schema: lines and columns 1-based). */
function original(source, loc) {
  const lines = source.split('\n');
  const { start, end } = loc;
  if (start.line === end.line) return lines[start.line - 1].slice(start.column - 1, end.column - 1);
  const first = lines[start.line - 1].slice(start.column - 1);
  return `${first} …`;
}

const oneLine = (s) => s.replace(/\s+/g, ' ').trim().slice(0, 90);
let detected = 0;
let valid = 0;
const rows = [];
for (const [name, entry] of Object.entries(report.files).sort()) {
  if (filter && !name.includes(filter)) continue;
  let d = 0;
  let v = 0;
  const alive = [];
  for (const m of entry.mutants) {
    if (DETECTED.has(m.status)) d++;
    if (DETECTED.has(m.status) || ALIVE.has(m.status)) v++;
    if (ALIVE.has(m.status)) alive.push(m);
  }
  detected += d;
  valid += v;
  rows.push({ name, d, v, alive });
  if (summaryOnly || alive.length === 0) continue;
  console.log(`\n${name}: ${v ? ((100 * d) / v).toFixed(1) : '-'} % (${d}/${v})`);
  alive.sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
  for (const m of alive) {
    const at = `${m.location.start.line}:${m.location.start.column}`;
    const tag = m.status === 'NoCoverage' ? 'no coverage' : 'survived';
    console.log(`  ${at.padEnd(8)} ${tag.padEnd(11)} ${m.mutatorName.padEnd(22)} ${oneLine(original(entry.source, m.location))}  ->  ${oneLine(m.replacement ?? '')}`);
  }
}
console.log('');
for (const r of rows) {
  console.log(`${(r.v ? ((100 * r.d) / r.v).toFixed(1) : '-').padStart(6)} %  ${String(r.alive.length).padStart(4)} alive  ${r.name}`);
}
console.log(`${valid ? ((100 * detected) / valid).toFixed(1) : '-'} % mutation score (${detected} detected of ${valid}; compile errors and ignored mutants not counted)`);
