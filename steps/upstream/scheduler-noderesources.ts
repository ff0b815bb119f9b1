/**
 * Upstream's noderesources tests (fixtures/upstream/scheduler-noderesources.json) on the model's
 * NodeResourcesFit and NodeResourcesBalancedAllocation: which shortfalls the filter reports and
 * in what order, the scores, and the queueing hint for Node changes.
 */
import type { KObject } from '../../model/api/meta';
import { Code, type Status } from '../../model/scheduler/framework/interface';
import { podResource } from '../../model/scheduler/framework/resource';
import { NodeInfo, newPodInfo } from '../../model/scheduler/framework/types';
import { balancedResourceScore, NodeResourcesBalancedAllocation } from '../../model/scheduler/plugins/node-resources-balanced-allocation';
import { fits, fitsRequest, haveAnyRequestedResourcesIncreased, isFit, leastRequestedScore, NodeResourcesFit } from '../../model/scheduler/plugins/node-resources-fit';
import { defaultPlugins } from '../../model/scheduler/plugins/registry';
import type { FilterPlugin, ScorePlugin } from '../../model/scheduler/framework/interface';
import { failuresOf, same, upstreamTable } from './fixtures';

const FILE = 'scheduler-noderesources';

/** One container's requests as newResourcePod writes them: cpu, memory, pods and ephemeral-storage always, scalars as given. */
function requests(r: Record<string, number>): Record<string, string> {
  const out: Record<string, string> = { cpu: `${r.cpu ?? 0}m`, memory: String(r.memory ?? 0), pods: '0', 'ephemeral-storage': String(r['ephemeral-storage'] ?? 0) };
  for (const [k, v] of Object.entries(r)) if (!(k in out)) out[k] = String(v);
  return out;
}

/** newResourcePod / newResourceInitPod / newResourceOverheadPod. */
export function resourcePod(p: { c?: any[]; i?: any[]; overhead?: any; sidecar?: any }, name = 'pod'): KObject {
  const container = (r: any, i: number, prefix: string) => ({ name: `${prefix}${i}`, image: 'i', resources: { requests: requests(r) } });
  const spec: any = { containers: (p.c ?? []).map((r, i) => container(r, i, 'c')) };
  if (p.i) spec.initContainers = p.i.map((r, i) => container(r, i, 'i'));
  // TestRestartableInitContainers' sidecar: requests only where the case sets them.
  if (p.sidecar) spec.initContainers = [{ name: 'restartable-init', image: 'i', restartPolicy: 'Always', resources: { requests: Object.fromEntries(Object.entries(p.sidecar).map(([k, v]) => [k, `${v}m`])) } }];
  if (p.overhead) spec.overhead = p.overhead;
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', uid: name }, spec };
}

/** st.MakePod().Req(...)...SidecarReq(...): one container per Req (no container: no requests at all). */
function wrapperPod(p: { req?: Record<string, string>[]; sidecar?: Record<string, string> }, name: string, node?: string): KObject {
  const spec: any = { containers: (p.req ?? []).map((r, i) => ({ name: `c${i}`, image: 'i', resources: { requests: r } })) };
  if (p.sidecar) spec.initContainers = [{ name: 'sidecar', image: 'i', restartPolicy: 'Always', resources: { requests: p.sidecar } }];
  if (node) spec.nodeName = node;
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', uid: name }, spec };
}

/** st.MakeNode().Capacity(...): capacity and allocatable alike, 32 pods unless the case says otherwise. */
function wrapperNode(name: string, capacity: Record<string, string> | null | undefined): KObject {
  const status = capacity ? { capacity: { pods: '32', ...capacity }, allocatable: { pods: '32', ...capacity } } : {};
  return { apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: {}, status };
}

/** framework.NewNodeInfo(existing pod) on a node with the given allocatable. */
function nodeInfoWith(allocatable: Record<string, string>, existing: any[] | undefined): NodeInfo {
  const ni = new NodeInfo('node');
  ni.setNode({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'node' }, spec: {}, status: { allocatable } });
  if (existing) ni.addPod(newPodInfo(resourcePod({ c: existing }, 'existing')));
  return ni;
}

/** makeAllocatableResources(milliCPU, memory, pods, extendedA, storage, hugePageA). */
const allocatable = (cpu: number, memory: number, pods: number, extA: number, storage: number, hugepages: number): Record<string, string> => ({
  cpu: `${cpu}m`,
  memory: String(memory),
  pods: String(pods),
  'example.com/aaa': String(extA),
  'ephemeral-storage': String(storage),
  'hugepages-2Mi': String(hugepages),
});

const statusOf = (s: Status | null) => (s === null ? null : [Code[s.code], ...s.reasons]);
const wantStatus = (reasons: string[]) => (reasons.length ? ['Unschedulable', ...reasons] : null);

/** Filter's status, fitsRequest's shortfalls and Fits' verdict for one case on one node. */
function checkFilter(c: any, ni: NodeInfo): string | undefined {
  const pod = resourcePod(c.pod);
  const pi = newPodInfo(pod);
  const plugin = new NodeResourcesFit(c.args ?? {});
  const got = {
    status: statusOf(plugin.filter(new Map(), pi, ni)),
    fits: fits(pi, ni, c.args ?? {}),
    // fitsRequest on its own, also where Fits lets the node through (the filter then never calls it).
    reasons: fitsRequest(podResource(pod), ni, c.args ?? {}).map((i) => i.reason),
    ...(c.insufficient ? { insufficient: fitsRequest(podResource(pod), ni, c.args ?? {}).map((i) => [i.resourceName, i.requested, i.used, i.capacity]) } : {}),
  };
  const want = { status: wantStatus(c.want), fits: c.want.length === 0, reasons: c.want, ...(c.insufficient ? { insufficient: c.insufficient } : {}) };
  // fitsRequest is also "Reason" per shortfall: the filter's reasons are exactly those.
  if (c.insufficient && got.insufficient!.length !== c.want.length) return `fitsRequest found ${got.insufficient!.length} shortfalls for ${c.want.length} reasons`;
  return same(got, want);
}

/** Each node's score from one plugin, normalized as the framework does, in node order. */
function scores(plugin: ScorePlugin, c: any): number[] {
  const pi = newPodInfo(wrapperPod(c.pod, 'pod'));
  const nodes = c.nodes.map((n: any) => {
    const ni = new NodeInfo(n.name);
    ni.setNode(wrapperNode(n.name, n.capacity));
    n.pods.forEach((p: any, i: number) => ni.addPod(newPodInfo(wrapperPod(p, `${n.name}-p${i}`, n.name))));
    return ni;
  });
  const list = nodes.map((ni: NodeInfo) => ({ name: ni.name, score: plugin.score(new Map(), pi, ni) }));
  plugin.normalizeScore?.(new Map(), pi, list);
  return list.map((s: { score: number }) => s.score);
}

function filterPlugin(name: string): FilterPlugin | undefined {
  return defaultPlugins()
    .map((p) => p.plugin)
    .find((p) => p.name === name) as FilterPlugin | undefined;
}

export const NODERESOURCES_TABLES: Record<string, () => string[]> = {
  enoughRequests: () => failuresOf(upstreamTable(FILE, 'enoughRequests'), (c) => checkFilter(c, nodeInfoWith(allocatable(10, 20, 32, 5, 20, 5), c.node))),
  notEnoughRequests: () => failuresOf(upstreamTable(FILE, 'notEnoughRequests'), (c) => checkFilter(c, nodeInfoWith(allocatable(10, 20, 1, 0, 0, 0), c.node))),
  storageRequests: () => failuresOf(upstreamTable(FILE, 'storageRequests'), (c) => checkFilter(c, nodeInfoWith(allocatable(10, 20, 32, 5, 20, 5), c.node))),
  restartableInitContainers: () => failuresOf(upstreamTable(FILE, 'restartableInitContainers'), (c) => checkFilter(c, nodeInfoWith(allocatable(2, 0, 1, 0, 0, 0), undefined))),
  fitScore: () => failuresOf(upstreamTable(FILE, 'fitScore'), (c) => same(scores(new NodeResourcesFit(), c), c.want)),
  leastAllocated: () => failuresOf(upstreamTable(FILE, 'leastAllocated'), (c) => same(scores(new NodeResourcesFit(), c), c.want)),
  leastRequestedScore: () => failuresOf(upstreamTable(FILE, 'leastRequestedScore'), (c) => same(leastRequestedScore(c.requested, c.capacity), c.want)),
  balancedAllocation: () => failuresOf(upstreamTable(FILE, 'balancedAllocation'), (c) => same(scores(new NodeResourcesBalancedAllocation(), c), c.want)),
  balancedResourceScore: () => failuresOf(upstreamTable(FILE, 'balancedResourceScore'), (c) => same(balancedResourceScore(c.requested, c.allocatable), c.want)),
  eventsToRegister: () =>
    failuresOf(upstreamTable(FILE, 'eventsToRegister'), (c) => {
      const p = filterPlugin(c.plugin);
      if (!p) return `no filter plugin ${c.plugin} in the default profile`;
      return same({ node: [...p.nodeEvents].sort(), assignedPodDelete: p.requeueOnAssignedPodDelete === true }, { node: [...c.node].sort(), assignedPodDelete: c.assignedPodDelete });
    }),
  isSchedulableAfterNodeChange: () =>
    failuresOf(upstreamTable(FILE, 'isSchedulableAfterNodeChange'), (c) => {
      const pod = resourcePod(c.pod);
      const oldNode = c.old ? wrapperNode('node', c.old) : undefined;
      return same(new NodeResourcesFit().isSchedulableAfterNodeChange(pod, oldNode, wrapperNode('node', c.new)), c.want);
    }),
  isFit: () => failuresOf(upstreamTable(FILE, 'isFit'), (c) => same(isFit(wrapperPod({ req: [c.pod] }, 'pod'), wrapperNode('node', c.node)), c.want)),
  haveAnyRequestedResourcesIncreased: () =>
    failuresOf(upstreamTable(FILE, 'haveAnyRequestedResourcesIncreased'), (c) => {
      // st.MakeNode().Capacity, or a status as the case writes it (allocatable and capacity apart).
      // "none": a Node object without status.
      const node = (cap: any, status: any): KObject =>
        status === 'none' ? { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node' }, spec: {} } : status ? { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node' }, spec: {}, status } : wrapperNode('node', cap);
      return same(haveAnyRequestedResourcesIncreased(resourcePod(c.pod), node(c.old, c.oldStatus), node(c.new, c.newStatus)), c.want);
    }),
};
