/**
 * sigs.k8s.io/structured-merge-diff's fieldpath tests (element_test.go TestPathElementLess, path_test.go TestPathString,
 * serialize_test.go TestSerializeV1GoldenData and TestDropUnknown; the version Kubernetes v1.32
 * vendors) on the model's FieldSet: managedFields' FieldsV1 read and written back, and the order
 * of path elements in it.
 */
import { Then, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import { FieldSet, pathString } from '../model/apiserver/fieldmanager/fieldpath';

const roundTrip = (json: string): string => JSON.stringify(FieldSet.fromFieldsV1(JSON.parse(json)).toFieldsV1());

Then('reading this FieldsV1 and writing it again gives it back byte for byte:', function (doc: string) {
  expect(roundTrip(doc.trim())).toEqual(doc.trim());
});

Then('reading each FieldsV1 and writing it again gives:', function (table: DataTable) {
  const got = table.hashes().map((row) => ({ ...row, written: roundTrip(row.read) }));
  expect(got).toEqual(table.hashes());
});

/** The order a set keeps two path elements in: "a first" (a < b), or "equal" when they are one element. */
Then('path elements are ordered as PathElement.Less says:', function (table: DataTable) {
  const got = table.hashes().map((row) => {
    const paths = FieldSet.of([row.b], [row.a]).paths().map((p) => p[0]);
    const order = paths.length === 1 ? 'equal' : paths[0] === row.a ? 'a first' : 'b first';
    return { ...row, order };
  });
  expect(got).toEqual(table.hashes());
});

/** A path written as its serialized elements separated by spaces: `f:foo i:1`. */
Then("each path prints as fieldpath's Path.String does:", function (table: DataTable) {
  const got = table.hashes().map((row) => ({ ...row, printed: pathString(row.path.trim().split(/\s+/)) }));
  expect(got).toEqual(table.hashes());
});
