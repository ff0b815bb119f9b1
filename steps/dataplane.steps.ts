import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KubespecWorld } from './world';

/** Tallies of which endpoint answered, from the last "I trace N connections" step. */
const tallies = new WeakMap<KubespecWorld, Map<string, number>>();

function serviceIP(world: KubespecWorld, name: string, namespace = 'default'): string {
  return world.cluster.admin.get('services', namespace, name).spec.clusterIP;
}

function podIP(world: KubespecWorld, selector: string, node: string): string {
  const pod = world.cluster.admin.list('pods', undefined, { labelSelector: selector }).items.find((p: any) => p.spec.nodeName === node && p.status?.podIP);
  if (!pod) throw new Error(`no running pod labelled ${selector} on ${node}`);
  return pod.status.podIP;
}

// Each connection is walked through the node's own rules by `trace-packet`; the step only
// reads where the model says it ended.
When('I trace {int} connections from {string} to the service {string} port {int}', function (this: KubespecWorld, n: number, node: string, svc: string, port: number) {
  const ip = serviceIP(this, svc);
  const tally = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const res = this.run(`on ${node} trace-packet ${ip}:${port}`);
    const m = /^result: connected to (\d+\.\d+\.\d+\.\d+):\d+$/m.exec(res.stdout);
    expect(m).not.toBeNull();
    tally.set(m![1], (tally.get(m![1]) ?? 0) + 1);
  }
  tallies.set(this, tally);
});

Then('each of the {int} pods labelled {string} answered between {int} and {int} of them', function (this: KubespecWorld, n: number, sel: string, lo: number, hi: number) {
  const tally = tallies.get(this) ?? new Map();
  const ips = this.cluster.admin.list('pods', undefined, { labelSelector: sel }).items.map((p: any) => p.status?.podIP);
  expect(ips.length).toBe(n);
  expect([...tally.keys()].sort()).toEqual([...ips].sort());
  for (const ip of ips) {
    expect(tally.get(ip)).toBeGreaterThanOrEqual(lo);
    expect(tally.get(ip)).toBeLessThanOrEqual(hi);
  }
});

When('I run `{}` against the service {string}', function (this: KubespecWorld, line: string, svc: string) {
  this.run(line.replace('SERVICE_IP', serviceIP(this, svc)));
});

When('I trace a connection on {string} from the pod labelled {string} to the pod labelled {string} on {string} port {int}', function (this: KubespecWorld, node: string, fromSel: string, toSel: string, toNode: string, port: number) {
  this.run(`on ${node} trace-packet ${podIP(this, fromSel, node)} ${podIP(this, toSel, toNode)}:${port}`);
});

Then('the last line of the output is:', function (this: KubespecWorld, text: string) {
  const lines = this.output.trimEnd().split('\n');
  expect(lines[lines.length - 1]).toBe(text);
});
