/**
 * Reading a path off kubectl's output: the timestamps a table prints (a condition's
 * lastTransitionTime, a taint's timeAdded …) as seconds after the earliest of those the
 * scenario looks at, so that it can say "tainted 5 s after it went Unknown, the next 10 s later".
 */
import { Then, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KubespecWorld } from './world';

const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

Then('the times in the output are, in seconds after the earliest of them:', function (this: KubespecWorld, table: DataTable) {
  const [header, ...rows] = table.raw();
  const lines = this.output.trimEnd().split('\n').map((l) => l.trim().split(/\s+/));
  const columns = lines[0];
  const index = header.map((h) => columns.indexOf(h));
  header.forEach((h, i) => {
    if (index[i] < 0) throw new Error(`no column ${h} in the output's header: ${columns.join(' ')}`);
  });
  const picked = rows.map((row) => {
    const line = lines.slice(1).find((l) => l[index[0]] === row[0]);
    if (!line) throw new Error(`no row ${row[0]} in the output:\n${this.output}`);
    return header.map((_, i) => line[index[i]]);
  });
  const times = picked.flatMap((r) => r.slice(1)).filter((v) => RFC3339.test(v)).map((v) => Date.parse(v));
  if (!times.length) throw new Error(`no times in the chosen cells of the output:\n${this.output}`);
  const earliest = Math.min(...times);
  const got = picked.map((r) => [r[0], ...r.slice(1).map((v) => (RFC3339.test(v) ? `${(Date.parse(v) - earliest) / 1000}` : v))]);
  expect(got).toEqual(rows);
});
