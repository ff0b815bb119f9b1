#!/usr/bin/env node
// `npm test`: the type check and the step lint, then two runs side by side — every feature on
// the in-process model (the `ci` profile), and the @portable scenarios over real HTTP through
// client-node and the real kubectl against `kubespec up` (scripts/portable.js). The portable run
// mostly waits on the wall clock, so it costs little beside the CPU-bound one. Then the claim
// coverage of both runs, the report checked in headless Chromium (scripts/report-browser.js), and
// the plain "N passed, N failed" line last.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const node = process.execPath;
const bin = (p) => path.join(root, 'node_modules', ...p.split('/'));

function step(name, cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    process.stderr.write(`npm test: ${name} failed\n`);
    process.exit(r.status ?? 1);
  }
}

function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    if (opts.capture) {
      let out = '';
      child.stdout.on('data', (b) => (out += b));
      child.stderr.on('data', (b) => (out += b));
      child.on('exit', () => opts.capture(out));
    }
  });
}

async function main() {
  step('type check', node, [bin('typescript/bin/tsc'), '--noEmit', '-p', '.']);
  step('step lint', node, [path.join(root, 'scripts', 'lint-steps.js')]);
  step('architecture page', node, ['-r', 'ts-node/register', path.join(root, 'scripts', 'architecture.ts'), '--check']);
  fs.mkdirSync(path.join(root, 'reports'), { recursive: true });
  let portableOut = '';
  const portableMessages = path.join(root, 'reports', 'portable.ndjson');
  fs.rmSync(portableMessages, { force: true });
  const [model, portable] = await Promise.all([
    run(node, [bin('@cucumber/cucumber/bin/cucumber-js'), '--profile', 'ci'], { stdio: 'inherit' }),
    run(node, [path.join(root, 'scripts', 'portable.js'), '--format', `message:${path.relative(root, portableMessages)}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
      capture: (out) => (portableOut = out),
    }),
  ]);
  process.stdout.write(`\n@portable scenarios over HTTP (kubespec up, client-node, the real kubectl):\n${portableOut.trimEnd()}\n`);
  const coverage = spawnSync(node, [path.join(root, 'scripts', 'claims-coverage.js')], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const browser = spawnSync(node, [path.join(root, 'scripts', 'report-browser.js')], { cwd: root, stdio: 'inherit' });
  process.stdout.write(coverage.stdout ?? '');
  process.exit(model || portable || coverage.status || browser.status);
}

main();
