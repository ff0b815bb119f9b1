/**
 * kube-scheduler's events.k8s.io/v1 recorder (model/scheduler/events.ts) alone on a fake API
 * server, as client-go's tools/events eventseries_test.go drives it: events recorded at given
 * virtual times, the recorder's timers left to run, and every write it sent, with its time.
 */
import { Then, When, type DataTable } from '@cucumber/cucumber';
import type { KObject } from '../model/api/meta';
import { StatusError } from '../model/api/status';
import type { ApiRequest } from '../model/apiserver/request';
import { EventsV1Recorder } from '../model/scheduler/events';
import { FakeControlPlane } from './upstream/harness';
import { virtualMs } from './support/virtual-duration';

interface Write {
  at: number;
  verb: string;
  name: string;
  body: any;
  failed?: string;
}

interface RecorderRun {
  cp: FakeControlPlane;
  recorder: EventsV1Recorder;
  writes: Write[];
  failCreates: number;
}

const RUNS = new WeakMap<object, RecorderRun>();

function run(world: object): RecorderRun {
  const r = RUNS.get(world);
  if (!r) throw new Error('no recorder: start with "Given kube-scheduler\'s event recorder on a fake API server"');
  return r;
}

const ms = virtualMs;

/** "m:ss.mmm" since the start, for the table of writes. */
function clock(t: number): string {
  const m = Math.floor(t / 60_000);
  const s = ((t % 60_000) / 1000).toFixed(3).padStart(6, '0');
  return `${m}:${s}`;
}

When("kube-scheduler's event recorder runs on a fake API server", function (this: object) {
  const cp = new FakeControlPlane(['default', 'kube-system']);
  const ctx = cp.component('kube-scheduler');
  const r: RecorderRun = { cp, recorder: undefined as unknown as EventsV1Recorder, writes: [], failCreates: 0 };
  const request = ctx.client.request.bind(ctx.client);
  ctx.client.request = (req: Omit<ApiRequest, 'token' | 'userAgent'>) => {
    if (req.resource !== 'events') return request(req);
    const w: Write = { at: cp.sim.now(), verb: req.verb, name: req.name ?? req.body?.metadata?.name, body: req.body };
    r.writes.push(w);
    if (req.verb === 'create' && r.failCreates > 0) {
      r.failCreates--;
      w.failed = 'InternalError';
      throw new StatusError({ apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Failure', message: 'etcdserver: request timed out', reason: 'InternalError', code: 500 });
    }
    try {
      return request(req);
    } catch (e) {
      if (e instanceof StatusError) w.failed = e.status.reason;
      throw e;
    }
  };
  r.recorder = new EventsV1Recorder(cp.sim, ctx.client, ctx.proc, 'default-scheduler', 'default-scheduler-k8s-master');
  RUNS.set(this, r);
});

/**
 * Each row at its time: `record` an event about the regarding object ("Pod default/foo";
 * "Pod foo" has no namespace, "- foo" neither kind nor apiVersion), `fail next create`, or
 * `delete all events` (the test's own cleanup, as an Event's TTL would).
 */
When('at these times:', function (this: object, table: DataTable) {
  const r = run(this);
  for (const row of table.hashes()) {
    const at = ms(row.at);
    if (at < r.cp.sim.now()) throw new Error(`${row.at} is in the past`);
    r.cp.sim.advance(at - r.cp.sim.now());
    if (row.do === 'fail next create') r.failCreates++;
    else if (row.do === 'delete all events')
      for (const e of (r.cp.admin.list('events', 'default') as any).items) r.cp.admin.delete('events', 'default', e.metadata.name);
    else if (row.do === 'record') {
      const [kind, ref] = row.regarding.split(' ');
      const [ns, name] = ref.includes('/') ? ref.split('/') : [undefined, ref];
      const regarding: KObject = { ...(kind === '-' ? {} : { apiVersion: 'v1', kind }), metadata: { name, namespace: ns, uid: `uid-${name}` } } as KObject;
      r.recorder.eventf(regarding, row.type as 'Normal' | 'Warning', row.reason, row.action, row.note);
    } else throw new Error(`unknown: ${row.do}`);
  }
  if (r.cp.sim.failures.length) throw new Error(`a task threw: ${String(r.cp.sim.failures[0].error)}`);
});

When("the recorder's clock reaches {word}", function (this: object, d: string) {
  const r = run(this);
  r.cp.sim.advance(ms(d) - r.cp.sim.now());
  if (r.cp.sim.failures.length) throw new Error(`a task threw: ${String(r.cp.sim.failures[0].error)}`);
});

/** Every write to events, with its time, the Event's name, and the series it carried. */
Then('the recorder wrote:', function (this: object, table: DataTable) {
  const got = run(this).writes.map((w) => [
    clock(w.at),
    w.failed ? `${w.verb} (${w.failed})` : w.verb,
    w.name,
    String(w.body?.series?.count ?? ''),
    w.body?.series?.lastObservedTime ?? '',
  ]);
  const want = table.rows();
  if (JSON.stringify(got) !== JSON.stringify(want))
    throw new Error(`got:\n${got.map((r) => `| ${r.join(' | ')} |`).join('\n')}\nwant:\n${want.map((r) => `| ${r.join(' | ')} |`).join('\n')}`);
});

/** The Events stored, as `kubectl get events -o yaml` would show their fields. */
Then('the stored Events are:', function (this: object, table: DataTable) {
  const items = (run(this).cp.admin.list('events', 'default') as any).items as any[];
  const got = items.map((e) => [
    e.metadata.name,
    `${e.involvedObject.apiVersion} ${e.involvedObject.kind} ${e.involvedObject.namespace ?? '-'}/${e.involvedObject.name}`,
    `${e.type} ${e.reason} ${e.action}`,
    e.message,
    `${e.reportingComponent} ${e.reportingInstance}`,
    e.eventTime,
    String(e.series?.count ?? ''),
  ]);
  const want = table.rows();
  if (JSON.stringify(got) !== JSON.stringify(want))
    throw new Error(`got:\n${got.map((r) => `| ${r.join(' | ')} |`).join('\n')}\nwant:\n${want.map((r) => `| ${r.join(' | ')} |`).join('\n')}`);
});
