/**
 * Upstream's DaemonSet controller unit tests (steps/fixtures/upstream/daemonset.json) run
 * against the model's manage, rollingUpdate, updatedDesiredNodeCounts, NodeShouldRunDaemonPod,
 * calculateStatus and updateDaemonSetStatus, and the daemon util functions (IsPodUpdated,
 * CreatePodTemplate, AddOrUpdateDaemonPodTolerations, ReplaceDaemonSetPodNodeNameNodeAffinity,
 * GetTargetNodeName).
 */
import { Then } from '@cucumber/cucumber';
import { canonicalJSON, deepCopy, keyOf, type KObject } from '../../model/api/meta';
import type { EventRecorder } from '../../model/client/events';
import { manage, rollingUpdate, updatedDesiredNodeCounts, type ManageContext } from '../../model/controllers/daemonset/manage';
import {
  addDaemonPodTolerations,
  CONTROLLER_REVISION_HASH,
  createPodTemplate,
  isPodUpdated,
  nodeShouldRunDaemonPod,
  pinToNode,
  POD_TEMPLATE_GENERATION,
  revisionHash,
  targetNodeName,
  templateGeneration,
} from '../../model/controllers/daemonset/podtemplate';
import { calculateStatus, updateDaemonSetStatus } from '../../model/controllers/daemonset/status';
import { cleanupHistory, constructHistory } from '../../model/controllers/daemonset/history';
import { StatusError } from '../../model/api/status';
import { revisionData } from '../../model/controllers/statefulset/revisions';
import { ControllerExpectations } from '../../model/controllers/util/expectations';
import { isPodReady } from '../../model/controllers/util/podutil';
import type { Simulation } from '../../model/sim/simulation';
import { FakeClientset, runCases, same, upstreamFixture } from './apps-fakes';

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
  /**
   * The events the controller records itself (FailedDaemonPod, SucceededDaemonPod): upstream's
   * fakePodControl records none of the Pod control's SuccessfulCreate and SuccessfulDelete.
   */
  events = 0;
  /** Every event's reason, the Pod control's included, and every Pod the controller asked to create. */
  reasons: string[] = [];
  sent: KObject[] = [];
  private readonly recorder = {
    event: (_obj: KObject, _type: string, reason: string) => {
      this.reasons.push(reason);
      if (!['SuccessfulCreate', 'SuccessfulDelete', 'FailedCreate', 'FailedDelete'].includes(reason)) this.events++;
    },
  } as unknown as EventRecorder;
  private seq = 0;
  /** The updated Pods by node when snapshotUpdated ran (update_test's currentPods). */
  updatedByNode = new Map<string, string[]>();

  constructor(public ds: KObject) {}

  /** fakePodControl's CreateLimit and injected errors: creates beyond the limit, and deletes, fail with this reason. */
  createLimit?: number;
  deleteError?: string;
  attempts = 0;

  private client() {
    const key = keyOf(this.ds);
    const fail = (reason: string): never => {
      throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `fake ${reason}`, reason, code: reason === 'NotFound' ? 404 : 500 } as any);
    };
    return {
      create: (_r: string, ns: string, pod: KObject) => {
        this.attempts++;
        if (this.createLimit !== undefined && this.creates >= this.createLimit) fail('InternalError');
        this.sent.push(deepCopy(pod));
        const created = { ...deepCopy(pod), metadata: { ...pod.metadata, name: `${pod.metadata.generateName}${String(++this.seq).padStart(3, '0')}`, namespace: ns, creationTimestamp: new Date(this.nowMs).toISOString() }, status: {} };
        this.pods.set(created.metadata.name!, created);
        this.creates++;
        this.created.push(targetNodeName(created)!);
        this.expectations.creationObserved(key);
        return created;
      },
      delete: (_r: string, ns: string, name: string) => {
        this.attempts++;
        if (this.deleteError) fail(this.deleteError);
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

  /** clearExpectations, then one syncDaemonSet: manage, and the rolling update when expectations allow (or the rolling update alone). */
  sync(only?: 'rollingUpdate'): void {
    const key = keyOf(this.ds);
    this.creates = this.deletes = this.events = this.attempts = 0;
    this.created = [];
    this.reasons = [];
    this.sent = [];
    this.expectations.delete(key);
    const c: ManageContext = { client: this.client() as any, recorder: this.recorder, expectations: this.expectations, nowMs: this.nowMs };
    const hash = revisionHash(this.ds);
    if (!only) manage(c, this.ds, this.nodes, this.nodeToPods(), hash);
    if (this.expectations.satisfied(key) && this.ds.spec.updateStrategy?.type === 'RollingUpdate') rollingUpdate(c, this.ds, this.nodes, this.nodeToPods(), hash, templateGeneration(this.ds));
  }

  /** The nodes the last sync created Pods for. */
  created: string[] = [];

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

const BASE_MS = Date.parse('2024-01-01T00:00:00Z');
const at = (seconds: number) => new Date(BASE_MS + seconds * 1000).toISOString();
const sameJSON = (got: unknown, want: unknown): string | undefined =>
  canonicalJSON(got ?? null) === canonicalJSON(want ?? null) ? undefined : `got ${canonicalJSON(got ?? null)}, want ${canonicalJSON(want ?? null)}`;

/** newNode, with the case's labels and taints. */
function caseNode(n: { name: string; labels?: Record<string, string>; taints?: unknown[] }): KObject {
  const node = newNode(n.name, n.labels);
  if (n.taints) node.spec = { taints: n.taints };
  return node;
}

/**
 * The status table: nodes and daemon Pods (bound to their node, or only pinned by the affinity
 * the controller gives them), calculateStatus over them, then storeDaemonSetStatus twice: the
 * first writes the status subresource, the second (nothing changed) writes nothing.
 */
function checkStatus(c: any): string | undefined {
  const ds = newDaemonSet('foo');
  ds.metadata.generation = c.ds.generation ?? 1;
  if (c.ds.templateGeneration) ds.metadata.annotations![TEMPLATE_GENERATION] = c.ds.templateGeneration;
  if (c.ds.nodeSelector) ds.spec.template.spec.nodeSelector = c.ds.nodeSelector;
  if (c.ds.minReadySeconds) ds.spec.minReadySeconds = c.ds.minReadySeconds;
  if (c.ds.collisionCount !== undefined) ds.status = { collisionCount: c.ds.collisionCount };
  const hash = revisionHash(ds);
  const generation = templateGeneration(ds);
  const nodeToPods = new Map<string, KObject[]>();
  for (const p of c.pods) {
    const current = p.rev === 'current';
    const pod: KObject = {
      metadata: { name: p.name, namespace: 'default', creationTimestamp: at(p.created), labels: { ...label('simpleDaemonSetLabel'), [CONTROLLER_REVISION_HASH]: current ? hash : 'old', [POD_TEMPLATE_GENERATION]: p.generation ?? (current ? generation : '0') } },
      spec: p.bound ? { nodeName: p.node } : { affinity: pinToNode(undefined, p.node) },
      status: {},
    };
    if (p.readySince !== undefined) setReady(pod, true, BASE_MS + p.readySince * 1000);
    nodeToPods.set(targetNodeName(pod)!, [...(nodeToPods.get(p.node) ?? []), pod]);
  }
  const status = calculateStatus(ds, c.nodes.map(caseNode), nodeToPods, hash, generation, BASE_MS + c.now * 1000);
  const problem = sameJSON(status, c.status);
  if (problem) return problem;
  const fake = new FakeClientset();
  updateDaemonSetStatus(fake.asClient(), ds, status);
  const [write, ...more] = fake.actions;
  if (!write || more.length || write.subresource !== 'status' || write.resource !== 'daemonsets') return `storeDaemonSetStatus: wrote ${JSON.stringify(fake.actions.map((a) => `${a.verb} ${a.resource}/${a.subresource ?? ''}`))}, want one status update`;
  const sent = same({ apiVersion: write.object!.apiVersion, kind: write.object!.kind, name: write.name }, { apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'foo' }) ?? sameJSON(write.object!.status, c.status);
  if (sent) return `storeDaemonSetStatus sent: ${sent}`;
  updateDaemonSetStatus(fake.asClient(), { ...ds, status: deepCopy(status) }, deepCopy(status));
  return fake.actions.length === 1 ? undefined : 'storeDaemonSetStatus wrote an unchanged status again';
}

/** One sync (manage, then the rolling update) over the case's nodes and daemon Pods, under both update strategies. */
function checkManage(c: any): string | undefined {
  for (const strategy of c.strategy ? [c.strategy] : [{ type: 'OnDelete' }, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } }]) {
    const ds = newDaemonSet('foo');
    ds.spec.updateStrategy = strategy;
    if (c.templateAnnotations) ds.spec.template.metadata.annotations = c.templateAnnotations;
    const h = new DaemonSetHarness(ds);
    for (const n of c.nodes ?? Array.from({ length: c.nodeCount }, (_, k) => ({ name: `node-${k}` }))) h.nodes.push(caseNode(n));
    const pods = c.pods ?? Array.from({ length: c.nodeCount }, (_, k) => Array.from({ length: c.podsPerNode }, () => ({ node: `node-${k}` }))).flat();
    for (const [i, p] of pods.entries()) {
      const hash = p.rev === 'old' ? 'old' : revisionHash(ds);
      const pod: KObject = {
        metadata: { name: `${p.node}-${i}`, namespace: 'default', creationTimestamp: at(10 - i), labels: { ...label('simpleDaemonSetLabel'), [CONTROLLER_REVISION_HASH]: hash, [POD_TEMPLATE_GENERATION]: p.rev === 'old' ? '0' : templateGeneration(ds) } },
        spec: p.bound === false ? { affinity: pinToNode(undefined, p.node) } : { nodeName: p.node },
        status: p.phase ? { phase: p.phase } : {},
      };
      if (p.ready) setReady(pod, true, BASE_MS);
      if (p.deleting) pod.metadata.deletionTimestamp = at(10);
      h.pods.set(pod.metadata.name!, pod);
    }
    h.nowMs = BASE_MS + 60_000;
    h.createLimit = c.createLimit;
    h.deleteError = c.deleteError;
    let error: string | null = null;
    try {
      h.sync(c.only);
    } catch (e: any) {
      error = e?.status?.reason ?? String(e);
    }
    if (c.error !== undefined) {
      const problem = same({ error, attempts: h.attempts, expectationsSatisfied: h.expectations.satisfied(keyOf(ds)) }, { error: c.error, attempts: c.attempts, expectationsSatisfied: true });
      if (problem) return `${strategy.type}: ${problem}`;
    } else if (error) return `${strategy.type}: the sync failed with ${error}`;
    const problem =
      same({ creates: h.creates, deletes: h.deletes, events: h.events }, { creates: c.creates, deletes: c.deletes, events: c.events }) ??
      (c.left ? same([...h.pods.keys()].sort(), c.left) : undefined) ??
      (c.createdOn ? same([...h.created].sort(), c.createdOn) : undefined) ??
      (c.reasons ? same(h.reasons, c.reasons) : undefined) ??
      (c.sent ? sameJSON(h.sent[0], JSON.parse(JSON.stringify(c.sent).replaceAll('{hash}', revisionHash(ds)))) : undefined);
    if (problem) return `${strategy.type}: ${problem}`;
  }
  return undefined;
}

/**
 * The API for constructHistory and cleanupHistory: ControllerRevisions by name (a create of a
 * taken name fails AlreadyExists, a delete of a missing one NotFound), the DaemonSet for the
 * collision count, and every write recorded as one line.
 */
class HistoryFake {
  readonly revisions = new Map<string, KObject>();
  readonly writes: string[] = [];
  constructor(private readonly ds: KObject) {}
  private fail(reason: string, code: number): never {
    throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: reason, reason, code } as any);
  }
  get(resource: string, _ns: string, name: string): KObject {
    if (resource === 'daemonsets') return deepCopy(this.ds);
    return deepCopy(this.revisions.get(name) ?? this.fail('NotFound', 404));
  }
  create(_r: string, _ns: string, body: any): KObject {
    this.writes.push(`create ${body.metadata.name} revision ${body.revision} labels ${canonicalJSON(body.metadata.labels ?? {})} annotations ${canonicalJSON(body.metadata.annotations ?? {})} owner ${body.metadata.ownerReferences?.[0]?.kind}/${body.metadata.ownerReferences?.[0]?.name}`);
    if (this.revisions.has(body.metadata.name)) this.fail('AlreadyExists', 409);
    this.revisions.set(body.metadata.name, deepCopy(body));
    return deepCopy(body);
  }
  update(_r: string, _ns: string, body: any): KObject {
    this.writes.push(`update ${body.metadata.name} revision ${body.revision} hash ${body.metadata.labels?.[CONTROLLER_REVISION_HASH]}`);
    this.revisions.set(body.metadata.name, deepCopy(body));
    return deepCopy(body);
  }
  updateStatus(resource: string, _ns: string, body: KObject): KObject {
    this.writes.push(`updateStatus ${resource}/${body.metadata.name} collisionCount ${body.status?.collisionCount}`);
    return body;
  }
  patch(resource: string, _ns: string, name: string, _type: string, body: any): KObject {
    this.writes.push(`patch ${resource}/${name} hash ${body.metadata?.labels?.[CONTROLLER_REVISION_HASH]}`);
    return body;
  }
  delete(_r: string, _ns: string, name: string): any {
    this.writes.push(`delete ${name}`);
    if (!this.revisions.delete(name)) this.fail('NotFound', 404);
    return {};
  }
}

/**
 * The history table: a DaemonSet (its image, collisionCount, revisionHistoryLimit), its
 * revisions (each storing the template with an image), the revisions the API has besides, and
 * its Pods' hash labels; constructHistory then cleanupHistory, as a sync runs them. `{hash}` in
 * the expected lines is the hash of the DaemonSet's template (revisionHash, pinned by the
 * Deployment's hash tables).
 */
function checkHistory(c: any): string | undefined {
  const ds = newDaemonSet('foo');
  ds.metadata.annotations!['note'] = 'kept';
  ds.spec.template.spec.containers[0].image = c.image ?? 'foo/bar';
  if (c.revisionHistoryLimit !== undefined) ds.spec.revisionHistoryLimit = c.revisionHistoryLimit;
  else delete ds.spec.revisionHistoryLimit;
  if (c.collisionCount !== undefined) ds.status = { collisionCount: c.collisionCount };
  const apiDS = deepCopy(ds);
  if (c.apiCollisionCount !== undefined) apiDS.status = { collisionCount: c.apiCollisionCount };
  const fake = new HistoryFake(apiDS);
  const revision = (r: any): KObject => {
    const withImage = deepCopy(ds);
    withImage.spec.template.spec.containers[0].image = r.image;
    const labels = r.noLabel ? { ...label('simpleDaemonSetLabel') } : { ...label('simpleDaemonSetLabel'), [CONTROLLER_REVISION_HASH]: r.hash ?? r.name };
    return { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name: r.name, namespace: 'default', labels }, data: revisionData(withImage), revision: r.revision } as KObject;
  };
  const histories = (c.revisions ?? []).map(revision);
  for (const [i, h] of histories.entries()) if (!c.revisions[i].gone) fake.revisions.set(h.metadata.name!, deepCopy(h));
  for (const r of c.apiOnly ?? []) {
    const h = revision(r);
    if (r.name === '{name}') h.metadata.name = `foo-${revisionHash(ds)}`;
    fake.revisions.set(h.metadata.name!, h);
  }
  const pods = () => (c.pods ?? []).map((p: any) => ({ metadata: { name: p.name, namespace: 'default', labels: p.hash ? { [CONTROLLER_REVISION_HASH]: p.hash } : {} }, spec: { nodeName: 'node-0' } }) as KObject);
  let got: any;
  try {
    const { hash, old } = constructHistory(fake as any, ds, histories, pods);
    cleanupHistory(fake as any, ds, old, pods);
    got = { hash, old: old.map((h) => h.metadata.name).sort(), writes: fake.writes };
  } catch (e: any) {
    got = { error: `${e?.status?.reason ?? e}`, writes: fake.writes };
  }
  const h = revisionHash(ds);
  const want = JSON.parse(JSON.stringify({ hash: c.hash, old: c.old, error: c.error, writes: c.writes }).replaceAll('{hash}', h));
  return same(got, Object.fromEntries(Object.entries(want).filter(([, v]) => v !== undefined)));
}

const CHECKS: Record<string, (c: any) => string | undefined> = {
  status: checkStatus,
  history: checkHistory,
  manage: checkManage,
  isPodUpdated: (c) => {
    const pod: KObject = { metadata: { name: 'pod1', namespace: 'default', labels: c.labels ?? undefined }, spec: { nodeName: 'node1' } };
    return same(isPodUpdated(pod, c.hash, c.generation), c.updated);
  },
  // CreatePodTemplate of an empty template: the generation label, and the hash label only for a hash.
  createPodTemplate: (c) => {
    const ds: KObject = { metadata: { name: 'ds', annotations: { [TEMPLATE_GENERATION]: c.generation } }, spec: { template: {} } };
    const labels = createPodTemplate(ds, c.hash).metadata.labels;
    return same({ generation: labels[POD_TEMPLATE_GENERATION], hash: labels[CONTROLLER_REVISION_HASH] ?? null }, { generation: c.generation, hash: c.expectUniqueLabel ? c.hash : null });
  },
  daemonPodTolerations: (c) => {
    const spec = deepCopy(c.spec);
    addDaemonPodTolerations(spec);
    return sameJSON(spec.tolerations, c.tolerations);
  },
  replaceNodeAffinity: (c) => sameJSON(pinToNode(c.affinity ?? undefined, c.hostname), c.expected),
  targetNodeName: (c) => same(targetNodeName({ metadata: { name: 'pod', namespace: 'default' }, spec: c.spec }) ?? null, c.nodeName),
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
  // Under both update strategies, on node "test-node" labelled simpleDaemonSetLabel. Cases with
  // the same node share one Node object, as a sync's DaemonSets share the informer's: an answer
  // given for one template must not be given for another.
  nodeShouldRunDaemonPod: (c) => {
    for (const type of ['OnDelete', 'RollingUpdate']) {
      const nodeKey = canonicalJSON({ unschedulable: !!c.nodeUnschedulable, taints: c.taints ?? [] });
      let node = sharedNodes.get(nodeKey);
      if (!node) {
        node = newNode('test-node', label('simpleDaemonSetLabel'));
        node.status.allocatable = { memory: '100M', cpu: '1', pods: '100' };
        if (c.nodeUnschedulable || c.taints) node.spec = { ...(c.nodeUnschedulable ? { unschedulable: true } : {}), ...(c.taints ? { taints: c.taints } : {}) };
        sharedNodes.set(nodeKey, node);
      }
      const ds = newDaemonSet('ds');
      ds.spec.template.spec = c.spec;
      ds.spec.updateStrategy = type === 'RollingUpdate' ? { type, rollingUpdate: { maxUnavailable: 1 } } : { type };
      const problem = same(nodeShouldRunDaemonPod(node, ds), { shouldRun: c.shouldRun, shouldContinueRunning: c.shouldContinueRunning });
      if (problem) return `${type}: ${problem}`;
    }
    return undefined;
  },
};

/** The Node objects of one run of the nodeShouldRunDaemonPod table, by their labels, taints and unschedulable. */
const sharedNodes = new Map<string, KObject>();

Then('every case of upstream\'s daemonset test {word} holds on the model', function (table: string) {
  sharedNodes.clear();
  const check = CHECKS[table];
  if (!check) throw new Error(`no check for daemonset table ${table}`);
  runCases(FILE, table, check);
});
