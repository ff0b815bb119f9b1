import { DataTable, Then } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { TraceEntry } from '../model/sim/trace';
import type { KubespecWorld } from './world';

interface Query {
  kind?: string;
  actor: string;
  verb: string;
  target: string;
}

function matches(e: TraceEntry, q: Query): boolean {
  return (!q.kind || e.kind === q.kind) && (q.actor === '*' || e.actor === q.actor || e.actor.startsWith(q.actor + '/')) && e.verb === q.verb && e.target.includes(q.target);
}

function describe(q: Query): string {
  return `${q.kind ? q.kind + ': ' : ''}${q.actor} ${q.verb} ${q.target}`;
}

/**
 * Each row must happen, in the order given: the first matching entry after the previous row's
 * match. Columns: kind (api, etcd, watch, cri, process), actor ("*": anyone; "kubelet" matches
 * every kubelet/<node>), verb, target (substring).
 */
Then('the trace shows, in order:', function (this: KubespecWorld, table: DataTable) {
  const entries = this.cluster.sim.trace.entries;
  let from = 0;
  for (const row of table.hashes() as unknown as Query[]) {
    const i = entries.findIndex((e, idx) => idx >= from && matches(e, row));
    if (i < 0) {
      const anywhere = entries.find((e) => matches(e, row));
      throw new Error(anywhere ? `"${describe(row)}" happened, but not after the rows before it (at seq ${anywhere.seq})` : `the trace has no "${describe(row)}"`);
    }
    from = i + 1;
  }
});

Then('every etcd access in the trace was made by {string}', function (this: KubespecWorld, actor: string) {
  const etcd = this.cluster.sim.trace.entries.filter((e) => e.kind === 'etcd');
  expect(etcd.length).toBeGreaterThan(0);
  expect([...new Set(etcd.map((e) => e.actor))]).toEqual([actor]);
});

Then('the components that made API requests are:', function (this: KubespecWorld, table: DataTable) {
  const actors = new Set(this.cluster.sim.trace.entries.filter((e) => e.kind === 'api').map((e) => (e.actor.startsWith('kubelet/') ? 'kubelet' : e.actor)));
  expect([...actors].sort()).toEqual(table.raw().map((r) => r[0]).sort());
});

Then('{string} made no {word} request for {string}', function (this: KubespecWorld, actor: string, verb: string, target: string) {
  const hits = this.cluster.sim.trace.entries.filter((e) => e.kind === 'api' && matches(e, { actor, verb, target }));
  expect(hits.map((e) => `${e.actor} ${e.verb} ${e.target}`)).toEqual([]);
});

/** `{word}` is a resource (pods: in any namespace) or a resource in one namespace (pods/default). */
Then('{string} created {int} {word}', function (this: KubespecWorld, actor: string, n: number, resource: string) {
  const hits = this.cluster.sim.trace.entries.filter((e) => e.kind === 'api' && e.actor === actor && e.verb === 'create' && (e.target === resource || e.target.startsWith(resource + '/')) && e.detail === '200');
  expect(hits.length).toBe(n);
});

/** W16: the scheduler binds a Pod while the ReplicaSet controller is still creating others. */
Then('{string} {word} {string} before {string} {word} its last {string}', function (this: KubespecWorld, a1: string, v1: string, t1: string, a2: string, v2: string, t2: string) {
  const entries = this.cluster.sim.trace.entries.filter((e) => e.kind === 'api' && e.detail === '200');
  const first = entries.find((e) => matches(e, { actor: a1, verb: v1, target: t1 }));
  const lasts = entries.filter((e) => matches(e, { actor: a2, verb: v2, target: t2 }));
  expect(first).toBeDefined();
  expect(lasts.length).toBeGreaterThan(0);
  expect(first!.seq).toBeLessThan(lasts[lasts.length - 1].seq);
});

/**
 * W16: each watch event a component received carries the resourceVersion of a write that
 * kube-apiserver stored in etcd before it; no component learned anything by another path.
 */
Then('every hand-off between components in the trace is an API write followed by a watch event', function (this: KubespecWorld) {
  const entries = this.cluster.sim.trace.entries;
  const stored = new Map<string, number>();
  for (const e of entries) if (e.kind === 'etcd' && (e.verb === 'put' || e.verb === 'delete') && e.detail?.startsWith('rev=')) stored.set(e.detail.slice(4), e.seq);
  const watches = entries.filter((e) => e.kind === 'watch');
  expect(watches.length).toBeGreaterThan(0);
  for (const w of watches) {
    const at = stored.get(w.detail ?? '');
    if (at === undefined || at > w.seq) throw new Error(`${w.actor} saw ${w.verb} ${w.target} at resourceVersion ${w.detail}, which no earlier etcd write produced`);
  }
});
