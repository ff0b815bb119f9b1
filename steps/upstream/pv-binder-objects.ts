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
  /** The claim its claimRef names (in the row's namespace), and that claim's uid symbol. */
  claim?: string;
  uid?: string;
  /** index_test.go's claimRefs, as written (one with a uid only, or an empty one). */
  claimRef?: Record<string, string>;
  phase: string;
  class?: string;
  /** Annotations set to "yes". */
  ann?: string[];
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
  selector?: Record<string, string>;
  /** A Bound claim's status capacity when it is not its request (withExpectedCapacity). */
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
  const claimRef = v.claimRef ?? (v.claim ? { kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace, name: v.claim, ...(v.uid ? { uid: uidOf(uids, v.uid) } : {}) } : undefined);
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name: v.name, ...(v.labels ? { labels: { ...v.labels } } : {}), ...(v.ann ? { annotations: annotationsOf(v.ann) } : {}) },
    spec: {
      capacity: { storage: v.size },
      hostPath: { path: `/mnt/${v.name}` },
      accessModes: v.accessModes ?? DEFAULT_ACCESS_MODES,
      persistentVolumeReclaimPolicy: v.policy ?? 'Retain',
      storageClassName: v.class ?? '',
      volumeMode: v.mode ?? 'Filesystem',
      ...(claimRef ? { claimRef } : {}),
    },
    status: { phase: v.phase },
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
    status: c.phase === 'Bound' ? { phase: c.phase, accessModes, capacity: { storage: c.capacity ?? c.size } } : { phase: c.phase },
  };
}

const sortedAnnotations = (o: KObject): Record<string, string> => Object.fromEntries(Object.entries(o.metadata.annotations ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)));
const canonical = (q: unknown): string | null => (q === undefined || q === null ? null : (tryQuantity(q)?.toString() ?? String(q)));

/** What a case compares of a volume: its binding, phase (an empty one is the API server's Pending) and annotations. */
export function volumeView(o: KObject): object {
  const ref = o.spec?.claimRef;
  return {
    name: o.metadata.name,
    claimRef: ref ? `${ref.namespace ?? ''}/${ref.name ?? ''} uid=${ref.uid ?? ''}` : null,
    phase: o.status?.phase || 'Pending',
    annotations: sortedAnnotations(o),
  };
}

/** What a case compares of a claim: its uid, volume, phase, annotations, and its status's access modes and capacity. */
export function claimView(o: KObject): object {
  return {
    name: o.metadata.name,
    uid: o.metadata.uid,
    volumeName: o.spec?.volumeName ?? '',
    phase: o.status?.phase || 'Pending',
    annotations: sortedAnnotations(o),
    accessModes: o.status?.accessModes ?? null,
    capacity: canonical(o.status?.capacity?.storage),
  };
}

/** The row's claim as the controller's cache holds it (cache "only"): with its uid symbol as its uid. */
export function cachedOnlyClaim(c: ClaimRow, namespace = TEST_NAMESPACE): KObject {
  const o = claimObject(c, namespace);
  o.metadata = { ...o.metadata, uid: c.uid, resourceVersion: '1' };
  return o;
}
