/**
 * `kubespec play` as a reader runs it: the command line's play() with its streams captured
 * (the same function bin/kubespec.js calls), on scripts the scenario writes to a temporary
 * directory or on the repository's own files.
 */
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Cluster } from '../model/cluster';
import type { PlayLimits } from '../model/shell/budget';
import { shellSplit } from '../model/shell/shellwords';
import { type PlayRun, runKubespecPlay } from './play-run';
import type { KubespecWorld } from './world';

interface PlayState {
  limits?: PlayLimits;
  onStart?: (cluster: Cluster) => void;
  run?: PlayRun;
}

const states = new WeakMap<KubespecWorld, PlayState>();
const state = (w: KubespecWorld) => states.get(w) ?? states.set(w, {}).get(w)!;

Given("the play's limits are {int} events per command and {int} Pods", function (this: KubespecWorld, events: number, pods: number) {
  state(this).limits = { eventsPerCommand: events, pods };
});

Given('a component of the cluster throws {string} {int}s into the play', function (this: KubespecWorld, message: string, seconds: number) {
  state(this).onStart = (cluster) =>
    cluster.sim.schedule(seconds * 1000, 'kube-scheduler: scheduleOne', () => {
      throw new TypeError(message);
    });
});

When('I play this script:', function (this: KubespecWorld, script: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubespec-play-'));
  try {
    fs.writeFileSync(path.join(dir, 'script.play'), script + '\n');
    const run = runKubespecPlay([path.join(dir, 'script.play')], state(this));
    state(this).run = { ...run, stderr: run.stderr.split(dir + path.sep).join('') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

When("the reader types `kubespec play {}`", function (this: KubespecWorld, args: string) {
  state(this).run = runKubespecPlay(shellSplit(args)!, state(this));
});

Then('the play prints:', function (this: KubespecWorld, text: string) {
  expect(state(this).run!.stdout).toBe(text + '\n');
});

Then('the play exits with status {int}', function (this: KubespecWorld, status: number) {
  const run = state(this).run!;
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status, stderr: status === 0 ? '' : expect.any(String) });
});

Then('the play exits with status {int} and prints on stderr:', function (this: KubespecWorld, status: number, text: string) {
  const run = state(this).run!;
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status, stderr: text + '\n' });
});

Then('the play exits with status {int} and its stderr starts with:', function (this: KubespecWorld, status: number, text: string) {
  const run = state(this).run!;
  expect(run.status).toBe(status);
  expect(run.stderr.slice(0, text.length)).toBe(text);
});

/** `<N>` in the text stands for a count the model's own pace decides (how far past a limit one slice of time went). */
Then('the play stops at line {int} with:', function (this: KubespecWorld, line: number, text: string) {
  const run = state(this).run!;
  const expected = `kubespec play: script.play: line ${line}: ${text}\n`;
  const pattern = new RegExp('^' + expected.split('<N>').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\d+') + '$');
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 1, stderr: text.includes('<N>') ? expect.stringMatching(pattern) : expected });
});
