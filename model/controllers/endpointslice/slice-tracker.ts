/**
 * endpointslice's EndpointSliceTracker (util/endpointslice_tracker.go): for each Service (the
 * namespace and `kubernetes.io/service-name` label of its slices), the version of every slice
 * this controller wrote, or that it expects to be deleted. A sync whose cache lags behind those
 * writes is stale; an informer event for a slice at a newer version than the tracked one is
 * someone else's change. Upstream tracks metadata.generation; the model's API server keeps no
 * generation for EndpointSlices, so the resourceVersion stands in for it (a write of the
 * controller's own is seen at the version it got back, anyone else's later).
 */
import type { KObject } from '../../api/meta';
import { LABEL_SERVICE_NAME } from './labels';

/** The version tracked for a slice the controller deleted (upstream's deletionExpected). */
const DELETION_EXPECTED = -1;

/** getServiceNN: the Service a slice belongs to, by its namespace and service-name label. */
function serviceOf(slice: KObject): string {
  // Stryker disable next-line StringLiteral: a slice without the label is filed under one key whatever it is (no Service key has an empty name)
  const name = slice.metadata.labels?.[LABEL_SERVICE_NAME] ?? '';
  return `${slice.metadata.namespace}/${name}`;
}
const versionOf = (slice: KObject) => Number(slice.metadata.resourceVersion ?? 0);
// A slice from the API always has its UID.
const uidOf = (slice: KObject): string => slice.metadata.uid!;

export class SliceTracker {
  private readonly byService = new Map<string, Map<string, number>>();

  private versions(slice: KObject): Map<string, number> | undefined {
    return this.byService.get(serviceOf(slice));
  }

  /** The versions of the slice's Service, a new entry for it if it has none. */
  private versionsToWrite(slice: KObject): Map<string, number> {
    const key = serviceOf(slice);
    let m = this.byService.get(key);
    if (!m) this.byService.set(key, (m = new Map()));
    return m;
  }

  /** Has: a version is tracked for this slice. */
  has(slice: KObject): boolean {
    return this.versions(slice)?.has(uidOf(slice)) ?? false;
  }

  /** ShouldSync: the slice is not tracked, or is newer than the tracked version. */
  shouldSync(slice: KObject): boolean {
    const v = this.versions(slice)?.get(uidOf(slice));
    return v === undefined || versionOf(slice) > v;
  }

  /**
   * StaleSlices: the cache lags behind this controller's writes for the Service: a cached slice
   * is older than tracked or expected to be gone, or a tracked slice is missing from it.
   */
  staleSlices(svcKey: string, slices: KObject[]): boolean {
    const m = this.byService.get(svcKey);
    if (!m) return false;
    const provided = new Set<string>();
    for (const s of slices) {
      provided.add(uidOf(s));
      const v = m.get(uidOf(s));
      if (v !== undefined && (v === DELETION_EXPECTED || v > versionOf(s))) return true;
    }
    for (const [uid, v] of m) if (v !== DELETION_EXPECTED && !provided.has(uid)) return true;
    return false;
  }

  /** Update: a slice the controller created or updated, at the version the API server returned. */
  update(slice: KObject): void {
    this.versionsToWrite(slice).set(uidOf(slice), versionOf(slice));
  }

  /** ExpectDeletion: a slice the controller deleted. */
  expectDeletion(slice: KObject): void {
    this.versionsToWrite(slice).set(uidOf(slice), DELETION_EXPECTED);
  }

  /**
   * HandleDeletion: an informer delete event. Forgets the slice; false when it was tracked at a
   * version, not as expected to be deleted (someone else deleted it).
   */
  handleDeletion(slice: KObject): boolean {
    const m = this.versions(slice);
    if (!m) return true;
    const v = m.get(uidOf(slice));
    m.delete(uidOf(slice));
    return v === undefined || v === DELETION_EXPECTED;
  }

  /** DeleteService: a Service gone is forgotten. */
  deleteService(svcKey: string): void {
    this.byService.delete(svcKey);
  }

  /** The tracked version of a slice (upstream's tests read generationsByService). */
  versionFor(svcKey: string, uid: string): number | undefined {
    return this.byService.get(svcKey)?.get(uid);
  }
}
