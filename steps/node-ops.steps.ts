import { Then } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KubespecWorld } from './world';

// Each regex must match some line (searched, not anchored), after the line the previous one matched.
Then('the output has lines matching, in order:', function (this: KubespecWorld, text: string) {
  const lines = this.output.split('\n');
  let at = 0;
  for (const re of text.trimEnd().split('\n')) {
    const rx = new RegExp(re);
    const i = lines.findIndex((l, k) => k >= at && rx.test(l));
    expect({ pattern: re, found: i >= 0 }).toEqual({ pattern: re, found: true });
    at = i + 1;
  }
});
