/**
 * newFakeDisruptionController (kubernetes v1.32, pkg/controller/disruption/disruption_test.go)
 * on the model: its DisruptionController on a FakeControlPlane, and the test's steps in the
 * fixture's words (steps/fixtures/upstream/disruption.json). Objects are created through the API
 * (the controller's informers list or watch them); `sync` is the budget's key put on the
 * controller's queue and the virtual time to run it, `syncNow` the controller's sync called at
 * this very instant, as upstream's tests call dc.sync. The scale client is upstream's
 * scalefake.FakeScaleClient: a Scale with no UID for any GET, unless the case gives one per
 * resource (`scales`: a UID and replicas, or "NotFound"). `at` moves virtual time to that many
 * seconds from the case's start.
 */
import { type KObject } from '../../model/api/meta';
import { resourceByName } from '../../model/api/registry';
import { errors } from '../../model/api/status';
import type { ComponentContext } from '../../model/component';
import { DisruptionController } from '../../model/controllers/disruption/controller';
import { expectedPodCount } from '../../model/controllers/disruption/expected';
import { same } from './apps-fakes';
import { FakeControlPlane, injectFailures } from './harness';
import { createController, createPdb, createPod, disruptedAt, isoAt, NAME, NS, setPodStatus, writePdbStatus } from './disruption-objects';

const PDBS = 'poddisruptionbudgets';

export class DisruptionCase {
  readonly cp: FakeControlPlane;
  readonly startMs: number;
  private dc?: DisruptionController;
  private ctx?: ComponentContext;
  private writesChecked = 0;

  constructor(private readonly c: any) {
    this.cp = new FakeControlPlane(c.namespaces ?? [NS]);
    this.startMs = this.cp.sim.clock.nowMs();
  }

  /** Runs the steps; the first disagreement with upstream, or a failure inside the model. */
  run(): string | undefined {
    for (const [i, step] of this.c.steps.entries()) {
      const p = this.step(step);
      if (p) return `step ${i + 1}: ${p}`;
    }
    if (this.cp.sim.failures.length) return `model failures: ${this.cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
    return undefined;
  }

  /** The controller, started as upstream's informer factory starts: its caches synced before any sync. */
  start(): DisruptionController {
    if (this.dc) return this.dc;
    this.ctx = this.cp.component();
    this.dc = new DisruptionController(this.ctx);
    this.dc.listers.getScale = (resource, _ns, name) => this.fakeScale(resource, name);
    this.ctx.informers.start();
    while (!this.dc.informers().every((inf) => inf.hasSynced())) this.cp.advance(1);
    return this.dc;
  }

  private fakeScale(resource: string, name: string): any {
    const r = this.c.scales?.[resource];
    if (r === undefined) return { kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: {}, spec: {} };
    if (r === 'NotFound') throw errors.notFound(resourceByName(resource)!, name);
    return { kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: { name, namespace: NS, uid: r.uid }, spec: { replicas: r.replicas } };
  }

  private pdb(name?: string): KObject {
    return this.cp.admin.get(PDBS, NS, name ?? NAME);
  }

  private events(): any[] {
    return this.cp.actions.filter((a) => a.resource === 'events' && a.verb === 'create').map((a) => a.body);
  }

  /** The status writes the controller sent for budgets (refused ones too). */
  private statusWrites(): any[] {
    return this.cp.actions.filter((a) => a.resource === PDBS && a.subresource === 'status' && a.verb === 'update').map((a) => a.body);
  }

  private step(s: any): string | undefined {
    const cp = this.cp;
    if (s.start) this.start();
    else if (s.settle) cp.settle();
    else if (s.at !== undefined) cp.advance(this.startMs + s.at * 1000 - cp.sim.clock.nowMs());
    else if (s.pdb) createPdb(cp, this.startMs, s.pdb);
    else if (s.updatePdb) {
      const { name, ...spec } = s.updatePdb;
      const pdb = this.pdb(name);
      cp.admin.update(PDBS, NS, { ...pdb, spec: { ...pdb.spec, ...spec } });
    } else if (s.status) {
      const { pdb, ...change } = s.status;
      writePdbStatus(cp, this.startMs, pdb ?? NAME, change);
    } else if (s.rs) createController(cp, 'ReplicaSet', s.rs.replicas);
    else if (s.ss) createController(cp, 'StatefulSet', s.ss.replicas);
    else if (s.ds) createController(cp, 'DaemonSet', 0);
    else if (s.pod) createPod(cp, this.startMs, s.pod);
    else if (s.unready) setPodStatus(cp, s.unready, NS, { conditions: [] });
    else if (s.podConditions) setPodStatus(cp, s.podConditions.pod, NS, { conditions: s.podConditions.conditions.map((c: any) => ({ ...c, lastTransitionTime: isoAt(this.startMs, c.lastTransitionTime ?? 0) })) });
    else if (s.deletePod) cp.admin.delete('pods', NS, s.deletePod);
    else if (s.scale) cp.admin.updateScale(`${s.scale.kind.toLowerCase()}s`, NS, NAME, s.scale.replicas);
    else if (s.failWrites) this.failWrites(s.failWrites);
    else if (s.sync) {
      const dc = this.start();
      cp.settle();
      dc.queue.add(`${NS}/${s.sync === true ? NAME : s.sync}`);
      cp.settle();
    } else if (s.syncNow) (this.start() as unknown as { sync(key: string): void }).sync(`${NS}/${NAME}`);
    else return this.check(s);
    return undefined;
  }

  /**
   * The fake clientset's reactor on budget status updates: the next `times` fail with `code`
   * (a 409 Conflict after `evict`ing Pods the way TestUpdatePDBStatusRetries' evict does: the
   * budget's disruptionsAllowed down by one each, each in disruptedPods, each Pod deleted).
   */
  private failWrites(f: { times: number; code: number; message?: string; evict?: string[] }): void {
    const r = resourceByName(PDBS)!;
    this.start();
    injectFailures(this.ctx!, [{ verb: 'update', resource: PDBS, subresource: 'status', times: f.times }], (req) => {
      if (f.evict) {
        const pdb = this.pdb(req.name);
        const now = Math.round((this.cp.sim.clock.nowMs() - this.startMs) / 1000);
        const disruptedPods = Object.fromEntries(f.evict.map((n) => [n, now]));
        writePdbStatus(this.cp, this.startMs, req.name!, { disruptionsAllowed: pdb.status.disruptionsAllowed - f.evict.length, disruptedPods });
        for (const n of f.evict) this.cp.admin.delete('pods', NS, n);
      }
      if (f.code === 409) return errors.conflict(r, req.name!);
      return errors.internal(f.message ?? 'injected');
    });
  }

  private check(s: any): string | undefined {
    if (s.expect) return this.verifyStatus(s.pdb, s.expect, s.disrupted, s.observedGeneration);
    if (s.expectAllowed !== undefined) return prefix('disruptionsAllowed', same(this.pdb().status?.disruptionsAllowed, s.expectAllowed));
    if (s.expectNoStatus) return prefix(`status of ${s.expectNoStatus}`, same(this.pdb(s.expectNoStatus).status ?? null, null));
    if (s.expectEvent) return this.expectEvent(s.expectEvent);
    if (s.expectNoEvent) {
      const found = this.events().filter((e) => e.reason === s.expectNoEvent);
      return found.length ? `unexpected ${s.expectNoEvent} event: ${found[0].message}` : undefined;
    }
    if (s.expectNoSyncFailure) {
      // VerifyNoStatusError: no SyncFailed condition saying "found no controller ref".
      const bad = (this.pdb().status?.conditions ?? []).find((x: any) => x.reason === 'SyncFailed');
      return bad ? `SyncFailed: ${bad.message}` : undefined;
    }
    if (s.expectNoFailSafe) {
      const failSafe = this.statusWrites().find((b) => failedSafe(b));
      return failSafe ? `a fail-safe status was sent: ${JSON.stringify(failSafe.status)}` : undefined;
    }
    if (s.expectFailSafe) {
      // The fail-safe status sent (the budget's own update then syncs it again): none allowed, SyncFailed saying why.
      const sent = this.statusWrites().some((b) => `${b.apiVersion} ${b.kind}` === 'policy/v1 PodDisruptionBudget' && b.status?.disruptionsAllowed === 0 && failedSafe(b)?.message === s.expectFailSafe);
      return sent ? undefined : `no fail-safe status saying ${JSON.stringify(s.expectFailSafe)} among ${JSON.stringify(this.statusWrites().map((b) => b.status))}`;
    }
    if (s.expectCondition) return this.expectCondition(s.expectCondition);
    if (s.expectConditions) return prefix('conditions', same((this.pdb().status?.conditions ?? []).map((x: any) => x.type), s.expectConditions));
    if (s.expectStatusWrites !== undefined) {
      // UpdateStatus sends the budget as the typed client encodes it: a policy/v1 PodDisruptionBudget.
      const writes = this.statusWrites();
      const since = writes.slice(this.writesChecked);
      this.writesChecked = writes.length;
      const kinds = [...new Set(since.map((b) => `${b.apiVersion} ${b.kind}`))];
      return prefix('status writes', same({ count: since.length, kinds }, { count: s.expectStatusWrites, kinds: since.length ? ['policy/v1 PodDisruptionBudget'] : [] }));
    }
    if (s.expectUnmanaged) {
      // TestTotalUnmanagedPods: getExpectedScale's unmanaged Pods, asked directly.
      const pods = this.cp.admin.list('pods', NS).items;
      return prefix('unmanaged Pods', same(expectedPodCount(this.pdb(), pods, this.start().listers).unmanagedPods, s.expectUnmanaged));
    }
    if (s.expectPodConditions) {
      const pod = this.cp.admin.get('pods', NS, s.expectPodConditions.pod);
      const got = (pod.status?.conditions ?? []).map(({ lastTransitionTime: _t, ...c }: any) => c);
      return prefix('Pod conditions (lastTransitionTime aside)', same(got, s.expectPodConditions.conditions));
    }
    throw new Error(`unknown step ${JSON.stringify(s)}`);
  }

  /**
   * VerifyPdbStatus: the four counts, the disrupted Pods, observedGeneration equal to the
   * budget's generation (or as the case says: the API server sets generation 1 where upstream's
   * test objects have 0), and the DisruptionAllowed condition True exactly when a disruption is allowed.
   */
  private verifyStatus(name: string | undefined, want: number[], disrupted: Record<string, number> | undefined, generation?: number): string | undefined {
    const pdb = this.pdb(name);
    const s = pdb.status ?? {};
    const got = { counts: [s.disruptionsAllowed, s.currentHealthy, s.desiredHealthy, s.expectedPods], disruptedPods: s.disruptedPods ?? {}, observedGeneration: s.observedGeneration ?? 0 };
    const p = same(got, { counts: want, disruptedPods: disruptedAt(this.startMs, disrupted ?? {}), observedGeneration: generation ?? pdb.metadata.generation });
    if (p) return p;
    const cond = (s.conditions ?? []).find((c: any) => c.type === 'DisruptionAllowed');
    if (!cond) return 'no DisruptionAllowed condition';
    const status = want[0] > 0 ? 'True' : 'False';
    return cond.status === status ? undefined : `DisruptionAllowed is ${cond.status}, want ${status}`;
  }

  /** [type, status, reason, message], or an object with observedGeneration and lastTransitionTime (an offset) too. */
  private expectCondition(want: any): string | undefined {
    const w = Array.isArray(want) ? { type: want[0], status: want[1], reason: want[2], message: want[3] } : { ...want };
    if (w.lastTransitionTime !== undefined) w.lastTransitionTime = isoAt(this.startMs, w.lastTransitionTime);
    const cond = (this.pdb(w.pdb).status?.conditions ?? []).find((x: any) => x.type === w.type);
    delete w.pdb;
    const got = cond ? Object.fromEntries(Object.keys(w).map((k) => [k, cond[k]])) : null;
    return prefix('condition', same(got, w));
  }

  /** verifyEventEmitted: a reason alone, or the event's type, message (or a pattern), object and source. */
  private expectEvent(want: any): string | undefined {
    const w = typeof want === 'string' ? { reason: want } : want;
    const fields = (e: any) => ({
      reason: e.reason,
      type: e.type,
      message: e.message,
      object: `${e.involvedObject?.apiVersion} ${e.involvedObject?.kind} ${e.involvedObject?.namespace}/${e.involvedObject?.name}`,
      source: e.source?.component,
    });
    const matches = (e: any) =>
      Object.entries(w).every(([k, v]) => (k === 'messageMatches' ? new RegExp(`^${v}$`).test(e.message) : (fields(e) as any)[k] === v));
    const events = this.events();
    if (events.some(matches)) return undefined;
    return `no event ${JSON.stringify(w)} among ${JSON.stringify(events.map(fields))}`;
  }
}

const failedSafe = (pdb: any) => (pdb.status?.conditions ?? []).find((x: any) => x.type === 'DisruptionAllowed' && x.reason === 'SyncFailed');
const prefix = (what: string, p: string | undefined) => (p ? `${what} ${p}` : undefined);
