/**
 * The HTTP façade's own behaviour: the scenario's cluster served over HTTPS on loopback, and
 * requests sent to it as a real client would (the admin's certificate, a token, or anonymous).
 * Virtual time moves only through the scenario's steps; the façade follows the model's
 * kube-apiserver (open or refusing) when a step says so, as `kubespec up`'s pacer does each tick.
 */
import { After, Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import * as net from 'node:net';
import { ApiFacade } from '../server/facade';
import { NodeEndpoint } from '../server/node-endpoint';
import { endpointFromKubeconfig } from '../cli/node';
import { kubeconfigYAML } from '../server/kubeconfig';
import { type Caller, type HttpAnswer, request, WatchStream } from './support/http-client';
import { sharedPKI } from './support/real-kubectl';
import type { KubespecWorld } from './world';
import * as https from 'node:https';

interface HttpState {
  facade: ApiFacade;
  nodes?: NodeEndpoint;
  last?: HttpAnswer;
  revisionBefore?: number;
  watches: Map<string, WatchStream>;
  pages?: string[][];
}

const states = new WeakMap<KubespecWorld, HttpState>();

function state(w: KubespecWorld): HttpState {
  const s = states.get(w);
  if (!s) throw new Error('no served cluster: start with "Given a cluster served over HTTPS"');
  return s;
}

function caller(who: string): Caller {
  const pki = sharedPKI();
  if (who === 'the admin') return { cert: pki.admin };
  if (who === 'an anonymous client') return {};
  const token = /^a client with token "(.*)"$/.exec(who)?.[1];
  if (token !== undefined) return { token };
  throw new Error(`unknown caller "${who}"`);
}

Given('a cluster served over HTTPS', async function (this: KubespecWorld) {
  const pki = sharedPKI();
  const facade = new ApiFacade(this.cluster, { host: '127.0.0.1', port: 0, tls: { key: pki.apiserver.keyPem, cert: pki.apiserver.certPem, ca: pki.ca.certPem } });
  await facade.start();
  states.set(this, { facade, watches: new Map() });
});

After(async function (this: KubespecWorld) {
  const s = states.get(this);
  if (!s) return;
  for (const w of s.watches.values()) w.close();
  await s.facade.stop();
  await s.nodes?.stop();
});

export async function send(w: KubespecWorld, who: string, method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}): Promise<void> {
  const s = state(w);
  s.revisionBefore = w.cluster.etcd.currentRevision;
  s.last = await request(s.facade.url, sharedPKI().ca.certPem, caller(who), method, path, body, headers);
}

When(/^(the admin|an anonymous client|a client with token "[^"]*") sends (GET|POST|PUT|PATCH|DELETE) `([^`]+)`$/, async function (this: KubespecWorld, who: string, method: string, path: string) {
  await send(this, who, method, path);
});

When(
  /^(the admin|an anonymous client|a client with token "[^"]*") sends (GET|POST|PUT|PATCH|DELETE) `([^`]+)` as "([^"]+)" with:$/,
  async function (this: KubespecWorld, who: string, method: string, path: string, contentType: string, body: string) {
    await send(this, who, method, path, body, { 'Content-Type': contentType });
  },
);

When(/^the admin sends POST `([^`]+)` with a body of (\d+) MiB$/, async function (this: KubespecWorld, path: string, mib: string) {
  const filler = 'x'.repeat(Number(mib) * 1024 * 1024);
  await send(this, 'the admin', 'POST', path, JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'big' }, data: { big: filler } }), { 'Content-Type': 'application/json' });
});

When(/^the admin sends GET `([^`]+)` accepting "([^"]+)"$/, async function (this: KubespecWorld, path: string, accept: string) {
  await send(this, 'the admin', 'GET', path, undefined, { Accept: accept });
});

Then('the answer is {int}', function (this: KubespecWorld, code: number) {
  expect({ status: state(this).last?.status, body: state(this).last?.body.slice(0, 300) }).toEqual({ status: code, body: expect.any(String) });
});

Then('the answer is {int} with the body {string}', function (this: KubespecWorld, code: number, body: string) {
  const last = state(this).last!;
  expect({ status: last.status, body: last.body }).toEqual({ status: code, body });
});

Then('the answer is a {int} {word} Status saying:', function (this: KubespecWorld, code: number, reason: string, message: string) {
  const last = state(this).last!;
  expect({ status: last.status, kind: last.json?.kind, code: last.json?.code, reason: last.json?.reason, message: last.json?.message }).toEqual({
    status: code,
    kind: 'Status',
    code,
    reason,
    message: message.trim(),
  });
});

Then(/^the answer's "([^"]+)" is "([^"]*)"$/, function (this: KubespecWorld, path: string, value: string) {
  const got = path.split('.').reduce<any>((v, k) => (v == null ? undefined : v[k]), state(this).last!.json);
  expect(String(got)).toBe(value);
});

Then('nothing was written to etcd', function (this: KubespecWorld) {
  const s = state(this);
  expect(this.cluster.etcd.currentRevision).toBe(s.revisionBefore);
});

// ---------------------------------------------------------------- watches

// RV_NOW in the path stands for the current resourceVersion, as a client watches from its list's.
When(/^the admin watches `([^`]+)` as "([^"]+)"$/, async function (this: KubespecWorld, path: string, name: string) {
  const s = state(this);
  path = path.replace('RV_NOW', String(this.cluster.etcd.currentRevision));
  const w = new WatchStream();
  await w.open(s.facade.url, sharedPKI().ca.certPem, caller('the admin'), path);
  s.watches.set(name, w);
});

function watch(w: KubespecWorld, name: string): WatchStream {
  const s = state(w).watches.get(name);
  if (!s) throw new Error(`no watch "${name}"`);
  return s;
}

Then(/^the watch "([^"]+)" receives an ADDED event for every pod in "([^"]+)"$/, async function (this: KubespecWorld, name: string, ns: string) {
  const w = watch(this, name);
  const pods = this.cluster.admin.list('pods', ns).items.map((p) => p.metadata.name).sort();
  expect(pods.length).toBeGreaterThan(0);
  // The events reach the socket as virtual time delivers them (a few ms of watch latency).
  this.cluster.advance(50);
  await w.until(() => w.events.length >= pods.length);
  expect({ status: w.status, events: w.events.map((e) => `${e.type} ${e.object?.metadata?.name}`).sort() }).toEqual({ status: 200, events: pods.map((p) => `ADDED ${p}`) });
});

Then(/^the watch "([^"]+)" receives (ADDED|MODIFIED|DELETED) for the configmap "([^"]+)"$/, async function (this: KubespecWorld, name: string, type: string, cm: string) {
  const w = watch(this, name);
  this.cluster.advance(50);
  await w.until(() => w.events.some((e) => e.type === type && e.object?.metadata?.name === cm));
  expect(w.events.map((e) => `${e.type} ${e.object?.metadata?.name}`)).toContain(`${type} ${cm}`);
});

Then(/^the watch "([^"]+)" gets one ERROR event with a (\d+) (\w+) Status and ends$/, async function (this: KubespecWorld, name: string, code: string, reason: string) {
  const w = watch(this, name);
  await w.until(() => w.ended);
  expect({ status: w.status, ended: w.ended, events: w.events.map((e) => ({ type: e.type, kind: e.object?.kind, code: e.object?.code, reason: e.object?.reason })) }).toEqual({
    status: 200,
    ended: true,
    events: [{ type: 'ERROR', kind: 'Status', code: Number(code), reason }],
  });
});

Then(/^the watch "([^"]+)" has ended$/, async function (this: KubespecWorld, name: string) {
  const w = watch(this, name);
  await w.until(() => w.ended);
  expect(w.ended).toBe(true);
});

// ---------------------------------------------------------------- pages

When(/^the admin lists `([^`]+)` (\d+) at a time$/, async function (this: KubespecWorld, path: string, limit: string) {
  const s = state(this);
  s.pages = [];
  let cont = '';
  for (let i = 0; i < 1000; i++) {
    const sep = path.includes('?') ? '&' : '?';
    const a = await request(s.facade.url, sharedPKI().ca.certPem, caller('the admin'), 'GET', `${path}${sep}limit=${limit}${cont ? `&continue=${encodeURIComponent(cont)}` : ''}`);
    expect(a.status).toBe(200);
    s.pages.push(a.json.items.map((o: any) => `${o.metadata.namespace ?? ''}/${o.metadata.name}`));
    cont = a.json.metadata.continue ?? '';
    if (!cont) return;
  }
  throw new Error('more than 1000 pages');
});

Then(/^every page holds at most (\d+) items, and together they are `([^`]+)` listed at once$/, async function (this: KubespecWorld, limit: string, path: string) {
  const s = state(this);
  const all = await request(s.facade.url, sharedPKI().ca.certPem, caller('the admin'), 'GET', path);
  const whole = all.json.items.map((o: any) => `${o.metadata.namespace ?? ''}/${o.metadata.name}`);
  expect(s.pages!.every((p) => p.length <= Number(limit))).toBe(true);
  expect(s.pages!.length).toBeGreaterThan(1);
  expect(s.pages!.flat()).toEqual(whole);
});

// ---------------------------------------------------------------- the socket follows kube-apiserver

When('the façade follows the model', async function (this: KubespecWorld) {
  await state(this).facade.sync();
});

function connect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    sock.once('connect', () => {
      sock.destroy();
      resolve('connected');
    });
    sock.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

Then('connecting to the API port is refused', async function (this: KubespecWorld) {
  expect(await connect(state(this).facade.port)).toBe('ECONNREFUSED');
});

Then('the API port accepts connections', async function (this: KubespecWorld) {
  expect(await connect(state(this).facade.port)).toBe('connected');
});

Then(/^serving the cluster on "([^"]+)" is refused with "([^"]+)"$/, function (this: KubespecWorld, host: string, message: string) {
  expect(() => new ApiFacade(this.cluster, { host, port: 0 })).toThrow(message);
});

Then('a second server on the same port fails with {string}', async function (this: KubespecWorld, message: string) {
  const port = state(this).facade.port;
  const second = new ApiFacade(this.cluster, { host: '127.0.0.1', port });
  await expect(second.start()).rejects.toThrow(message.replace('PORT', String(port)));
});

// ---------------------------------------------------------------- kubespec node

Given('the node endpoint of the served cluster', async function (this: KubespecWorld) {
  const pki = sharedPKI();
  const nodes = new NodeEndpoint(this.cluster, { key: pki.apiserver.keyPem, cert: pki.apiserver.certPem, ca: pki.ca.certPem });
  await nodes.start();
  state(this).nodes = nodes;
});

async function runOnNode(w: KubespecWorld, who: 'the admin' | 'an anonymous client', node: string, argv: string[]): Promise<{ stdout: string; stderr: string; code: number } | string> {
  const s = state(w);
  const pki = sharedPKI();
  // The way `kubespec node` finds its endpoint: from the kubeconfig `kubespec up` writes.
  const kc = kubeconfigYAML({ server: s.facade.url, caPem: pki.ca.certPem, clientCertPem: pki.admin.certPem, clientKeyPem: pki.admin.keyPem, nodeEndpoint: s.nodes!.url });
  const ep = endpointFromKubeconfig(kc);
  const body = JSON.stringify({ argv });
  return new Promise((resolve) => {
    const req = https.request(
      new URL(`/nodes/${node}/exec`, ep.url),
      { method: 'POST', ca: ep.ca, ...(who === 'the admin' ? { cert: ep.cert, key: ep.key } : {}), agent: false, headers: { 'Content-Type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    req.end(body);
  });
}

Then(/^(the admin|an anonymous client) running `([^`]+)` on "([^"]+)" through the node endpoint gets (exit \d+ and output containing "[^"]*"|its connection refused by TLS)$/, async function (this: KubespecWorld, who: 'the admin' | 'an anonymous client', cmd: string, node: string, expected: string) {
  const got = await runOnNode(this, who, node, cmd.split(' '));
  if (expected.startsWith('its connection')) {
    // rejectUnauthorized: the handshake fails without a certificate of the cluster CA.
    expect(typeof got === 'string' ? 'refused' : got).toBe('refused');
    return;
  }
  const [, code, text] = /^exit (\d+) and output containing "(.*)"$/.exec(expected)!;
  expect(typeof got).toBe('object');
  const r = got as { stdout: string; stderr: string; code: number };
  expect({ code: r.code, contains: (r.stdout + r.stderr).includes(text) }).toEqual({ code: Number(code), contains: true });
});
