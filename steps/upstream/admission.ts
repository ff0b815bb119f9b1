/**
 * Upstream's admission plugin tests as tables (kubernetes v1.32
 * plugin/pkg/admission/serviceaccount/admission_test.go and
 * plugin/pkg/admission/storage/storageclass/setdefault/admission_test.go): each row admits one
 * request against the objects its namespace holds and shows what the plugin made of the object,
 * or the error it refused it with.
 */
import { Then, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KObject } from '../../model/api/meta';
import { resourceByName } from '../../model/api/registry';
import { StatusError } from '../../model/api/status';
import { admitServiceAccount } from '../../model/apiserver/admission/serviceaccount';
import type { AdmissionLookup, Operation } from '../../model/apiserver/admission/attributes';
import { admitDefaultStorageClass } from '../../model/apiserver/admission-storageclass';
import { admit } from '../../model/apiserver/admission';

const USER = { name: 'admin', groups: ['system:masters'] } as any;

/** The ServiceAccounts of namespace "myns", by name, from the row's JSON list. */
function lookupOf(serviceAccounts: any[]): AdmissionLookup {
  return {
    get: (resource, namespace, name) =>
      resource === 'serviceaccounts' && namespace === 'myns' ? serviceAccounts.map((sa) => ({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: sa.name, namespace: 'myns' }, ...sa })).find((sa) => sa.metadata.name === name) : undefined,
    nameSuffix: () => 'abcde',
  };
}

Then("the ServiceAccount admission plugin admits each request as upstream's tests say:", function (table: DataTable) {
  const rows = table.hashes();
  const got = rows.map((row) => {
    const pod = JSON.parse(row.pod);
    const [operation, resource, subresource] = row.request.split(' ');
    try {
      admitServiceAccount(
        { user: USER, operation: operation as Operation, resource: resourceByName(resource)!, subresource, namespace: 'myns', name: pod?.metadata?.name ?? '', object: pod },
        lookupOf(JSON.parse(row['service accounts'] || '[]')),
      );
      return { ...row, result: JSON.stringify(pod?.spec ?? null) };
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      return { ...row, result: `${e.status.code} ${e.status.reason}: ${e.status.message}` };
    }
  });
  expect(got).toEqual(rows);
});

Then("the DefaultStorageClass admission plugin gives each claim the class upstream's tests say:", function (table: DataTable) {
  const rows = table.hashes();
  const got = rows.map((row) => {
    const claim = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'claim', namespace: 'ns', ...JSON.parse(row.metadata || '{}') }, spec: JSON.parse(row.spec) } as KObject;
    const classes = JSON.parse(row.classes).map(([name, created, annotations]: [string, string, Record<string, string>]) => ({
      apiVersion: 'storage.k8s.io/v1',
      kind: 'StorageClass',
      metadata: { name, creationTimestamp: created, annotations },
      provisioner: 'example.com/p',
    }));
    admitDefaultStorageClass(claim, classes);
    return { ...row, class: claim.spec.storageClassName === undefined ? '<unset>' : JSON.stringify(claim.spec.storageClassName) };
  });
  expect(got).toEqual(rows);
});

/**
 * The objects NodeRestriction's tests keep in their listers (noderestriction/admission_test.go):
 * Node mynode, and in namespace ns a Pod bound to mynode, one bound to othernode and one unbound.
 */
const NODE_RESTRICTION_OBJECTS: Record<string, any> = {
  'nodes//mynode': { apiVersion: 'v1', kind: 'Node', metadata: { name: 'mynode', uid: 'mynode-uid' } },
  'pods/ns/mypod': { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'mypod', namespace: 'ns', uid: 'mypod-uid' }, spec: { nodeName: 'mynode' } },
  'pods/ns/otherpod': { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'otherpod', namespace: 'ns', uid: 'otherpod-uid' }, spec: { nodeName: 'othernode' } },
  'pods/ns/unboundpod': { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'unboundpod', namespace: 'ns', uid: 'unboundpod-uid' }, spec: {} },
};

/** `system:node:mynode` is in system:nodes; `system:node:mynode (no group)` is not; `admin` is in system:masters. */
function userOf(text: string): any {
  const m = /^(\S*)( \(no group\))?$/.exec(text.trim())!;
  if (m[2]) return { user: m[1], groups: ['system:authenticated'] };
  return { user: m[1], groups: m[1].startsWith('system:node:') ? ['system:nodes', 'system:authenticated'] : ['system:masters', 'system:authenticated'] };
}

Then("the NodeRestriction admission plugin judges each request as upstream's tests say:", function (table: DataTable) {
  const rows = table.hashes();
  const got = rows.map((row) => {
    // `OPERATION resource[/subresource] [namespace/]name`; the namespace is ns unless given.
    const [operation, what, target] = row.request.split(' ');
    const [resource, subresource] = what.split('/');
    const slash = (target ?? '').indexOf('/');
    const namespace = resourceByName(resource)!.namespaced ? (slash >= 0 ? target.slice(0, slash) : 'ns') : undefined;
    const name = slash >= 0 ? target.slice(slash + 1) : target ?? '';
    const lookup: AdmissionLookup = { get: (r, ns, n) => NODE_RESTRICTION_OBJECTS[`${r}/${ns ?? ''}/${n}`], nameSuffix: () => 'abcde' };
    try {
      // Through the API server's admission chain with only NodeRestriction on (its test's plugin alone).
      admit(
        {
          user: userOf(row.user),
          operation: operation as Operation,
          resource: resourceByName(resource)!,
          subresource,
          namespace,
          name,
          object: row.object ? JSON.parse(row.object) : undefined,
          oldObject: row.old ? JSON.parse(row.old) : undefined,
        },
        lookup,
        new Set(['ServiceAccount']),
      );
      return { ...row, result: 'allowed' };
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      return { ...row, result: `${e.status.code} ${e.status.reason}: ${e.status.message}` };
    }
  });
  expect(got).toEqual(rows);
});
