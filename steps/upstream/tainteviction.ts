/**
 * Upstream's taint eviction controller tests (fixtures/upstream/tainteviction.json) on the
 * model's TaintEvictionController, run on a FakeControlPlane: the fake clientset's objects are
 * created first, the controller starts, then the test's updates arrive and its checks read the
 * controller's requests as upstream reads the fake clientset's actions.
 */
import type { KObject } from '../../model/api/meta';
import { getMinTolerationTime, TaintEvictionController } from '../../model/controllers/tainteviction/controller';
import { StatusError } from '../../model/api/status';
import { FakeControlPlane, injectFailures, type InjectedFailure } from './harness';
import { failuresOf, same, upstreamTable } from './fixtures';

const FILE = 'tainteviction';

/** createNoExecuteTaint(i). */
const taint = (i: number) => ({ key: `testTaint${i}`, value: `test${i}`, effect: 'NoExecute' });

/** testutil.NewPod(name, node) plus addToleration, with a container so that it validates. */
function podOf(p: any): KObject {
  let tolerations = p.tolerations;
  if (p.toleration) {
    const { index, seconds } = p.toleration;
    tolerations = [{ key: `testTaint${index}`, value: `test${index}`, effect: 'NoExecute', ...(seconds >= 0 ? { tolerationSeconds: seconds } : {}) }];
  }
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { namespace: 'default', name: p.name },
    spec: { ...(p.node ? { nodeName: p.node } : {}), containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.10' }], ...(tolerations ? { tolerations } : {}) },
  };
}

/** A node's taints: N is createNoExecuteTaint(N); an object is a taint as written. */
const nodeOf = (n: any): KObject => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name: n.name },
  spec: n.taints.length ? { taints: n.taints.map((t: number | object) => (typeof t === 'number' ? taint(t) : t)) } : {},
});

/** The Events the controller sent: [type, reason, message, involved object]. */
function eventsOf(cp: FakeControlPlane): string[][] {
  return cp.actions
    .filter((a) => a.resource === 'events' && a.verb === 'create')
    .map((a) => [a.body.type, a.body.reason, a.body.message, `${a.body.involvedObject.apiVersion}/${a.body.involvedObject.kind}/${a.body.involvedObject.namespace}/${a.body.involvedObject.name}`]);
}

/** Creates the object, or replaces its spec (an update through the API, as the informers would see it). */
function put(cp: FakeControlPlane, resource: string, obj: KObject): void {
  const cur = cp.admin.tryGet(resource, obj.metadata.namespace, obj.metadata.name!);
  if (!cur) cp.create(resource, obj);
  else cp.forceUpdate(resource, obj);
}

/** verifyPodActions: poll every 10 ms, for at most 5 s, until the patch and delete seen are the expected ones. */
function verifyPodActions(cp: FakeControlPlane, want: { patch: boolean; delete: boolean }): string | undefined {
  const seen = () => {
    const verbs = cp.verbsOn('pods');
    return { patch: verbs.some((v) => v.startsWith('patch')), delete: verbs.includes('delete') };
  };
  for (let waited = 0; waited < 5000; waited += 10) {
    cp.advance(10);
    if (same(seen(), want) === undefined) return undefined;
  }
  return same(seen(), want);
}

function runCase(c: any): string | undefined {
  const cp = new FakeControlPlane();
  let tec: TaintEvictionController | undefined;
  const failures: InjectedFailure[] = [];
  for (const [i, step] of c.steps.entries()) {
    const at = `step ${i + 1}`;
    if (step.failRequests) failures.push(...step.failRequests.map((f: InjectedFailure) => ({ ...f })));
    else if (step.pod) put(cp, 'pods', podOf(step.pod));
    else if (step.node) put(cp, 'nodes', nodeOf(step.node));
    // The fake clientset's delete: the Pod is gone at once (grace period 0), so the informer sees it deleted.
    else if (step.deletePod) cp.admin.delete('pods', 'default', step.deletePod, { gracePeriodSeconds: 0 });
    // A delete through the API server: a Pod bound to a node stays, terminating, until its kubelet confirms (none here).
    else if (step.deletePodGracefully) cp.admin.delete('pods', 'default', step.deletePodGracefully);
    else if (step.deleteNode) cp.admin.delete('nodes', undefined, step.deleteNode);
    else if (step.start) {
      const ctx = cp.component();
      // The fake clientset's reactors: a failing request answers 500 and is not recorded.
      injectFailures(ctx, failures, (req) => new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `injected ${req.verb} failure`, reason: 'InternalError', code: 500 } as any));
      tec = new TaintEvictionController(ctx);
      ctx.informers.start();
      // cache.WaitForNamedCacheSync: the test's events come once the caches hold the fixtures.
      while (!tec.nodeInformer.hasSynced() || !tec.podInformer.hasSynced()) cp.advance(1);
    } else if (step.wait) cp.advance(step.wait);
    else if (step.clearActions) cp.clearActions();
    else if (step.expect) {
      const p = verifyPodActions(cp, step.expect);
      if (p) return `${at}: ${p}`;
    } else if (step.expectDeleted) {
      const deleted = cp.actions.filter((a) => a.resource === 'pods' && a.verb === 'delete').map((a) => a.name!);
      const p = same([...new Set(deleted)].sort(), [...step.expectDeleted].sort());
      if (p) return `${at}: deleted ${p}`;
    } else if (step.expectDeletes !== undefined) {
      // How many deletes of the Pod the controller sent (each eviction that ran sends one).
      cp.settle();
      const n = cp.actions.filter((x) => x.resource === 'pods' && x.verb === 'delete' && x.name === step.expectDeletes.pod).length;
      if (n !== step.expectDeletes.count) return `${at}: ${n} deletes of ${step.expectDeletes.pod}, want ${step.expectDeletes.count}`;
    } else if (step.expectEvents) {
      cp.settle();
      const p = same(eventsOf(cp), step.expectEvents);
      if (p) return `${at}: events ${p}`;
    } else if (step.expectStatusPatch) {
      // The pods/status patch: the Pod's UID as a precondition and the DisruptionTarget condition.
      const patches = cp.actions.filter((a) => a.resource === 'pods' && a.verb === 'patch');
      const uid = cp.admin.tryGet('pods', 'default', step.expectStatusPatch.pod)?.metadata.uid;
      const got = patches.map((a) => ({
        subresource: a.subresource,
        name: a.name,
        uidMatches: a.body?.metadata?.uid === uid && !!uid,
        conditions: (a.body?.status?.conditions ?? []).map(({ lastTransitionTime, ...c }: any) => ({ ...c, stamped: typeof lastTransitionTime === 'string' })),
      }));
      const p = same(got, step.expectStatusPatch.patches);
      if (p) return `${at}: status patches ${p}`;
    } else if (step.expectQueued) {
      // The handlers run on the informers' events: let them arrive first.
      cp.settle();
      const queued = !!tec?.scheduledEviction(`default/${step.expectQueued.pod}`);
      if (queued !== step.expectQueued.queued) return `${at}: eviction of ${step.expectQueued.pod} queued ${queued}, want ${step.expectQueued.queued}`;
    } else throw new Error(`unknown step ${JSON.stringify(step)}`);
  }
  if (cp.sim.failures.length) return `model failures: ${cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  return undefined;
}

export const TAINT_EVICTION_TABLES: Record<string, () => string[]> = {
  // TestGetMinTolerationTime.
  minTolerationTime: () =>
    failuresOf(upstreamTable(FILE, 'minTolerationTime'), (c) =>
      same(getMinTolerationTime(c.tolerationSeconds.map((s: number | null) => (s === null ? {} : { tolerationSeconds: s }))), c.expectedMs),
    ),
  cases: () => failuresOf(upstreamTable(FILE, 'cases'), runCase),
  events: () => failuresOf(upstreamTable(FILE, 'events'), runCase),
};
