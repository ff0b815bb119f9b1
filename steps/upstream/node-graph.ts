/**
 * kubernetes v1.32.0's Node authorizer graph tables (plugin/pkg/auth/authorizer/node/
 * graph_test.go's TestIndex and TestIndex2), from steps/fixtures/upstream/node-graph.json (its
 * "source" says what is left out and why), run on the model's Graph and GraphPopulator and
 * read as upstream's expectGraph reads its graph: each vertex and where its edges lead.
 */
import { Then } from '@cucumber/cucumber';
import type { KObject } from '../../model/api/meta';
import { Graph } from '../../model/apiserver/authorization/node/graph';
import { GraphPopulator, populateNodeGraph } from '../../model/apiserver/authorization/node/populator';
import { etcdKey, resourceByName } from '../../model/api/registry';
import { EtcdStore } from '../../model/etcd/store';
import { runCases, same } from './apps-fakes';

const FILE = 'node-graph.json';

/** The graph as expectGraph compares it: vertices in sorted order. */
const sorted = (g: Record<string, string[]>) => Object.fromEntries(Object.entries(g).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** TestIndex2's pod(podName, nodeName, saName, volumes, resourceClaims) helpers, in namespace ns. */
function testPod(kind: string, podName: string, nodeName: string): KObject {
  const volumes = (source: (name: string) => any, names: string[]) => names.map((name) => ({ name, ...source(name) }));
  const spec: any = { nodeName };
  if (kind === 'podWithSAAndCMs') {
    spec.serviceAccountName = 'sa1';
    spec.volumes = volumes((name) => ({ configMap: { name } }), ['cm1', 'cm2', 'cm3']);
  } else if (kind === 'podWithSecrets') spec.volumes = volumes((secretName) => ({ secret: { secretName } }), ['s1', 's2', 's3']);
  else if (kind === 'podWithPVCs') spec.volumes = volumes((claimName) => ({ persistentVolumeClaim: { claimName } }), ['pvc1', 'pvc2', 'pvc3']);
  else if (kind === 'podWithResourceClaims') spec.resourceClaims = ['rc1', 'rc2', 'rc3'].map((resourceClaimName) => ({ resourceClaimName }));
  else throw new Error(`no pod helper ${kind}`);
  return { metadata: { name: podName, namespace: 'ns', uid: `pod${podName}uid` }, spec };
}

/** pv(pvName, pvcName, secretName): bound to ns/<pvc>, a CSI nodePublishSecretRef in ns when a secret is named. */
function testPV(pvName: string, pvcName: string, secretName: string): KObject {
  const spec: any = { claimRef: { name: pvcName, namespace: 'ns' } };
  if (secretName) spec.csi = { nodePublishSecretRef: { name: secretName, namespace: 'ns' } };
  return { metadata: { name: pvName, uid: `pv${pvName}uid` }, spec };
}

/** One of the graph's Add/Delete calls, as upstream's cases write them (an object in place of a helper's arguments for the (kubespec) rows). */
function apply(g: Graph, [op, ...args]: any[]): void {
  switch (op) {
    case 'AddPod':
      return g.setPod(typeof args[0] === 'string' ? testPod(args[0], args[1], args[2]) : args[0]);
    case 'DeletePod':
      return g.deletePod(args[1], args[0]);
    case 'AddPV':
      return g.setPV(typeof args[0] === 'string' ? testPV(args[0], args[1], args[2]) : args[0]);
    case 'DeletePV':
      return g.deletePV(args[0]);
    case 'AddVolumeAttachment':
      return g.setVolumeAttachment(args[0], args[1]);
    case 'DeleteVolumeAttachment':
      return g.deleteVolumeAttachment(args[0]);
  }
  throw new Error(`no graph operation ${op}`);
}

Then("every step of upstream's TestIndex holds on the model's graph", function () {
  const g = new Graph();
  runCases(FILE, 'index', (c) => {
    for (const [op, ...args] of c.do) {
      if (op !== 'addPod') {
        apply(g, [op, ...args]);
        continue;
      }
      // addPod(podNumber, nodeNumber): sa1 and cm1..cm3, then a path from cm1 to the node.
      const [podNumber, nodeNumber] = args;
      const nodeName = `node${nodeNumber}`;
      const pod = testPod('podWithSAAndCMs', `pod${podNumber}`, nodeName);
      pod.metadata.uid = `pod${podNumber}uid1`;
      g.setPod(pod);
      if (!g.hasPathFrom(nodeName, 'configmap', 'ns', 'cm1')) return `expected path from ${nodeName} to cm1`;
    }
    return same(sorted(g.adjacency()), sorted(c.expectGraph));
  });
});

Then("every case of upstream's graph test {word} holds on the model", function (table: string) {
  runCases(FILE, table, (c) => {
    const g = new Graph();
    for (const op of [...(c.startingGraph ?? []), ...(c.graphTransformer ?? []), ...(c.do ?? [])]) {
      if (op[0] !== 'expect') apply(g, op);
      else if (same(sorted(g.adjacency()), sorted(op[1]))) return `on the way: ${same(sorted(g.adjacency()), sorted(op[1]))}`;
    }
    return same(sorted(g.adjacency()), sorted(c.expectedGraph));
  });
});

Then("every case of the graph populator's table holds on the model", function () {
  runCases(FILE, 'populator', (c) => {
    const p = new GraphPopulator(new Graph());
    for (const [op, arg] of c.do) {
      if (op === 'expect') {
        const problem = same(sorted(p.graph.adjacency()), sorted(arg));
        if (problem) return `on the way: ${problem}`;
      } else (p as any)[op](arg);
    }
    return same(sorted(p.graph.adjacency()), sorted(c.expectedGraph));
  });
});

Then("every case of the graph populator's table over etcd holds on the model", function () {
  runCases(FILE, 'etcd', (c) => {
    const etcd = new EtcdStore();
    const put = (resource: string, o: KObject) => etcd.put(etcdKey(resourceByName(resource)!, o.metadata.namespace, o.metadata.name!), JSON.stringify(o));
    for (const [resource, o] of c.before) put(resource, o);
    const graph = populateNodeGraph(etcd);
    for (const [op, resource, ...args] of c.after) {
      if (op === 'put') put(resource, args[0]);
      else etcd.deleteIf(etcdKey(resourceByName(resource)!, args[0] || undefined, args[1]));
    }
    return same(sorted(graph.adjacency()), sorted(c.expectedGraph));
  });
});
