/**
 * pkg/apis/rbac/validation's tests (kubernetes v1.32 validation_test.go: TestValidateRoleBinding,
 * TestValidateClusterRoleBinding, TestValidateRoleBindingUpdate, TestValidateRole*) run on the
 * API server's validate(): each object's errors as "<cause reason> <field>", as a Status lists
 * them. Rules and subjects are written in steps/support/rbac-notation.ts's notation.
 */
import { Then, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KObject } from '../model/api/meta';
import { validate } from '../model/apiserver/validation';
import { parseRules, parseSubjects } from './support/rbac-notation';

const RESOURCES: Record<string, string> = { ClusterRole: 'clusterroles', Role: 'roles', ClusterRoleBinding: 'clusterrolebindings', RoleBinding: 'rolebindings' };

/** "apiGroup=rbac.authorization.k8s.io kind=Role name=valid": the fields written, the rest absent. */
function parseRoleRef(text: string): Record<string, string> {
  const ref: Record<string, string> = {};
  for (const part of text.trim().split(/\s+/).filter(Boolean)) ref[part.slice(0, part.indexOf('='))] = part.slice(part.indexOf('=') + 1);
  return ref;
}

function objectOf(row: Record<string, string>): KObject {
  const metadata = { ...(row.name && { name: row.name }), ...(row.namespace && { namespace: row.namespace }) };
  const body = row.kind.endsWith('Binding') ? { roleRef: parseRoleRef(row.roleRef), subjects: parseSubjects(row.subjects) } : { rules: parseRules(row.rules) };
  return { apiVersion: 'rbac.authorization.k8s.io/v1', kind: row.kind, metadata, ...body } as KObject;
}

const errorsOf = (resource: string, obj: KObject, old?: KObject) => validate(resource, obj, old).map((e) => `${e.type} ${e.field}`).join('; ');

Then("the API server's validation of each RBAC object gives exactly these errors:", function (table: DataTable) {
  const got = table.hashes().map((row) => ({ ...row, errors: errorsOf(RESOURCES[row.kind], objectOf(row)) }));
  expect(got).toEqual(table.hashes());
});

Then("updating a RoleBinding's roleRef gives exactly these errors:", function (table: DataTable) {
  const got = table.hashes().map((row) => {
    const binding = (roleRef: string) => objectOf({ kind: 'RoleBinding', namespace: 'default', name: 'master', roleRef, subjects: '' });
    const old = binding(row.old);
    old.metadata.resourceVersion = '1';
    const next = binding(row.new);
    next.metadata.resourceVersion = '1';
    return { ...row, errors: errorsOf('rolebindings', next, old) };
  });
  expect(got).toEqual(table.hashes());
});
