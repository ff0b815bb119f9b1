/**
 * Upstream's Deployment controller tests (kubernetes pkg/controller/deployment/deployment_controller_test.go
 * and pkg/controller/controller_utils_test.go's TestComputeHash, v1.32; see
 * steps/fixtures/upstream/deployment-controller-whole.json), run on the whole DeploymentController on a
 * FakeControlPlane: the objects go through the API, the test's writes (a ReplicaSet relabelled,
 * re-owned, released or deleted, a Pod deleted) arrive through the watches, and the checks read
 * what upstream's tests read: the keys the handlers queued (upstream replaces syncHandler: here
 * `hold` does), the ReplicaSets created and patched, the owners after a sync, the status and the Events.
 */
import { Then } from '@cucumber/cucumber';
import { controllerOf, type KObject } from '../../model/api/meta';
import { DeploymentController } from '../../model/controllers/deployment/controller';
import { computeHash, equalIgnoreHash } from '../../model/controllers/deployment/hash';
import { eachCase, same, upstreamTable } from './fixtures';
import { StatusError } from '../../model/api/status';
import { FakeControlPlane, injectFailures, type InjectedFailure, recordQueue, resync } from './harness';

const FILE = 'deployment-controller-whole';
const LABELS = { foo: 'bar' };

/** newDeployment(name, replicas, selector) with the row's strategy, pause and progress deadline. */
function deployment(d: any): KObject {
  const selector = d.selector ?? LABELS;
  const spec: any = {
    replicas: d.replicas ?? 1,
    selector: { matchLabels: selector },
    strategy: { type: d.strategy ?? 'RollingUpdate' },
    template: { metadata: { labels: { ...selector } }, spec: { containers: [{ name: 'c', image: d.image ?? 'foo/bar' }] } },
  };
  if (d.paused) spec.paused = true;
  if (d.progressDeadlineSeconds === null) spec.progressDeadlineSeconds = undefined;
  const metadata: any = { name: d.name, namespace: 'default' };
  if (d.finalizers) metadata.finalizers = d.finalizers;
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata, spec };
}

/** The API server's 403 for a create in a namespace being deleted, with its NamespaceTerminating cause. */
function namespaceTerminating(req: { resource: string; body?: any; namespace?: string }): StatusError {
  const name = req.body?.metadata?.name ?? '';
  return new StatusError({
    kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'Forbidden', code: 403,
    message: `${req.resource}.apps "${name}" is forbidden: unable to create new content in namespace ${req.namespace} because it is being terminated`,
    details: { name, group: 'apps', kind: req.resource, causes: [{ type: 'NamespaceTerminating', message: `namespace ${req.namespace} is being terminated`, field: 'metadata.namespace' }] },
  } as any);
}

class Run {
  readonly cp = new FakeControlPlane(['default']);
  dc?: DeploymentController;
  readonly queued: string[] = [];
  readonly delayed: number[] = [];
  readonly held: string[] = [];
  /** Requests of the controller to fail with a 500: verb, resource, how many more times. */
  readonly failures: InjectedFailure[] = [];
  /** The failures are NamespaceLifecycle's refusal, not a 500. */
  private terminating = false;
  private sync?: (key: string) => void;

  d(name: string): KObject {
    return this.cp.admin.get('deployments', 'default', name);
  }
  rs(name: string): KObject {
    return this.cp.admin.get('replicasets', 'default', name);
  }

  /** A controller reference to a Deployment (by its current UID unless `uid` is given) or to a ReplicaSet. */
  private ref(kind: string, name: string, uid?: string, asKind?: string): any {
    const o = kind === 'Deployment' ? this.d(name) : this.rs(name);
    return { apiVersion: 'apps/v1', kind: asKind ?? kind, name, uid: uid ?? o.metadata.uid, controller: true };
  }

  step(s: any): string | undefined {
    const cp = this.cp;
    if (s.deployment) cp.create('deployments', deployment(s.deployment));
    else if (s.emptySelector) {
      // What validation refuses and upstream's test puts straight into the informer: a Deployment selecting everything.
      const d = this.d(s.emptySelector);
      cp.forceUpdate('deployments', { ...d, spec: { ...d.spec, selector: {} } });
    } else if (s.scale) {
      const d = this.d(s.scale.name);
      cp.admin.update('deployments', 'default', { ...d, spec: { ...d.spec, replicas: s.scale.replicas } });
    } else if (s.pause !== undefined) {
      const d = this.d(s.pause.name);
      cp.admin.update('deployments', 'default', { ...d, spec: { ...d.spec, paused: s.pause.paused } });
    } else if (s.deleteD) cp.admin.delete('deployments', 'default', s.deleteD);
    else if (s.rs) {
      // A ReplicaSet the test makes: controlled by a Deployment, or an orphan; its template carries its labels.
      const r = s.rs;
      const labels = r.labels ?? LABELS;
      const metadata: any = { name: r.name, namespace: 'default', labels };
      if (r.owner) metadata.ownerReferences = [this.ref('Deployment', r.owner, r.uid, r.ownerKind)];
      cp.create('replicasets', {
        apiVersion: 'apps/v1',
        kind: 'ReplicaSet',
        metadata,
        spec: { replicas: r.replicas ?? 0, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [{ name: 'c', image: 'foo/bar' }] } } },
      });
    } else if (s.rsUpdate) {
      // A write to a ReplicaSet: its labels, its controller reference (to another Deployment, or none), or only an annotation.
      const u = s.rsUpdate;
      const cur = this.rs(u.name);
      const metadata: any = { ...cur.metadata };
      if (u.labels) metadata.labels = u.labels;
      if (u.owner !== undefined) {
        if (u.owner) metadata.ownerReferences = [this.ref('Deployment', u.owner)];
        else delete metadata.ownerReferences;
      }
      if (u.annotate) metadata.annotations = { ...(metadata.annotations ?? {}), touched: u.annotate };
      cp.admin.update('replicasets', 'default', { ...cur, metadata });
    } else if (s.deleteRS) cp.admin.delete('replicasets', 'default', s.deleteRS);
    else if (s.pod) {
      const p = s.pod;
      const metadata: any = { name: p.name, namespace: 'default', labels: p.labels ?? LABELS };
      if (p.owner) metadata.ownerReferences = [this.ref('ReplicaSet', p.owner, p.uid)];
      cp.create('pods', { apiVersion: 'v1', kind: 'Pod', metadata, spec: { containers: [{ name: 'c', image: 'foo/bar' }] } });
    } else if (s.deletePod) cp.admin.delete('pods', 'default', s.deletePod);
    else if (s.start) {
      const ctx = this.cp.component();
      injectFailures(ctx, this.failures, (req) => {
        // A refused request was still sent: it is among the controller's actions.
        this.cp.record(req);
        return this.terminating ? namespaceTerminating(req) : new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `fake ${req.verb} ${req.resource} error`, reason: 'InternalError', code: 500 });
      });
      this.dc = new DeploymentController(ctx);
      recordQueue(this.dc.queue, this.queued, this.delayed);
      ctx.informers.start();
    } else if (s.hold) {
      this.sync = this.dc!.syncDeployment.bind(this.dc);
      this.dc!.syncDeployment = (key: string) => void this.held.push(key);
    } else if (s.release) this.dc!.syncDeployment = this.sync!;
    else if (s.staleCache) {
      // The Deployment informer's cache keeps this Deployment as it is now, whatever the watch brings
      // next (upstream's test puts one copy in the lister and a newer one in the clientset).
      const inf = this.dc!.dInformer;
      const key = `default/${s.staleCache}`;
      const snapshot = inf.get(key);
      const get = inf.get.bind(inf);
      inf.get = (k: string) => (k === key ? snapshot : get(k));
    } else if (s.enqueue) this.dc!.queue.add(`default/${s.enqueue}`);
    else if (s.rsStatus) {
      // What the ReplicaSet controller would write: every ReplicaSet the Deployment controls reports this many replicas.
      const uid = this.d(s.rsStatus.of).metadata.uid;
      for (const r of cp.admin.list('replicasets', 'default').items)
        if (controllerOf(r)?.uid === uid) cp.admin.updateStatus('replicasets', 'default', { ...r, status: { replicas: s.rsStatus.replicas } });
    }
    else if (s.fail) this.failures.push({ ...s.fail });
    else if (s.collidingRS) {
      // A ReplicaSet that another user made under the name the Deployment's template hashes to:
      // not its own (no controller reference, labels its selector does not pick), another template.
      const d = this.d(s.collidingRS);
      const name = `${s.collidingRS}-${computeHash(d.spec.template, d.status?.collisionCount)}`;
      const other = { other: 'x' };
      cp.create('replicasets', { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name, namespace: 'default', labels: other }, spec: { replicas: 0, selector: { matchLabels: other }, template: { metadata: { labels: other }, spec: { containers: [{ name: 'c', image: 'foo/other' }] } } } });
    } else if (s.namespaceTerminating) {
      // NamespaceLifecycle's answer to a create while the namespace goes ("default" itself may not be deleted).
      this.terminating = true;
      this.failures.push({ verb: 'create', resource: s.namespaceTerminating, times: 1000 });
    }
    else if (s.resync) resync(s.resync === 'deployments' ? this.dc!.dInformer : this.dc!.rsInformer);
    else if (s.wait !== undefined) cp.advance(s.wait);
    else if (s.clear) {
      cp.clearActions();
      this.queued.length = 0;
      this.held.length = 0;
    } else if (s.expect) return this.check(s.expect);
    else throw new Error(`unknown step ${JSON.stringify(s)}`);
    return undefined;
  }

  check(e: any): string | undefined {
    const cp = this.cp;
    const got: any = {};
    const want: any = {};
    const on = (resource: string, verb: string, sub?: string) => cp.actions.filter((a) => a.resource === resource && a.verb === verb && (a.subresource ?? undefined) === sub);
    if (e.queued !== undefined) {
      got.queued = [...new Set(this.queued)].map((k) => k.replace(/^default\//, '')).sort();
      want.queued = e.queued;
    }
    if (e.rsCreates !== undefined) {
      // ReplicaSets created, by name (a second create of the same name, racing the watch, fails AlreadyExists).
      got.rsCreates = new Set(on('replicasets', 'create').map((a) => a.body?.metadata?.name)).size;
      want.rsCreates = e.rsCreates;
    }
    if (e.rsPatches !== undefined) {
      got.rsPatches = on('replicasets', 'patch').map((a) => a.name).sort();
      want.rsPatches = e.rsPatches;
    }
    if (e.statusUpdates !== undefined) {
      got.statusUpdates = on('deployments', 'update', 'status').length;
      want.statusUpdates = e.statusUpdates;
    }
    if (e.owners !== undefined) {
      // Every ReplicaSet by its controller (apiVersion/kind/name; "-" an orphan), the Deployment's own named by its name and hash.
      const out: Record<string, string> = {};
      for (const r of cp.admin.list('replicasets', 'default').items) {
        const hash = r.metadata.labels?.['pod-template-hash'];
        const name = hash && r.metadata.name === `${controllerOf(r)?.name}-${hash}` ? `${controllerOf(r)!.name}-<hash>` : r.metadata.name!;
        const ref = controllerOf(r);
        out[name] = ref ? `${ref.apiVersion}/${ref.kind}/${ref.name}` : '-';
      }
      got.owners = Object.fromEntries(Object.entries(out).sort());
      want.owners = e.owners;
    }
    if (e.rsReplicas !== undefined) {
      got.rsReplicas = Object.fromEntries(cp.admin.list('replicasets', 'default').items.map((r) => [r.metadata.name, r.spec.replicas]).sort());
      want.rsReplicas = e.rsReplicas;
    }
    if (e.statusReplicas !== undefined) {
      got.statusReplicas = this.d(e.of).status?.replicas ?? 0;
      want.statusReplicas = e.statusReplicas;
    }
    if (e.ownedReplicas !== undefined) {
      // spec.replicas of the ReplicaSets the Deployment controls.
      const uid = this.d(e.of).metadata.uid;
      got.ownedReplicas = cp.admin.list('replicasets', 'default').items.filter((r) => controllerOf(r)?.uid === uid).map((r) => r.spec.replicas);
      want.ownedReplicas = e.ownedReplicas;
    }
    if (e.collisionCount !== undefined) {
      got.collisionCount = this.d(e.of).status?.collisionCount ?? 0;
      want.collisionCount = e.collisionCount;
    }
    if (e.observedGeneration !== undefined) {
      got.observedGeneration = this.d(e.of).status?.observedGeneration ?? 0;
      want.observedGeneration = e.observedGeneration;
    }
    if (e.progressing !== undefined) {
      const c = (this.d(e.of).status?.conditions ?? []).find((x: any) => x.type === 'Progressing');
      got.progressing = c ? `${c.status}/${c.reason}/${c.message}` : null;
      want.progressing = e.progressing;
    }
    if (e.events !== undefined) {
      got.events = cp.admin.list('events', 'default').items.map((x) => `${x.source?.component ?? x.reportingComponent}: ${x.type}/${x.involvedObject.kind}/${x.reason}: ${x.message}`).sort();
      want.events = e.events;
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
  if (run.cp.sim.failures.length) return `model failures: ${run.cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  return undefined;
}

/** TestComputeHash and TestEqualIgnoreHash: `same` says whether the two hashes (or templates) agree. */
function hashCase(c: any): string | undefined {
  const got = c.fn === 'equalIgnoreHash' ? equalIgnoreHash(c.a, c.b) : computeHash(c.a ?? {}, c.collisionA ?? undefined) === computeHash(c.b ?? {}, c.collisionB ?? undefined);
  return same({ same: got }, { same: c.same });
}

Then("every case of upstream's whole deployment controller test {word} holds on the model", function (table: string) {
  eachCase(upstreamTable(FILE, table), table === 'hash' ? hashCase : runCase);
});
