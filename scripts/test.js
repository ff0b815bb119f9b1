#!/usr/bin/env node
// `npm test`: runs side by side every feature on the in-process model (the `ci` profile), the
// @portable scenarios over real HTTP through client-node and the real kubectl against `kubespec
// up` (scripts/portable.js), and the static checks (type check, step lint, architecture page).
// The portable run mostly waits on the wall clock, and the static checks are one process each
// beside the two Cucumber workers: run first, one after another, they added half a minute to
// every run on 2 cores. Then the checks' output, the claim coverage of both runs, the report
// checked in headless Chromium (scripts/report-browser.js), and the plain "N passed, N failed"
// line last.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const node = process.execPath;
const bin = (p) => path.join(root, 'node_modules', ...p.split('/'));

function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, ...opts });
    let out = '';
    if (opts.capture) {
      child.stdout.on('data', (b) => (out += b));
      child.stderr.on('data', (b) => (out += b));
    }
    // 'close', not 'exit': the captured pipes may still hold output when the process exits.
    child.on('close', (code, signal) => {
      opts.capture?.(out);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** The static checks, one after another, in one process chain beside the features: [name, status, output]. */
async function staticChecks() {
  const checks = [
    ['type check', [bin('typescript/bin/tsc'), '--noEmit', '-p', '.']],
    ['step lint', [path.join(root, 'scripts', 'lint-steps.js')]],
    ['architecture page', ['-r', 'ts-node/register', path.join(root, 'scripts', 'architecture.ts'), '--check']],
  ];
  const results = [];
  for (const [name, args] of checks) {
    let out = '';
    const status = await run(node, args, { stdio: ['ignore', 'pipe', 'pipe'], capture: (o) => (out = o) });
    results.push([name, status, out]);
  }
  return results;
}

async function main() {
  fs.mkdirSync(path.join(root, 'reports'), { recursive: true });
  let portableOut = '';
  const portableMessages = path.join(root, 'reports', 'portable.ndjson');
  fs.rmSync(portableMessages, { force: true });
  const [model, portable, checks] = await Promise.all([
    run(node, [bin('@cucumber/cucumber/bin/cucumber-js'), '--profile', 'ci'], { stdio: 'inherit' }),
    run(node, [path.join(root, 'scripts', 'portable.js'), '--format', `message:${path.relative(root, portableMessages)}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
      capture: (out) => (portableOut = out),
    }),
    staticChecks(),
  ]);
  process.stdout.write(`\n@portable scenarios over HTTP (kubespec up, client-node, the real kubectl):\n${portableOut.trimEnd()}\n`);
  let failedCheck = 0;
  for (const [name, status, out] of checks) {
    if (out.trim()) process.stdout.write(`\n${name}:\n${out.trimEnd()}\n`);
    if (status !== 0) {
      process.stderr.write(`npm test: ${name} failed\n`);
      failedCheck = status || 1;
    }
  }
  const coverage = spawnSync(node, [path.join(root, 'scripts', 'claims-coverage.js')], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const browser = spawnSync(node, [path.join(root, 'scripts', 'report-browser.js')], { cwd: root, stdio: 'inherit' });
  process.stdout.write(coverage.stdout ?? '');
  process.exit(model || portable || failedCheck || coverage.status || browser.status);
}

main();
