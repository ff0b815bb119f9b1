/**
 * Upstream's EndpointSlice tracker tests (kubernetes v1.32, staging/src/k8s.io/endpointslice
 * util/endpointslice_tracker_test.go; steps/fixtures/upstream/endpointslice-controller.json)
 * against the model's SliceTracker.
 */
import { type KObject } from '../../model/api/meta';
import { LABEL_SERVICE_NAME } from '../../model/controllers/endpointslice/labels';
import { SliceTracker } from '../../model/controllers/endpointslice/slice-tracker';
import { upstreamFixture } from './apps-fakes';
import { same } from './fixtures';


const FILE = 'endpointslice-controller';

/** A slice of the tracker tables: only its namespace, UID, version and service-name label count. */
function trackerSlice(name: string): KObject {
  const d = upstreamFixture(`${FILE}.json`, 'slices')[name];
  return { metadata: { name: 'example-1', namespace: d.namespace, uid: d.uid, resourceVersion: String(d.rv), labels: { [LABEL_SERVICE_NAME]: d.service } } };
}

export const TRACKER_CHECKS: Record<string, (c: any) => string | undefined> = {
  trackerUpdate: (c) => {
    const t = new SliceTracker();
    t.update(trackerSlice(c.update));
    const check = trackerSlice(c.check);
    return same({ has: t.has(check), shouldSync: t.shouldSync(check), tracked: t.versionFor('ns1/svc1', 'original') }, { has: c.has, shouldSync: c.shouldSync, tracked: c.tracked });
  },
  trackerStaleSlices: (c) => {
    const t = new SliceTracker();
    if (c.tracked) {
      // An entry for the Service, empty until its slices are tracked.
      const s = trackerSlice('epSlice1');
      t.update(s);
      t.handleDeletion(s);
      for (const [uid, v] of Object.entries(c.tracked)) {
        const slice = { ...s, metadata: { ...s.metadata, uid, resourceVersion: String(v) } };
        if (v === 'deleted') t.expectDeletion(slice);
        else t.update(slice);
      }
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

