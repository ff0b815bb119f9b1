#!/usr/bin/env node
// The @portable scenarios over real HTTP: starts `kubespec up` on a free loopback port with a
// kubeconfig in a temporary directory, waits until it answers /readyz, runs the `portable`
// Cucumber profile against it (extra arguments go to cucumber-js, e.g. a feature file), stops
// the server and exits with the profile's status. What CI calls.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const https = require('node:https');
const os = require('node:os');
const path = require('node:path');
const yaml = require('js-yaml');

const root = path.join(__dirname, '..');
const READY_TIMEOUT_MS = 120_000;
const POLL_MS = 200;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubespec-portable-'));
const kubeconfig = path.join(dir, 'kubeconfig');
const args = process.argv.slice(2);
// --speed is kubespec up's: how fast virtual time runs (the profile's waits are on the wall clock).
const speedAt = args.indexOf('--speed');
const speed = speedAt >= 0 ? args.splice(speedAt, 2)[1] : '1';

const server = spawn(process.execPath, [path.join(root, 'bin', 'kubespec.js'), 'up', '--port', '0', '--speed', speed, '--kubeconfig-out', kubeconfig], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
let serverLog = '';
server.stdout.on('data', (b) => (serverLog += b));
let serverExited = false;
server.on('exit', (code, signal) => {
  serverExited = true;
  if (!stopping) process.stderr.write(`portable: kubespec up exited early (${signal ?? code})\n${serverLog}`);
});
let stopping = false;

function stopServer() {
  stopping = true;
  if (serverExited) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', resolve);
    server.kill('SIGTERM');
  });
}

/** The API server's URL and CA from the kubeconfig kubespec up wrote (its current context). */
function readKubeconfig() {
  const kc = yaml.load(fs.readFileSync(kubeconfig, 'utf8'));
  const context = kc.contexts.find((c) => c.name === kc['current-context']).context;
  const cluster = kc.clusters.find((c) => c.name === context.cluster).cluster;
  return { server: cluster.server, ca: Buffer.from(cluster['certificate-authority-data'], 'base64') };
}

function readyz() {
  return new Promise((resolve) => {
    let kc;
    try {
      kc = readKubeconfig();
    } catch {
      return resolve(false);
    }
    const req = https.get(new URL('/readyz', kc.server), { ca: kc.ca, timeout: 2000 }, (res) => {
      let body = '';
      res.on('data', (b) => (body += b));
      res.on('end', () => resolve(res.statusCode === 200 && body.trim() === 'ok'));
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
  });
}

async function main() {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await readyz())) {
    if (serverExited) return 1;
    if (Date.now() > deadline) {
      process.stderr.write(`portable: kubespec up was not ready within ${READY_TIMEOUT_MS / 1000}s\n${serverLog}`);
      return 1;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  const cucumber = spawn(process.execPath, [path.join(root, 'node_modules', '@cucumber', 'cucumber', 'bin', 'cucumber-js'), '--profile', 'portable', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, KUBESPEC_KUBECONFIG: kubeconfig },
  });
  return new Promise((resolve) => cucumber.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const stopOn = (sig) => process.on(sig, () => void stopServer().then(() => process.exit(130)));
stopOn('SIGINT');
stopOn('SIGTERM');
main().then(
  async (status) => {
    await stopServer();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(status);
  },
  async (e) => {
    process.stderr.write(`portable: ${e?.stack ?? e}\n`);
    await stopServer();
    process.exit(1);
  },
);
