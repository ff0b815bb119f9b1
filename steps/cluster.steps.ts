import { Given, When } from '@cucumber/cucumber';
import { parseClusterConfig } from '../model/cluster-config';
import { parseDuration } from '../model/sim/clock';
import * as path from 'node:path';
import { type KubespecWorld, ROOT } from './world';

// The cluster boots lazily, on first use, so later Given steps may still choose its seed or config.
Given('a cluster', function (this: KubespecWorld) {
  this.seed = 1;
});

Given('a cluster with seed {int}', function (this: KubespecWorld, seed: number) {
  if (this.clusterStarted) throw new Error('the cluster has already started: choose the seed first');
  this.seed = seed;
});

Given('a cluster with this config:', function (this: KubespecWorld, text: string) {
  if (this.clusterStarted) throw new Error('the cluster has already started: give the config first');
  this.config = parseClusterConfig(text);
});

Given('the file {string}:', function (this: KubespecWorld, name: string, text: string) {
  this.files.set(path.resolve(ROOT, name), text.endsWith('\n') ? text : text + '\n');
});

When(/^(\d+(?:\.\d+)?(?:ms|s|m|h)) pass(?:es)?$/, function (this: KubespecWorld, d: string) {
  this.cluster.advance(parseDuration(d)!);
});
