import { DataTable, Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import { parseDuration } from '../model/sim/clock';
import type { TraceEntry } from '../model/sim/trace';
import { WAITING_STEP_TIMEOUT_MS } from './drivers/driver';
import type { KubespecWorld } from './world';

// Checks on the path, not the end: every row a `kubectl get -w` printed, every entry of the trace
// with its virtual time. The bounds and times come from the scenario, never from the model.

type Row = Record<string, string>;

/**
 * The rows of a watch's output, as column → cell. Cells are separated by two spaces or more
 * (kubectl's tabwriter pads with at least three; a cell such as "1 (0s ago)" has single spaces).
 * A header line repeated by the printer (custom-columns prints one per object) is skipped.
 */
function watchRows(output: string): Row[] {
  const lines = output.split('\n').filter((l) => l.trim() !== '');
  expect(lines.length).toBeGreaterThan(1);
  const cells = (l: string) => l.trim().split(/\s{2,}/);
  const header = cells(lines[0]);
  const rows: Row[] = [];
  for (const line of lines.slice(1)) {
    const c = cells(line);
    if (c.join('|') === header.join('|')) continue;
    if (c.length !== header.length) throw new Error(`a watch row with ${c.length} cells under ${header.length} columns: ${line}`);
    rows.push(Object.fromEntries(header.map((h, i) => [h, c[i]])));
  }
  return rows;
}

const describeRow = (i: number, r: Row) => `row ${i + 1} (${Object.values(r).join('  ')})`;

/** `kubectl get rs -w`: the latest row of each ReplicaSet, summed after every row. */
function replicaSetTotals(output: string): Array<{ row: string; desired: number; ready: number }> {
  const latest = new Map<string, Row>();
  return watchRows(output).map((r, i) => {
    latest.set(r.NAME, r);
    let desired = 0;
    let ready = 0;
    for (const l of latest.values()) (desired += Number(l.DESIRED)), (ready += Number(l.READY));
    return { row: describeRow(i, r), desired, ready };
  });
}

Then('at every row of the watch, the ReplicaSets have at least {int} ready and at most {int} desired replicas in total', function (this: KubespecWorld, minReady: number, maxDesired: number) {
  const totals = replicaSetTotals(this.output);
  // A rollout happened: at least two ReplicaSets took turns in the rows.
  expect(new Set(watchRows(this.output).map((r) => r.NAME)).size).toBeGreaterThan(1);
  for (const t of totals) {
    if (t.ready < minReady) throw new Error(`${t.row}: ${t.ready} ready replicas in total, fewer than ${minReady}`);
    if (t.desired > maxDesired) throw new Error(`${t.row}: ${t.desired} desired replicas in total, more than ${maxDesired}`);
  }
});

Then('some row of the watch has exactly {int} desired replicas in total', function (this: KubespecWorld, n: number) {
  const totals = replicaSetTotals(this.output);
  expect({ reached: totals.some((t) => t.desired === n), most: Math.max(...totals.map((t) => t.desired)) }).toEqual({ reached: true, most: n });
});

/**
 * `kubectl get pods -o wide -w`: after every row, the nodes seen so far that have no Running Pod
 * with all its containers ready. A Terminating row no longer counts as ready.
 */
Then('at every row of the watch, at most {int} node(s) has/have no ready pod', function (this: KubespecWorld, max: number) {
  const rows = watchRows(this.output);
  const latest = new Map<string, Row>();
  const nodes = new Set<string>();
  rows.forEach((r, i) => {
    latest.set(r.NAME, r);
    if (r.NODE !== '<none>') nodes.add(r.NODE);
    const served = new Set<string>();
    for (const l of latest.values()) {
      const [ready, total] = l.READY.split('/');
      if (l.STATUS === 'Running' && ready === total) served.add(l.NODE);
    }
    const without = [...nodes].filter((n) => !served.has(n));
    if (without.length > max) throw new Error(`${describeRow(i, r)}: ${without.length} nodes without a ready Pod (${without.join(', ')}), more than ${max}`);
  });
  // Every Pod was replaced: more Pods than nodes went through the rows.
  expect(latest.size).toBeGreaterThan(nodes.size);
});

/** The AGE column: kubectl's HumanDuration ("5s", "2m53s", "7m", "3h2m"), in seconds. */
function ageSeconds(age: string): number {
  const m = age.match(/^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/);
  if (!m || age === '') throw new Error(`not a kubectl age: ${age}`);
  return Number(m[1] ?? 0) * 86400 + Number(m[2] ?? 0) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0);
}

function podRows(w: KubespecWorld, pod: string): Row[] {
  const rows = watchRows(w.output).filter((r) => r.NAME === pod);
  expect(rows.length).toBeGreaterThan(0);
  return rows;
}

const restartsOf = (r: Row) => Number(r.RESTARTS.split(' ')[0]);

Then('every row of pod {string} in the watch has {int} restarts', function (this: KubespecWorld, pod: string, n: number) {
  const rows = podRows(this, pod);
  expect(rows.map((r) => `${r.STATUS} ${restartsOf(r)}`)).toEqual(rows.map((r) => `${r.STATUS} ${n}`));
});

Then('the last row of pod {string} in the watch has the status {string}', function (this: KubespecWorld, pod: string, status: string) {
  const rows = podRows(this, pod);
  expect(rows[rows.length - 1].STATUS).toBe(status);
});

/**
 * The kubelet's crash-loop back-off, read from the rows: the age of the first Running row with
 * each restart count, and the wait since the start before it.
 */
Then('the watch shows pod {string} start again after these waits:', function (this: KubespecWorld, pod: string, table: DataTable) {
  const starts = new Map<number, number>();
  for (const r of podRows(this, pod)) if (r.STATUS === 'Running' && !starts.has(restartsOf(r))) starts.set(restartsOf(r), ageSeconds(r.AGE));
  for (const row of table.hashes()) {
    const n = Number(row.restart);
    const [at, prev] = [starts.get(n), starts.get(n - 1)];
    if (at === undefined || prev === undefined) throw new Error(`the watch has no Running row of ${pod} with ${n} restarts after one with ${n - 1} (starts seen: ${[...starts.keys()].join(', ')})`);
    const waited = at - prev;
    const [least, less] = [parseDuration(row['at least'])! / 1000, parseDuration(row['less than'])! / 1000];
    expect({ restart: n, waited, inRange: waited >= least && waited < less }).toEqual({ restart: n, waited, inRange: true });
  }
});

/** custom-columns POD, READY and TERMINATING of an EndpointSlice: one cell lists every endpoint, comma-separated. */
function endpointRows(w: KubespecWorld): Array<Map<string, { ready: string; terminating: string }>> {
  return watchRows(w.output).map((r) => {
    const pods = r.POD === '<none>' ? [] : r.POD.split(',');
    const ready = r.READY.split(',');
    const terminating = r.TERMINATING.split(',');
    return new Map(pods.map((p, i) => [p, { ready: ready[i], terminating: terminating[i] }]));
  });
}

Then('at every row of the watch, no endpoint is both ready and terminating', function (this: KubespecWorld) {
  endpointRows(this).forEach((eps, i) => {
    for (const [pod, c] of eps) if (c.ready === 'true' && c.terminating !== 'false') throw new Error(`row ${i + 1}: the endpoint of ${pod} is ready=${c.ready}, terminating=${c.terminating}`);
  });
});

/** One endpoint's path through the rows: ready, then terminating and not ready, then out of the slice. */
Then('the watch shows an endpoint turn ready=false, terminating=true, then leave the slice', function (this: KubespecWorld) {
  const rows = endpointRows(this);
  const pods = new Set(rows.flatMap((eps) => [...eps.keys()]));
  const paths = [...pods].map((pod) => {
    const states = rows.map((eps) => (eps.has(pod) ? `ready=${eps.get(pod)!.ready},terminating=${eps.get(pod)!.terminating}` : 'gone'));
    return { pod, path: states.filter((s, i) => i === 0 || s !== states[i - 1]).join(' -> ') };
  });
  const want = 'ready=true,terminating=false -> ready=false,terminating=true -> gone';
  expect(paths.filter((p) => p.path === want).length > 0 ? want : paths).toEqual(want);
});

interface TimedQuery {
  kind: string;
  actor: string;
  verb: string;
  target: string;
  after: string;
}

function matches(e: TraceEntry, q: TimedQuery): boolean {
  return e.kind === q.kind && (e.actor === q.actor || e.actor.startsWith(q.actor + '/')) && e.verb === q.verb && e.target.includes(q.target);
}

/** "60s": at least 60 s and less than 61 s; "30s..50s": between the two; empty: any time. */
function window(after: string): [number, number] | undefined {
  if (!after) return undefined;
  const [lo, hi] = after.split('..');
  const from = parseDuration(lo);
  const to = hi === undefined ? from! + 1000 : parseDuration(hi)!;
  if (from === undefined || to === undefined) throw new Error(`not a time window: ${after}`);
  return [from, to];
}

/**
 * Each row is the first matching entry after the previous row's, at the virtual time given in
 * `after`: time since the previous row's entry. Columns as in "the trace shows, in order".
 */
Then('the trace shows, in order, with the time since the row before:', function (this: KubespecWorld, table: DataTable) {
  const entries = this.cluster.sim.trace.entries;
  let from = 0;
  let prev: TraceEntry | undefined;
  for (const row of table.hashes() as unknown as TimedQuery[]) {
    const i = entries.findIndex((e, idx) => idx >= from && matches(e, row));
    const what = `${row.kind}: ${row.actor} ${row.verb} ${row.target}`;
    if (i < 0) throw new Error(`the trace has no "${what}" after the rows before it`);
    const w = window(row.after);
    if (w && prev) {
      const since = entries[i].t - prev.t;
      if (since < w[0] || since >= w[1]) throw new Error(`"${what}" came ${since / 1000}s after the row before, not within ${row.after}`);
    }
    prev = entries[i];
    from = i + 1;
  }
});

/** Foreground deletion: the owner's key leaves etcd only after every key under the prefix did. */
Then('etcd deleted every key under {string} before the key {string}', function (this: KubespecWorld, prefix: string, key: string) {
  const deletes = this.cluster.sim.trace.entries.filter((e) => e.kind === 'etcd' && e.verb === 'delete');
  const owner = deletes.find((e) => e.target === key);
  const dependents = deletes.filter((e) => e.target.startsWith(prefix));
  expect(owner).toBeDefined();
  expect(dependents.length).toBeGreaterThan(0);
  expect(dependents.filter((e) => e.seq > owner!.seq).map((e) => e.target)).toEqual([]);
  expect(this.cluster.etcd.range(prefix, { keysOnly: true }).map((kv) => kv.key)).toEqual([]);
});

interface NotedWorld extends KubespecWorld {
  noted?: string;
}

/** A writer that read earlier: its command carries what it read then (a resourceVersion). */
When('I run `{}` with {word} replaced by the noted output', { timeout: WAITING_STEP_TIMEOUT_MS }, async function (this: NotedWorld, line: string, placeholder: string) {
  expect(this.noted).toBeDefined();
  expect(line).toContain(placeholder);
  await this.exec(line.split(placeholder).join(this.noted!.trim()));
});
