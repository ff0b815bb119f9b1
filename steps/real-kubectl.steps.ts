/**
 * The real kubectl beside the model's: the same command line runs with both, against the same
 * state, and both must print the same lines and exit alike. A command that only reads runs with
 * both kubectls on the served cluster itself; a command that writes runs with the model's kubectl
 * on a twin of it (steps/support/twin-cluster.ts), and both clusters must then hold the same
 * objects. Commands that wait (`get -w`, `rollout status`, `delete`) get virtual time moving
 * while the real kubectl waits.
 */
import { After, Given, Then, When, type DataTable } from '@cucumber/cucumber';
import { ApiClient } from '../model/client/client';
import { type Cluster, KUBECTL_USER_AGENT } from '../model/cluster';
import { Kubectl } from '../model/kubectl/kubectl';
import { shellSplit } from '../model/shell/shellwords';
import { diffLines, type Mask, parseMasks } from './support/output-diff';
import { clientVersion, type KubectlRun, RealKubectl, type RunningKubectl, waitUntil, wallDelay } from './support/real-kubectl';
import { TwinCluster } from './support/twin-cluster';
import { type KubespecWorld, ROOT } from './world';

interface Compared {
  line: string;
  real: KubectlRun;
  model: KubectlRun;
  /** For a command that writes: how the served cluster and the twin differ afterwards. */
  state: string[];
}

interface Session {
  harness: RealKubectl;
  twin?: TwinCluster;
  last?: Compared;
}

const sessions = new WeakMap<KubespecWorld, Session>();

function session(world: KubespecWorld): Session {
  const s = sessions.get(world);
  if (!s) throw new Error('the real kubectl is not set up: start with "Given the real kubectl talks to the cluster over HTTPS"');
  return s;
}

/** Virtual time moved per tick while the real kubectl waits, and how far at most. */
const TICK_MS = 250;
const MAX_WAIT_VIRTUAL_MS = 10 * 60_000;
/** Wall-clock bounds for a child that should already have done its part. */
const CHILD_WALL_MS = 15_000;

Given('the real kubectl talks to the cluster over HTTPS', async function (this: KubespecWorld) {
  const v = clientVersion();
  if (!v) {
    this.log('skipped: no kubectl runs here (set KUBESPEC_KUBECTL or install one: apt-get install kubernetes-client)');
    return 'skipped';
  }
  const harness = new RealKubectl(this.cluster, ROOT);
  sessions.set(this, { harness });
  await harness.start();
  return undefined;
});

/** What an older kubectl cannot do is skipped with the reason, never passed. */
Given(/^the real kubectl is 1\.(\d+) or newer \((.+)\)$/, function (this: KubespecWorld, minor: string, why: string) {
  const v = clientVersion();
  if (v && v.minor < Number(minor)) {
    const reason = `skipped: the real kubectl is ${v.gitVersion}; ${why} needs 1.${minor} or newer`;
    this.log(reason);
    process.stderr.write(`\nreal-kubectl: ${reason}\n`);
    return 'skipped';
  }
  return undefined;
});

When('I run `{}` with the real kubectl and the model\'s kubectl', async function (this: KubespecWorld, line: string) {
  await compare(this, line, {});
});

When('I run `{}` with the real kubectl and the model\'s kubectl, with this input:', async function (this: KubespecWorld, line: string, input: string) {
  await compare(this, line, { stdin: input.endsWith('\n') ? input : input + '\n' });
});

When('I run `{}` as {string} with the real kubectl and the model\'s kubectl', async function (this: KubespecWorld, line: string, user: string) {
  await compare(this, line, { user });
});

Then('both print the same output', function (this: KubespecWorld) {
  check(this, [], 'succeed');
});

Then('both print the same output, masking:', function (this: KubespecWorld, table: DataTable) {
  check(this, parseMasks(table.raw()), 'succeed');
});

Then('both fail with the same error', function (this: KubespecWorld) {
  check(this, [], 'fail');
});

Then('both fail with the same error, masking:', function (this: KubespecWorld, table: DataTable) {
  check(this, parseMasks(table.raw()), 'fail');
});

After(async function (this: KubespecWorld) {
  const s = sessions.get(this);
  if (s) await s.harness.stop();
});

// ---------------------------------------------------------------- running both

interface CompareOptions {
  stdin?: string;
  user?: string;
}

/** kubectl commands that change the cluster (unless --dry-run): these need the twin. */
const WRITES = new Set(['apply', 'create', 'delete', 'patch', 'scale', 'expose', 'label', 'annotate', 'replace', 'edit', 'set', 'run', 'taint', 'cordon', 'uncordon', 'drain', 'autoscale']);

function writes(args: string[]): boolean {
  if (args.some((a) => /^--dry-run(=(client|server))?$/.test(a))) return false;
  const [cmd, sub] = args.filter((a) => !a.startsWith('-'));
  return WRITES.has(cmd) || (cmd === 'rollout' && ['restart', 'undo', 'pause', 'resume'].includes(sub));
}

async function compare(world: KubespecWorld, line: string, opts: CompareOptions): Promise<void> {
  if (world.last && world.last.code !== 0 && !world.lastChecked) throw new Error(`\`${world.last.line}\` failed (exit ${world.last.code}) and no step checked it`);
  const s = session(world);
  const argv = shellSplit(line.trim());
  if (!argv || argv.length === 0) throw new Error(`cannot parse: ${line}`);
  // `timeout D kubectl …`: the watch is cut off after D of virtual time (exit 124, as coreutils).
  let timeoutMs: number | undefined;
  if (argv[0] === 'timeout') {
    timeoutMs = duration(argv[1]);
    argv.splice(0, 2);
  }
  if (argv[0] !== 'kubectl') throw new Error(`expected a kubectl command line, got: ${line}`);
  const args = argv.slice(1);
  s.harness.writeFiles(world.files, ROOT);
  const served = world.cluster;
  let result: Compared;
  if (writes(args)) {
    const twin = (s.twin ??= new TwinCluster(served));
    twin.align();
    await s.harness.facade.sync();
    const before = twin.differences();
    if (before.length)
      throw new Error(`the twin cluster is no longer in the served cluster's state, so a write cannot be compared:\n  ${before.join('\n  ')}\n(compare writes before watches, and change the cluster only through steps that run both kubectls)`);
    const real = await runRealAlone(s, served, args, opts, timeoutMs);
    const model = runModel(twin.twin, args, s.harness.workDir, opts, timeoutMs);
    twin.align();
    await s.harness.facade.sync();
    result = { line, real, model, state: twin.differences() };
  } else {
    result = { line, ...(await runBothOnServed(s, served, args, opts, timeoutMs)), state: [] };
  }
  s.last = result;
  // The existing Then steps (`the output contains …`) read the model's result.
  world.last = { stdout: result.model.stdout, stderr: result.model.stderr, code: result.model.code, line };
  world.lastChecked = succeeded(line, result.model.code) && succeeded(line, result.real.code);
}

/** The model's kubectl, as the reader's terminal runs it, on the given cluster. */
function runModel(cluster: Cluster, args: string[], cwd: string, opts: CompareOptions, timeoutMs: number | undefined): KubectlRun {
  const client = opts.user ? userClient(cluster, opts.user) : cluster.admin;
  const r = new Kubectl({ client, sim: cluster.sim }).run(args, { cwd, stdin: opts.stdin ?? '' }, { watchMs: timeoutMs });
  const watching = args.includes('-w') || args.includes('--watch') || args.includes('--watch-only');
  return { stdout: r.stdout, stderr: r.stderr, code: timeoutMs !== undefined && watching && r.code === 0 ? 124 : r.code };
}

/**
 * A user's own client on the model: a bearer token standing for the identity the real kubectl
 * presents with its client certificate (CN=user, no groups but system:authenticated).
 */
function userClient(cluster: Cluster, user: string): ApiClient {
  const token = `real-kubectl-${user}`;
  cluster.apiserver.issueToken(token, { user, groups: ['system:authenticated'] });
  return new ApiClient(cluster.apiserver, token, KUBECTL_USER_AGENT);
}

/** Trace entries of watches opened since `from`: while virtual time stands still, only the real kubectl opens any. */
function watchOpened(cluster: Cluster, from: number): boolean {
  const e = cluster.sim.trace.entries;
  for (let i = from; i < e.length; i++) if (e[i].kind === 'api' && e[i].verb === 'watch') return true;
  return false;
}

/**
 * A command that reads: the real kubectl first, on frozen time. If it waits on a watch, the
 * model's kubectl then runs while it watches, moving virtual time as it does in the terminal, so
 * both see the same changes; the real kubectl then gets time until it has printed as many lines
 * (a `timeout` run) or has exited (it may need more virtual time: given in ticks, bounded).
 */
async function runBothOnServed(s: Session, cluster: Cluster, args: string[], opts: CompareOptions, timeoutMs: number | undefined): Promise<{ real: KubectlRun; model: KubectlRun }> {
  const from = cluster.sim.trace.entries.length;
  const child = s.harness.spawn(args, opts);
  await waitUntil(child, () => watchOpened(cluster, from), CHILD_WALL_MS);
  if (!child.running) {
    const real = await child.exited;
    return { real, model: runModel(cluster, args, s.harness.workDir, opts, timeoutMs) };
  }
  const model = runModel(cluster, args, s.harness.workDir, opts, timeoutMs);
  await s.harness.facade.sync();
  if (timeoutMs !== undefined) {
    // Compare whole lines only: kubectl may write a row in two pieces, and a cut between them
    // would leave a half row that the model never prints.
    await waitUntil(child, () => printedAsFar(child.output().stdout, model.stdout), CHILD_WALL_MS);
    return { real: await cutOff(child), model };
  }
  return { real: await finish(child, cluster, s), model };
}

/** A command that writes, on the served cluster; virtual time moves in ticks while it waits on a watch. */
async function runRealAlone(s: Session, cluster: Cluster, args: string[], opts: CompareOptions, timeoutMs: number | undefined): Promise<KubectlRun> {
  const from = cluster.sim.trace.entries.length;
  const child = s.harness.spawn(args, opts);
  await waitUntil(child, () => watchOpened(cluster, from), CHILD_WALL_MS);
  if (!child.running) return child.exited;
  if (timeoutMs !== undefined) {
    await tick(cluster, s, child, timeoutMs);
    return cutOff(child);
  }
  return finish(child, cluster, s);
}

/** Gives a waiting child virtual time in ticks until it exits; kills it past the bound. */
async function finish(child: RunningKubectl, cluster: Cluster, s: Session): Promise<KubectlRun> {
  await tick(cluster, s, child, MAX_WAIT_VIRTUAL_MS);
  if (child.running) {
    child.kill();
    const r = await child.exited;
    throw new Error(`the real kubectl was still waiting after ${MAX_WAIT_VIRTUAL_MS / 60_000}m of virtual time:\n${r.stdout}${r.stderr}`);
  }
  return child.exited;
}

async function tick(cluster: Cluster, s: Session, child: RunningKubectl, virtualMs: number): Promise<void> {
  for (let moved = 0; moved < virtualMs && child.running; moved += TICK_MS) {
    cluster.advance(Math.min(TICK_MS, virtualMs - moved));
    await s.harness.facade.sync();
    // The HTTP server runs in this process: let it write the watch events out.
    await wallDelay(2);
  }
}

/** Ends a `timeout` run the way coreutils' timeout does: SIGTERM, then exit status 124. */
async function cutOff(child: RunningKubectl): Promise<KubectlRun> {
  if (!child.running) return child.exited;
  child.kill();
  const r = await child.exited;
  return { ...r, code: 124 };
}

/** `timeout` ends a watch on purpose: its 124 is the expected outcome, not a failure. */
function succeeded(line: string, code: number): boolean {
  return code === 0 || (code === 124 && line.trim().startsWith('timeout '));
}

/** Whether `text` has got as far as `target`: as many complete lines, then as much of an open one. */
function printedAsFar(text: string, target: string): boolean {
  const complete = (t: string) => t.split('\n').length - 1;
  const open = (t: string) => t.length - (t.lastIndexOf('\n') + 1);
  if (complete(text) !== complete(target)) return complete(text) > complete(target);
  return open(text) >= open(target);
}

function duration(s: string | undefined): number {
  const m = /^(\d+)(ms|s|m)?$/.exec(s ?? '');
  if (!m) throw new Error(`timeout: invalid duration "${s}"`);
  return Number(m[1]) * { ms: 1, s: 1000, m: 60_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm'];
}

// ---------------------------------------------------------------- checking

function check(world: KubespecWorld, masks: Mask[], expect: 'succeed' | 'fail'): void {
  const c = session(world).last;
  if (!c) throw new Error('no command has run with both kubectls yet');
  world.lastChecked = true;
  const problems: string[] = [];
  const ok = (code: number) => succeeded(c.line, code);
  if (c.real.code !== c.model.code) problems.push(`exit status differs: real kubectl ${c.real.code}, model's kubectl ${c.model.code}`);
  if (expect === 'succeed' && (!ok(c.real.code) || !ok(c.model.code))) problems.push('expected both to succeed');
  if (expect === 'fail' && (ok(c.real.code) || ok(c.model.code))) problems.push('expected both to fail');
  problems.push(...diffLines('stdout', c.real.stdout, c.model.stdout, masks));
  problems.push(...diffLines('stderr', c.real.stderr, c.model.stderr, masks));
  if (c.state.length) problems.push("the two kubectls left different objects behind (served cluster: real kubectl; twin: model's kubectl):", ...c.state.map((d) => '  ' + d));
  if (problems.length === 0) return;
  const show = (label: string, t: string) => (t ? [`--- ${label}`, t.replace(/\n$/, '')] : [`--- ${label} (empty)`]);
  throw new Error(
    [`\`${c.line}\`:`, ...problems, ...show('real kubectl stdout', c.real.stdout), ...show('real kubectl stderr', c.real.stderr), ...show("model's kubectl stdout", c.model.stdout), ...show("model's kubectl stderr", c.model.stderr)].join('\n'),
  );
}
