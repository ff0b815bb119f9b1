#!/usr/bin/env node
// `npm run transcripts`: the golden transcripts of performance work (issue 9). Every
// examples/*.play is played with kubespec play's default seed, and a scale run (a kind config of
// N workers, `kubectl create deployment web --image=nginx --replicas=M`, `sleep 5m`); each
// transcript is compared byte for byte with test/transcripts/NAME.txt, and a difference printed as
// a unified diff (exit 1). Work that only makes the model faster must not change one byte; work
// that changes what the model does re-records them (`npm run transcripts -- --record`) and says why.
//
//   node scripts/transcripts.js [--record] [--dir DIR] [--trace] [--large] [--only NAME,…]
//
// --record writes the files instead of checking them; --dir another directory (a scratch
// baseline); --trace also keeps a digest of the model's whole trace (every API request, etcd
// operation, watch delivery, CRI call, in order: stricter than the transcript) as NAME.trace;
// --large adds the bigger scale runs (50 workers/1,000 replicas, 100/3,000: a minute or more
// each); --only runs the named cases (comma-separated). The wall and CPU time of each case go to stderr
// (the CPU time is the steadier figure on a shared machine).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const { spawnSync } = require('node:child_process');

const root = path.join(__dirname, '..');
require('ts-node').register({ swc: true, project: path.join(root, 'tsconfig.json') });
const { runPlay, PlayError, ModelBugError, PlayFileError } = require('../cli/play.ts');
const { parseClusterConfig } = require('../model/cluster-config.ts');

const SEED = 1; // kubespec play's default (cli/main.ts)

/** A kind config of one control-plane node and n workers, and the deployment script. */
function scaleCase(workers, replicas) {
  const config = ['kind: Cluster', 'apiVersion: kind.x-k8s.io/v1alpha4', 'nodes:', '  - role: control-plane']
    .concat(Array.from({ length: workers }, () => '  - role: worker'))
    .join('\n');
  const script = [
    `kubectl create deployment web --image=nginx --replicas=${replicas}`,
    'sleep 5m',
    'kubectl get deployment web',
    'kubectl get replicasets',
    'kubectl get pods --no-headers | wc -l',
    'kubectl get pods -o wide --no-headers | head -n 5',
  ].join('\n');
  return {
    name: `deployment-${workers}x${replicas}`,
    script,
    config: parseClusterConfig(config),
    // kubespec's play limits (model/shell/budget.ts) stop a play at 2,000 Pods: these runs are
    // here to measure the model past them.
    limits: { eventsPerCommand: Infinity, pods: Infinity },
  };
}

function cases(large) {
  const dir = path.join(root, 'examples');
  const list = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.play'))
    .sort()
    .map((f) => ({ name: f.replace(/\.play$/, ''), file: path.join(dir, f) }));
  list.push(scaleCase(10, 100));
  if (large) list.push(scaleCase(50, 1000), scaleCase(100, 3000));
  return list;
}

/** Plays one case; the transcript, the way the CLI would end it on an error, and a trace digest. */
function play(c) {
  let cluster;
  let out = '';
  const opts = { seed: SEED, config: c.config, limits: c.limits, write: (s) => (out += s), onStart: (cl) => (cluster = cl) };
  try {
    if (c.file) runPlay(c.file, opts);
    else require('../cli/play.ts').playText(c.script, path.join(root, 'examples'), opts);
  } catch (e) {
    if (e instanceof PlayError || e instanceof PlayFileError) out += `kubespec play: ${e.message}\n`;
    else if (e instanceof ModelBugError) out += `kubespec play: ${e.message.split('\n')[0]}\n`;
    else throw e;
  }
  let trace = '';
  if (cluster) {
    const h = crypto.createHash('sha256');
    for (const e of cluster.sim.trace.entries) h.update(`${e.seq} ${e.t} ${e.kind} ${e.actor} ${e.verb} ${e.target} ${e.detail ?? ''}\n`);
    trace = `${cluster.sim.trace.entries.length} entries, virtual time ${cluster.sim.now()} ms, sha256 ${h.digest('hex')}\n`;
  }
  return { out, trace };
}

function diff(expectedFile, actual) {
  const tmp = path.join(os.tmpdir(), `transcript-${process.pid}.txt`);
  fs.writeFileSync(tmp, actual);
  const r = spawnSync('diff', ['-u', '--label', expectedFile, '--label', 'now', expectedFile, tmp], { encoding: 'utf8' });
  fs.rmSync(tmp, { force: true });
  return r.stdout || r.stderr;
}

function main(argv) {
  const record = argv.includes('--record');
  const withTrace = argv.includes('--trace');
  const large = argv.includes('--large');
  const dirArg = argv.indexOf('--dir');
  const dir = dirArg >= 0 ? path.resolve(argv[dirArg + 1]) : path.join(root, 'test', 'transcripts');
  const onlyArg = argv.indexOf('--only');
  const only = onlyArg >= 0 ? new Set(argv[onlyArg + 1].split(',')) : undefined;
  let list = cases(large || (only && [...only].some((n) => /^deployment-/.test(n))));
  if (only) list = list.filter((c) => only.has(c.name));
  if (only && list.length !== only.size) {
    process.stderr.write(`transcripts: unknown case in --only (known: ${cases(true).map((c) => c.name).join(', ')})\n`);
    return 2;
  }
  fs.mkdirSync(dir, { recursive: true });
  let failed = 0;
  for (const c of list) {
    const t0 = process.hrtime.bigint();
    const cpu0 = process.cpuUsage();
    const { out, trace } = play(c);
    const secs = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu = process.cpuUsage(cpu0);
    const cpuSecs = (cpu.user + cpu.system) / 1e6;
    const file = path.join(dir, `${c.name}.txt`);
    const traceFile = path.join(dir, `${c.name}.trace`);
    let verdict = 'recorded';
    if (record) {
      fs.writeFileSync(file, out);
      if (withTrace) fs.writeFileSync(traceFile, trace);
    } else if (!fs.existsSync(file)) {
      verdict = 'MISSING (run with --record)';
      failed++;
    } else {
      const same = fs.readFileSync(file, 'utf8') === out;
      const traceSame = !withTrace || !fs.existsSync(traceFile) || fs.readFileSync(traceFile, 'utf8') === trace;
      verdict = same && traceSame ? 'same' : same ? 'TRACE DIFFERS' : 'DIFFERS';
      if (!same) process.stdout.write(diff(file, out));
      if (!traceSame) process.stdout.write(`${c.name} trace: was ${fs.readFileSync(traceFile, 'utf8')}         now ${trace}`);
      if (!(same && traceSame)) failed++;
    }
    process.stderr.write(`${c.name}: ${verdict} (${secs.toFixed(2)} s wall, ${cpuSecs.toFixed(2)} s CPU)\n`);
  }
  if (!record) process.stderr.write(failed ? `transcripts: ${failed} of ${list.length} differ\n` : `transcripts: all ${list.length} unchanged\n`);
  return failed ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
