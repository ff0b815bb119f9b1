/** Steps of the Jobs, CronJobs, `kubectl run` and `kubectl wait` features. */
import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import { runKubespecPlay, type PlayRun } from './play-run';
import type { KubespecWorld } from './world';

/** A Job's UID is random: the expected text names it UID and the step reads the stored Job's. */
Then('the output, with UID for the uid of the job {string}, is:', function (this: KubespecWorld, name: string, text: string) {
  const uid = this.cluster.admin.get('jobs', 'default', name).metadata.uid!;
  expect(this.output.trimEnd()).toBe(text.split('UID').join(uid).trimEnd());
});

type ExampleWorld = KubespecWorld & { exampleRun?: PlayRun };

/** Plays a script of examples/ as `kubespec play` does (default seed), keeping its transcript. */
When('I play the example {string}', function (this: ExampleWorld, script: string) {
  this.exampleRun = runKubespecPlay([script]);
});

/** Each pattern matches a whole line of the transcript, after the line the previous one matched. */
Then('the example plays without error, its transcript matching in order:', function (this: ExampleWorld, text: string) {
  const run = this.exampleRun!;
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
  const lines = run.stdout.split('\n');
  let at = 0;
  for (const re of text.trimEnd().split('\n')) {
    const rx = new RegExp(`^${re}$`);
    const i = lines.findIndex((l, j) => j >= at && rx.test(l));
    expect({ line: re, found: i >= 0 }).toEqual({ line: re, found: true });
    at = i + 1;
  }
});
