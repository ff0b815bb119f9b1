/**
 * Upstream's DaemonSet controller unit tests (steps/fixtures/upstream/daemonset.json) run
 * against the model's manage, rollingUpdate, updatedDesiredNodeCounts and NodeShouldRunDaemonPod.
 */
import { Then } from '@cucumber/cucumber';
import { deepCopy, keyOf, type KObject } from '../../model/api/meta';
import { manage, rollingUpdate, updatedDesiredNodeCounts, type ManageContext } from '../../model/controllers/daemonset/manage';
import { CONTROLLER_REVISION_HASH, nodeShouldRunDaemonPod, revisionHash, targetNodeName, templateGeneration } from '../../model/controllers/daemonset/podtemplate';
import { ControllerExpectations } from '../../model/controllers/util/expectations';
import { isPodReady } from '../../model/controllers/util/podutil';
import type { Simulation } from '../../model/sim/simulation';
import { fakeRecorder, runCases, same, upstreamFixture } from './apps-fakes';

const FILE = 'daemonset.json';
const TEMPLATE_GENERATION = 'deprecated.daemonset.template.generation';
const label = (k: string): Record<string, string> => upstreamFixture(FILE, k);

/** newDaemonSet(name): OnDelete, image foo/bar, selected by simpleDaemonSetLabel. */
function newDaemonSet(name: string): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { uid: `uid-${name}`, name, namespace: 'default', annotations: { [TEMPLATE_GENERATION]: '1' } },
    spec: {
      revisionHistoryLimit: 2,
      updateStrategy: { type: 'OnDelete' },
      selector: { matchLabels: label('simpleDaemonSetLabel') },
      template: { metadata: { labels: label('simpleDaemonSetLabel') }, spec: { containers: [{ image: 'foo/bar', terminationMessagePath: '/dev/termination-log', imagePullPolicy: 'IfNotPresent' }], dnsPolicy: 'Default' } },
    },
  };
}

/** newNode(name, labels): a Ready node with room for 100 Pods. */
function newNode(name: string, labels?: Record<string, string>): KObject {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name, labels }, status: { conditions: [{ type: 'Ready', status: 'True' }], allocatable: { pods: '100' } } };
}

/** Ready=True from `at` on (markPodReady / setPodReadiness). */
function setReady(pod: KObject, ready: boolean, atMs: number): void {
  const conditions = (pod.status?.conditions ?? []).filter((c: any) => c.type !== 'Ready');
  pod.status = { ...(pod.status ?? {}), conditions: [...conditions, { type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: new Date(atMs).toISOString() }] };
}

/**
 * The controller under test with a fake Pod control: a create or delete changes the Pod store at
 * once and is observed in the expectations, as upstream's fakePodControl does.
 */
class DaemonSetHarness {
  nowMs = Date.parse('2024-01-01T00:00:00Z');
  readonly nodes: KObject[] = [];
  readonly pods = new Map<string, KObject>();
  readonly expectations = new ControllerExpectations({ now: () => this.nowMs } as unknown as Simulation);
  creates = 0;
  deletes = 0;
  private seq = 0;
  /** The updated Pods by node when snapshotUpdated ran (update_test's currentPods). */
  updatedByNode = new Map<string, string[]>();

  constructor(public ds: KObject) {}

  private client() {
    const key = keyOf(this.ds);
    return {
      create: (_r: string, ns: string, pod: KObject) => {
        const created = { ...deepCopy(pod), metadata: { ...pod.metadata, name: `${pod.metadata.generateName}${String(++this.seq).padStart(3, '0')}`, namespace: ns, creationTimestamp: new Date(this.nowMs).toISOString() }, status: {} };
        this.pods.set(created.metadata.name!, created);
        this.creates++;
        this.expectations.creationObserved(key);
        return created;
      },
      delete: (_r: string, ns: string, name: string) => {
        this.pods.delete(name);
        this.deletes++;
        this.expectations.deletionObserved(key, `${ns}/${name}`);
        return {};
      },
    };
  }

  /** getNodesToDaemonPods: the live daemon Pods by the node they are pinned to. */
  nodeToPods(): Map<string, KObject[]> {
    const out = new Map<string, KObject[]>();
    for (const pod of [...this.pods.values()].sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1))) {
      const node = targetNodeName(pod);
      if (node) out.set(node, [...(out.get(node) ?? []), pod]);
    }
    return out;
  }

  /** clearExpectations, then one syncDaemonSet: manage, and the rolling update when expectations allow. */
  sync(): void {
    const key = keyOf(this.ds);
    this.creates = this.deletes = 0;
    this.expectations.delete(key);
    const c: ManageContext = { client: this.client() as any, recorder: fakeRecorder, expectations: this.expectations, nowMs: this.nowMs };
    const hash = revisionHash(this.ds);
    manage(c, this.ds, this.nodes, this.nodeToPods(), hash);
    if (this.expectations.satisfied(key) && this.ds.spec.updateStrategy?.type === 'RollingUpdate') rollingUpdate(c, this.ds, this.nodes, this.nodeToPods(), hash, templateGeneration(this.ds));
  }

  isUpdated(pod: KObject): boolean {
    return pod.metadata.labels?.[CONTROLLER_REVISION_HASH] === revisionHash(this.ds);
  }

  /** setPodReadiness(ready, count, fn): in name order (upstream's store order is a map's). */
  setPodReadiness(ready: boolean, count: number, which: string): string | undefined {
    for (const pod of [...this.pods.values()].sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1))) {
      if (count <= 0) break;
      if (pod.metadata.deletionTimestamp || isPodReady(pod) === ready) continue;
      if (which === 'updated' && !this.isUpdated(pod)) continue;
      if (which === 'oldOnNodeWithoutUpdated' && (this.isUpdated(pod) || (this.updatedByNode.get(targetNodeName(pod)!) ?? []).length > 0)) continue;
      setReady(pod, ready, this.nowMs);
      count--;
    }
    return count > 0 ? `could not mark ${count} pods ready=${ready}` : undefined;
  }
}

function runUpdate(c: any): string | undefined {
  const h = new DaemonSetHarness(newDaemonSet('foo'));
  for (const [i, step] of c.steps.entries()) {
    switch (step.op) {
      case 'addNodes':
        for (let n = 0; n < step.count; n++) h.nodes.push(newNode(`node-${n}`));
        break;
      case 'sync': {
        h.sync();
        const problem = same({ creates: h.creates, deletes: h.deletes }, { creates: step.creates, deletes: step.deletes });
        if (problem) return `step ${i + 1} (sync): ${problem}`;
        break;
      }
      case 'markPodsReady':
        for (const pod of h.pods.values()) setReady(pod, true, h.nowMs);
        break;
      case 'update': {
        const ds = deepCopy(h.ds);
        if (step.image) {
          ds.spec.template.spec.containers[0].image = step.image;
          // The API server's PrepareForUpdate: a new template is a new template generation.
          ds.metadata.annotations = { ...ds.metadata.annotations, [TEMPLATE_GENERATION]: String(Number(ds.metadata.annotations?.[TEMPLATE_GENERATION] ?? 0) + 1) };
        }
        if (step.strategy) ds.spec.updateStrategy = step.strategy;
        if (step.minReadySeconds !== undefined) ds.spec.minReadySeconds = step.minReadySeconds;
        h.ds = ds;
        break;
      }
      case 'clock':
        h.nowMs = step.at * 1000;
        break;
      case 'snapshotUpdated':
        h.updatedByNode = new Map();
        for (const pod of h.pods.values()) if (h.isUpdated(pod)) h.updatedByNode.set(targetNodeName(pod)!, [...(h.updatedByNode.get(targetNodeName(pod)!) ?? []), pod.metadata.name!]);
        break;
      case 'setPodReadiness': {
        const problem = h.setPodReadiness(step.ready, step.count, step.which);
        if (problem) return `step ${i + 1}: ${problem}`;
        break;
      }
      default:
        throw new Error(`unknown step ${step.op}`);
    }
  }
  return undefined;
}

const CHECKS: Record<string, (c: any) => string | undefined> = {
  updates: runUpdate,
  // updatedDesiredNodeCounts, and the nodes it left without a Pod.
  getUnavailableNumbers: (c) => {
    const ds = newDaemonSet('x');
    ds.spec.updateStrategy = { type: 'RollingUpdate', rollingUpdate: c.strategy };
    const nodes = Array.from({ length: c.nodes }, (_, n) => newNode(`node-${n}`));
    const nodeToPods = new Map<string, KObject[]>();
    for (const [name, node, terminating] of c.pods) {
      const pod: KObject = { metadata: { name, namespace: 'default', labels: label('simpleDaemonSetLabel') }, spec: { nodeName: node } };
      setReady(pod, true, Date.parse('2024-01-01T00:00:00Z'));
      if (terminating) pod.metadata.deletionTimestamp = '2024-01-01T00:00:00Z';
      nodeToPods.set(node, [pod]);
    }
    const { maxSurge, maxUnavailable } = updatedDesiredNodeCounts(ds, nodes, nodeToPods);
    const emptyNodes = [...nodeToPods.values()].filter((p) => p.length === 0).length;
    return same({ maxSurge, maxUnavailable, emptyNodes }, { maxSurge: c.maxSurge, maxUnavailable: c.maxUnavailable, emptyNodes: c.emptyNodes });
  },
  // Under both update strategies, on node "test-node" labelled simpleDaemonSetLabel.
  nodeShouldRunDaemonPod: (c) => {
    for (const type of ['OnDelete', 'RollingUpdate']) {
      const node = newNode('test-node', label('simpleDaemonSetLabel'));
      node.status.allocatable = { memory: '100M', cpu: '1', pods: '100' };
      if (c.nodeUnschedulable) node.spec = { unschedulable: true };
      const ds = newDaemonSet('ds');
      ds.spec.template.spec = c.spec;
      ds.spec.updateStrategy = type === 'RollingUpdate' ? { type, rollingUpdate: { maxUnavailable: 1 } } : { type };
      const problem = same(nodeShouldRunDaemonPod(node, ds), { shouldRun: c.shouldRun, shouldContinueRunning: c.shouldContinueRunning });
      if (problem) return `${type}: ${problem}`;
    }
    return undefined;
  },
};

Then('every case of upstream\'s daemonset test {word} holds on the model', function (table: string) {
  const check = CHECKS[table];
  if (!check) throw new Error(`no check for daemonset table ${table}`);
  runCases(FILE, table, check);
});
