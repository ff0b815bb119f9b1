/**
 * Steps for what containers see of the cluster network: which Pod's nginx answered a request
 * (its access log), and which addresses a DNS answer listed, against the Pods the API server
 * holds. The model's own objects and logs are read, so these are not @portable.
 */
import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KObject } from '../model/api/meta';
import type { KubespecWorld } from './world';

function podsLabelled(w: KubespecWorld, selector: string): KObject[] {
  return w.cluster.admin.list('pods', 'default', { labelSelector: selector }).items.filter((p: KObject) => !p.metadata.deletionTimestamp);
}

function podIP(w: KubespecWorld, name: string): string {
  const ip = w.cluster.admin.get('pods', 'default', name).status?.podIP;
  if (!ip) throw new Error(`the pod "${name}" has no IP`);
  return ip;
}

const isReady = (p: KObject) => (p.status?.conditions ?? []).some((c: any) => c.type === 'Ready' && c.status === 'True');

/** nginx logs each request it answered (combined format): the client's address opens the line. */
Then('exactly {int} pod(s) labelled {string} logged a request from the pod {string} by {string}', function (this: KubespecWorld, n: number, selector: string, client: string, agent: string) {
  const ip = podIP(this, client);
  const answered = podsLabelled(this, selector).filter((p) => {
    const log = this.cluster.admin.request({ verb: 'get', resource: 'pods', namespace: 'default', name: p.metadata.name, subresource: 'log' }) as string;
    return String(log)
      .split('\n')
      .some((l) => l.startsWith(`${ip} - - [`) && l.endsWith(`"${agent}" "-"`));
  });
  expect(answered.length).toBe(n);
});

/** nslookup's "Address: IP" lines (not the server's "Address:\tIP:53") against the ready Pods' IPs. */
Then('the output has an Address line for each ready pod labelled {string} and no other', function (this: KubespecWorld, selector: string) {
  const listed = [...this.output.matchAll(/^Address: (\S+)$/gm)].map((m) => m[1]).sort();
  const ready = podsLabelled(this, selector)
    .filter(isReady)
    .map((p) => p.status!.podIP as string)
    .sort();
  expect(ready.length).toBeGreaterThan(0);
  expect(listed).toEqual(ready);
});

/** A Pod's IP written into a command line: WORD as it is, WORD_DASHED as its pod DNS label (10-244-1-5). */
When('I run `{}` with {word} as the IP of the pod {string}', function (this: KubespecWorld, line: string, word: string, pod: string) {
  const ip = podIP(this, pod);
  this.run(line.split(`${word}_DASHED`).join(ip.replace(/\./g, '-')).split(word).join(ip));
});

/** A ClusterIP Service's address in nslookup's answer ("Address: 10.96.…"). */
Then('the output lists the cluster IP of the service {string}', function (this: KubespecWorld, svc: string) {
  const ip = this.cluster.admin.get('services', 'default', svc).spec?.clusterIP;
  expect(this.output.split('\n')).toContain(`Address: ${ip}`);
});

Then('the output contains {string} with {word} as the IP of the pod {string}', function (this: KubespecWorld, text: string, word: string, pod: string) {
  const ip = podIP(this, pod);
  expect(this.output).toContain(text.split(`${word}_DASHED`).join(ip.replace(/\./g, '-')).split(word).join(ip));
});

/** Lines that must be in the output (in any order), a Service's cluster IP written into them. */
Then('the output has these lines, with {word} as the cluster IP of the service {string}:', function (this: KubespecWorld, word: string, svc: string, text: string) {
  const ip = this.cluster.admin.get('services', 'default', svc).spec?.clusterIP as string;
  const lines = this.output.split('\n');
  for (const want of text.trimEnd().split('\n')) expect(lines).toContain(want.split(word).join(ip));
});
