/**
 * Upstream's ReplicaSet controller tests that drive the controller through its handlers, work
 * queue and syncs (kubernetes pkg/controller/replicaset/replica_set_test.go, v1.32; see
 * steps/fixtures/upstream/replicaset-controller.json), run on the whole controller on a
 * FakeControlPlane: the objects are created through the API, the controller starts, the test's
 * writes (a kubelet's Pod status, a Pod relabelled, released or deleted) arrive through the
 * watches, and the checks read what upstream's tests read: the keys the handlers queued (upstream
 * replaces syncHandler to see them: here `hold` does), the creates, deletes and patches sent (the
 * fake Pod control's Templates, DeletePodName and Patches), the expectations, the status written
 * and the Events recorded.
 */
import { Then } from '@cucumber/cucumber';
import { controllerOf, type KObject } from '../../model/api/meta';
import { StatusError } from '../../model/api/status';
import type { ApiRequest } from '../../model/apiserver/request';
import { ReplicaSetController } from '../../model/controllers/replicaset/controller';
import { eachCase, same, upstreamTable } from './fixtures';
import { FakeControlPlane, injectFailures, recordQueue, type InjectedFailure, resync } from './harness';

const FILE = 'replicaset-controller';
const LABELS = { foo: 'bar' };

/** newReplicaSet(replicas, selector) with the row's changes: the template carries the selector's labels and any extra. */
function replicaSet(d: any): KObject {
  const selector = d.selector ?? LABELS;
  const template: any = { metadata: { labels: { ...selector, ...(d.extraLabels ?? {}) } }, spec: { containers: [{ name: 'c', image: 'foo/bar' }] } };
  if (d.templateAnnotations) template.metadata.annotations = d.templateAnnotations;
  if (d.templateFinalizers) template.metadata.finalizers = d.templateFinalizers;
  const metadata: any = { name: d.name ?? 'foobar', namespace: d.namespace ?? 'default' };
  // A ReplicaSet of a Deployment: a controller reference to it (no such Deployment exists; no garbage collector runs).
  if (d.deployment) metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'Deployment', name: d.deployment, uid: `uid-${d.deployment}`, controller: true }];
  if (d.finalizers) metadata.finalizers = d.finalizers;
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata,
    spec: { replicas: d.replicas ?? 1, ...(d.minReadySeconds ? { minReadySeconds: d.minReadySeconds } : {}), selector: { matchLabels: selector }, template },
  };
}

const fail = (code: number, message: string) =>
  new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: code === 404 ? 'NotFound' : 'InternalError', code } as any);

/** Events by "apiVersion/Kind/reason" of the object they are about, summing their counts. */
function eventCounts(events: KObject[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of events) {
    const k = `${e.involvedObject.apiVersion}/${e.involvedObject.kind}/${e.reason}`;
    out[k] = (out[k] ?? 0) + (e.count ?? 1);
  }
  return Object.fromEntries(Object.entries(out).sort());
}

/** A created Pod's generated name made stable: "foobar-" and five random characters read "foobar-*". */
const stableNames = (s: string) => s.replace(/\b([a-z0-9-]+)-[a-z0-9]{5}\b/g, '$1-*');

class Run {
  cp: FakeControlPlane;
  rsc?: ReplicaSetController;
  readonly queued: string[] = [];
  readonly delayed: number[] = [];
  failures: InjectedFailure[] = [];
  /** A create that fails once this many have gone through (upstream's FakePodControl.CreateLimit). */
  createLimit?: number;
  private createsDone = 0;
  /** upstream's fakePodControl: a create recorded and answered here, never sent (never observed). */
  fakePodControl = false;
  private fakeSeq = 0;
  /** The keys the held syncs were asked for (upstream's syncHandler replaced by a recorder). */
  readonly held: string[] = [];
  private sync?: (key: string) => void;
  private stop?: () => void;

  constructor(namespaces: string[]) {
    this.cp = new FakeControlPlane(namespaces);
  }

  rs(name = 'foobar', ns = 'default'): KObject | undefined {
    return this.cp.admin.tryGet('replicasets', ns, name);
  }

  pod(name: string): KObject {
    return this.cp.admin.get('pods', 'default', name);
  }

  start(): void {
    const ctx = this.cp.component();
    this.stop = () => ctx.proc.kill();
    const inner = ctx.client.request.bind(ctx.client);
    ctx.client.request = (req: Omit<ApiRequest, 'token' | 'userAgent'>) => {
      if (req.resource === 'pods' && req.verb === 'create') {
        if (this.createLimit !== undefined && this.createsDone >= this.createLimit) {
          this.cp.actions.push({ verb: 'create', resource: 'pods', namespace: req.namespace, body: req.body });
          throw fail(500, 'fake create error: limit reached');
        }
        this.createsDone++;
        if (this.fakePodControl) {
          this.cp.actions.push({ verb: 'create', resource: 'pods', namespace: req.namespace, body: req.body });
          return { ...req.body, metadata: { ...req.body.metadata, name: `${req.body.metadata.generateName}fake${++this.fakeSeq}`, namespace: req.namespace } };
        }
      }
      return inner(req);
    };
    injectFailures(ctx, this.failures, (req) => {
      const f = this.failures.find((x) => x.verb === req.verb && x.resource === req.resource && (x.subresource ?? undefined) === (req.subresource ?? undefined)) as any;
      this.cp.actions.push({ verb: req.verb, resource: req.resource, subresource: req.subresource, namespace: req.namespace, name: req.name, body: req.body });
      const code = f?.code ?? 500;
      const err = fail(code, `fake ${req.verb} ${req.resource} error`);
      if (code === 404) err.status.details = { name: req.name, kind: req.resource };
      return err;
    });
    const rsc = new ReplicaSetController(ctx);
    this.rsc = rsc;
    recordQueue(rsc.queue, this.queued, this.delayed);
    ctx.informers.start();
  }

  clear(): void {
    this.cp.clearActions();
    this.queued.length = 0;
    this.delayed.length = 0;
    this.held.length = 0;
  }

  step(s: any): string | undefined {
    const cp = this.cp;
    const now = () => cp.sim.clock.nowMs();
    if (s.rs) {
      const cur = this.rs(s.rs.name, s.rs.namespace);
      const want = replicaSet(s.rs);
      if (!cur) cp.create('replicasets', want);
      else cp.admin.update('replicasets', want.metadata.namespace, { ...cur, spec: want.spec });
    } else if (s.deleteRS) cp.admin.delete('replicasets', 'default', s.deleteRS);
    else if (s.rsCondition) {
      // Another writer adds a condition of its own to the ReplicaSet's status.
      const cur = this.rs(s.rsCondition.rs)!;
      cp.admin.updateStatus('replicasets', 'default', { ...cur, status: { ...(cur.status ?? {}), conditions: [...(cur.status?.conditions ?? []), s.rsCondition.condition] } });
    } else if (s.pod) {
      // A Pod the test makes: controlled by a ReplicaSet (by its current UID unless `uid` is given), or an orphan.
      const p = s.pod;
      const ns = p.namespace ?? 'default';
      const owner = p.owner ? this.rs(p.owner, ns) : undefined;
      const ownerReferences = owner
        ? [{ apiVersion: 'apps/v1', kind: p.ownerKind ?? 'ReplicaSet', name: owner.metadata.name!, uid: p.uid ?? owner.metadata.uid!, controller: true }]
        : undefined;
      const labels = p.labels === null ? undefined : (p.labels ?? owner?.spec.selector.matchLabels ?? LABELS);
      const metadata: any = { name: p.name, namespace: ns, ...(labels ? { labels } : {}), ...(ownerReferences ? { ownerReferences } : {}) };
      if (p.finalizers) metadata.finalizers = p.finalizers;
      if (p.annotations) metadata.annotations = p.annotations;
      // sidecarRestarts: a sidecar (an init container that restarts Always) and its restart count.
      const sidecar = p.sidecarRestarts !== undefined ? { initContainers: [{ name: 'sidecar', image: 'foo/sidecar', restartPolicy: 'Always' }] } : {};
      cp.create('pods', { apiVersion: 'v1', kind: 'Pod', metadata, spec: { ...(p.node ? { nodeName: p.node } : {}), ...sidecar, containers: [{ name: 'c', image: 'foo/bar' }] } });
      if (p.phase || p.ready !== undefined) this.writeStatus(p.name, p.phase ?? 'Running', p.ready, ns, p.sidecarRestarts);
    } else if (s.podStatus) this.writeStatus(s.podStatus.name, s.podStatus.phase ?? 'Running', s.podStatus.ready);
    else if (s.podLabels) {
      const pod = this.pod(s.podLabels.name);
      cp.admin.update('pods', 'default', { ...pod, metadata: { ...pod.metadata, labels: s.podLabels.labels } });
    } else if (s.podAnnotate) {
      // An update that changes neither labels nor controller reference.
      const pod = this.pod(s.podAnnotate);
      cp.admin.update('pods', 'default', { ...pod, metadata: { ...pod.metadata, annotations: { touched: String(now()) } } });
    } else if (s.podOwner) {
      // The Pod's controller reference moves to another ReplicaSet, or (to null) goes; labels may change in the same write.
      const pod = this.pod(s.podOwner.name);
      const metadata = { ...pod.metadata };
      const rs = s.podOwner.to ? this.rs(s.podOwner.to)! : undefined;
      if (rs) metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: rs.metadata.name!, uid: rs.metadata.uid!, controller: true }];
      else delete metadata.ownerReferences;
      if (s.podOwner.labels) metadata.labels = s.podOwner.labels;
      cp.admin.update('pods', 'default', { ...pod, metadata });
    } else if (s.deletePod) cp.admin.delete('pods', 'default', s.deletePod);
    else if (s.expectDeletions) {
      // What upstream's TestDeletionTimestamp sets by hand: the ReplicaSet waits for these Pods to go.
      this.rsc!.expectations.expectDeletions(`default/${s.expectDeletions.rs}`, s.expectDeletions.pods.map((n: string) => `default/${n}`));
    } else if (s.creationObserved) this.rsc!.expectations.creationObserved(`default/${s.creationObserved}`);
    else if (s.fail) this.failures.push({ ...s.fail });
    else if (s.unfail) this.failures.length = 0;
    else if (s.createLimit !== undefined) this.createLimit = s.createLimit;
    else if (s.fakePodControl) this.fakePodControl = true;
    else if (s.start) this.start();
    else if (s.hold) {
      // upstream replaces syncHandler with a recorder: the handlers' keys are seen, no sync runs.
      this.sync = this.rsc!.syncReplicaSet.bind(this.rsc);
      this.rsc!.syncReplicaSet = (key: string) => void this.held.push(key);
    } else if (s.release) this.rsc!.syncReplicaSet = this.sync!;
    else if (s.closeWatches) cp.apiserver.closeAllWatches('test');
    else if (s.restartApiServer) {
      // kube-apiserver restarts: a watch resumed from an earlier version gets 410 Gone and the informer relists.
      cp.apiserver.stop();
      cp.apiserver.start();
    } else if (s.resync) resync(s.resync === 'pods' ? this.rsc!.podInformer : this.rsc!.rsInformer);
    else if (s.wait !== undefined) cp.advance(s.wait);
    else if (s.clear) this.clear();
    else if (s.expect) return this.check(s.expect);
    else throw new Error(`unknown step ${JSON.stringify(s)}`);
    return undefined;
  }

  /** What a kubelet writes: the phase, and the Ready condition from now on. */
  private writeStatus(name: string, phase: string, ready: boolean | undefined, ns = 'default', sidecarRestarts?: number): void {
    const pod = this.cp.admin.get('pods', ns, name);
    const status: any = { ...(pod.status ?? {}), phase };
    if (sidecarRestarts !== undefined) status.initContainerStatuses = [{ name: 'sidecar', image: 'foo/sidecar', imageID: '', ready: true, restartCount: sidecarRestarts, started: true, state: { running: {} } }];
    if (ready !== undefined) status.conditions = [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: new Date(this.cp.sim.clock.nowMs()).toISOString() }];
    this.cp.admin.updateStatus('pods', ns, { ...pod, status });
  }

  check(e: any): string | undefined {
    const cp = this.cp;
    const got: any = {};
    const want: any = {};
    const podActions = (verb: string) => cp.actions.filter((a) => a.resource === 'pods' && a.verb === verb);
    if (e.queued !== undefined) {
      got.queued = [...new Set(this.queued)].map((k) => k.replace(/^default\//, '')).sort();
      want.queued = e.queued;
    }
    if (e.delayed !== undefined) {
      got.delayed = [...this.delayed];
      want.delayed = e.delayed;
    }
    if (e.synced !== undefined) {
      got.synced = this.held.length;
      want.synced = e.synced;
    }
    if (e.creates !== undefined) {
      got.creates = podActions('create').length;
      want.creates = e.creates;
    }
    if (e.deletes !== undefined) {
      got.deletes = podActions('delete').map((a) => a.name);
      want.deletes = e.deletes;
    }
    if (e.patches !== undefined) {
      got.patches = podActions('patch').map((a) => a.name);
      want.patches = e.patches;
    }
    if (e.statusUpdates !== undefined) {
      got.statusUpdates = cp.actions.filter((a) => a.resource === 'replicasets' && a.verb === 'update' && a.subresource === 'status').length;
      want.statusUpdates = e.statusUpdates;
    }
    if (e.created !== undefined) {
      // The first Pod created, as sent: what the template gives it.
      const body = podActions('create')[0]?.body;
      got.created = body
        ? { labels: body.metadata.labels ?? null, annotations: body.metadata.annotations ?? null, finalizers: body.metadata.finalizers ?? null, owner: (body.metadata.ownerReferences ?? []).map((r: any) => `${r.apiVersion}/${r.kind}/${r.name}/${r.controller}`) }
        : null;
      want.created = e.created;
    }
    if (e.satisfied !== undefined) {
      got.satisfied = Object.fromEntries(Object.keys(e.satisfied).map((n) => [n, this.rsc!.expectations.satisfied(`default/${n}`)]));
      want.satisfied = e.satisfied;
    }
    if (e.owned !== undefined) {
      // Active Pods by controlling ReplicaSet (by its current UID), orphans under "-".
      const uids = new Map(cp.admin.list('replicasets', 'default').items.map((r) => [r.metadata.uid, r.metadata.name]));
      const counts: Record<string, number> = {};
      for (const p of cp.admin.list('pods', 'default').items) {
        if (p.metadata.deletionTimestamp || p.status?.phase === 'Failed' || p.status?.phase === 'Succeeded') continue;
        const ref = controllerOf(p);
        const k = ref ? (uids.get(ref.uid) ?? `?${ref.name}`) : '-';
        counts[k] = (counts[k] ?? 0) + 1;
      }
      got.owned = Object.fromEntries(Object.entries(counts).sort());
      want.owned = e.owned;
    }
    if (e.ownerOf !== undefined) {
      got.ownerOf = Object.fromEntries(Object.keys(e.ownerOf).map((n) => [n, controllerOf(this.pod(n))?.name ?? null]));
      want.ownerOf = e.ownerOf;
    }
    if (e.status !== undefined) {
      const status = this.rs(e.statusOf)?.status ?? {};
      got.status = Object.fromEntries(Object.keys(e.status).map((k) => [k, status[k] ?? 0]));
      want.status = e.status;
    }
    if (e.statusKeys !== undefined) {
      got.statusKeys = Object.keys(this.rs(e.statusOf)?.status ?? {}).sort();
      want.statusKeys = e.statusKeys;
    }
    if (e.conditions !== undefined) {
      got.conditions = (this.rs(e.statusOf)?.status?.conditions ?? []).map((c: any) => `${c.type}/${c.reason ?? ''}/${c.message ?? ''}`);
      want.conditions = e.conditions;
    }
    if (e.events !== undefined) {
      got.events = eventCounts(cp.admin.list('events', 'default').items);
      want.events = e.events;
    }
    if (e.messages !== undefined) {
      got.messages = cp.admin.list('events', 'default').items.map((x) => `${x.reason}: ${stableNames(x.message)}`).sort();
      want.messages = e.messages;
    }
    return same(got, want);
  }
}

function runCase(c: any): string | undefined {
  const run = new Run(c.namespaces ?? ['default']);
  for (const [i, s] of c.steps.entries()) {
    const problem = run.step(s);
    if (problem) return `step ${i + 1}: ${problem}`;
  }
  if (run.cp.sim.failures.length) return `model failures: ${run.cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  return undefined;
}

Then("every case of upstream's replicaset controller test {word} holds on the model", function (table: string) {
  eachCase(upstreamTable(FILE, table), runCase);
});
