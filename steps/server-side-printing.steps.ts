import { type DataTable, Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KObject } from '../model/api/meta';
import { StatusError } from '../model/api/status';
import type { WatchEvent, WatchHandle } from '../model/apiserver/request';
import type { Table } from '../model/apiserver/table';
import { executeJSONPath } from '../model/kubectl/jsonpath';
import type { KubespecWorld } from './world';

/** What these steps remember between them: the last Table the API server answered, a Table watch. */
interface PrintingWorld extends KubespecWorld {
  table?: Table;
  tableResource?: string;
  tableWatch?: { handle: WatchHandle; events: WatchEvent[] };
  apiError?: StatusError;
}

/** A raw request with Accept: application/json;as=Table;v=v1;g=meta.k8s.io, as kubectl get sends it. */
function askForTable(w: PrintingWorld, req: { verb: 'get' | 'list'; resource: string; name?: string; labelSelector?: string; includeObject?: string }): void {
  w.table = undefined;
  w.apiError = undefined;
  w.tableResource = req.resource;
  try {
    w.table = w.cluster.admin.request({
      verb: req.verb,
      resource: req.resource,
      namespace: 'default',
      name: req.name,
      as: { kind: 'Table' },
      query: { labelSelector: req.labelSelector, includeObject: req.includeObject },
    });
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    w.apiError = e;
  }
}

When('I list the {word} labelled {string} as a Table', function (this: PrintingWorld, resource: string, sel: string) {
  askForTable(this, { verb: 'list', resource, labelSelector: sel });
});

When('I list the {word} labelled {string} as a Table with includeObject={word}', function (this: PrintingWorld, resource: string, sel: string, include: string) {
  askForTable(this, { verb: 'list', resource, labelSelector: sel, includeObject: include });
});

When('I get the {word} {string} as a Table', function (this: PrintingWorld, resource: string, name: string) {
  askForTable(this, { verb: 'get', resource, name });
});

function table(w: PrintingWorld): Table {
  expect(w.apiError).toBeUndefined();
  expect(w.table).toBeDefined();
  return w.table!;
}

/** The full object a row prints, read back with a plain GET. */
function objectOf(w: PrintingWorld, row: Table['rows'] extends (infer R)[] | null ? R : never): KObject {
  const name = row.object?.metadata?.name;
  expect(typeof name).toBe('string');
  return w.cluster.admin.get(w.tableResource!, 'default', name!);
}

Then('the answer is a meta.k8s.io\\/v1 Table at the current resourceVersion', function (this: PrintingWorld) {
  const t = table(this);
  expect({ kind: t.kind, apiVersion: t.apiVersion }).toEqual({ kind: 'Table', apiVersion: 'meta.k8s.io/v1' });
  expect(t.metadata.resourceVersion).toMatch(/^\d+$/);
});

Then("the Table's columns are:", function (this: PrintingWorld, want: DataTable) {
  const cols = table(this).columnDefinitions;
  expect(cols).not.toBeNull();
  expect(cols!.map((c) => ({ name: c.name, type: c.type, format: c.format, priority: String(c.priority) }))).toEqual(want.hashes());
  // Every column says what it shows, as upstream's (taken from the API types' documentation).
  for (const c of cols!) expect(c.description.length).toBeGreaterThan(0);
});

Then("the Table's {string} column's description starts with {string}", function (this: PrintingWorld, name: string, start: string) {
  const col = table(this).columnDefinitions!.find((c) => c.name === name);
  expect(col?.description.slice(0, start.length)).toBe(start);
});

Then('the Table has {int} row(s)', function (this: PrintingWorld, n: number) {
  expect(table(this).rows ?? []).toHaveLength(n);
});

/**
 * Each expected cell is JSON (a string "1/1" or a number 3: the cell's JSON type is part of the
 * API), a JSONPath `{.status.podIP}` read from the row's object (a string cell), or a /regex/.
 */
Then('each row of the Table holds, for the object it prints:', function (this: PrintingWorld, want: DataTable) {
  const t = table(this);
  const names = t.columnDefinitions!.map((c) => c.name);
  expect(t.rows!.length).toBeGreaterThan(0);
  for (const row of t.rows!) {
    const obj = objectOf(this, row);
    const got: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const [column, cell] of want.raw().slice(1)) {
      const i = names.indexOf(column);
      expect(i).toBeGreaterThanOrEqual(0);
      got[column] = row.cells[i];
      if (cell.startsWith('{')) expected[column] = executeJSONPath(cell, obj);
      else if (cell.startsWith('/')) expected[column] = expect.stringMatching(new RegExp(cell.slice(1, -1)));
      else expected[column] = JSON.parse(cell);
    }
    expect(got).toEqual(expected);
  }
});

Then('each row of the Table carries its object as PartialObjectMetadata', function (this: PrintingWorld) {
  for (const row of table(this).rows!) {
    const obj = objectOf(this, row);
    expect(row.object).toEqual({ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: obj.metadata });
  }
});

Then('each row of the Table carries its whole object', function (this: PrintingWorld) {
  for (const row of table(this).rows!) {
    const obj = objectOf(this, row);
    expect(row.object).toEqual({ ...obj, apiVersion: obj.apiVersion, kind: obj.kind });
    expect(row.object!.spec).toBeDefined();
  }
});

Then('each row of the Table carries no object', function (this: PrintingWorld) {
  const t = table(this);
  expect(t.rows!.length).toBeGreaterThan(0);
  for (const row of t.rows!) expect(row.object).toBeNull();
});

Then('the Table request fails with {int} {word}:', function (this: PrintingWorld, code: number, reason: string, message: string) {
  expect(this.apiError).toBeDefined();
  expect({ code: this.apiError!.code, reason: this.apiError!.reason, message: this.apiError!.message }).toEqual({ code, reason, message: message.trim() });
});

When('I start watching the {word} labelled {string} as a Table', function (this: PrintingWorld, resource: string, sel: string) {
  const events: WatchEvent[] = [];
  const handle = this.cluster.admin.watch(resource, 'default', { labelSelector: sel }, (evs) => events.push(...evs), () => undefined, {});
  this.tableWatch = { handle, events };
  this.tableResource = resource;
});

Then('the Table watch received at least {int} events, each a one-row Table of the object it is about', function (this: PrintingWorld, n: number) {
  const events = this.tableWatch!.events;
  expect(events.length).toBeGreaterThanOrEqual(n);
  for (const ev of events) {
    const t = ev.object as unknown as Table;
    expect({ kind: t.kind, apiVersion: t.apiVersion, rows: t.rows?.length }).toEqual({ kind: 'Table', apiVersion: 'meta.k8s.io/v1', rows: 1 });
    // The row prints the object the event is about, as it was then: its resourceVersion is the Table's.
    expect(t.rows![0].object?.metadata?.resourceVersion).toBe(t.metadata.resourceVersion);
    expect(t.rows![0].cells[0]).toBe(t.rows![0].object?.metadata?.name);
  }
});

Then("only the first event's Table has column definitions", function (this: PrintingWorld) {
  const [first, ...rest] = this.tableWatch!.events.map((ev) => ev.object as unknown as Table);
  expect(first.columnDefinitions?.length).toBeGreaterThan(0);
  for (const t of rest) expect(t.columnDefinitions).toBeNull();
  this.tableWatch!.handle.stop();
});

/** Splits a line kubectl's tab writer aligned back into its cells (columns are 3+ spaces apart, cells hold single spaces at most). */
function cellsOf(line: string): string[] {
  return line.trimEnd().split(/ {3,}/);
}

Then("the output's header is the Table's column names of priority {int}, upper-cased", function (this: PrintingWorld, priority: number) {
  const cols = table(this).columnDefinitions!.filter((c) => c.priority <= priority);
  expect(cellsOf(this.output.split('\n')[0])).toEqual(cols.map((c) => c.name.toUpperCase()));
});

Then("each line of the output below it holds the Table's cells of priority {int} for one row, in order", function (this: PrintingWorld, priority: number) {
  const t = table(this);
  const shown = t.columnDefinitions!.map((c, i) => [c, i] as const).filter(([c]) => c.priority <= priority);
  const lines = this.output.trimEnd().split('\n').slice(1);
  expect(lines.map(cellsOf)).toEqual(t.rows!.map((row) => shown.map(([, i]) => String(row.cells[i]))));
});
