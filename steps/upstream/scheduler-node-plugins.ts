/**
 * Upstream's tests of the plugins that look at the Node object itself (fixtures/upstream/
 * scheduler-node-plugins.json): TaintToleration, NodeUnschedulable, NodeName and NodeAffinity,
 * their Filter and Score and their queueing hints for Node changes.
 */
import type { KObject } from '../../model/api/meta';
import { Code, PreFilterResult, type NodeScore, type Status } from '../../model/scheduler/framework/interface';
import { NodeInfo, newPodInfo } from '../../model/scheduler/framework/types';
import { NodeAffinity } from '../../model/scheduler/plugins/node-affinity';
import { NodeName } from '../../model/scheduler/plugins/node-name';
import { NodeUnschedulable } from '../../model/scheduler/plugins/node-unschedulable';
import { TaintToleration } from '../../model/scheduler/plugins/taint-toleration';
import { failuresOf, same, upstreamTable } from './fixtures';

const FILE = 'scheduler-node-plugins';

function pod(spec: any): KObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pod1', namespace: 'default', uid: 'pod1' }, spec: { containers: [], ...spec } };
}

/** A Node; spec null leaves it out (an object as a client may write it). */
function node(name: string, spec: any = {}, labels?: Record<string, string>): KObject {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name, ...(labels ? { labels } : {}) }, ...(spec === null ? {} : { spec }), status: {} };
}

function infoOf(n: KObject): NodeInfo {
  const ni = new NodeInfo(n.metadata.name!);
  ni.setNode(n);
  return ni;
}

/** podWithTolerations: null leaves spec.tolerations out. */
const tolerating = (tolerations: any[] | null) => pod(tolerations === null ? {} : { tolerations });

/** The Filter status as upstream builds it: nil, or UnschedulableAndUnresolvable with the one reason. */
const filterResult = (s: Status | null) => (s === null ? null : s.code === Code.UnschedulableAndUnresolvable && s.reasons.length === 1 ? s.reasons[0] : `${Code[s.code]}: ${s.reasons.join(', ')}`);

/** PreScore, Score for every node, NormalizeScore: what the test reads back. */
function scoreAll(plugin: TaintToleration | NodeAffinity, p: KObject, nodes: KObject[]): { preScore: string | null; scores?: number[] } {
  const state = new Map<string, unknown>();
  const pi = newPodInfo(p);
  const infos = nodes.map(infoOf);
  const pre = plugin.preScore(state, pi, infos);
  if (pre && !pre.isSuccess()) return { preScore: Code[pre.code] };
  const list: NodeScore[] = infos.map((ni) => ({ name: ni.name, score: plugin.score(state, pi, ni) }));
  plugin.normalizeScore(state, pi, list);
  return { preScore: null, scores: list.map((s) => s.score) };
}

export const NODE_PLUGIN_TABLES: Record<string, () => string[]> = {
  taintScore: () =>
    failuresOf(upstreamTable(FILE, 'taintScore'), (c) =>
      same(scoreAll(new TaintToleration(), tolerating(c.tolerations), c.nodes.map((n: any) => node(n.name, n.nospec ? null : n.taints === undefined ? {} : { taints: n.taints }))), { preScore: null, scores: c.want }),
    ),
  taintFilter: () =>
    failuresOf(upstreamTable(FILE, 'taintFilter'), (c) =>
      same(filterResult(new TaintToleration().filter(new Map(), newPodInfo(tolerating(c.tolerations)), infoOf(node('nodeA', c.nospec ? null : c.taints === null ? {} : { taints: c.taints })))), c.want),
    ),
  taintHint: () =>
    failuresOf(upstreamTable(FILE, 'taintHint'), (c) =>
      same(new TaintToleration().isSchedulableAfterNodeChange(tolerating(c.tolerations), c.old ? node('nodeA', { taints: c.old }) : undefined, node('nodeA', c.new === null ? null : { taints: c.new })), c.want),
    ),
  nodeUnschedulable: () =>
    failuresOf(upstreamTable(FILE, 'nodeUnschedulable'), (c) =>
      same(filterResult(new NodeUnschedulable().filter(new Map(), newPodInfo(tolerating(c.tolerations)), infoOf(node('', c.unschedulable === null ? {} : { unschedulable: c.unschedulable })))), c.want),
    ),
  nodeUnschedulableHint: () =>
    failuresOf(upstreamTable(FILE, 'nodeUnschedulableHint'), (c) => same(new NodeUnschedulable().isSchedulableAfterNodeChange(pod({}), c.old ? node('', c.old) : undefined, node('', c.new)), c.want)),
  nodeName: () =>
    failuresOf(upstreamTable(FILE, 'nodeName'), (c) =>
      same(filterResult(new NodeName().filter(new Map(), newPodInfo(pod(c.podNode ? { nodeName: c.podNode } : {})), infoOf(node(c.node)))), c.want),
    ),
  nodeNameHint: () =>
    failuresOf(upstreamTable(FILE, 'nodeNameHint'), (c) => same(new NodeName().isSchedulableAfterNodeChange(pod(c.podNode ? { nodeName: c.podNode } : {}), undefined, node(c.new)), c.want)),
  nodeAffinityScore: () =>
    failuresOf(upstreamTable(FILE, 'nodeAffinityScore'), (c) => {
      // null: no affinity; "null": preferred terms written as null; "absent": a node affinity without them.
      const nodeAffinity = c.preferred === 'absent' ? {} : { preferredDuringSchedulingIgnoredDuringExecution: c.preferred === 'null' ? null : c.preferred };
      const p = pod(c.preferred === null ? {} : { affinity: { nodeAffinity } });
      const got = scoreAll(new NodeAffinity(), p, c.nodes.map((n: any) => node(n.name, {}, n.labels)));
      // A PreScore that skips or fails leaves Score out: the test reads its code instead.
      return same(got, c.preScore ? { preScore: c.preScore } : { preScore: null, scores: c.want });
    }),
  nodeAffinityPreFilter: () =>
    failuresOf(upstreamTable(FILE, 'nodeAffinityPreFilter'), (c) => {
      // Skip as its code; a rejection as its code and reasons; a PreFilterResult as its node names.
      const s = new NodeAffinity().preFilter(new Map(), newPodInfo(pod(c.pod)));
      const got = s === null ? null : s instanceof PreFilterResult ? { nodeNames: [...s.nodeNames].sort() } : s.code === Code.Skip ? 'Skip' : [Code[s.code], ...s.reasons];
      return same(got, c.want);
    }),
  nodeAffinityFilter: () =>
    failuresOf(upstreamTable(FILE, 'nodeAffinityFilter'), (c) => {
      const plugin = new NodeAffinity();
      const state = new Map<string, unknown>();
      const pi = newPodInfo(pod(c.pod));
      if (!c.noPreFilter) plugin.preFilter(state, pi);
      return same(filterResult(plugin.filter(state, pi, infoOf(node('node1', {}, c.labels)))), c.want);
    }),
  nodeAffinityHint: () =>
    failuresOf(upstreamTable(FILE, 'nodeAffinityHint'), (c) => {
      // st.MakePod().NodeAffinityIn("foo", ["bar"]).
      const p = pod({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'foo', operator: 'In', values: ['bar'] }] }] } } } });
      return same(new NodeAffinity().isSchedulableAfterNodeChange(p, c.old ? node('', {}, c.old) : undefined, node('', {}, c.new)), c.want);
    }),
};
