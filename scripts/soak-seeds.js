#!/usr/bin/env node
// `KUBESPEC_SEED_RANGE=FROM..TO npm run soak:seeds`: the soak profile (the properties with 100
// times the runs) once per seed of the range, one after the other, each with KUBESPEC_SEED set,
// which every property step reads. Sharding the soak across CI jobs is giving each job its own
// range (job k of n: seeds k·m .. k·m+m−1); a failure names its seed, and the replay line it
// prints holds it. Extra arguments go to cucumber-js (e.g. --name "Eventually stable").
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.join(__dirname, '..');
const range = process.env.KUBESPEC_SEED_RANGE ?? '';
const m = range.match(/^(\d+)\.\.(\d+)$/);
if (!m || Number(m[2]) < Number(m[1])) {
  process.stderr.write(`soak-seeds: KUBESPEC_SEED_RANGE must be FROM..TO (two integers, FROM ≤ TO), got "${range}"\n`);
  process.exit(2);
}
const failed = [];
for (let seed = Number(m[1]); seed <= Number(m[2]); seed++) {
  process.stdout.write(`soak-seeds: seed ${seed}\n`);
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules', '@cucumber', 'cucumber', 'bin', 'cucumber-js'), '--profile', 'soak', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, KUBESPEC_SEED: String(seed) },
  });
  if (r.status !== 0) failed.push(seed);
}
process.stdout.write(`soak-seeds: ${Number(m[2]) - Number(m[1]) + 1 - failed.length} seeds passed${failed.length ? `, failed: ${failed.join(' ')}` : ''}\n`);
process.exit(failed.length ? 1 : 0);
