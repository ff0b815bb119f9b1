/**
 * The PersistentVolumes and claims of upstream's PV controller tests (binder_test.go's newVolume
 * and newClaim, index_test.go's volumes), built from steps/fixtures/upstream/pv-binder.json's
 * rows, and the views of them the cases compare: the binding (claimRef, volumeName), phases,
 * annotations and a claim's status.
 */
import type { KObject } from '../../model/api/meta';
import { tryQuantity } from '../../model/api/quantity';

/** binder_test.go's testNamespace. */
export const TEST_NAMESPACE = 'default';
/** newVolume's and newClaim's access modes. */
const DEFAULT_ACCESS_MODES = ['ReadWriteOnce', 'ReadOnlyMany'];

export interface VolumeRow {
  name: string;
  size: string;
  /** The claim its claimRef names (in the row's namespace unless claimNamespace says), and that claim's uid symbol. */
  claim?: string;
  uid?: string;
  claimNamespace?: string;
  /** A claimRef as written (index_test.go's, with a uid only or empty; or one without kind): its uid a symbol too. */
  claimRef?: Record<string, string>;
  /** An empty phase is the API server's Pending. */
  phase: string;
  /** status.message. */
  message?: string;
  class?: string;
  /** Annotations set to "yes", and others with their values. */
  ann?: string[];
  annotations?: Record<string, string>;
  policy?: string;
  mode?: string;
  labels?: Record<string, string>;
  accessModes?: string[];
  /** Deleted while a finalizer holds it: it has a deletionTimestamp. */
  deleting?: boolean;
}

export interface ClaimRow {
  name: string;
  uid: string;
  size: string;
  volume?: string;
  phase: string;
  /** Absent: no storageClassName at all (newClaim's nil class). */
  class?: string;
  ann?: string[];
  annotations?: Record<string, string>;
  mode?: string;
  accessModes?: string[];
  /** A Bound claim's status access modes when they are not its spec's. */
  statusAccessModes?: string[];
  selector?: Record<string, string>;
  /** A Bound claim's status capacity when it is not its request (withExpectedCapacity); any other claim's status capacity. */
  capacity?: string;
  /** "none": in the API server, not in the controller's cache (annSkipLocalStore); "only": in the cache alone. */
  cache?: 'none' | 'only';
}

/** Uid symbols: a claim's symbol stands for the uid the API server gave it; any other stands for itself. */
export type Uids = Map<string, string>;
export const uidOf = (uids: Uids, symbol: string): string => uids.get(symbol) ?? symbol;

function annotationsOf(ann: string[] | undefined, extra?: Record<string, string>): Record<string, string> | undefined {
  const out: Record<string, string> = { ...(extra ?? {}) };
  for (const key of ann ?? []) out[key] = 'yes';
  return Object.keys(out).length ? out : undefined;
}

/** newVolume: a hostPath volume (the model's API server knows no GCE PD), its claimRef naming the row's claim. */
export function volumeObject(v: VolumeRow, uids: Uids, namespace = TEST_NAMESPACE): KObject {
  const written = v.claimRef && { ...v.claimRef, ...(v.claimRef.uid ? { uid: uidOf(uids, v.claimRef.uid) } : {}) };
  const claimRef = written ?? (v.claim ? { kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace: v.claimNamespace ?? namespace, name: v.claim, ...(v.uid ? { uid: uidOf(uids, v.uid) } : {}) } : undefined);
  const annotations = annotationsOf(v.ann, v.annotations);
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name: v.name, ...(v.labels ? { labels: { ...v.labels } } : {}), ...(annotations ? { annotations } : {}) },
    spec: {
      capacity: { storage: v.size },
      hostPath: { path: `/mnt/${v.name}` },
      accessModes: v.accessModes ?? DEFAULT_ACCESS_MODES,
      persistentVolumeReclaimPolicy: v.policy ?? 'Retain',
      storageClassName: v.class ?? '',
      volumeMode: v.mode ?? 'Filesystem',
      ...(claimRef ? { claimRef } : {}),
    },
    status: { phase: v.phase || 'Pending', ...(v.message ? { message: v.message } : {}) },
  };
}

/** newClaim: a Bound claim's status has its access modes and its request (or the row's capacity). */
export function claimObject(c: ClaimRow, namespace = TEST_NAMESPACE): KObject {
  const accessModes = c.accessModes ?? DEFAULT_ACCESS_MODES;
  const annotations = annotationsOf(c.ann, c.annotations);
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: c.name, namespace, ...(annotations ? { annotations } : {}) },
    spec: {
      accessModes,
      resources: { requests: { storage: c.size } },
      ...(c.volume ? { volumeName: c.volume } : {}),
      ...(c.class !== undefined ? { storageClassName: c.class } : {}),
      volumeMode: c.mode ?? 'Filesystem',
      ...(c.selector ? { selector: { matchLabels: { ...c.selector } } } : {}),
    },
    status:
      c.phase === 'Bound' ? { phase: c.phase, accessModes: c.statusAccessModes ?? accessModes, capacity: { storage: c.capacity ?? c.size } } : { phase: c.phase, ...(c.capacity ? { capacity: { storage: c.capacity } } : {}) },
  };
}

/** The annotations in key order; none (null) is not an empty map, as upstream's DeepEqual tells them apart. */
const sortedAnnotations = (o: KObject): Record<string, string> | null =>
  o.metadata.annotations ? Object.fromEntries(Object.entries(o.metadata.annotations).sort(([a], [b]) => (a < b ? -1 : 1))) : null;
const canonical = (q: unknown): string | null => (q === undefined || q === null ? null : (tryQuantity(q)?.toString() ?? String(q)));

/** What a case compares of a volume: its binding (the claimRef's kind too), phase, message and annotations. */
export function volumeView(o: KObject): object {
  const ref = o.spec?.claimRef;
  return {
    name: o.metadata.name,
    claimRef: ref ? `${ref.apiVersion ?? ''}/${ref.kind ?? ''} ${ref.namespace ?? ''}/${ref.name ?? ''} uid=${ref.uid ?? ''}` : null,
    phase: o.status?.phase ?? null,
    message: o.status?.message ?? null,
    annotations: sortedAnnotations(o),
  };
}

/** What a case compares of a claim: its uid, volume, phase, annotations, and its status's access modes and capacity. */
export function claimView(o: KObject): object {
  return {
    name: o.metadata.name,
    uid: o.metadata.uid,
    volumeName: o.spec?.volumeName ?? '',
    phase: o.status?.phase ?? null,
    annotations: sortedAnnotations(o),
    accessModes: o.status?.accessModes ?? null,
    capacity: canonical(o.status?.capacity?.storage),
  };
}

/** The row's claim as the controller's cache holds it (cache "only"): its uid the symbol's (a claim's in the API server, or the symbol itself). */
export function cachedOnlyClaim(c: ClaimRow, uids: Uids, namespace = TEST_NAMESPACE): KObject {
  const o = claimObject(c, namespace);
  o.metadata = { ...o.metadata, uid: uidOf(uids, c.uid), resourceVersion: '1' };
  return o;
}
