/**
 * The EndpointSlice controller's informer handlers, queue, retries and cache wait
 * (endpointslice_controller.go v1.32: onServiceUpdate, onServiceDelete, addPod, updatePod,
 * deletePod, onEndpointSliceAdd, onEndpointSliceUpdate, onEndpointSliceDelete,
 * queueServiceForEndpointSlice, handleErr, syncService's event, Run's WaitForNamedCacheSync), which
 * upstream's tests leave unpinned: the model's own rows (steps/fixtures/upstream/
 * endpointslice-controller.json's handlers, retries and cacheSync tables), their expectations read
 * off upstream's code. A row sets up Services, Pods and slices, starts the controller and lets it
 * settle, then takes its steps (each followed by 5 s, or the step's `advance`) and checks what
 * the queue was asked, what was written, the events recorded and what the trigger time tracker
 * still knows.
 */
import type { KObject } from '../../model/api/meta';
import { LABEL_SERVICE_NAME } from '../../model/controllers/endpointslice/labels';
import { ControllerRun, DEFAULT, SETTLE_MS } from './endpointslice-run';
import { same } from './fixtures';

/** A slice of the row's, owned (when it says so) by the Service its service-name label names. */
function slice(run: ControllerRun, s: any): KObject {
  return run.slice(s, s.owned ? run.cp.admin.get('services', DEFAULT, s.labels[LABEL_SERVICE_NAME]) : undefined);
}

/** One step of a row: an object made, changed or deleted through the API, or time passing. */
function act(run: ControllerRun, s: any): void {
  const admin = run.cp.admin;
  const withMetadata = (resource: string, name: string, change: (m: any) => any, spec?: any) => {
    const cur = admin.get(resource, DEFAULT, name);
    admin.update(resource, DEFAULT, { ...cur, metadata: change(cur.metadata), ...(spec ? { spec: { ...cur.spec, ...spec } } : {}) });
  };
  if (s.createPod) run.pod(s.createPod);
  else if (s.updatePod) withMetadata('pods', s.updatePod.name, (m) => ({ ...m, labels: s.updatePod.labels ?? m.labels, annotations: { ...m.annotations, ...s.updatePod.annotations } }));
  else if (s.deletePod) admin.delete('pods', DEFAULT, s.deletePod, { gracePeriodSeconds: 0 });
  else if (s.updateService) withMetadata('services', s.updateService.name, (m) => m, { selector: s.updateService.selector });
  else if (s.deleteService) admin.delete('services', DEFAULT, s.deleteService);
  else if (s.createSlice) slice(run, s.createSlice);
  else if (s.updateSlice) withMetadata('endpointslices', run.sliceNamed(s.updateSlice).metadata.name!, (m) => ({ ...m, labels: { ...m.labels, ...s.updateSlice.labels } }));
  else if (s.deleteSlice) admin.delete('endpointslices', DEFAULT, run.sliceNamed(s.deleteSlice).metadata.name!);
  else if (s.advance === undefined) throw new Error(`unknown step ${JSON.stringify(s)}`);
}

/** A row of the handlers and retries tables. */
function runRow(c: any): string | undefined {
  const run = new ControllerRun();
  for (const s of c.services ?? []) run.service(s);
  for (const p of c.pods ?? []) run.pod(p);
  for (const s of c.slices ?? []) slice(run, s);
  run.start({ updatesBatchPeriodMs: c.batchPeriodMs, maxEndpointsPerSlice: c.maxEndpointsPerSlice });
  if (!c.fromStart) run.clear();
  for (const s of c.steps ?? []) {
    act(run, s);
    run.cp.advance(s.advance ?? SETTLE_MS);
  }
  const observed: Record<string, () => unknown> = {
    queued: () => run.queued,
    delays: () => run.delayed,
    writes: () => run.writes(),
    writeNames: () => run.writeNames(),
    events: () => run.events(),
    slices: () => run.slices().length,
    // Each slice's endpoints by Pod number, in order.
    endpointOrder: () => run.slices().map((s) => (s.endpoints ?? []).map((e: any) => Number(e.targetRef.name.slice('pod'.length)))),
    tracked: () => Object.fromEntries(Object.keys(c.want.tracked).map((k) => [k, run.esc.triggers.tracks(k)])),
  };
  const got = Object.fromEntries(Object.keys(c.want).map((k) => [k, observed[k]()]));
  return same(got, c.want) ?? same(run.crashes(), []);
}

/**
 * Workers wait for every cache (WaitForNamedCacheSync): the row's informer lists only after its
 * first lists fail, and nothing is written before it has synced.
 */
function runCacheSync(c: any): string | undefined {
  const run = new ControllerRun();
  run.service({ name: 'testing-1', selector: { foo: 'bar' } });
  for (const p of c.pods ?? []) run.pod(p);
  run.create({}, [{ verb: 'list', resource: c.unsynced, times: c.failedLists }]);
  const informer = { services: run.esc.serviceInformer, pods: run.esc.podInformer, endpointslices: run.esc.sliceInformer, nodes: run.esc.nodeInformer }[c.unsynced as string]!;
  let waited = 0;
  while (!informer.hasSynced()) {
    run.cp.advance(1);
    waited++;
  }
  const before = run.writes();
  run.cp.advance(SETTLE_MS);
  return same({ waited: waited > 0, writesBeforeSync: before, writes: run.writes(), crashes: run.crashes() }, { waited: true, writesBeforeSync: [], writes: c.wantWrites, crashes: [] });
}

export const HANDLER_CHECKS: Record<string, (c: any) => string | undefined> = {
  handlers: runRow,
  retries: runRow,
  cacheSync: runCacheSync,
};
