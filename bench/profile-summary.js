#!/usr/bin/env node
// Summarises a V8 CPU profile (node --cpu-prof): the functions with the most self time, with
// their file and line, and the share of all samples. Usage: node bench/profile-summary.js X.cpuprofile [N]
const fs = require('node:fs');
const path = require('node:path');

const [file, top = '25'] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node bench/profile-summary.js PROFILE.cpuprofile [N]\n');
  process.exit(2);
}
const prof = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
// Sample intervals: timeDeltas[i] is the time before sample i.
prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFn = new Map();
for (const [id, us] of self) {
  const cf = byId.get(id).callFrame;
  const where = cf.url ? `${path.relative(process.cwd(), cf.url.replace(/^file:\/\//, ''))}:${cf.lineNumber + 1}` : '';
  const key = `${cf.functionName || '(anonymous)'} ${where}`;
  byFn.set(key, (byFn.get(key) ?? 0) + us);
}
const rows = [...byFn].sort((a, b) => b[1] - a[1]).slice(0, Number(top));
process.stdout.write(`total ${(total / 1e6).toFixed(1)} s sampled\n`);
for (const [k, us] of rows) process.stdout.write(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1e6).toFixed(2).padStart(7)} s  ${k}\n`);
