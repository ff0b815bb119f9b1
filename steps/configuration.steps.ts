/**
 * The configuration and health examples as a reader plays them: `kubespec play` on a script of
 * examples/, its transcript checked line by line, in order, against patterns.
 */
import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import { runKubespecPlay } from './play-run';
import type { KubespecWorld } from './world';

const transcripts = new WeakMap<KubespecWorld, string>();

When('I play the example {string}', function (this: KubespecWorld, script: string) {
  const run = runKubespecPlay([script]);
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
  transcripts.set(this, run.stdout);
});

/** Each pattern (a whole-line regular expression) matches a later line than the one before it. */
Then('its transcript has, in order, lines matching:', function (this: KubespecWorld, text: string) {
  const lines = (transcripts.get(this) ?? '').split('\n');
  let at = 0;
  for (const pattern of text.trimEnd().split('\n')) {
    const rx = new RegExp(`^${pattern}$`);
    const i = lines.findIndex((l, j) => j >= at && rx.test(l));
    expect({ pattern, after: lines[at - 1] ?? '(start)', found: i >= 0 }).toEqual({ pattern, after: lines[at - 1] ?? '(start)', found: true });
    at = i + 1;
  }
});
