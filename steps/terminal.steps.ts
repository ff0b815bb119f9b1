import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import { WAITING_STEP_TIMEOUT_MS } from './drivers/driver';
import type { KubespecWorld } from './world';

// Through the driver: the model's kubectl in process, or the real kubectl on a kubeconfig.
export async function run(this: KubespecWorld, line: string) {
  await this.exec(line);
}
When('I run `{}`', { timeout: WAITING_STEP_TIMEOUT_MS }, run);

When('I run `{}` with this input:', { timeout: WAITING_STEP_TIMEOUT_MS }, async function (this: KubespecWorld, line: string, input: string) {
  await this.exec(line, input.endsWith('\n') ? input : input + '\n');
});

export function itSucceeds(this: KubespecWorld) {
  expect({ code: this.last?.code, stderr: this.last?.stderr }).toEqual({ code: 0, stderr: this.last?.code === 0 ? this.last.stderr : '' });
}
Then('it succeeds', itSucceeds);

Then('it fails', function (this: KubespecWorld) {
  expect(this.last?.code).not.toBe(0);
  this.lastChecked = true;
});

Then('it fails with:', function (this: KubespecWorld, text: string) {
  expect(this.last?.code).not.toBe(0);
  expect(this.last?.stderr.trimEnd()).toBe(text.trimEnd());
  this.lastChecked = true;
});

Then('it fails with an error containing {string}', function (this: KubespecWorld, text: string) {
  expect(this.last?.code).not.toBe(0);
  expect(this.last?.stderr).toContain(text);
  this.lastChecked = true;
});

export function outputIs(this: KubespecWorld, text: string) {
  expect(this.output.trimEnd()).toBe(text.trimEnd());
}
Then('the output is:', outputIs);

export function outputContains(this: KubespecWorld, text: string) {
  expect(this.output).toContain(text);
}
Then('the output contains {string}', outputContains);

Then('the output does not contain {string}', function (this: KubespecWorld, text: string) {
  expect(this.output).not.toContain(text);
});

export function errorOutputIs(this: KubespecWorld, text: string) {
  expect(this.last?.stderr.trimEnd()).toBe(text.trimEnd());
}
Then('the error output is:', errorOutputIs);

/**
 * Each line of the doc string is a regular expression that must match the output line at the
 * same position (whole line): for tables whose generated names or ages vary.
 */
Then('the output lines match:', function (this: KubespecWorld, text: string) {
  const want = text.trimEnd().split('\n');
  const got = this.output.trimEnd().split('\n');
  expect(got.length).toBe(want.length);
  want.forEach((re, i) => expect(got[i]).toMatch(new RegExp(`^${re}$`)));
});

/**
 * Counts the output lines a regular expression matches (e.g. the rules of one chain). "0 lines"
 * on an empty output would hold for any pattern: it needs the command to have printed something.
 */
Then('the output has {int} line(s) matching {string}', function (this: KubespecWorld, n: number, re: string) {
  if (n === 0 && !this.output.trim()) throw new Error(`\`${this.last?.line}\` printed nothing on stdout, so "0 lines matching" says nothing: check \`the output is:\` with an empty doc string instead`);
  const lines = this.output.split('\n').filter((l) => new RegExp(re).test(l));
  expect({ count: lines.length, lines }).toEqual({ count: n, lines });
});
