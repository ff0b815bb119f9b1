/**
 * Upstream's EndpointSlice controller, reconciler and tracker tests (kubernetes v1.32:
 * pkg/controller/endpointslice/endpointslice_controller_test.go, staging/src/k8s.io/endpointslice's
 * reconciler_test.go and util/endpointslice_tracker_test.go; steps/fixtures/upstream/
 * endpointslice-controller.json says how they are encoded and what was left out). The controller
 * tables run the model's EndpointSliceController on a FakeControlPlane: the objects go through the
 * API, the controller starts (endpointslice-run.ts), and the checks read the writes it sent and
 * the slices it left. The handler and retry tables (endpointslice-handlers.ts), the reconciler
 * tables (endpointslice-reconciler.ts) and the tracker and trigger time tables
 * (endpointslice-tracker.ts) are run from here too.
 */
import { Then } from '@cucumber/cucumber';
import { StaleInformerCacheError } from '../../model/controllers/endpointslice/controller';
import { LAST_CHANGE_TRIGGER_TIME } from '../../model/controllers/endpointslice/reconciler';
import { eachCase, same, upstreamTable } from './fixtures';
import { ControllerRun, DEFAULT, SETTLE_MS } from './endpointslice-run';
import { checkWant, sortedJSON } from './endpointslice-want';
import { HANDLER_CHECKS } from './endpointslice-handlers';
import { RECONCILER_CHECKS } from './endpointslice-reconciler';
import { TRACKER_CHECKS } from './endpointslice-tracker';

const FILE = 'endpointslice-controller';
const table = (name: string) => upstreamTable(FILE, name);

/** The endpoint as upstream's tests write it: their Pods have no UID. */
const withoutUID = (e: any) => ({ ...e, targetRef: { ...e.targetRef, uid: undefined } });

const CONTROLLER_CHECKS: Record<string, (c: any) => string | undefined> = {
  syncServiceWrites: (c) => {
    const run = new ControllerRun();
    const svc = run.service(c.service);
    for (const p of c.pods ?? []) run.pod(p);
    for (const s of c.slices ?? []) run.slice(s, svc);
    run.start();
    const before = run.writes();
    const problem = checkWant(c.want, { writes: before, writeNames: run.writeNames(), slices: run.slices(), triggerTime: '*' }) ?? same(run.crashes(), []);
    if (problem || !c.after) return problem;
    run.cp.clearActions();
    for (const s of c.after.slices ?? []) run.slice(s, svc);
    run.cp.advance(SETTLE_MS);
    return same(run.writes(), c.want.writesAfter);
  },
  syncService: (c) => {
    const run = new ControllerRun();
    const svc = run.service(c.service);
    for (const p of c.pods) run.pod(p);
    run.start();
    const slices = run.slices();
    return (
      checkWant({ lastWrites: ['create'], slices: 1 }, { writes: run.writes(), slices }) ??
      same(slices[0].metadata.annotations?.[LAST_CHANGE_TRIGGER_TIME], svc.metadata.creationTimestamp) ??
      same(sortedJSON(slices[0].ports ?? []), sortedJSON(c.wantPorts)) ??
      same(sortedJSON((slices[0].endpoints ?? []).map(withoutUID)), sortedJSON(c.wantEndpoints))
    );
  },
  syncServiceMissing: (c) => {
    const run = new ControllerRun();
    run.service({ name: c.existing, selector: { foo: 'bar' } });
    run.start();
    const missing = `${DEFAULT}/${c.missing}`;
    // Upstream puts a state for the missing Service in the tracker; here a sync of it once did.
    run.esc.triggers.compute(missing, { metadata: { name: c.missing, namespace: DEFAULT, creationTimestamp: '2024-01-01T00:00:00Z' } }, []);
    run.cp.clearActions();
    run.esc.syncService(missing);
    return same({ writes: run.writes(), missing: run.esc.triggers.tracks(missing), existing: run.esc.triggers.tracks(`${DEFAULT}/${c.existing}`) }, { writes: [], missing: false, existing: true });
  },
  onEndpointSliceUpdate: (c) => {
    const run = new ControllerRun();
    run.slice(c.slice);
    run.start();
    run.queued.length = 0;
    const cur = run.cp.admin.get('endpointslices', DEFAULT, c.slice.name);
    run.cp.admin.update('endpointslices', DEFAULT, { ...cur, metadata: { ...cur.metadata, labels: { ...cur.metadata.labels, ...c.update } } });
    run.cp.advance(SETTLE_MS);
    return same(run.queued, c.wantQueued);
  },
  podBatching: (c) => {
    const run = new ControllerRun();
    run.service({ name: 'foo', selector: { foo: 'bar' } });
    for (let i = 0; i < (c.podsCount ?? 0); i++) run.pod({ n: i });
    run.start({ updatesBatchPeriodMs: c.batchPeriodMs });
    run.cp.clearActions();
    for (const [i, s] of c.steps.entries()) {
      run.cp.advance(s.delay);
      if (c.change === 'add') run.pod({ n: i });
      else if (c.change === 'delete') run.cp.admin.delete('pods', DEFAULT, s.pod, { gracePeriodSeconds: 0 });
      else {
        const pod = run.cp.admin.get('pods', DEFAULT, s.pod);
        const podIPs = [{ ip: s.podIP }, ...pod.status.podIPs.slice(1)];
        run.cp.admin.updateStatus('pods', DEFAULT, { ...pod, status: { ...pod.status, podIP: s.podIP, podIPs } });
      }
    }
    run.cp.advance(c.finalDelay);
    return same(run.writes().length, c.wantWrites);
  },
  staleInformer: (c) => {
    const run = new ControllerRun();
    run.service({ name: 'testing-1', selector: { foo: 'bar' } });
    run.start();
    const [slice] = run.slices();
    const rv = Number(slice.metadata.resourceVersion);
    run.esc.tracker.update({ ...slice, metadata: { ...slice.metadata, resourceVersion: String(rv + c.trackerGeneration - c.informerGeneration) } });
    let stale: string | false = false;
    try {
      run.esc.syncService(`${DEFAULT}/testing-1`);
    } catch (e) {
      if (!(e instanceof StaleInformerCacheError)) throw e;
      stale = e.message;
    }
    // Stale: the error's text, endpointslicepkg.NewStaleInformerCache's.
    return same(stale, c.wantStale && 'EndpointSlice informer cache is out of date');
  },
};


const CHECKS: Record<string, (c: any) => string | undefined> = { ...CONTROLLER_CHECKS, ...HANDLER_CHECKS, ...TRACKER_CHECKS, ...RECONCILER_CHECKS };

Then("every case of upstream's EndpointSlice controller test {word} holds on the model", function (name: string) {
  const check = CHECKS[name];
  if (!check) throw new Error(`no check for upstream EndpointSlice controller table "${name}"`);
  eachCase(table(name), check);
});
