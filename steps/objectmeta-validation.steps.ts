/**
 * apimachinery's pkg/api/validation/objectmeta_test.go (the cases of ValidateObjectMeta and
 * ValidateObjectMetaUpdate whose expectations v1.32 shares) on the API server's ObjectMeta
 * validation. A metadata cell is JSON; REPEAT(x,n) in it stands for x repeated n times.
 */
import { Then, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import { nameIsDNSSubdomain } from '../model/api/validation';
import type { FieldError } from '../model/api/status';
import { validateObjectMeta, validateObjectMetaUpdate } from '../model/apiserver/validation/objectmeta';

const metaOf = (cell: string): any => JSON.parse(cell.replace(/REPEAT\(([^,]*),(\d+)\)/g, (_m, x: string, n: string) => x.repeat(Number(n))));

/** What upstream's tests look at: how many errors, and whether their aggregate names the expected text. */
function outcome(errs: FieldError[], row: Record<string, string>): Record<string, string> {
  const text = errs.map((e) => e.toString()).join(', ');
  return { ...row, errors: String(errs.length), contains: row.contains && !text.includes(row.contains) ? `(not in: ${text})` : row.contains };
}

Then('ObjectMeta validation of each object gives:', function (table: DataTable) {
  const got = table.hashes().map((row) => {
    const errs: FieldError[] = [];
    validateObjectMeta(metaOf(row.metadata), row['namespaced'] === 'yes', nameIsDNSSubdomain, 'field', errs);
    return outcome(errs, row);
  });
  expect(got).toEqual(table.hashes());
});

Then('ObjectMeta update validation of each change gives:', function (table: DataTable) {
  const got = table.hashes().map((row) => {
    const errs: FieldError[] = [];
    validateObjectMetaUpdate(metaOf(row.new), metaOf(row.old), 'field', errs);
    return outcome(errs, row);
  });
  expect(got).toEqual(table.hashes());
});
