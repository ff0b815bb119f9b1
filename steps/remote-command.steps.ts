import { After, Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import * as yaml from 'js-yaml';
import WebSocket from 'ws';
import { ADMIN_TOKEN } from '../model/cluster';
import type { Cluster } from '../model/cluster';
import { StatusError } from '../model/api/status';
import type { LogFollower } from '../model/apiserver/kubelet-client';
import { parseDuration } from '../model/sim/clock';
import { streamLogs } from '../server/logs-stream';
import { handleExecUpgrade } from '../server/remotecommand';
import { type KubespecWorld, ROOT } from './world';

/**
 * A loopback HTTP server around the streaming handlers of server/, answering pods/exec upgrades
 * and pods/log GETs from the scenario's model cluster as the admin, the way the facade does.
 * Virtual time moves only when a step says so; each advance then ticks the open log streams,
 * as `kubespec up`'s wall-clock pacer does.
 */
class StreamingEndpoint {
  readonly server: http.Server;
  private readonly ticks = new Set<() => void>();
  port = 0;

  constructor(readonly cluster: Cluster) {
    this.server = http.createServer((req, res) => this.log(req, res));
    this.server.on('upgrade', (req, socket, head) => {
      const { namespace, name } = podOf(req.url);
      handleExecUpgrade(req, socket, head, (opts) =>
        cluster.apiserver.handle({ verb: 'create', resource: 'pods', subresource: 'exec', namespace, name, body: opts, token: ADMIN_TOKEN }),
      );
    });
  }

  listen(): Promise<void> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => ((this.port = (this.server.address() as AddressInfo).port), resolve())));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  advance(ms: number): void {
    this.cluster.advance(ms);
    for (const tick of [...this.ticks]) tick();
  }

  get openStreams(): number {
    return this.ticks.size;
  }

  private log(req: http.IncomingMessage, res: http.ServerResponse): void {
    const { namespace, name } = podOf(req.url);
    const q = new URL(req.url!, 'http://localhost').searchParams;
    try {
      const result = this.cluster.apiserver.handle({
        verb: 'get',
        resource: 'pods',
        subresource: 'log',
        namespace,
        name,
        token: ADMIN_TOKEN,
        query: { container: q.get('container') ?? undefined, follow: q.get('follow') === 'true' || undefined, tailLines: q.has('tailLines') ? Number(q.get('tailLines')) : undefined },
      });
      if (typeof result === 'string') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end(result);
      } else
        streamLogs(res, result as LogFollower, (fn) => {
          this.ticks.add(fn);
          return () => this.ticks.delete(fn);
        });
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      res.writeHead(e.code, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(e.status));
    }
  }
}

function podOf(url: string | undefined): { namespace: string; name: string } {
  const m = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/?]+)\/(?:exec|attach|log)\b/.exec(url ?? '');
  if (!m) throw new Error(`not a pod subresource: ${url}`);
  return { namespace: m[1], name: m[2] };
}

/** What one exec over the WebSocket brought back: the subprotocol, each channel's bytes, or the HTTP answer instead of an upgrade. */
interface ExecOutcome {
  protocol?: string;
  channels: Map<number, Buffer[]>;
  closeCode?: number;
  httpStatus?: number;
  httpBody?: string;
}

interface RemoteState {
  endpoint?: StreamingEndpoint;
  exec?: ExecOutcome;
  log?: { pod: string; status: number; chunks: string[]; ended: boolean; headers: http.IncomingHttpHeaders };
}

const states = new WeakMap<KubespecWorld, RemoteState>();
function state(world: KubespecWorld): RemoteState {
  let s = states.get(world);
  if (!s) states.set(world, (s = {}));
  return s;
}

function endpoint(world: KubespecWorld): StreamingEndpoint {
  const e = state(world).endpoint;
  if (!e) throw new Error('no streaming endpoint: add "Given the exec and log endpoints on a loopback port"');
  return e;
}

function firstNginxPod(world: KubespecWorld): string {
  const pods = world.cluster.admin.list('pods', 'default', { labelSelector: 'app=nginx' }).items.filter((p) => p.status?.phase === 'Running' && !p.metadata.deletionTimestamp);
  if (pods.length === 0) throw new Error('no running nginx Pod');
  return pods.map((p) => p.metadata.name!).sort()[0];
}

/** Runs an exec over a WebSocket to the end: the upgrade (or the HTTP answer), every message, the close. */
function exec(world: KubespecWorld, query: string, protocols: string[], send: (ws: WebSocket) => void = () => {}): Promise<ExecOutcome> {
  const url = `ws://127.0.0.1:${endpoint(world).port}/api/v1/namespaces/default/pods/${firstNginxPod(world)}/exec?${query}`;
  return new Promise((resolve, reject) => {
    const outcome: ExecOutcome = { channels: new Map() };
    const ws = new WebSocket(url, protocols);
    ws.on('unexpected-response', (_req, res) => {
      const body: Buffer[] = [];
      res.on('data', (c: Buffer) => body.push(c));
      res.on('end', () => resolve({ ...outcome, httpStatus: res.statusCode, httpBody: Buffer.concat(body).toString() }));
    });
    ws.on('open', () => {
      outcome.protocol = ws.protocol;
      send(ws);
    });
    ws.on('message', (data: Buffer) => {
      const list = outcome.channels.get(data[0]) ?? [];
      list.push(data.subarray(1));
      outcome.channels.set(data[0], list);
    });
    ws.on('close', (code) => resolve({ ...outcome, closeCode: code }));
    ws.on('error', (e) => {
      if (!/Unexpected server response/.test(String(e))) reject(e);
    });
  });
}

function commandQuery(command: string, extra: string): string {
  return command
    .split(' ')
    .filter(Boolean)
    .map((c) => `command=${encodeURIComponent(c)}`)
    .concat(extra.split('&').filter(Boolean))
    .join('&');
}

function channelText(world: KubespecWorld, channel: number): string {
  const o = state(world).exec;
  if (!o) throw new Error('no exec has run');
  return Buffer.concat(o.channels.get(channel) ?? []).toString();
}

Given("the walkthrough's nginx Deployment is running", function (this: KubespecWorld) {
  const manifest = yaml.load(fs.readFileSync(path.join(ROOT, 'examples', 'nginx.yaml'), 'utf8')) as any;
  this.cluster.admin.create('deployments', 'default', manifest);
  this.cluster.advance(60_000);
});

Given('the exec and log endpoints on a loopback port', async function (this: KubespecWorld) {
  const e = new StreamingEndpoint(this.cluster);
  await e.listen();
  state(this).endpoint = e;
});

After(async function (this: KubespecWorld) {
  await states.get(this)?.endpoint?.close();
});

When('a WebSocket client offering {string} execs `{}` in an nginx Pod with {string}', async function (this: KubespecWorld, protocols: string, command: string, extra: string) {
  state(this).exec = await exec(this, commandQuery(command, extra), protocols.split(',').map((p) => p.trim()));
});

When('a v5 client execs `{}` in an nginx Pod, sending {string} on stdin and then closing it', async function (this: KubespecWorld, command: string, input: string) {
  const stdin = JSON.parse(`"${input}"`) as string;
  state(this).exec = await exec(this, commandQuery(command, 'stdin=true&stdout=true&stderr=true'), ['v5.channel.k8s.io'], (ws) => {
    ws.send(Buffer.concat([Buffer.from([0]), Buffer.from(stdin)]));
    ws.send(Buffer.from([255, 0]));
  });
});

Then('the server chose the subprotocol {string}', function (this: KubespecWorld, protocol: string) {
  expect(state(this).exec?.httpStatus).toBeUndefined();
  expect(state(this).exec?.protocol).toBe(protocol);
});

Then('stdout carried {string}', function (this: KubespecWorld, text: string) {
  expect(channelText(this, 1)).toBe(JSON.parse(`"${text}"`));
});

Then('stdout carried the name of the Pod', function (this: KubespecWorld) {
  expect(channelText(this, 1)).toBe(firstNginxPod(this) + '\n');
});

Then('stdout carried a line containing {string}', function (this: KubespecWorld, text: string) {
  expect(channelText(this, 1)).toContain(text);
});

Then('stderr carried nothing', function (this: KubespecWorld) {
  expect(channelText(this, 2)).toBe('');
});

Then('the error channel carried, and the WebSocket closed normally:', function (this: KubespecWorld, json: string) {
  expect(JSON.parse(channelText(this, 3))).toEqual(JSON.parse(json));
  expect(channelText(this, 3)).toBe(JSON.stringify(JSON.parse(json)));
  expect(state(this).exec?.closeCode).toBe(1000);
});

Then('the first message was an empty one on channel {int}', function (this: KubespecWorld, channel: number) {
  const first = state(this).exec?.channels.get(channel)?.[0];
  expect(first?.length).toBe(0);
});

Then('there was no upgrade: the answer was HTTP {int} with:', function (this: KubespecWorld, code: number, body: string) {
  const o = state(this).exec!;
  expect(o.protocol).toBeUndefined();
  expect(o.httpStatus).toBe(code);
  const expected = body.replace('POD', firstNginxPod(this));
  if (expected.trim().startsWith('{')) expect(JSON.parse(o.httpBody!)).toEqual(JSON.parse(expected));
  else expect(o.httpBody).toBe(expected);
});

When('an SPDY client asks to exec `{}` in an nginx Pod', function (this: KubespecWorld, command: string) {
  const url = `/api/v1/namespaces/default/pods/${firstNginxPod(this)}/exec?${commandQuery(command, 'stdout=true&stderr=true')}`;
  return new Promise<void>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: endpoint(this).port, method: 'POST', path: url, headers: { Connection: 'Upgrade', Upgrade: 'SPDY/3.1', 'X-Stream-Protocol-Version': 'v4.channel.k8s.io,v3.channel.k8s.io,v2.channel.k8s.io,channel.k8s.io' } });
    req.on('upgrade', () => reject(new Error('the server upgraded to SPDY')));
    req.on('response', (res) => {
      const body: Buffer[] = [];
      res.on('data', (c: Buffer) => body.push(c));
      res.on('end', () => {
        state(this).exec = { channels: new Map(), httpStatus: res.statusCode, httpBody: Buffer.concat(body).toString() };
        resolve();
      });
    });
    req.on('error', reject);
    req.end();
  });
});

When('a client follows the log of the first nginx Pod', function (this: KubespecWorld) {
  const s = state(this);
  const pod = firstNginxPod(this);
  return new Promise<void>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: endpoint(this).port, path: `/api/v1/namespaces/default/pods/${pod}/log?follow=true` }, (res) => {
      const log: NonNullable<RemoteState["log"]> = { pod, status: res.statusCode!, chunks: [], ended: false, headers: res.headers };
      s.log = log;
      res.on('data', (c: Buffer) => log.chunks.push(c.toString()));
      res.on('end', () => (log.ended = true));
      // The headers and the log so far come at once, before any virtual time passes.
      res.once('data', () => resolve());
    });
    req.on('error', reject);
  });
});

/** Lets the client's socket deliver what the server wrote (real I/O, no virtual time). */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 50));
}

When(/^(\d+(?:\.\d+)?(?:ms|s|m)) of virtual time pass(?:es)? for the streams$/, async function (this: KubespecWorld, d: string) {
  endpoint(this).advance(parseDuration(d)!);
  await settle();
});

When('the followed Pod is deleted', function (this: KubespecWorld) {
  this.cluster.admin.delete('pods', 'default', state(this).log!.pod);
});

Then('the log stream is open and has carried lines matching, in order:', async function (this: KubespecWorld, text: string) {
  await settle();
  const log = state(this).log!;
  expect(log.status).toBe(200);
  expect(log.headers['transfer-encoding']).toBe('chunked');
  expect(log.ended).toBe(false);
  expectLinesInOrder(log.chunks.join(''), text);
});

Then('the log stream has ended after lines matching, in order:', async function (this: KubespecWorld, text: string) {
  await settle();
  const log = state(this).log!;
  expect(log.ended).toBe(true);
  expect(endpoint(this).openStreams).toBe(0);
  expectLinesInOrder(log.chunks.join(''), text);
});

function expectLinesInOrder(got: string, patterns: string): void {
  const lines = got.split('\n');
  let at = 0;
  for (const p of patterns.split('\n').filter((l) => l.trim())) {
    const re = new RegExp(p.trim());
    while (at < lines.length && !re.test(lines[at])) at++;
    if (at === lines.length) throw new Error(`no line matching /${p.trim()}/ in order in:\n${got}`);
    at++;
  }
}
