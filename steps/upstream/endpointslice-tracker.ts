/**
 * Upstream's EndpointSlice tracker and trigger time tracker tests (kubernetes v1.32,
 * staging/src/k8s.io/endpointslice util/endpointslice_tracker_test.go and
 * util/trigger_time_tracker_test.go; steps/fixtures/upstream/endpointslice-controller.json)
 * against the model's SliceTracker and TriggerTimeTracker.
 */
import { type KObject } from '../../model/api/meta';
import { LABEL_SERVICE_NAME } from '../../model/controllers/endpointslice/labels';
import { SliceTracker } from '../../model/controllers/endpointslice/slice-tracker';
import { TriggerTimeTracker } from '../../model/controllers/endpointslice/trigger-time';
import { upstreamFixture } from './apps-fakes';
import { same } from './fixtures';


const FILE = 'endpointslice-controller';

/** A slice of the tracker tables: only its namespace, UID, version and service-name label count. */
function trackerSlice(name: string): KObject {
  const d = upstreamFixture(`${FILE}.json`, 'slices')[name];
  return { metadata: { name: 'example-1', namespace: d.namespace, uid: d.uid, resourceVersion: String(d.rv), labels: { [LABEL_SERVICE_NAME]: d.service } } };
}

/** The tracker with the row's versions for ns1/svc1's slices ('deleted': expected to be deleted). */
function trackerWith(tracked: Record<string, number | 'deleted'>): SliceTracker {
  const t = new SliceTracker();
  const s = trackerSlice('epSlice1');
  for (const [uid, v] of Object.entries(tracked)) {
    const slice = { ...s, metadata: { ...s.metadata, uid, resourceVersion: String(v) } };
    if (v === 'deleted') t.expectDeletion(slice);
    else t.update(slice);
  }
  return t;
}

/** trigger_time_tracker_test.go's t0 … t5, a second apart. */
const T = (name: string) => `2019-01-01T00:00:0${name.slice(1)}Z`;

/**
 * trigger_time_tracker_test.go: each step computes the trigger time of ttNamespace1/my-service
 * created at the step's time, with Pods Ready since theirs (null: no Ready condition), or forgets
 * the Service.
 */
function runTriggerTime(c: any): string | undefined {
  const t = new TriggerTimeTracker();
  const key = 'ttNamespace1/my-service';
  for (const [i, step] of c.steps.entries()) {
    if (step.deleteService) {
      t.forget(key);
      continue;
    }
    const svc: KObject = { metadata: { namespace: 'ttNamespace1', name: 'my-service', creationTimestamp: T(step.service) } };
    const pods = Object.entries(step.pods ?? {}).map(([name, ready]): KObject => ({
      metadata: { namespace: 'ttNamespace1', name },
      status: { conditions: ready === null ? [] : [{ type: 'Ready', status: 'True', lastTransitionTime: T(ready as string) }] },
    }));
    const problem = same(t.compute(key, svc, pods) ?? null, step.expect && T(step.expect));
    if (problem) return `step ${i + 1}: ${problem}`;
  }
  return undefined;
}

export const TRACKER_CHECKS: Record<string, (c: any) => string | undefined> = {
  trackerHandleDeletion: (c) => same(trackerWith(c.tracked).handleDeletion(trackerSlice('epSlice1')), c.want),
  triggerTime: runTriggerTime,
  trackerUpdate: (c) => {
    const t = new SliceTracker();
    t.update(trackerSlice(c.update));
    const check = trackerSlice(c.check);
    return same({ has: t.has(check), shouldSync: t.shouldSync(check), tracked: t.versionFor('ns1/svc1', 'original') }, { has: c.has, shouldSync: c.shouldSync, tracked: c.tracked });
  },
  trackerStaleSlices: (c) => {
    const t = trackerWith(c.tracked ?? {});
    if (c.tracked && !Object.keys(c.tracked).length) {
      // An entry for the Service, empty.
      const s = trackerSlice('epSlice1');
      t.update(s);
      t.handleDeletion(s);
    }
    return same(t.staleSlices('ns1/svc1', c.slices.map(trackerSlice)), c.stale);
  },
  trackerDeletion: (c) => {
    const t = new SliceTracker();
    const original = trackerSlice('epSlice1');
    t.update(original);
    t.expectDeletion(trackerSlice(c.expectDeletion));
    const check = trackerSlice(c.check);
    const got = { has: t.has(check), shouldSync: t.shouldSync(check), handleDeletion: t.handleDeletion(original), hasAfter: t.has(original) };
    return same(got, { has: c.has, shouldSync: c.shouldSync, handleDeletion: c.handleDeletion, hasAfter: false });
  },
  trackerDeleteService: (c) => {
    const t = new SliceTracker();
    const s = trackerSlice('epSlice1');
    t.update(s);
    t.deleteService(c.deleteService);
    const got: any = { has: t.has(s), shouldSync: t.shouldSync(s) };
    if (c.tracked !== undefined) got.tracked = t.versionFor('ns1/svc1', 'original');
    const want: any = { has: c.has, shouldSync: c.shouldSync };
    if (c.tracked !== undefined) want.tracked = c.tracked;
    return same(got, want);
  },
};

