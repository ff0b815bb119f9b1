/**
 * kubernetes v1.32.0's NodeRestriction tables (plugin/pkg/admission/noderestriction/
 * admission_test.go: Test_nodePlugin_Admit, Test_nodePlugin_Admit_OwnerReference,
 * Test_getModifiedLabels, TestAdmitPVCStatus), from steps/fixtures/upstream/node-restriction.json
 * (its "source" says what is left out and why), run on the model's admitNodeRestriction with the
 * test's listers as its lookup.
 */
import { Then } from '@cucumber/cucumber';
import type { KObject } from '../../model/api/meta';
import { resourceByName } from '../../model/api/registry';
import { StatusError } from '../../model/api/status';
import type { AdmissionLookup, Operation } from '../../model/apiserver/admission/attributes';
import { admitNodeRestriction, getModifiedLabels } from '../../model/apiserver/admission/node-restriction';
import type { Identity } from '../../model/apiserver/request';
import { runCases, same, upstreamFixture } from './apps-fakes';

const FILE = 'node-restriction.json';

const USERS: Record<string, Identity> = {
  mynode: { user: 'system:node:mynode', groups: ['system:nodes'] },
  bob: { user: 'bob', groups: [] },
  unnamedNode: { user: 'system:node:', groups: ['system:nodes'] },
};

/** The test's listers: podsGetter's pods (none for a row without one) and nodesGetter's nodes. */
function lookupOf(pods: KObject[], nodes: KObject[]): AdmissionLookup {
  const find = (objects: KObject[], namespace: string | undefined, name: string) => objects.find((o) => (o.metadata.namespace ?? '') === (namespace ?? '') && o.metadata.name === name);
  return {
    get: (resource, namespace, name) => (resource === 'pods' ? find(pods, namespace, name) : resource === 'nodes' ? find(nodes, undefined, name) : undefined),
    nameSuffix: () => 'abcde',
  };
}

interface Request {
  user: string;
  operation: Operation;
  resource: string;
  subresource: string;
  namespace: string;
  name: string;
  object?: unknown;
  oldObject?: unknown;
}

/** Admit's error text ("" when admitted), upstream's a.err matched as strings.Contains does. */
function admitted(r: Request, lookup: AdmissionLookup, err: string): string | undefined {
  let got = '';
  try {
    admitNodeRestriction(
      {
        user: USERS[r.user],
        operation: r.operation,
        // api.Resource("configmap"): upstream's test names it in the singular.
        resource: resourceByName(r.resource === 'configmap' ? 'configmaps' : r.resource)!,
        subresource: r.subresource || undefined,
        namespace: r.namespace || undefined,
        name: r.name,
        object: r.object === undefined ? undefined : structuredClone(r.object),
        oldObject: r.oldObject === undefined ? undefined : (structuredClone(r.oldObject) as KObject),
      },
      lookup,
    );
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    got = e.status.message ?? '';
  }
  if (!got !== !err || !got.includes(err)) return `nodePlugin.Admit() error = ${JSON.stringify(got)}, expected ${JSON.stringify(err)}`;
  return undefined;
}

Then("every case of upstream's Test_nodePlugin_Admit holds on the model", function () {
  const objects = upstreamFixture(FILE, 'objects');
  const listers = upstreamFixture(FILE, 'listers');
  runCases(FILE, 'nodePluginAdmit', (c) => {
    const request: Request = {
      user: c.user,
      operation: c.operation,
      resource: c.resource,
      subresource: c.subresource,
      namespace: c.namespace,
      name: c.resourceName,
      object: c.object === null ? undefined : objects[c.object],
      oldObject: c.oldObject === null ? undefined : objects[c.oldObject],
    };
    return admitted(request, lookupOf(listers[c.podsGetter] ?? [], listers.existingNodes), c.err);
  });
});

Then("every case of upstream's Test_nodePlugin_Admit_OwnerReference holds on the model", function () {
  const nodes = upstreamFixture(FILE, 'ownerReferenceNodes');
  runCases(FILE, 'nodePluginAdmitOwnerReference', (c) => {
    // makeTestPod("ns", "test", "mynode", true) with the row's owners.
    const pod: any = { metadata: { name: 'test', namespace: 'ns', uid: 'pod-uid', annotations: { 'kubernetes.io/config.mirror': 'true' } }, spec: { nodeName: 'mynode' } };
    if (c.owners) pod.metadata.ownerReferences = c.owners;
    const request: Request = { user: 'mynode', operation: 'CREATE', resource: 'pods', subresource: '', namespace: 'ns', name: 'test', object: pod };
    return admitted(request, lookupOf([], nodes[c.nodesGetter]), c.expectErr);
  });
});

Then("every case of upstream's Test_getModifiedLabels holds on the model", function () {
  runCases(FILE, 'getModifiedLabels', (c) => same([...getModifiedLabels(c.a ?? undefined, c.b ?? undefined)].sort(), c.want));
});

Then("every case of upstream's TestAdmitPVCStatus holds on the model", function () {
  runCases(FILE, 'admitPVCStatus', (c) => {
    const request: Request = {
      user: 'mynode',
      operation: c.operation ?? 'UPDATE',
      resource: 'persistentvolumeclaims',
      subresource: c.subresource,
      namespace: 'default',
      name: 'foo',
      object: c.newObj,
      oldObject: c.oldObj ?? undefined,
    };
    return admitted(request, lookupOf([], [{ metadata: { name: 'mynode', uid: 'mynode-uid' } }]), c.expectError);
  });
});
