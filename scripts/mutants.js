#!/usr/bin/env node
// The bug zoo's mutation score: runs the `mutants` cucumber profile once per deliberate bug in
// model/sim/mutants.ts (KUBESPEC_MUTANT=<name>) and ends with `killed K/N`. A mutant is killed
// when some scenario or property fails with it switched on. `node scripts/mutants.js [--only] NAME…`
// runs only the named ones.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const source = fs.readFileSync(path.join(root, 'model/sim/mutants.ts'), 'utf8');
const block = source.slice(source.indexOf('export const MUTANTS'), source.indexOf('} as const'));
const all = [...block.matchAll(/^\s*'([a-z0-9-]+)':/gm)].map((m) => m[1]);
// `NAME…`, also as `--only NAME[,NAME…]`; an unknown name is an error, not a mutant that survives.
const asked = process.argv.slice(2).filter((a) => a !== '--only').flatMap((a) => a.split(','));
const unknown = asked.filter((n) => !all.includes(n));
if (unknown.length) {
  process.stderr.write(`mutants: no mutant named ${unknown.join(', ')} in model/sim/mutants.ts\n`);
  process.exit(2);
}
const names = asked.length ? asked : all;
const cucumber = path.join(root, 'node_modules', '.bin', 'cucumber-js');

// A mutant only counts as killed if the same run passes without it: check the baseline first.
const baseline = spawnSync(cucumber, ['--profile', 'mutants'], {
  cwd: root,
  env: { ...process.env, KUBESPEC_MUTANT: '', KUBESPEC_PROPERTY_RUNS: process.env.KUBESPEC_PROPERTY_RUNS || '25' },
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (baseline.status !== 0) {
  process.stdout.write(baseline.stdout.slice(-4000));
  console.log('the model fails without any mutant: fix that first (no score)');
  process.exit(2);
}

let killed = 0;
const survivors = [];
for (const name of names) {
  const started = Date.now();
  const res = spawnSync(cucumber, ['--profile', 'mutants'], {
    cwd: root,
    env: { ...process.env, KUBESPEC_MUTANT: name, KUBESPEC_PROPERTY_RUNS: process.env.KUBESPEC_PROPERTY_RUNS || '25' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  const failed = (res.stdout.match(/^\s*\d+\) Scenario: (.*?)(?:\s+#.*)?$/m) || [])[1];
  if (res.status !== 0) {
    killed++;
    console.log(`killed   ${name} (${secs}s) by: ${failed ?? 'a failing run'}`);
  } else {
    survivors.push(name);
    console.log(`SURVIVED ${name} (${secs}s)`);
  }
}
if (survivors.length) console.log(`survivors: ${survivors.join(', ')}`);
console.log(`killed ${killed}/${names.length}`);
process.exit(killed === names.length ? 0 : 1);
