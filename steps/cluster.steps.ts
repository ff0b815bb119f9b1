import { Given, When } from '@cucumber/cucumber';
import { parseClusterConfig } from '../model/cluster-config';
import { parseDuration } from '../model/sim/clock';
import * as path from 'node:path';
import { NotPortableError, WAITING_STEP_TIMEOUT_MS } from './drivers/driver';
import { type KubespecWorld, ROOT } from './world';

// The cluster boots lazily, on first use, so later Given steps may still choose its seed or config.
export function aCluster(this: KubespecWorld) {
  this.seed = 1;
}
Given('a cluster', aCluster);

Given('a cluster with seed {int}', function (this: KubespecWorld, seed: number) {
  if (this.parameters.driver === 'client-node') throw new NotPortableError('a real cluster has the seed and nodes it has: a scenario that chooses them is not @portable');
  if (this.clusterStarted) throw new Error('the cluster has already started: choose the seed first');
  this.seed = seed;
});

Given('a cluster with this config:', function (this: KubespecWorld, text: string) {
  if (this.parameters.driver === 'client-node') throw new NotPortableError('a real cluster has the seed and nodes it has: a scenario that chooses them is not @portable');
  if (this.clusterStarted) throw new Error('the cluster has already started: give the config first');
  this.config = parseClusterConfig(text);
});

export function theFile(this: KubespecWorld, name: string, text: string) {
  this.files.set(path.resolve(ROOT, name), text.endsWith('\n') ? text : text + '\n');
}
Given('the file {string}:', theFile);

// The model advances virtual time; a real cluster is given at most that long to settle.
export async function timePasses(this: KubespecWorld, d: string) {
  await this.driver.pass(parseDuration(d)!);
}
When(/^(\d+(?:\.\d+)?(?:ms|s|m|h)) pass(?:es)?$/, { timeout: WAITING_STEP_TIMEOUT_MS }, timePasses);
