/**
 * Upstream's validation tests (kubernetes v1.32 pkg/apis/core/validation/validation_test.go and
 * pkg/apis/apps/validation/validation_test.go, pkg/apis/batch/validation/validation_test.go) as
 * data tables: each row changes one valid object, as upstream's cases start from a valid object
 * and break one field, and lists every error the API server's validation then returns, as
 * `field: Type: value: detail` (what a Status cause and `kubectl apply` print).
 * A change is `path = JSON` or `delete path`, several joined by ` ; ` (REPEAT(x,n) in the JSON stands for x
 * written n times); errors are joined by ` ; `,
 * and a `…` in an expected error stands for any text (apimachinery's long regex help, a Go pointer's
 * address).
 */
import { Then, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KObject } from '../../model/api/meta';
import { validate } from '../../model/apiserver/validation';
import { BASES } from './core-validation-bases';

/** Splits `a.b[0].c` into ['a', 'b', 0, 'c']. */
function pathOf(p: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of p.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]);
  return out;
}

function applyChange(obj: any, change: string): void {
  const del = /^delete\s+(\S+)$/.exec(change);
  const set = /^([^=\s]+)\s*=\s*(.*)$/.exec(change);
  if (!del && !set) throw new Error(`not a change: ${change}`);
  const keys = pathOf(del ? del[1] : set![1]);
  let at = obj;
  for (const k of keys.slice(0, -1)) {
    if (at[k] === undefined || at[k] === null) at[k] = {};
    at = at[k];
  }
  const last = keys[keys.length - 1];
  if (del) delete at[last];
  else at[last] = JSON.parse(set![2].replace(/REPEAT\(([^,()]*),(\d+)\)/g, (_m, x: string, n: string) => x.repeat(Number(n))));
}

function changed(kind: string, changes: string): KObject {
  const obj = BASES[kind].object();
  for (const c of changes.split(' ; ').map((s) => s.trim()).filter(Boolean)) applyChange(obj, c);
  return obj;
}

/** Whether `got` reads as `want`, where each `…` in `want` stands for any text (a Go pointer's address, apimachinery's regex help). */
function matches(got: string, want: string | undefined): boolean {
  if (want === undefined || !want.includes('…')) return false;
  const parts = want.split('…');
  let at = 0;
  for (const [i, part] of parts.entries()) {
    const found = i === 0 ? (got.startsWith(part) ? 0 : -1) : got.indexOf(part, at);
    if (found < 0) return false;
    at = found + part.length;
  }
  return parts[parts.length - 1] === '' || got.endsWith(parts[parts.length - 1]);
}

/** The errors as the table writes them: each one that matches its expected `…` pattern written as that pattern. */
function rendered(got: string[], expected: string): string {
  const want = expected ? expected.split(' ; ') : [];
  return got.map((g, i) => (matches(g, want[i]) ? want[i] : g)).join(' ; ');
}

Then('each change to a valid {word} is judged as upstream\'s validation tests say:', function (kind: string, table: DataTable) {
  expect(Object.keys(BASES)).toContain(kind);
  const rows = table.hashes();
  const got = rows.map((row) => {
    const errs = validate(BASES[kind].resource, changed(kind, row.change));
    return { ...row, errors: rendered(errs.map(String), row.errors) };
  });
  expect(got).toEqual(rows);
});

Then('each update of a valid {word} is judged as upstream\'s validation tests say:', function (kind: string, table: DataTable) {
  expect(Object.keys(BASES)).toContain(kind);
  const rows = table.hashes();
  const got = rows.map((row) => {
    const old = changed(kind, row.old);
    const next = changed(kind, row.new);
    next.metadata.resourceVersion = old.metadata.resourceVersion = '1';
    const errs = validate(BASES[kind].resource, next, old);
    return { ...row, errors: rendered(errs.map(String), row.errors) };
  });
  expect(got).toEqual(rows);
});
