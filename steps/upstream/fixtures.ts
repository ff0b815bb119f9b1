/** Reading the upstream-derived fixtures (steps/fixtures/upstream/) and reporting every case that disagrees. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect } from 'expect';

/** One table of a fixture file: steps/fixtures/upstream/<file>.json's `table`. */
export function upstreamTable(file: string, table: string): any[] {
  const p = path.join(__dirname, '..', 'fixtures', 'upstream', `${file}.json`);
  const rows = JSON.parse(fs.readFileSync(p, 'utf8'))[table];
  if (!Array.isArray(rows) || rows.length === 0) throw new Error(`no table "${table}" in ${p}`);
  return rows;
}

/** Runs check on every case; the result lists each case that failed with why (empty: all agree). */
export function failuresOf(rows: any[], check: (c: any) => string | undefined): string[] {
  const out: string[] = [];
  for (const c of rows) {
    let problem: string | undefined;
    try {
      problem = check(c);
    } catch (e) {
      problem = `threw ${(e as Error).stack ?? e}`;
    }
    if (problem) out.push(`${c.test ? c.test + ': ' : ''}${c.name ?? JSON.stringify(c).slice(0, 80)}: ${problem}`);
  }
  return out;
}

export const same = (got: unknown, want: unknown): string | undefined =>
  JSON.stringify(got) === JSON.stringify(want) ? undefined : `got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`;

/** Every case agrees (and there is at least one): the failures, if any, are the assertion's message. */
export function eachCase<T>(rows: T[], check: (c: T) => string | undefined): void {
  expect(rows.length).toBeGreaterThan(0);
  expect(failuresOf(rows, check)).toEqual([]);
}

/** The error text of fn, or undefined when it returns. */
export function errorOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}
