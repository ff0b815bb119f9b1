/**
 * RBAC (features/rbac.feature): the bootstrap policy checked against upstream's testdata, read
 * from the objects the model's API server stores.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Then } from '@cucumber/cucumber';
import { expect } from 'expect';
import { canonicalJSON } from '../model/api/meta';
import type { KubespecWorld } from './world';

interface PolicyFixture {
  clusterRoles: string[];
  aggregated: Record<string, { selector: Record<string, string>; labels: Record<string, string> }>;
  rules: Record<string, unknown[]>;
  clusterRoleBindings: Record<string, { role: string; subjects: [string, string][] }>;
}

const FIXTURE = path.join(__dirname, 'fixtures', 'upstream', 'rbac-bootstrap-policy.json');

/** A rule as a set: the order of a rule's lists does not matter, the order of the rules does. */
const ruleKey = (r: any) => canonicalJSON({ ...r, ...(r.resourceNames?.length ? {} : { resourceNames: undefined }) });

Then("the cluster's bootstrap RBAC policy is upstream's \\(steps\\/fixtures\\/upstream\\/rbac-bootstrap-policy.json)", function (this: KubespecWorld) {
  const fx: PolicyFixture = JSON.parse(fs.readFileSync(FIXTURE, 'utf8'));
  const admin = this.cluster.admin;
  const roles = new Map(admin.list('clusterroles').items.map((o: any) => [o.metadata.name, o]));
  for (const name of fx.clusterRoles) {
    const role: any = roles.get(name);
    expect({ name, exists: !!role, bootstrapping: role?.metadata.labels?.['kubernetes.io/bootstrapping'], autoupdate: role?.metadata.annotations?.['rbac.authorization.kubernetes.io/autoupdate'] }).toEqual({
      name,
      exists: true,
      bootstrapping: 'rbac-defaults',
      autoupdate: 'true',
    });
  }
  for (const [name, agg] of Object.entries(fx.aggregated)) {
    const role: any = roles.get(name);
    expect({ name, selectors: role.aggregationRule?.clusterRoleSelectors, labels: role.metadata.labels }).toEqual({ name, selectors: [{ matchLabels: agg.selector }], labels: agg.labels });
  }
  for (const [name, rules] of Object.entries(fx.rules)) {
    const role: any = roles.get(name);
    expect({ name, rules: (role?.rules ?? []).map(ruleKey) }).toEqual({ name, rules: rules.map(ruleKey) });
  }
  const bindings = new Map(admin.list('clusterrolebindings').items.map((o: any) => [o.metadata.name, o]));
  for (const [name, b] of Object.entries(fx.clusterRoleBindings)) {
    const got: any = bindings.get(name);
    const subjects = (got?.subjects ?? []).map((s: any) => [s.kind, s.kind === 'ServiceAccount' ? `${s.namespace}/${s.name}` : s.name]);
    expect({ name, role: got?.roleRef?.name, kind: got?.roleRef?.kind, subjects }).toEqual({ name, role: b.role, kind: 'ClusterRole', subjects: b.subjects });
  }
});
