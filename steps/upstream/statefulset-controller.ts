/**
 * Upstream's StatefulSet controller tests that drive the whole controller (kubernetes v1.32,
 * pkg/controller/statefulset/stateful_set_test.go: its informers, event handlers, work queue and
 * syncs) and pkg/controller/history/controller_history_test.go (the revisions a set keeps), run
 * on a FakeControlPlane (fixtures/upstream/statefulset-controller.json): the objects are created
 * through the API, the controller starts, the test's writes (a kubelet's Pod status, a Pod
 * released or deleted) arrive through the watches, and the checks read what upstream's tests
 * read: the keys the handlers queued, the Pods and claims that exist and their owners, the
 * ControllerRevisions, the status written and the Events recorded.
 */
import { Then } from '@cucumber/cucumber';
import { controllerOf, type KObject } from '../../model/api/meta';
import { StatusError } from '../../model/api/status';
import { StatefulSetController } from '../../model/controllers/statefulset/controller';
import { ordinalOf, podRevision } from '../../model/controllers/statefulset/identity';
import { newRevision } from '../../model/controllers/statefulset/revisions';
import { eachCase, same, upstreamTable } from './fixtures';
import { FakeControlPlane, injectFailures, recordQueue, type InjectedFailure, resync } from './harness';

const FILE = 'statefulset-controller';

/** newStatefulSet(replicas) as stateful_set_test.go makes it, with the row's changes. */
function statefulSet(s: any): KObject {
  const labels = { foo: 'bar', ...(s.templateLabels ?? {}) };
  const spec: any = {
    replicas: s.replicas ?? 3,
    selector: { matchLabels: { foo: 'bar' } },
    serviceName: 'governingsvc',
    podManagementPolicy: s.policy ?? 'OrderedReady',
    updateStrategy: s.onDelete ? { type: 'OnDelete' } : s.partition !== undefined ? { type: 'RollingUpdate', rollingUpdate: { partition: s.partition } } : { type: 'RollingUpdate' },
    template: {
      metadata: { labels, ...(s.templateAnnotations ? { annotations: s.templateAnnotations } : {}), ...(s.templateFinalizers ? { finalizers: s.templateFinalizers } : {}) },
      spec: { containers: [{ name: 'nginx', image: s.image ?? 'nginx', ...(s.claims ? { volumeMounts: [{ name: 'datadir', mountPath: '/data' }] } : {}) }] },
    },
  };
  if (s.minReadySeconds) spec.minReadySeconds = s.minReadySeconds;
  if (s.start !== undefined) spec.ordinals = { start: s.start };
  if (s.revisionHistoryLimit !== undefined) spec.revisionHistoryLimit = s.revisionHistoryLimit;
  if (s.claims) spec.volumeClaimTemplates = [{ metadata: { name: 'datadir' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }];
  if (s.retention) spec.persistentVolumeClaimRetentionPolicy = s.retention;
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: s.name ?? 'foo', namespace: 'default', ...(s.annotations ? { annotations: s.annotations } : {}), ...(s.finalizers ? { finalizers: s.finalizers } : {}) },
    spec,
  };
}

const fail = (message: string) => new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'InternalError', code: 500 } as any);

class Run {
  readonly cp = new FakeControlPlane();
  ssc?: StatefulSetController;
  readonly queued: string[] = [];
  readonly delayed: number[] = [];
  failures: InjectedFailure[] = [];
  private stop?: () => void;

  set(name = 'foo'): KObject | undefined {
    return this.cp.admin.tryGet('statefulsets', 'default', name);
  }

  pod(ordinal: number | string, set = 'foo'): KObject {
    return this.cp.admin.get('pods', 'default', typeof ordinal === 'string' ? ordinal : `${set}-${ordinal}`);
  }

  start(): void {
    const ctx = this.cp.component();
    this.stop = () => ctx.proc.kill();
    injectFailures(ctx, this.failures, (req) => fail(`fake ${req.verb} ${req.resource} error`));
    const ssc = new StatefulSetController(ctx);
    this.ssc = ssc;
    recordQueue(ssc.queue, this.queued, this.delayed);
    ctx.informers.start();
  }

  /** What a kubelet writes for a Pod: its phase, and the Ready condition from now on. */
  podStatus(s: any): void {
    const pods = s.all ? this.cp.admin.list('pods', 'default').items : [this.pod(s.ordinal, s.set)];
    for (const pod of pods) {
      const status: any = { ...(pod.status ?? {}) };
      if (s.phase) status.phase = s.phase;
      if (s.ready !== undefined) status.conditions = [{ type: 'Ready', status: s.ready ? 'True' : 'False', lastTransitionTime: new Date(this.cp.sim.clock.nowMs()).toISOString() }];
      this.cp.admin.updateStatus('pods', 'default', { ...pod, status });
    }
  }

  step(s: any): string | undefined {
    const cp = this.cp;
    if (s.set) {
      const cur = this.set(s.set.name);
      const want = statefulSet(s.set);
      if (!cur) cp.create('statefulsets', want);
      else cp.admin.update('statefulsets', 'default', { ...cur, metadata: { ...cur.metadata, annotations: want.metadata.annotations }, spec: want.spec });
    } else if (s.pod) {
      // A Pod the test makes: an orphan (no controller reference), or one controlled by the set (or by the UID given).
      const p = s.pod;
      const owner = p.owner ? this.set(p.owner) : undefined;
      const ownerReferences = owner ? [{ apiVersion: 'apps/v1', kind: p.kind ?? 'StatefulSet', name: owner.metadata.name!, uid: p.uid ?? owner.metadata.uid!, controller: true }] : undefined;
      cp.create('pods', {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: p.name, namespace: 'default', labels: p.labels ?? { foo: 'bar' }, ...(ownerReferences ? { ownerReferences } : {}) },
        spec: { containers: [{ name: 'nginx', image: 'nginx' }] },
      });
    } else if (s.podStatus) this.podStatus(s.podStatus);
    else if (s.up) {
      // A kubelet running every Pod as it comes: each live Pod not yet Ready made Running and Ready, until none is left.
      for (let round = 0; round < 50; round++) {
        const pending = cp.admin.list('pods', 'default').items.filter((p) => !p.metadata.deletionTimestamp && !(p.status?.conditions ?? []).some((c: any) => c.type === 'Ready' && c.status === 'True'));
        if (!pending.length && round > 0) break;
        for (const p of pending) this.podStatus({ ordinal: p.metadata.name, phase: 'Running', ready: true });
        cp.advance(100);
      }
    } else if (s.gone) {
      // What the kubelet does for a terminating Pod: it goes.
      for (const p of cp.admin.list('pods', 'default').items) if (p.metadata.deletionTimestamp) cp.admin.delete('pods', 'default', p.metadata.name!, { gracePeriodSeconds: 0 } as any);
      cp.advance(100);
    } else if (s.squat) {
      // A ControllerRevision, owned by nobody, under the name the set's first revision would take, with other data.
      const set = this.set()!;
      const r = newRevision(set, 1, set.status?.collisionCount ?? 0);
      // It carries the hash label too: only its data tells it apart.
      cp.create('controllerrevisions', { ...r, metadata: { name: r.metadata.name, namespace: 'default', labels: r.metadata.labels }, data: { squatter: true } } as any);
    }
    else if (s.podLabels) {
      // The Pod's labels replaced (an update with a new resourceVersion).
      const pod = this.pod(s.podLabels.name);
      const labels = s.podLabels.labels ?? Object.fromEntries(Object.entries(pod.metadata.labels ?? {}).filter(([k]) => !s.podLabels.drop.includes(k)));
      cp.admin.update('pods', 'default', { ...pod, metadata: { ...pod.metadata, labels } });
    } else if (s.podOwner) {
      // The Pod's controller reference goes (null) or names another object.
      const pod = this.pod(s.podOwner.name);
      const metadata = { ...pod.metadata };
      if (s.podOwner.to) {
        const set = this.set(s.podOwner.to)!;
        metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: set.metadata.name!, uid: set.metadata.uid!, controller: true }];
      } else delete metadata.ownerReferences;
      cp.admin.update('pods', 'default', { ...pod, metadata });
    } else if (s.deletePod !== undefined) cp.admin.delete('pods', 'default', typeof s.deletePod === 'string' ? s.deletePod : `foo-${s.deletePod}`);
    else if (s.deleteClaim) cp.admin.delete('persistentvolumeclaims', 'default', s.deleteClaim);
    else if (s.deleteSet) cp.admin.delete('statefulsets', 'default', s.deleteSet);
    else if (s.fail) this.failures.push({ ...s.fail });
    else if (s.start) this.start();
    else if (s.restart) {
      this.stop!();
      this.start();
    } else if (s.resync) {
      resync(this.ssc!.podInformer);
    } else if (s.wait !== undefined) cp.advance(s.wait);
    else if (s.clear) {
      cp.clearActions();
      this.queued.length = 0;
      this.delayed.length = 0;
    } else if (s.expect) return this.check(s.expect);
    else throw new Error(`unknown step ${JSON.stringify(s)}`);
    return undefined;
  }

  check(e: any): string | undefined {
    const cp = this.cp;
    const got: any = {};
    const want: any = {};
    const set = this.set(e.of ?? 'foo');
    const revisions = () =>
      cp.admin
        .list('controllerrevisions', 'default')
        .items.filter((r) => controllerOf(r)?.uid === set?.metadata.uid)
        .sort((a: any, b: any) => a.revision - b.revision);
    if (e.queued !== undefined) {
      got.queued = [...new Set(this.queued)].sort();
      want.queued = e.queued.map((n: string) => `default/${n}`);
    }
    if (e.queuedFirst !== undefined) {
      // The first keys queued since the last clear, in order (what one handler call adds).
      got.queuedFirst = this.queued.slice(0, e.queuedFirst.length);
      want.queuedFirst = e.queuedFirst.map((n: string) => `default/${n}`);
    }
    if (e.delayed !== undefined) [got.delayed, want.delayed] = [this.delayed, e.delayed];
    if (e.pods !== undefined) {
      // The set's Pods by ordinal: "+" live, "-" terminating; each at the update revision ("u") or another ("c").
      got.pods = cp.admin
        .list('pods', 'default')
        .items.filter((p) => controllerOf(p)?.uid === set?.metadata.uid)
        .sort((a, b) => ordinalOf(a) - ordinalOf(b))
        .map((p) => `${ordinalOf(p)}${p.metadata.deletionTimestamp ? '-' : '+'}${podRevision(p) === set?.status?.updateRevision ? 'u' : 'c'}`);
      want.pods = e.pods;
    }
    if (e.owners !== undefined) {
      // Every Pod's controller: the set's name when its UID matches, "other", or "none".
      got.owners = Object.fromEntries(
        cp.admin
          .list('pods', 'default')
          .items.sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1))
          .map((p) => {
            const ref = controllerOf(p);
            const owner = ref ? this.set(ref.name) : undefined;
            return [p.metadata.name, !ref ? 'none' : owner && owner.metadata.uid === ref.uid ? ref.name : 'other'];
          }),
      );
      want.owners = e.owners;
    }
    if (e.claims !== undefined) {
      // Every claim with its owners: "set" (the set, as controller), "pod:<name>", or another kind.
      got.claims = Object.fromEntries(
        cp.admin
          .list('persistentvolumeclaims', 'default')
          .items.sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1))
          .map((c) => [
            c.metadata.name,
            (c.metadata.ownerReferences ?? [])
              .map((r) => (r.kind === 'StatefulSet' && r.uid === set?.metadata.uid ? `set${r.controller ? '' : '?'}${r.blockOwnerDeletion ? '!' : ''}` : r.kind === 'Pod' && r.uid === cp.admin.tryGet('pods', 'default', r.name)?.metadata.uid ? `pod:${r.name}` : `${r.kind}:${r.name}`))
              .sort(),
          ]),
      );
      want.claims = e.claims;
    }
    if (e.revisions !== undefined) {
      // The set's ControllerRevisions by revision number: the image of each one's template.
      got.revisions = revisions().map((r: any) => `${r.revision}:${r.data.spec.template.spec.containers[0].image}`);
      want.revisions = e.revisions;
    }
    if (e.revision !== undefined) {
      // The newest revision's labels and annotations, its data's patch directive, and its name's hash.
      const r: any = revisions().at(-1);
      const hash = r.metadata.labels['controller.kubernetes.io/hash'];
      got.revision = { labels: r.metadata.labels, annotations: r.metadata.annotations ?? null, patch: r.data.spec.template.$patch, named: r.metadata.name === `${set!.metadata.name}-${hash}`, owner: controllerOf(r)?.kind ?? null };
      want.revision = { ...e.revision, labels: { ...e.revision.labels, 'controller.kubernetes.io/hash': hash } };
    }
    if (e.currentIsUpdate !== undefined) [got.currentIsUpdate, want.currentIsUpdate] = [set?.status?.currentRevision === set?.status?.updateRevision, e.currentIsUpdate];
    if (e.status !== undefined) {
      const status = set?.status ?? {};
      got.status = Object.fromEntries(Object.keys(e.status).map((k) => [k, status[k] ?? null]));
      want.status = e.status;
    }
    if (e.podTemplate !== undefined) {
      // What the set's Pod carries of its template's metadata and its identity.
      const p = this.pod(e.podTemplate.ordinal);
      got.podTemplate = { annotations: p.metadata.annotations ?? null, finalizers: p.metadata.finalizers ?? null, hostname: p.spec.hostname ?? null, subdomain: p.spec.subdomain ?? null, ordinal: e.podTemplate.ordinal };
      want.podTemplate = e.podTemplate;
    }
    if (e.events !== undefined) {
      // The Events recorded about the set: "reason: message".
      got.events = cp.admin
        .list('events', 'default')
        .items.filter((ev: any) => ev.involvedObject?.kind === 'StatefulSet' && ev.involvedObject?.apiVersion === 'apps/v1' && ev.involvedObject?.uid === set?.metadata.uid)
        .sort((a: any, b: any) => (a.metadata.creationTimestamp < b.metadata.creationTimestamp ? -1 : a.metadata.creationTimestamp > b.metadata.creationTimestamp ? 1 : 0))
        .map((ev: any) => `${ev.reason}: ${ev.message}`);
      want.events = e.events;
    }
    if (e.podWrites !== undefined) {
      // The writes to Pods the controller sent since the last clear.
      got.podWrites = cp.actions.filter((a) => a.resource === 'pods').map((a) => `${a.verb}${a.name ? ' ' + a.name : ' ' + (a.body?.metadata?.name ?? '')}`);
      want.podWrites = e.podWrites;
    }
    if (e.podWritesFirst !== undefined) {
      // The first writes to Pods since the last clear, in order (later ones may repeat them from a cache not yet caught up).
      got.podWritesFirst = cp.actions.filter((a) => a.resource === 'pods').map((a) => `${a.verb}${a.name ? ' ' + a.name : ' ' + (a.body?.metadata?.name ?? '')}`).slice(0, e.podWritesFirst.length);
      want.podWritesFirst = e.podWritesFirst;
    }
    if (e.claimWrites !== undefined) {
      got.claimWrites = cp.actions.filter((a) => a.resource === 'persistentvolumeclaims').map((a) => a.verb);
      want.claimWrites = e.claimWrites;
    }
    if (e.podLabels !== undefined) {
      // The label keys a Pod carries.
      got.podLabels = { ordinal: e.podLabels.ordinal, labels: Object.keys(this.pod(e.podLabels.ordinal).metadata.labels ?? {}).sort() };
      want.podLabels = e.podLabels;
    }
    if (e.writes !== undefined) {
      // The writes the controller sent since the last clear, as "verb resource[/subresource]".
      got.writes = cp.actions.filter((a) => a.resource !== 'events').map((a) => `${a.verb} ${a.resource}${a.subresource ? '/' + a.subresource : ''}${a.name ? ' ' + a.name : ''}`);
      want.writes = e.writes;
    }
    return same(got, want);
  }
}

function runCase(c: any): string | undefined {
  const run = new Run();
  for (const [i, s] of c.steps.entries()) {
    const problem = run.step(s);
    if (problem) return `step ${i + 1}: ${problem}`;
  }
  if (!c.failures && run.cp.sim.failures.length) return `model failures: ${run.cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  return undefined;
}

Then("every case of upstream's statefulset controller test {word} holds on the model", function (table: string) {
  eachCase(upstreamTable(FILE, table), runCase);
});
