/**
 * Upstream's DaemonSet controller tests that drive the whole controller (its informers, event
 * handlers, work queue and syncs) rather than one sync (fixtures/upstream/daemonset-controller.json),
 * run on a FakeControlPlane: the objects are created through the API, the controller starts,
 * the test's writes arrive through the watches, and the checks read what upstream's tests read:
 * the keys the handlers queued (upstream replaces enqueueDaemonSet or reads queue.Len()), the
 * Pods created and deleted (the fake Pod control's Templates and DeletePodName), the
 * expectations, and the status written. Virtual time makes the timing checks exact ("no delete
 * 10.9 s after the Pod turned ready, one at 11.1 s").
 */
import { Then } from '@cucumber/cucumber';
import { controllerOf, type KObject } from '../../model/api/meta';
import { StatusError } from '../../model/api/status';
import type { ApiRequest } from '../../model/apiserver/request';
import { etcdKey, resourceByName } from '../../model/api/registry';
import { encode } from '../../model/apiserver/objects';
import { DaemonSetController } from '../../model/controllers/daemonset/controller';
import { CONTROLLER_REVISION_HASH, targetNodeName } from '../../model/controllers/daemonset/podtemplate';
import { eachCase, same, upstreamTable } from './fixtures';
import { FakeControlPlane, injectFailures, recordQueue, type InjectedFailure, resync } from './harness';

const FILE = 'daemonset-controller';
const SIMPLE = { name: 'simple-daemon', type: 'production' };
const SIMPLE_NODE = { color: 'blue', speed: 'fast' };
const SIMPLE2 = { name: 'simple-daemon', type: 'test' };
/** A row's label set by upstream's name for it ("none": no labels, as upstream's bare Pods). */
const LABELS: Record<string, Record<string, string> | undefined> = { simpleDaemonSetLabel: SIMPLE, simpleDaemonSetLabel2: SIMPLE2, none: undefined, other: { foo2: 'bar2' } };
const labelsOf = (name: string | undefined) => (name === undefined ? SIMPLE : LABELS[name]);

/** newDaemonSet(name) with the row's changes; the strategy is OnDelete unless given. */
function daemonSet(d: any): KObject {
  const spec: any = { containers: [{ name: 'c', image: d.image ?? 'foo/bar', ...(d.requests ? { resources: { requests: d.requests } } : {}) }] };
  if (d.nodeSelector) spec.nodeSelector = d.nodeSelector === 'simpleNodeLabel' ? SIMPLE_NODE : d.nodeSelector;
  if (d.tolerations) spec.tolerations = d.tolerations;
  let updateStrategy: any = { type: 'OnDelete' };
  if (d.strategy === 'RollingUpdate') updateStrategy = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } };
  else if (d.strategy && typeof d.strategy === 'object') updateStrategy = { type: 'RollingUpdate', rollingUpdate: d.strategy };
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: d.name, namespace: 'default', ...(d.finalizers ? { finalizers: d.finalizers } : {}) },
    spec: {
      revisionHistoryLimit: 2,
      updateStrategy,
      ...(d.minReadySeconds ? { minReadySeconds: d.minReadySeconds } : {}),
      selector: { matchLabels: labelsOf(d.selector) },
      template: { metadata: { labels: labelsOf(d.selector), ...(d.templateFinalizers ? { finalizers: d.templateFinalizers } : {}) }, spec },
    },
  };
}

/** newNode(name, labels), Ready, room for 100 Pods. */
function node(n: any): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: n.name, ...(n.labels ? { labels: n.labels === 'simpleNodeLabel' ? SIMPLE_NODE : n.labels } : {}) },
    spec: n.taints ? { taints: n.taints } : {},
    status: { conditions: [{ type: 'Ready', status: 'True' }], allocatable: n.allocatable ?? { pods: '100' } },
  };
}

const fail = (code: number, message: string) =>
  new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: code === 500 ? 'InternalError' : 'ServiceUnavailable', code } as any);

class Run {
  readonly cp = new FakeControlPlane();
  dsc?: DaemonSetController;
  /** Keys added to the queue, and delays asked of addAfter, since the last clear. */
  readonly queued: string[] = [];
  readonly delayed: number[] = [];
  /** Requests to fail: verb, resource (and subresource), how many more times. */
  failures: InjectedFailure[] = [];
  /** upstream's fakePodControl: creates recorded, never sent (so never observed). */
  fakePodControl = false;
  private fakeSeq = 0;

  ds(name: string): KObject | undefined {
    return this.cp.admin.tryGet('daemonsets', 'default', name);
  }

  /** The live Pods a DaemonSet (by its current UID) controls, optionally on one node. */
  podsOf(dsName: string, nodeName?: string): KObject[] {
    const uid = this.ds(dsName)?.metadata.uid;
    return this.cp.admin
      .list('pods', 'default')
      .items.filter((p) => controllerOf(p)?.uid === uid && (!nodeName || targetNodeName(p) === nodeName))
      .sort((a, b) => (a.metadata.creationTimestamp! < b.metadata.creationTimestamp! ? -1 : a.metadata.creationTimestamp! > b.metadata.creationTimestamp! ? 1 : a.metadata.name! < b.metadata.name! ? -1 : 1));
  }

  /** Writes a node to etcd as given (labels, taints, allocatable): the watch delivers an update even when nothing changed. */
  writeNode(n: any): void {
    const cur = this.cp.admin.tryGet('nodes', undefined, n.name);
    if (!cur) {
      this.cp.create('nodes', node(n));
      return;
    }
    const want = node(n);
    const next: KObject = { ...cur, metadata: { ...cur.metadata }, spec: want.spec, status: { ...cur.status, allocatable: want.status.allocatable } };
    if (want.metadata.labels) next.metadata.labels = want.metadata.labels;
    else delete next.metadata.labels;
    delete next.metadata.resourceVersion;
    this.cp.etcd.put(etcdKey(resourceByName('nodes')!, undefined, n.name), encode(next));
  }

  private stop?: () => void;

  start(): void {
    const ctx = this.cp.component();
    this.stop = () => ctx.proc.kill();
    // upstream's fakePodControl: a create recorded and answered here, never sent.
    const inner = ctx.client.request.bind(ctx.client);
    ctx.client.request = (req: Omit<ApiRequest, 'token' | 'userAgent'>) => {
      if (this.fakePodControl && req.resource === 'pods' && req.verb === 'create') {
        this.cp.actions.push({ verb: 'create', resource: 'pods', namespace: req.namespace, body: req.body });
        return { ...req.body, metadata: { ...req.body.metadata, name: `${req.body.metadata.generateName}fake${++this.fakeSeq}`, namespace: req.namespace } };
      }
      return inner(req);
    };
    injectFailures(ctx, this.failures, (req) => {
      this.cp.record(req);
      return fail(500, `fake ${req.verb} ${req.resource} error`);
    });
    const dsc = new DaemonSetController(ctx);
    this.dsc = dsc;
    recordQueue(dsc.queue, this.queued, this.delayed);
    ctx.informers.start();
  }

  clear(): void {
    this.cp.clearActions();
    this.queued.length = 0;
    this.delayed.length = 0;
  }

  /** A Pod of the DaemonSet on a node: the only live one, or the oldest or newest. */
  pick(p: { ds?: string; node: string; which?: 'oldest' | 'newest' }): KObject {
    const pods = this.podsOf(p.ds ?? 'ds', p.node).filter((x) => !x.metadata.deletionTimestamp);
    if (!p.which && pods.length !== 1) throw new Error(`${pods.length} live Pods of ${p.ds ?? 'ds'} on ${p.node}`);
    return p.which === 'newest' ? pods[pods.length - 1] : pods[0];
  }

  step(s: any): string | undefined {
    const cp = this.cp;
    const now = () => cp.sim.clock.nowMs();
    if (s.node) this.writeNode(s.node);
    else if (s.ds) {
      const cur = this.ds(s.ds.name);
      const want = daemonSet(s.ds);
      if (!cur) cp.create('daemonsets', want);
      else cp.admin.update('daemonsets', 'default', { ...cur, spec: want.spec });
    } else if (s.pod) {
      // A Pod the test makes: controlled by a DaemonSet (by its current UID unless `uid` is given) or by another owner.
      const p = s.pod;
      const ds = p.owner ? this.ds(p.owner) : undefined;
      const ownerReferences = p.ownerRef
        ? [{ apiVersion: 'apps/v1', kind: p.ownerRef.kind, name: p.ownerRef.name, uid: p.ownerRef.uid === '{ds}' ? ds!.metadata.uid : p.ownerRef.uid, controller: true }]
        : ds
          ? [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: ds.metadata.name, uid: p.uid ?? ds.metadata.uid, controller: true }]
          : undefined;
      const labels = labelsOf(p.labels);
      cp.create('pods', {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: p.name, namespace: 'default', ...(labels ? { labels } : {}), ...(ownerReferences ? { ownerReferences } : {}) },
        spec: { ...(p.node ? { nodeName: p.node } : {}), containers: [{ name: 'c', image: 'foo/bar', ...(p.requests ? { resources: { requests: p.requests } } : {}) }] },
      });
    } else if (s.podLabel) {
      // An update that changes the Pod (its resourceVersion) but not its readiness.
      const pod = s.podLabel.name ? cp.admin.get('pods', 'default', s.podLabel.name) : this.pick(s.podLabel);
      cp.admin.update('pods', 'default', { ...pod, metadata: { ...pod.metadata, labels: { ...pod.metadata.labels, touched: String(now()) } } });
    } else if (s.podLabels) {
      // The Pod's labels replaced by a named set (a Pod taken out of, or put into, a selector).
      const pod = s.podLabels.name ? cp.admin.get('pods', 'default', s.podLabels.name) : this.pick(s.podLabels);
      const labels = labelsOf(s.podLabels.labels);
      const metadata = { ...pod.metadata };
      if (labels) metadata.labels = labels;
      else delete metadata.labels;
      cp.admin.update('pods', 'default', { ...pod, metadata });
    } else if (s.podTouch) {
      // An update that changes neither labels nor owner (an annotation): a new resourceVersion only.
      const pod = cp.admin.get('pods', 'default', s.podTouch);
      cp.admin.update('pods', 'default', { ...pod, metadata: { ...pod.metadata, annotations: { touched: String(now()) } } });
    } else if (s.revision) {
      // A ControllerRevision the test makes: an orphan (or controlled by a DaemonSet) with a named label set.
      const r = s.revision;
      const ds = r.owner ? this.ds(r.owner) : undefined;
      const labels = labelsOf(r.labels);
      cp.create('controllerrevisions', {
        apiVersion: 'apps/v1',
        kind: 'ControllerRevision',
        metadata: { name: r.name, namespace: 'default', ...(labels ? { labels } : {}), ...(ds ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: ds.metadata.name!, uid: ds.metadata.uid!, controller: true }] } : {}) },
        data: { spec: { template: { $patch: 'replace', metadata: { labels }, spec: { containers: [{ name: 'c', image: 'foo/old' }] } } } },
        revision: r.number ?? 1,
      } as any);
    } else if (s.revisionUpdate) {
      // A write to a ControllerRevision: its labels, or its controller reference (to another DaemonSet, or none).
      const u = s.revisionUpdate;
      const r = cp.admin.get('controllerrevisions', 'default', u.name);
      const metadata = { ...r.metadata };
      if (u.labels !== undefined) metadata.labels = labelsOf(u.labels);
      if (u.to !== undefined) {
        const ds = u.to ? this.ds(u.to)! : undefined;
        if (ds) metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: ds.metadata.name!, uid: ds.metadata.uid!, controller: true }];
        else delete metadata.ownerReferences;
      }
      cp.admin.update('controllerrevisions', 'default', { ...r, metadata });
    } else if (s.orphan) {
      // What the garbage collector does for `--cascade=orphan`: the dependents' references to the deleted DaemonSet go.
      for (const resource of ['pods', 'controllerrevisions']) {
        for (const o of cp.admin.list(resource, 'default').items) {
          if (controllerOf(o)?.name !== s.orphan) continue;
          const metadata = { ...o.metadata };
          delete metadata.ownerReferences;
          cp.admin.update(resource, 'default', { ...o, metadata });
        }
      }
    } else if (s.podOwner) {
      // The Pod's controller reference moves to another DaemonSet, or (to null) goes.
      const pod = cp.admin.get('pods', 'default', s.podOwner.name);
      const metadata = { ...pod.metadata };
      const ds = s.podOwner.to ? this.ds(s.podOwner.to)! : undefined;
      if (ds) metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: ds.metadata.name!, uid: ds.metadata.uid!, controller: true }];
      else delete metadata.ownerReferences;
      cp.admin.update('pods', 'default', { ...pod, metadata });
    } else if (s.podStatus) {
      // What a kubelet writes: the phase, and the Ready condition from now on.
      const pod = this.pick(s.podStatus);
      const status: any = { ...(pod.status ?? {}) };
      if (s.podStatus.phase) status.phase = s.podStatus.phase;
      if (s.podStatus.ready !== undefined) status.conditions = [{ type: 'Ready', status: s.podStatus.ready ? 'True' : 'False', lastTransitionTime: new Date(now()).toISOString() }];
      cp.admin.updateStatus('pods', 'default', { ...pod, status });
    } else if (s.podFinalizer) {
      const pod = this.pick(s.podFinalizer);
      cp.admin.update('pods', 'default', { ...pod, metadata: { ...pod.metadata, finalizers: ['example.com/hold'] } });
    } else if (s.deletePod) {
      const name = typeof s.deletePod === 'string' ? s.deletePod : this.pick(s.deletePod).metadata.name!;
      cp.admin.delete('pods', 'default', name);
    } else if (s.deleteNode) cp.admin.delete('nodes', undefined, s.deleteNode);
    else if (s.deleteDS) cp.admin.delete('daemonsets', 'default', s.deleteDS);
    else if (s.deleteRevisions) {
      // What the garbage collector does first for a deleted DaemonSet: its ControllerRevisions go (its Pods here stay).
      for (const r of cp.admin.list('controllerrevisions', 'default').items) cp.admin.delete('controllerrevisions', 'default', r.metadata.name!);
    }
    else if (s.fail) this.failures.push({ ...s.fail });
    else if (s.fakePodControl) this.fakePodControl = true;
    else if (s.start) this.start();
    else if (s.restart) {
      // kube-controller-manager restarts: the old controller's process ends, a new one lists afresh.
      this.stop!();
      this.start();
    }
    else if (s.closeWatches) cp.apiserver.closeAllWatches('test');
    else if (s.restartApiServer) {
      // kube-apiserver restarts: its watch caches are rebuilt from etcd, so a watch resumed from
      // an earlier version gets 410 Gone and the informer relists.
      cp.apiserver.stop();
      cp.apiserver.start();
    }
    else if (s.resync) {
      resync(s.resync === 'pods' ? this.dsc!.podInformer : this.dsc!.historyInformer);
    } else if (s.wait !== undefined) cp.advance(s.wait);
    else if (s.clear) this.clear();
    else if (s.expect) return this.check(s.expect);
    else throw new Error(`unknown step ${JSON.stringify(s)}`);
    return undefined;
  }

  check(e: any): string | undefined {
    const cp = this.cp;
    const got: any = {};
    const want: any = {};
    if (e.queued !== undefined) {
      got.queued = [...new Set(this.queued)].sort();
      want.queued = e.queued.map((n: string) => `default/${n}`);
    }
    if (e.delayed !== undefined) {
      got.delayed = [...this.delayed];
      want.delayed = e.delayed;
    }
    if (e.creates !== undefined) {
      got.creates = cp.actions.filter((a) => a.resource === 'pods' && a.verb === 'create').length;
      want.creates = e.creates;
    }
    if (e.patches !== undefined) {
      // The controller's patches (adoptions and releases), as "<resource>/<name>".
      got.patches = cp.actions.filter((a) => a.verb === 'patch').map((a) => `${a.resource}/${a.name}`);
      want.patches = e.patches;
    }
    if (e.orphans !== undefined) {
      // Pods and revisions no controller owns, by name (or how many).
      const orphans = ['pods', 'controllerrevisions'].flatMap((r) => cp.admin.list(r, 'default').items.filter((o) => !controllerOf(o)).map((o) => `${r}/${o.metadata.name}`));
      got.orphans = typeof e.orphans === 'number' ? orphans.length : orphans;
      want.orphans = e.orphans;
    }
    if (e.owner !== undefined) {
      got.owner = Object.fromEntries(Object.keys(e.owner).map((n) => [n, controllerOf(cp.admin.get('pods', 'default', n))?.name ?? null]));
      want.owner = e.owner;
    }
    if (e.revisionOwner !== undefined) {
      // The DaemonSet that controls each named revision (null: none).
      got.revisionOwner = Object.fromEntries(Object.keys(e.revisionOwner).map((n) => [n, controllerOf(cp.admin.get('controllerrevisions', 'default', n))?.name ?? null]));
      want.revisionOwner = e.revisionOwner;
    }
    if (e.revisions !== undefined) {
      // How many ControllerRevisions the DaemonSet (by its current UID) owns.
      const uid = this.ds('ds')?.metadata.uid;
      got.revisions = cp.admin.list('controllerrevisions', 'default').items.filter((r) => controllerOf(r)?.uid === uid).length;
      want.revisions = e.revisions;
    }
    if (e.deletes !== undefined) {
      got.deletes = cp.actions.filter((a) => a.resource === 'pods' && a.verb === 'delete').length;
      want.deletes = e.deletes;
    }
    if (e.satisfied !== undefined) {
      got.satisfied = this.dsc!.expectations.satisfied('default/ds');
      want.satisfied = e.satisfied;
    }
    if (e.pods !== undefined) {
      // The DaemonSet's Pods by node: live ones, and terminating ones marked with a "-".
      got.pods = {};
      for (const p of this.podsOf('ds')) {
        const n = targetNodeName(p) ?? '';
        got.pods[n] = [...`${got.pods[n] ?? ''}${p.metadata.deletionTimestamp ? '-' : '+'}`].sort().join('');
      }
      want.pods = e.pods;
    }
    if (e.hashes !== undefined) {
      // How many live Pods carry the current revision's hash, and how many another.
      const ds = this.ds('ds')!;
      const revs = cp.admin.list('controllerrevisions', 'default').items.filter((r) => controllerOf(r)?.uid === ds.metadata.uid);
      const current = revs.sort((a, b) => (b.revision ?? 0) - (a.revision ?? 0))[0]?.metadata.labels?.[CONTROLLER_REVISION_HASH];
      const live = this.podsOf('ds').filter((p) => !p.metadata.deletionTimestamp);
      got.hashes = { current: live.filter((p) => p.metadata.labels?.[CONTROLLER_REVISION_HASH] === current).length, old: live.filter((p) => p.metadata.labels?.[CONTROLLER_REVISION_HASH] !== current).length };
      want.hashes = e.hashes;
    }
    if (e.status !== undefined) {
      const status = this.ds('ds')?.status ?? {};
      got.status = Object.fromEntries(Object.keys(e.status).map((k) => [k, status[k] ?? 0]));
      want.status = e.status;
    }
    return same(got, want);
  }
}

function runCase(c: any): string | undefined {
  for (const strategy of c.strategies ?? ['OnDelete']) {
    const run = new Run();
    for (const [i, s] of c.steps.entries()) {
      const step = s.ds && !s.ds.strategy && strategy !== 'OnDelete' ? { ds: { ...s.ds, strategy } } : s;
      const problem = run.step(step);
      if (problem) return `${strategy}, step ${i + 1}: ${problem}`;
    }
    if (run.cp.sim.failures.length) return `${strategy}: model failures: ${run.cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  }
  return undefined;
}

Then("every case of upstream's daemonset controller test {word} holds on the model", function (table: string) {
  eachCase(upstreamTable(FILE, table), runCase);
});

