/**
 * The suite's cluster pool (steps/support/cluster-pool.ts) shown on its own terms: which
 * clusters count as still booted, so that handing them on cannot change a scenario's outcome.
 */
import { Then } from '@cucumber/cucumber';
import { strict as assert } from 'node:assert';
import { Cluster } from '../model/cluster';
import { isAsBooted } from './support/cluster-pool';
import { stateDigest } from './support/state-digest';
import type { KubespecWorld } from './world';

Then('the cluster is still as a fresh boot of its seed left it', function (this: KubespecWorld) {
  assert.ok(isAsBooted(this.cluster, this.seed, this.config), 'the cluster differs from a fresh boot of its seed and config');
});

Then('the cluster is no longer as a fresh boot of its seed left it', function (this: KubespecWorld) {
  assert.ok(!isAsBooted(this.cluster, this.seed, this.config), 'the cluster still digests as a fresh boot');
});

Then('two clusters booted with seed {int} hold the same state, and one booted with seed {int} does not', function (seed: number, other: number) {
  const [a, b, c] = [new Cluster({ seed }), new Cluster({ seed }), new Cluster({ seed: other })];
  assert.notEqual(a, b);
  assert.equal(stateDigest(a), stateDigest(b), `two boots of seed ${seed} differ`);
  assert.notEqual(stateDigest(a), stateDigest(c), `seeds ${seed} and ${other} boot the same state`);
});
