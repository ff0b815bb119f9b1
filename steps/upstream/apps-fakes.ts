/**
 * What upstream's apps controller unit tests call with: client-go's fake clientset (every write
 * recorded as an action, the object given handed back), record.FakeRecorder, and a context for
 * the model's sync functions. Pure function calls: no API server, no informers, no clock.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { deepCopy, type KObject } from '../../model/api/meta';
import { StatusError } from '../../model/api/status';
import type { ApiClient } from '../../model/client/client';
import type { EventRecorder } from '../../model/client/events';
import type { Informer } from '../../model/client/informer';
import type { DeploymentSyncContext } from '../../model/controllers/deployment/sync';

/** One write, as core.Action: verb, resource, subresource and the object sent. */
export interface FakeAction {
  verb: 'create' | 'update' | 'delete';
  resource: string;
  subresource?: string;
  name: string;
  object?: KObject;
}

/** fake.Clientset with PrependReactor: writes succeed and are recorded, or fail with `failOn`. */
export class FakeClientset {
  readonly actions: FakeAction[] = [];
  private seq = 0;
  constructor(private readonly failOn: { verb: string; resource: string; message: string }[] = []) {}

  private act(a: FakeAction): void {
    this.actions.push(a);
    const f = this.failOn.find((x) => x.verb === a.verb && x.resource === a.resource);
    if (f) throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: f.message, reason: 'InternalError', code: 500 } as any);
  }
  create(resource: string, _ns: string | undefined, body: KObject): KObject {
    const obj = deepCopy(body);
    obj.metadata.name ??= `${obj.metadata.generateName ?? ''}${++this.seq}`;
    this.act({ verb: 'create', resource, name: obj.metadata.name!, object: obj });
    return deepCopy(obj);
  }
  update(resource: string, _ns: string | undefined, body: KObject): KObject {
    this.act({ verb: 'update', resource, name: body.metadata.name!, object: deepCopy(body) });
    return deepCopy(body);
  }
  updateStatus(resource: string, _ns: string | undefined, body: KObject): KObject {
    this.act({ verb: 'update', resource, subresource: 'status', name: body.metadata.name!, object: deepCopy(body) });
    return deepCopy(body);
  }
  delete(resource: string, _ns: string | undefined, name: string): any {
    this.act({ verb: 'delete', resource, name });
    return {};
  }
  /** The client as the model's functions type it. */
  asClient(): ApiClient {
    return this as unknown as ApiClient;
  }
  updates(resource: string): FakeAction[] {
    return this.actions.filter((a) => a.verb === 'update' && a.resource === resource && !a.subresource);
  }
}

/** record.FakeRecorder: events are accepted and dropped. */
export const fakeRecorder = { event() {} } as unknown as EventRecorder;

/** The context the Deployment sync functions take, on a fake clientset and a fixed "now". */
export function deploymentContext(client: FakeClientset, now: string, enqueued: number[] = []): DeploymentSyncContext {
  return {
    client: client.asClient(),
    recorder: fakeRecorder,
    rsInformer: { getByName: () => undefined } as unknown as Informer,
    nowRFC3339: () => now,
    nowMs: () => Date.parse(now),
    enqueueAfter: (_d, ms) => enqueued.push(ms),
  };
}

const loaded = new Map<string, any>();

/** One entry of a fixture under steps/fixtures/upstream/ (a table, or the objects tables share). */
export function upstreamFixture(file: string, key: string): any {
  if (!loaded.has(file)) loaded.set(file, JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'upstream', file), 'utf8')));
  const v = loaded.get(file)[key];
  if (v === undefined) throw new Error(`no "${key}" in steps/fixtures/upstream/${file}`);
  return v;
}

/** One table of a fixture: its cases. */
export function upstreamTable(file: string, table: string): any[] {
  const t = upstreamFixture(file, table);
  if (!Array.isArray(t) || t.length === 0) throw new Error(`no table "${table}" in steps/fixtures/upstream/${file}`);
  return t;
}

export const same = (got: unknown, want: unknown): string | undefined =>
  JSON.stringify(got) === JSON.stringify(want) ? undefined : `got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`;

/** Runs every case of a table; the cases that disagree with upstream are listed in one error. */
export function runCases(file: string, table: string, check: (c: any) => string | undefined): void {
  const failures: string[] = [];
  for (const c of upstreamTable(file, table)) {
    if (c.skip) continue;
    let problem: string | undefined;
    try {
      problem = check(c);
    } catch (e: any) {
      problem = `threw ${e?.stack ?? e}`;
    }
    if (problem) failures.push(`${c.name}: ${problem}`);
  }
  if (failures.length) throw new Error(`${failures.length} upstream ${table} case(s) fail on the model:\n  ${failures.join('\n  ')}`);
}
