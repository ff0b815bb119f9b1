/**
 * pkg/printers/internalversion/printers_test.go (kubernetes v1.32) on the API server's table
 * printers (model/apiserver/printers): each case's object printed at a fixed instant, its cells
 * (the first ones, for a test without GenerateOptions{Wide: true}: the API server always prints
 * wide) and row conditions compared with upstream's. Fixtures: steps/fixtures/upstream/printers.json.
 */
import { Then, When, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KObject } from '../model/api/meta';
import { resourceByName, type ResourceInfo } from '../model/api/registry';
import { asTable, tableWatchEvents } from '../model/apiserver/table';
import { printerFor } from '../model/apiserver/printers';
import { humanDuration, since } from '../model/apiserver/printers/age';
import { eachCase, same } from './upstream/fixtures';
import * as fs from 'node:fs';
import * as path from 'node:path';

const NOW = Date.parse('2026-01-01T00:00:00Z');

/** {"ago": N} anywhere in the fixture is the instant N seconds before the print. */
function resolveTimes(v: any): any {
  if (Array.isArray(v)) return v.map(resolveTimes);
  if (v && typeof v === 'object') {
    if (typeof v.ago === 'number' && Object.keys(v).length === 1) return new Date(NOW - v.ago * 1000).toISOString();
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolveTimes(x)]));
  }
  return v;
}

function printerTest(name: string): { resource: string; wide?: boolean; cases: any[] } {
  const file = path.join(__dirname, 'fixtures', 'upstream', 'printers.json');
  const test = JSON.parse(fs.readFileSync(file, 'utf8'))[name];
  if (!test) throw new Error(`no printer test ${name} in ${file}`);
  return test;
}

/**
 * Each case printed at NOW. A case (or its test) with `wide` compares every cell; without, only
 * the cells of priority 0 columns (what printers print without GenerateOptions{Wide: true}), the
 * first as many as the case lists.
 */
function printsEveryRow(name: string): void {
  const test = printerTest(name);
  const printer = printerFor(test.resource);
  eachCase(test.cases, (c) => {
    const row = printer.row(resolveTimes(c.object) as KObject, { nowMs: NOW });
    const wide = c.wide ?? test.wide;
    const cells = wide ? row.cells : row.cells.filter((_, i) => printer.columns[i]?.priority === 0).slice(0, c.cells.length);
    return same({ cells, conditions: row.conditions }, { cells: c.cells, conditions: c.conditions });
  });
}

Then("the API server's table printer prints every row of upstream's {word}", printsEveryRow);

/** Cases drawn from a printer's code in upstream's printers.go, for branches its printers_test.go leaves out. */
Then("the API server's table printer prints every row of the cases drawn from upstream's {word}", printsEveryRow);

Then('translateTimestampSince prints each timestamp as upstream does:', function (table: DataTable) {
  const got = table.hashes().map((row) => {
    const seconds = row['seconds before now'];
    const timestamp = seconds === '' ? undefined : new Date(NOW - Number(seconds) * 1000).toISOString();
    return { ...row, age: since(timestamp, NOW) };
  });
  expect(got).toEqual(table.hashes());
});

/** TestTableRowDeepCopyShouldNotPanic: each kind's printer on an empty object (zero metadata, no spec, no status). */
Then('the API server prints a row for an empty object of each kind, one cell per column of its Table:', function (table: DataTable) {
  const got = table.hashes().map((row) => {
    try {
      const printed = printerFor(row.resource).row({ metadata: {} } as KObject, { nowMs: NOW });
      return { ...row, cells: String(printed.cells.length) };
    } catch (e) {
      return { ...row, cells: `threw ${(e as Error).message}` };
    }
  });
  expect(got).toEqual(table.hashes());
});

const GO_UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 1e-3, 'µs': 1e-3, ns: 1e-6 };

/** A time.Duration as Go's String() prints it ("-1.999999999s", "2h59m59.999s", "0s"), in milliseconds. */
export function goDurationMs(text: string): number {
  const m = /^(-?)((?:\d+(?:\.\d+)?(?:h|ms|us|µs|ns|m|s))+)$/.exec(text);
  if (!m) throw new Error(`not a Go duration: ${text}`);
  let ms = 0;
  for (const [, n, unit] of m[2].matchAll(/(\d+(?:\.\d+)?)(h|ms|us|µs|ns|m|s)/g)) ms += Number(n) * GO_UNIT_MS[unit];
  return m[1] ? -ms : ms;
}

/** apimachinery pkg/util/duration's HumanDuration on each duration of the table (upstream's subtests are named by d.String()). */
Then("apimachinery's HumanDuration prints each duration as upstream does:", function (table: DataTable) {
  const got = table.hashes().map((row) => ({ ...row, human: humanDuration(goDurationMs(row.duration)) }));
  expect(got).toEqual(table.hashes());
});

/**
 * The API server's Table for an answer (handlers/response.go's transformObject and asTable over the
 * resource's TableConvertor), made at NOW and read as a client reads it: as JSON.
 */
interface TableConversionWorld {
  conversion?: { answer: any; table?: any; error?: string };
  tableEvents?: any[];
}

function resourceNamed(resource: string): ResourceInfo {
  const r = resourceByName(resource);
  if (!r) throw new Error(`no resource ${resource}`);
  return r;
}

const asJSON = (v: unknown): any => JSON.parse(JSON.stringify(v));

When('the API server makes a Table of {word} with includeObject {string} from the answer:', function (this: TableConversionWorld, resource: string, includeObject: string, answer: string) {
  const parsed = JSON.parse(answer);
  this.conversion = { answer: parsed };
  try {
    this.conversion.table = asJSON(asTable(resourceNamed(resource), parsed, { kind: 'Table' }, { includeObject }, NOW));
  } catch (e) {
    this.conversion.error = (e as Error).message;
  }
});

Then('the Table, but its column definitions, is:', function (this: TableConversionWorld, want: string) {
  expect(this.conversion?.error).toBeUndefined();
  const { columnDefinitions, ...rest } = this.conversion!.table;
  expect(Array.isArray(columnDefinitions)).toBe(true);
  expect(rest).toEqual(JSON.parse(want));
});

Then('the answer is the Status itself, not a Table', function (this: TableConversionWorld) {
  expect(this.conversion?.error).toBeUndefined();
  expect(this.conversion!.table).toEqual(this.conversion!.answer);
});

When('the API server makes Tables of {word} watch events with includeObject {string}:', function (this: TableConversionWorld, resource: string, includeObject: string, events: string) {
  this.tableEvents = [];
  const deliver = tableWatchEvents(resourceNamed(resource), { kind: 'Table' }, includeObject, () => NOW, (evs: any[]) => this.tableEvents!.push(...asJSON(evs)));
  deliver(JSON.parse(events));
});

Then("each event's Table row carries {word}", function (this: TableConversionWorld, what: string) {
  const objects = this.tableEvents!.map((ev) => {
    expect(ev.object.kind).toBe('Table');
    expect(ev.object.rows).toHaveLength(1);
    return ev.object.rows[0].object;
  });
  expect(objects.length).toBeGreaterThan(0);
  for (const o of objects) {
    if (what === 'nothing') expect(o).toBeNull();
    else expect(o?.kind).toBe(what);
  }
});
