/**
 * kubernetes v1.32.0's Node authorizer tables (plugin/pkg/auth/authorizer/node/
 * node_authorizer_test.go), its node identifier's (pkg/auth/nodeidentifier/default_test.go) and
 * the union authorizer's (k8s.io/apiserver pkg/authorization/union/union_test.go), from
 * steps/fixtures/upstream/node-authorizer.json (its "source" says what is left out and why),
 * run on the model's NodeAuthorizer over a graph its GraphPopulator fills, nodeIdentity and
 * AuthorizerChain.
 */
import { Then } from '@cucumber/cucumber';
import type { KObject } from '../../model/api/meta';
import type { Attributes, Authorization, Authorizer, Decision } from '../../model/apiserver/authorization/attributes';
import { AuthorizerChain, allowed } from '../../model/apiserver/authorization/chain';
import { NodeAuthorizer } from '../../model/apiserver/authorization/node/authorizer';
import { Graph } from '../../model/apiserver/authorization/node/graph';
import { nodeIdentity } from '../../model/apiserver/authorization/node/identity';
import { GraphPopulator } from '../../model/apiserver/authorization/node/populator';
import type { RuleResolver, RulesForResult } from '../../model/apiserver/authorization/rbac/rules';
import type { Identity } from '../../model/apiserver/request';
import { runCases, same, upstreamFixture } from './apps-fakes';

const FILE = 'node-authorizer.json';

/** authorizer.Decision's names. */
const DECISION: Record<string, Decision> = { Allow: 'allow', Deny: 'deny', NoOpinion: 'no-opinion' };

/** The test's users: node0, node1..., nodeunregistered in system:nodes; bob is no node; unnamedNode is system:node: alone. */
function userOf(name: string): Identity {
  if (name === 'bob') return { user: 'bob', groups: [] };
  return { user: `system:node:${name === 'unnamedNode' ? '' : name}`, groups: ['system:nodes'] };
}

/** An AttributesRecord of a row: a resource request unless it says otherwise. */
function attributesOf(a: any): Attributes {
  const { user, resourceRequest, ...rest } = a;
  return { user: userOf(user), resourceRequest: resourceRequest ?? true, ...rest };
}

/** sampleDataOpts as TestNodeAuthorizer sets them. */
interface SampleDataOpts {
  nodes: number;
  namespaces: number;
  podsPerNode: number;
  attachmentsPerNode: number;
  sharedConfigMapsPerPod: number;
  uniqueConfigMapsPerPod: number;
  sharedSecretsPerPod: number;
  uniqueSecretsPerPod: number;
  sharedPVCsPerPod: number;
  uniquePVCsPerPod: number;
  uniqueResourceClaimsPerPod: number;
  uniqueResourceClaimTemplatesPerPod: number;
  uniqueResourceClaimTemplatesWithClaimPerPod: number;
}

const times = (n: number) => [...Array(n).keys()];

/**
 * randomSubset(a, b): rand.Perm(max(a, b))[:a]. With no shared objects per namespace (b = 0), as
 * in every table here, that is all of 0..a-1, and the seeded permutation's order does not matter.
 */
function randomSubset(a: number, b: number): number[] {
  if (b > a) throw new Error('randomSubset: a subset of a larger set needs rand.Seed(12345)\'s permutation, which no table here uses');
  return times(a);
}

/** generatePod: a Pod with its unique and shared Secrets, ConfigMaps, claims (each bound to a flex PV) and resource claims. */
function generatePod(name: string, namespace: string, nodeName: string, svcAccountName: string, o: SampleDataOpts): { pod: KObject; pvs: KObject[] } {
  const volumes: any[] = [];
  const pvs: KObject[] = [];
  const resourceClaims: any[] = [];
  const resourceClaimStatuses: any[] = [];
  for (const i of times(o.uniqueSecretsPerPod)) volumes.push({ secret: { secretName: `secret${i}-${name}` } });
  for (const i of randomSubset(o.sharedSecretsPerPod, 0)) volumes.push({ secret: { secretName: `secret${i}-shared` } });
  for (const i of times(o.uniqueConfigMapsPerPod)) volumes.push({ configMap: { name: `configmap${i}-${name}` } });
  for (const i of randomSubset(o.sharedConfigMapsPerPod, 0)) volumes.push({ configMap: { name: `configmap${i}-shared` } });
  const claim = (pvName: string, claimName: string) => {
    pvs.push({ metadata: { name: pvName }, spec: { flexVolume: { secretRef: { name: `secret-${pvName}` } }, claimRef: { name: claimName, namespace } } });
    volumes.push({ persistentVolumeClaim: { claimName } });
  };
  for (const i of times(o.uniquePVCsPerPod)) claim(`pv${i}-${name}-${namespace}`, `pvc${i}-${name}`);
  for (const i of times(o.uniqueResourceClaimsPerPod)) resourceClaims.push({ name: `claim${i}`, resourceClaimName: `claim${i}-${name}-${namespace}` });
  for (const i of times(o.uniqueResourceClaimTemplatesPerPod)) resourceClaims.push({ name: `claimtemplate${i}`, resourceClaimTemplateName: `claimtemplate${i}-${name}-${namespace}` });
  for (const i of times(o.uniqueResourceClaimTemplatesWithClaimPerPod)) {
    resourceClaims.push({ name: `claimtemplate-with-claim${i}`, resourceClaimTemplateName: `claimtemplate${i}-${name}-${namespace}` });
    resourceClaimStatuses.push({ name: `claimtemplate-with-claim${i}`, resourceClaimName: `generated-claim-${name}-${namespace}-${i}` });
  }
  for (const i of randomSubset(o.sharedPVCsPerPod, 0)) claim(`pv${i}-shared-${namespace}`, `pvc${i}-shared`);
  const pod = { metadata: { name, namespace }, spec: { nodeName, serviceAccountName: svcAccountName, volumes, resourceClaims }, status: { resourceClaimStatuses } };
  return { pod, pvs };
}

/** generate(opts) and populate(): pods and PVs through the populator, attachments into the graph (the model has no VolumeAttachment kind). */
function generatedGraph(o: SampleDataOpts): Graph {
  const p = new GraphPopulator(new Graph());
  const pvs: KObject[] = [];
  const attachments: [string, string][] = [];
  for (const n of times(o.nodes)) {
    const nodeName = `node${n}`;
    for (const i of times(o.podsPerNode)) {
      const generated = generatePod(`pod${i}-${nodeName}`, `ns${i % o.namespaces}`, nodeName, `svcacct${i}-${nodeName}`, o);
      p.updatePod(generated.pod);
      pvs.push(...generated.pvs);
    }
    for (const a of times(o.attachmentsPerNode)) attachments.push([`attachment${a}-${nodeName}`, nodeName]);
  }
  for (const pv of pvs) p.updatePV(pv);
  for (const [name, nodeName] of attachments) p.graph.setVolumeAttachment(name, nodeName);
  return p.graph;
}

let generated: NodeAuthorizer | undefined;
const authorizer = () => (generated ??= new NodeAuthorizer(generatedGraph(upstreamFixture(FILE, 'opts'))));

Then("every case of upstream's Node authorizer test {word} holds on the model", function (table: string) {
  runCases(FILE, table, (c) => {
    const got = authorizer().authorize(attributesOf(c.attrs));
    const want: Authorization = { decision: DECISION[c.expect], reason: c.reason ?? got.reason };
    return same(got, want);
  });
});

Then("every case of the Node authorizer's static rules table holds on the model", function () {
  runCases(FILE, 'staticRules', (c) => same(new NodeAuthorizer(new Graph(), c.rules).authorize(attributesOf(c.attrs)).decision, DECISION[c.expect]));
});

Then("every case of the Node authorizer's RulesFor table holds on the model", function () {
  runCases(FILE, 'nodeRulesFor', (c) => same(authorizer().rulesFor(userOf(c.user)), c.expect));
});

Then("every case of upstream's TestNodeAuthorizerSharedResources holds on the model, and node3 loses shared-all with pod3's volumes", function () {
  const g = new Graph();
  const authz = new NodeAuthorizer(g);
  const pod = (name: string, node: string, secrets: string[]) => ({
    metadata: { name, namespace: 'ns1' },
    spec: { nodeName: node, volumes: secrets.map((secretName) => ({ secret: { secretName } })) },
  });
  g.setPod(pod('pod1-node1', 'node1', ['node1-only', 'node1-node2-only', 'shared-all']));
  g.setPod(pod('pod2-node2', 'node2', ['node1-node2-only', 'shared-all']));
  g.setPod(pod('pod3-node3', 'node3', ['shared-all']));
  const get = (user: string, name: string) => authz.authorize(attributesOf({ user, verb: 'get', resource: 'secrets', namespace: 'ns1', name })).decision;
  runCases(FILE, 'sharedResources', (c) => same(get(c.user, c.secret), DECISION[c.expect]));
  const before = get('node3', 'shared-all');
  // should trigger recalculation of the shared secret index
  g.setPod(pod('pod3-node3', 'node3', []));
  const after = get('node3', 'shared-all');
  const problem = same([before, after], ['allow', 'no-opinion']);
  if (problem) throw new Error(`node3SharedSecretGet: ${problem}`);
});

Then("every case of upstream's TestDefaultNodeIdentifier_NodeIdentity holds on the model", function () {
  runCases(FILE, 'nodeIdentity', (c) => {
    const user = c.user ? { user: c.user.name, groups: c.user.groups ?? [] } : undefined;
    return same(nodeIdentity(user), { isNode: c.expectIsNode, nodeName: c.expectNodeName });
  });
});

/** mockAuthzHandler: a fixed decision and reason. */
const mockAuthorizer = ([decision, reason]: string[]): Authorizer => ({ authorize: () => ({ decision: DECISION[decision], reason: reason ?? '' }) });

/** mockAuthzRuleHandler: fixed rules (null: an authorizer that resolves none). */
const mockResolver = (r: any): Authorizer => {
  const noDecision = { authorize: () => ({ decision: 'no-opinion', reason: '' }) } as Authorizer;
  if (!r) return noDecision;
  const rules: RulesForResult = { resourceRules: r.resourceRules ?? [], nonResourceRules: r.nonResourceRules ?? [], incomplete: !!r.incomplete };
  if (r.evaluationError) rules.evaluationError = r.evaluationError;
  return Object.assign(noDecision, { rulesFor: () => rules }) as Authorizer & RuleResolver;
};

Then("every case of upstream's union authorizer test {word} holds on the model", function (table: string) {
  runCases(FILE, table, (c) => {
    if (table === 'unionRulesFor') {
      const got = new AuthorizerChain(c.resolvers.map(mockResolver)).rulesFor({ user: 'u', groups: [] }, '');
      return same(got, { resourceRules: [], nonResourceRules: [], incomplete: false, ...c.expect });
    }
    const got = new AuthorizerChain(c.authorizers.map(mockAuthorizer)).authorize({ user: { user: 'u', groups: [] }, verb: 'get', resourceRequest: false });
    if (c.expectNot) return got.decision === DECISION[c.expectNot] ? `got ${got.decision}, want anything else` : undefined;
    // allowed: what the WithAuthorization filter lets through, an Allow alone.
    return same({ ...got, allowed: allowed(got) }, { decision: DECISION[c.expect], reason: c.reason ?? got.reason, allowed: c.expect === 'Allow' });
  });
});
