/**
 * RBAC (features/rbac.feature): the bootstrap policy checked against upstream's testdata, read
 * from the objects the model's API server stores (the comparison is steps/upstream/
 * bootstrap-policy.ts's, shared with upstream-bootstrap-policy.feature).
 */
import { Then } from '@cucumber/cucumber';
import { expect } from 'expect';
import { bootstrapPolicyDifferences } from './upstream/bootstrap-policy';
import type { KubespecWorld } from './world';

Then("the cluster's bootstrap RBAC policy is upstream's \\(steps\\/fixtures\\/upstream\\/rbac-bootstrap-policy.json)", function (this: KubespecWorld) {
  const admin = this.cluster.admin;
  const list = (resource: string) => admin.list(resource).items;
  const stored = { clusterroles: list('clusterroles'), clusterrolebindings: list('clusterrolebindings'), roles: list('roles'), rolebindings: list('rolebindings') };
  expect(bootstrapPolicyDifferences(stored)).toEqual([]);
});
