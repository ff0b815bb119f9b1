import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import { WAITING_STEP_TIMEOUT_MS } from './drivers/driver';
import type { KubespecWorld } from './world';

// Through the driver: the model's kubectl in process, or the real kubectl on a kubeconfig.
When('I run `{}`', { timeout: WAITING_STEP_TIMEOUT_MS }, async function (this: KubespecWorld, line: string) {
  await this.exec(line);
});

When('I run `{}` with this input:', { timeout: WAITING_STEP_TIMEOUT_MS }, async function (this: KubespecWorld, line: string, input: string) {
  await this.exec(line, input.endsWith('\n') ? input : input + '\n');
});

Then('it succeeds', function (this: KubespecWorld) {
  expect({ code: this.last?.code, stderr: this.last?.stderr }).toEqual({ code: 0, stderr: this.last?.code === 0 ? this.last.stderr : '' });
});

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

Then('the output is:', function (this: KubespecWorld, text: string) {
  expect(this.output.trimEnd()).toBe(text.trimEnd());
});

Then('the output contains {string}', function (this: KubespecWorld, text: string) {
  expect(this.output).toContain(text);
});

Then('the output does not contain {string}', function (this: KubespecWorld, text: string) {
  expect(this.output).not.toContain(text);
});

Then('the error output is:', function (this: KubespecWorld, text: string) {
  expect(this.last?.stderr.trimEnd()).toBe(text.trimEnd());
});

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

/** Counts the output lines a regular expression matches (e.g. the rules of one chain). */
Then('the output has {int} line(s) matching {string}', function (this: KubespecWorld, n: number, re: string) {
  const lines = this.output.split('\n').filter((l) => new RegExp(re).test(l));
  expect({ count: lines.length, lines }).toEqual({ count: n, lines });
});
