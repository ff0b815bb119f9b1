#!/usr/bin/env node
// How the feature suite spends its time, from a Cucumber message file (the `ci` profile writes
// reports/messages.ndjson): the run's wall time, the scenarios' summed time, how busy each
// worker was, the longest scenarios and feature files, and the makespan a greedy split would
// reach with k workers or k CI jobs (by scenario, as Cucumber's workers take them, and by feature
// file, as a sharded CI job would). Usage: node bench/suite-timing.js [reports/messages.ndjson]
const fs = require('node:fs');

const file = process.argv[2] ?? 'reports/messages.ndjson';
const secs = (t) => t.seconds + t.nanos / 1e9;
const pickles = new Map();
const cases = new Map();
const started = new Map();
const durations = [];
let runStart;
let runEnd;
for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
  if (!line) continue;
  const m = JSON.parse(line);
  if (m.pickle) pickles.set(m.pickle.id, { uri: m.pickle.uri, name: m.pickle.name });
  else if (m.testCase) cases.set(m.testCase.id, m.testCase.pickleId);
  else if (m.testCaseStarted) started.set(m.testCaseStarted.id, { at: secs(m.testCaseStarted.timestamp), testCaseId: m.testCaseStarted.testCaseId, worker: m.testCaseStarted.workerId ?? '0' });
  else if (m.testCaseFinished) {
    const s = started.get(m.testCaseFinished.testCaseStartedId);
    const p = pickles.get(cases.get(s.testCaseId));
    durations.push({ ...p, worker: s.worker, seconds: secs(m.testCaseFinished.timestamp) - s.at });
  } else if (m.testRunStarted) runStart = secs(m.testRunStarted.timestamp);
  else if (m.testRunFinished) runEnd = secs(m.testRunFinished.timestamp);
}
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const total = sum(durations.map((d) => d.seconds));
const byWorker = new Map();
for (const d of durations) byWorker.set(d.worker, (byWorker.get(d.worker) ?? 0) + d.seconds);
const byFile = new Map();
for (const d of durations) byFile.set(d.uri, (byFile.get(d.uri) ?? 0) + d.seconds);
/** Longest-processing-time-first onto k bins: the makespan of a good static split. */
const makespan = (items, k) => {
  const bins = new Array(k).fill(0);
  for (const x of [...items].sort((a, b) => b - a)) bins[bins.indexOf(Math.min(...bins))] += x;
  return Math.max(...bins);
};
const out = [];
out.push(`${durations.length} scenarios; run ${(runEnd - runStart).toFixed(0)} s wall; scenarios' sum ${total.toFixed(0)} s`);
out.push(`workers: ${[...byWorker].map(([w, s]) => `${w.slice(0, 8)} ${s.toFixed(0)} s`).join(', ')}`);
out.push('longest scenarios:');
for (const d of [...durations].sort((a, b) => b.seconds - a.seconds).slice(0, 8)) out.push(`  ${d.seconds.toFixed(1).padStart(6)} s  ${d.uri}: ${d.name}`);
out.push('longest feature files:');
for (const [f, s] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 8)) out.push(`  ${s.toFixed(1).padStart(6)} s  ${f}`);
out.push('makespan of a greedy split (k workers by scenario | k jobs by feature file):');
for (const k of [1, 2, 3, 4, 8]) out.push(`  k=${k}: ${makespan(durations.map((d) => d.seconds), k).toFixed(0)} s | ${makespan([...byFile.values()], k).toFixed(0)} s`);
process.stdout.write(out.join('\n') + '\n');
