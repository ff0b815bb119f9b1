/**
 * An informer (list + watch) in the reader's process, next to kubectl: client-node's makeInformer
 * on a real cluster, the model's own Informer on the model (steps/drivers/). Its events are
 * compared with what `kubectl get pods -w` printed for the same Pods.
 */
import { Given, Then } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KObject } from '../model/api/meta';
import { parseDuration } from '../model/sim/clock';
import { type RunningInformer, WAITING_STEP_TIMEOUT_MS } from './drivers/driver';
import { podColumns } from './drivers/pod-columns';
import type { KubespecWorld } from './world';

type InformerWorld = KubespecWorld & { informer?: RunningInformer; deleted?: { name: string } };

function informerOf(w: InformerWorld): RunningInformer {
  if (!w.informer) throw new Error('no informer was started: "Given an informer on the pods labelled …" first');
  return w.informer;
}

/** Collapses runs of the same value: a watch prints a row for every change, most keep the columns. */
function transitions(states: string[]): string[] {
  return states.filter((s, i) => i === 0 || s !== states[i - 1]);
}

/** Per Pod, the STATUS and READY the informer's add and update events carried, in order. */
function informerTransitions(inf: RunningInformer): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of inf.events) {
    if (e.type === 'delete') continue;
    const c = podColumns(e.object);
    const name = e.object.metadata.name!;
    out.set(name, [...(out.get(name) ?? []), `${c.status} ${c.ready}`]);
  }
  for (const [k, v] of out) out.set(k, transitions(v));
  return out;
}

/** Per Pod, the STATUS and READY of each row `kubectl get pods -w` printed (NAME READY STATUS …). */
function watchTransitions(output: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of output.split('\n')) {
    if (!line.trim() || line.startsWith('NAME ')) continue;
    const [name, ready, status] = line.trim().split(/\s+/);
    out.set(name, [...(out.get(name) ?? []), `${status} ${ready}`]);
  }
  for (const [k, v] of out) out.set(k, transitions(v));
  return out;
}

Given('an informer on the pods labelled {string}', async function (this: InformerWorld, sel: string) {
  this.informer = await this.driver.informer('pods', this.driver.namespace, sel);
});

Then('the informer saw {int} pods go from Pending to Running with {word} containers ready', function (this: InformerWorld, n: number, ready: string) {
  return this.driver.eventually(() => {
    const seen = informerTransitions(informerOf(this));
    expect(seen.size).toBe(n);
    for (const [name, states] of seen) {
      expect({ name, first: states[0].split(' ')[0] }).toEqual({ name, first: 'Pending' });
      expect({ name, last: states[states.length - 1] }).toEqual({ name, last: `Running ${ready}` });
    }
  });
});

/**
 * The watch may start a moment after the informer (on a real cluster kubectl takes a while to
 * start): each Pod's rows must be exactly the informer's transitions from the watch's first row on.
 */
Then('for each pod, the watch printed the STATUS and READY changes the informer saw', function (this: InformerWorld) {
  const printed = watchTransitions(this.output);
  return this.driver.eventually(() => {
    const seen = informerTransitions(informerOf(this));
    expect([...printed.keys()].sort()).toEqual([...seen.keys()].sort());
    for (const [name, rows] of printed) {
      const states = seen.get(name)!;
      const from = states.indexOf(rows[0]);
      expect({ name, watch: rows, informer: from < 0 ? states : states.slice(from) }).toEqual({ name, watch: rows, informer: rows });
    }
  });
});

Then(/^within (\d+(?:\.\d+)?(?:ms|s|m|h)) the informer's cache holds the pods labelled "([^"]*)" that the API lists$/, { timeout: WAITING_STEP_TIMEOUT_MS }, function (this: InformerWorld, d: string, sel: string) {
  return this.driver.waitFor(parseDuration(d)!, async () => {
    const names = (pods: readonly KObject[]) => pods.map((p) => p.metadata.name!).sort();
    const listed = await this.driver.list('pods', this.driver.namespace, { labelSelector: sel });
    expect(listed.length).toBeGreaterThan(0);
    expect(names(informerOf(this).list())).toEqual(names(listed));
  });
});

Then('the informer saw the deleted pod go', function (this: InformerWorld) {
  const { name } = (this as any).deleted as { name: string };
  return this.driver.eventually(() => expect(informerOf(this).events.filter((e) => e.type === 'delete').map((e) => e.object.metadata.name)).toEqual([name]));
});
