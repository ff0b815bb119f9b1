/**
 * kube-scheduler alone on a fake API server (steps/upstream/scheduler-harness.ts), as upstream's
 * schedule_one_test.go drives it: the scenario creates, changes and deletes Nodes and Pods,
 * lets the scheduler's virtual time pass, and reads what it did: its log since the last look,
 * the writes it sent, the Pod's PodScheduled condition and its Events.
 */
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import yaml from 'js-yaml';
import type { KObject } from '../model/api/meta';
import { SchedulerUnderTest } from './upstream/scheduler-harness';
import { virtualMs } from './support/virtual-duration';

const RUNS = new WeakMap<object, { t: SchedulerUnderTest; logSeen: number; actionsSeen: number }>();

function run(world: object) {
  const r = RUNS.get(world);
  if (!r) throw new Error('no scheduler under test: start with "Given kube-scheduler at --v=N on a fake API server"');
  return r;
}

const ms = virtualMs;

/** Rows equal, or an error that shows the rows received as a Gherkin table. */
function sameRows(got: string[][], want: string[][]): void {
  if (JSON.stringify(got) === JSON.stringify(want)) return;
  throw new Error(`got:\n${got.map((r) => `| ${r.join(' | ')} |`).join('\n')}\nwant:\n${want.map((r) => `| ${r.join(' | ')} |`).join('\n')}`);
}

const RESOURCE: Record<string, string> = { Node: 'nodes', Pod: 'pods' };

Given('kube-scheduler at --v={int} on a fake API server', function (this: object, v: number) {
  RUNS.set(this, { t: new SchedulerUnderTest(v), logSeen: 0, actionsSeen: 0 });
});

When('the test creates:', function (this: object, doc: string) {
  const { t } = run(this);
  for (const o of yaml.loadAll(doc) as KObject[]) t.cp.create(RESOURCE[o.kind!], { apiVersion: 'v1', ...o, metadata: { namespace: o.kind === 'Pod' ? 'default' : undefined, ...o.metadata } });
});

When('the test patches the {word} {string} with:', function (this: object, kind: string, name: string, doc: string) {
  const { t } = run(this);
  const status = /^status:/m.test(doc) && !/^(spec|metadata):/m.test(doc);
  t.cp.admin.patch(RESOURCE[kind], kind === 'Pod' ? 'default' : undefined, name, 'merge', yaml.load(doc), status ? { subresource: 'status' } : {});
});

When('the test deletes the {word} {string}', function (this: object, kind: string, name: string) {
  run(this).t.cp.admin.delete(RESOURCE[kind], kind === 'Pod' ? 'default' : undefined, name, { gracePeriodSeconds: 0 });
});

When(/^the next (\d+) "([^"]+)" requests? of kube-scheduler fails? with (\d+) (\w+): "(.*)"$/, function (this: object, times: string, what: string, code: string, reason: string, message: string) {
  run(this).t.inject(what, Number(code), reason, message, Number(times));
});

When("kube-scheduler's clock moves on {word}", function (this: object, d: string) {
  run(this).t.advance(ms(d));
});

/** The log since the last look, uids as <uid> (they are random per run of the API server). */
Then("kube-scheduler's log since the last look reads:", function (this: object, doc: string) {
  const r = run(this);
  const lines = r.t.logLines();
  const fresh = lines.slice(r.logSeen).map((l) => l.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uid>'));
  r.logSeen = lines.length;
  if (fresh.join('\n') !== doc) throw new Error(`got:\n${fresh.join('\n')}\nwant:\n${doc}`);
});

/** The writes since the last look: verb, resource[/subresource] and name (events by their reason). */
Then('kube-scheduler wrote, since the last look:', function (this: object, table: DataTable) {
  const r = run(this);
  const got = r.t.actions.slice(r.actionsSeen).map((a) => {
    const target = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
    const what = a.resource === 'events' ? (a.body?.reason ?? a.name) : a.name;
    return [a.verb, target, what ?? ''];
  });
  r.actionsSeen = r.t.actions.length;
  sameRows(got, table.raw());
});

Then('the Pod {string} is bound to {string}', function (this: object, name: string, node: string) {
  expect(run(this).t.pod(name).spec?.nodeName).toBe(node);
});

Then('the Pod {string} is not bound', function (this: object, name: string) {
  expect(run(this).t.pod(name).spec?.nodeName).toBeUndefined();
});

Then("the Pod {string}'s PodScheduled condition is:", function (this: object, name: string, table: DataTable) {
  const conds = (run(this).t.pod(name).status?.conditions ?? []).filter((c: any) => c.type === 'PodScheduled');
  const want = table.rowsHash();
  expect(conds).toHaveLength(1);
  const got = Object.fromEntries(Object.keys(want).map((k) => [k, conds[0][k] === null ? 'null' : String(conds[0][k])]));
  expect(got).toEqual(want);
});

/** Every Event in the namespace, oldest first: what `kubectl get events` would show of them. */
Then('the Events are:', function (this: object, table: DataTable) {
  const got = run(this)
    .t.events()
    .map((e: any) => [e.involvedObject.kind, e.involvedObject.name, e.type, e.reason, e.action, e.message, String(e.series?.count ?? '')]);
  sameRows(got, table.raw());
});

When('the test creates {int} Nodes with a taint each, {string}', function (this: object, n: number, taint: string) {
  const { t } = run(this);
  for (let i = 1; i <= n; i++) {
    const [kv, effect] = taint.replace('<i>', String(i).padStart(2, '0')).split(':');
    const [key, value] = kv.split('=');
    t.cp.create('nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: `node${i}` }, spec: { taints: [{ key, value, effect }] }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } } });
  }
});

/** validation.NoteLengthLimit: the note is the message's first 1020 bytes and " ...". */
Then('the Event of Pod {string} with reason {word} is its PodScheduled message cut to {int} bytes', function (this: object, name: string, reason: string, limit: number) {
  const { t } = run(this);
  const message: string = t.pod(name).status.conditions.find((c: any) => c.type === 'PodScheduled').message;
  const notes = t.events().filter((e: any) => e.involvedObject.name === name && e.reason === reason).map((e: any) => e.message);
  expect(Buffer.byteLength(message)).toBeGreaterThan(limit);
  expect(notes).toEqual([Buffer.from(message).subarray(0, limit - 4).toString() + ' ...']);
});

When('the test creates {int} Nodes {string} with allocatable cpu {word}', function (this: object, n: number, pattern: string, cpu: string) {
  const { t } = run(this);
  for (let i = 1; i <= n; i++)
    t.cp.create('nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: pattern.replace('<i>', String(i).padStart(3, '0')) }, status: { allocatable: { cpu, memory: '8Gi', pods: '110' } } });
});

/** node<i>: the i of the node the Pod is bound to is within [from, to]. */
Then('the Pod {string} is bound to one of node{int} to node{int}', function (this: object, name: string, from: number, to: number) {
  const node: string | undefined = run(this).t.pod(name).spec?.nodeName;
  const i = Number(node?.match(/^node(\d+)$/)?.[1]);
  if (!(i >= from && i <= to)) throw new Error(`${name} is on ${node}, not one of node${from} to node${to}`);
});

/** As "reads:", each line a regular expression (for what the seeded choice of a node decides). */
Then("kube-scheduler's log since the last look matches:", function (this: object, doc: string) {
  const r = run(this);
  const lines = r.t.logLines();
  const fresh = lines.slice(r.logSeen);
  r.logSeen = lines.length;
  const want = doc.split('\n');
  const ok = fresh.length === want.length && want.every((w, i) => new RegExp(`^${w}$`).test(fresh[i]));
  if (!ok) throw new Error(`got:\n${fresh.join('\n')}\nwant (regular expressions):\n${doc}`);
});

/** tools/events' reportingController and reportingInstance ("<controller>-<hostname>") of every Event. */
Then('every Event is reported by {string} as {string}', function (this: object, controller: string, instance: string) {
  const got = [...new Set(run(this).t.events().map((e: any) => `${e.reportingComponent} ${e.reportingInstance}`))];
  expect(got).toEqual([`${controller} ${instance}`]);
});

/** A note of exactly the limit is not cut. */
Then('the Event of Pod {string} with reason {word} is its PodScheduled message, whole, at {int} bytes', function (this: object, name: string, reason: string, limit: number) {
  const { t } = run(this);
  const message: string = t.pod(name).status.conditions.find((c: any) => c.type === 'PodScheduled').message;
  const notes = t.events().filter((e: any) => e.involvedObject.name === name && e.reason === reason).map((e: any) => e.message);
  expect(Buffer.byteLength(message)).toBe(limit);
  expect(notes).toEqual([message]);
});

Then("the Pod {string}'s condition {word} is still {word}, {word}, since {word}", function (this: object, name: string, type: string, status: string, reason: string, since: string) {
  const c = (run(this).t.pod(name).status?.conditions ?? []).find((x: any) => x.type === type);
  expect([c?.status, c?.reason, c?.lastTransitionTime]).toEqual([status, reason, since]);
});
