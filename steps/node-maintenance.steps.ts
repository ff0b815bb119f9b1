import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import * as path from 'node:path';
import { runPlay } from '../cli/play';
import { StatusError } from '../model/api/status';
import type { KubespecWorld } from './world';

type EvictionWorld = KubespecWorld & { eviction?: { error?: StatusError } };

/** Each line of the doc string is a regular expression for the stderr line at the same position. */
Then('the error output lines match:', function (this: KubespecWorld, text: string) {
  const want = text.trimEnd().split('\n');
  const got = (this.last?.stderr ?? '').trimEnd().split('\n');
  expect(got).toHaveLength(want.length);
  want.forEach((re, i) => expect(got[i]).toMatch(new RegExp(`^${re}$`)));
  this.lastChecked = true;
});

Then('{int} pod(s) labelled {string} run(s) on {string}', async function (this: KubespecWorld, n: number, sel: string, node: string) {
  const pods = await this.driver.list('pods', this.driver.namespace, { labelSelector: sel });
  expect(pods.filter((p) => !p.metadata.deletionTimestamp && p.spec?.nodeName === node).map((p) => p.metadata.name)).toHaveLength(n);
});

Then('no pod labelled {string} runs on {string}', async function (this: KubespecWorld, sel: string, node: string) {
  const pods = await this.driver.list('pods', this.driver.namespace, { labelSelector: sel });
  expect(pods.filter((p) => p.spec?.nodeName === node).map((p) => p.metadata.name)).toEqual([]);
});

// The Eviction API as a client other than kubectl drain sees it: one POST of a policy/v1 Eviction.
When('the admin evicts the first pod labelled {string}', function (this: EvictionWorld, sel: string) {
  const admin = this.cluster.admin;
  const pod = admin.list('pods', 'default', { labelSelector: sel }).items.sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1))[0];
  expect(pod).toBeDefined();
  const name = pod.metadata.name!;
  try {
    admin.request({ verb: 'create', resource: 'pods', subresource: 'eviction', namespace: 'default', name, body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name, namespace: 'default' } } });
    this.eviction = {};
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    this.eviction = { error: e };
  }
});

Then('the eviction fails with {int} {word}: {string} caused by {word} {string}', function (this: EvictionWorld, code: number, reason: string, message: string, causeReason: string, causeMessage: string) {
  const s = this.eviction?.error?.status;
  expect({ code: s?.code, reason: s?.reason, message: s?.message, causes: s?.details?.causes }).toEqual({ code, reason, message, causes: [{ reason: causeReason, message: causeMessage }] });
});

Then('the eviction succeeds', function (this: EvictionWorld) {
  expect(this.eviction).toEqual({});
});

/** Lines that may repeat (a drain's retries): each stderr line matches one of the doc string's regular expressions. */
Then('every error output line matches one of:', function (this: KubespecWorld, text: string) {
  const res = text.trimEnd().split('\n').map((re) => new RegExp(`^${re}$`));
  const got = (this.last?.stderr ?? '').trimEnd().split('\n');
  expect(got.filter((l) => !res.some((re) => re.test(l)))).toEqual([]);
  this.lastChecked = true;
});

Then('the error output has at least {int} line(s) matching {string}', function (this: KubespecWorld, n: number, re: string) {
  const lines = (this.last?.stderr ?? '').split('\n').filter((l) => new RegExp(re).test(l));
  expect(lines.length).toBeGreaterThanOrEqual(n);
  this.lastChecked = true;
});

type PlayWorld = KubespecWorld & { maintenanceTranscript?: string };

When('I play {string}', function (this: PlayWorld, script: string) {
  this.maintenanceTranscript = runPlay(path.join(__dirname, '..', script), {});
});

Then('the transcript has lines matching, in order:', function (this: PlayWorld, text: string) {
  const lines = (this.maintenanceTranscript ?? '').split('\n');
  let at = 0;
  for (const re of text.trimEnd().split('\n')) {
    const rx = new RegExp(`^${re}$`);
    const i = lines.findIndex((l, j) => j >= at && rx.test(l));
    expect({ line: re, found: i >= 0 }).toEqual({ line: re, found: true });
    at = i + 1;
  }
});
