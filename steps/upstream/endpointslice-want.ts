/**
 * What upstream's EndpointSlice controller and reconciler tables expect of the slices after a
 * sync or a reconcile (steps/fixtures/upstream/endpointslice-controller.json's `want` checks):
 * shared by steps/upstream/endpointslice-controller.ts and endpointslice-reconciler.ts.
 */
import { canonicalJSON, type KObject } from '../../model/api/meta';
import { LABEL_SERVICE_NAME } from '../../model/controllers/endpointslice/labels';
import { LAST_CHANGE_TRIGGER_TIME } from '../../model/controllers/endpointslice/reconciler';
import type { SliceTracker } from '../../model/controllers/endpointslice/slice-tracker';
import { same } from './fixtures';


export interface Observed {
  writes: string[];
  /** The writes as "verb name". */
  writeNames?: string[];
  slices: KObject[];
  /** The trigger time the slices should carry: a time, or '*' for any. */
  triggerTime?: string;
  tracker?: SliceTracker;
  error?: unknown;
  /** Whether the slices handed to the reconciler were left as they were. */
  cacheUnchanged?: boolean;
}

/** The Pod numbers a slice's endpoints are of, in order. */
const podNumbers = (s: KObject) => (s.endpoints ?? []).map((e: any) => Number(String(e.targetRef?.name).slice('pod'.length)));

const ports = (s: KObject) => canonicalJSON(s.ports ?? []);
export const sortedJSON = (xs: unknown[]) => xs.map((x) => canonicalJSON(x)).sort();

/** Each of the row's `want` checks (see the fixture's "source"), the first that fails. */
export function checkWant(w: any, o: Observed): string | undefined {
  const endpoints = o.slices.flatMap((s) => s.endpoints ?? []);
  const checks: [string, () => string | undefined][] = [
    ['writes', () => same(o.writes, w.writes)],
    ['writeCount', () => same(o.writes.length, w.writeCount)],
    ['writeNames', () => same(o.writeNames, w.writeNames)],
    ['lastWrites', () => same(o.writes.slice(-w.lastWrites.length), w.lastWrites)],
    [
      'changes',
      () => {
        const count = (verb: string) => o.writes.filter((v) => v === verb).length;
        const got = Object.fromEntries(['create', 'update', 'delete'].map((v) => [v, count(v)]).filter(([, n]) => n));
        return same(got, w.changes);
      },
    ],
    ['lengths', () => same(o.slices.map((s) => (s.endpoints ?? []).length).sort(), [...w.lengths].sort())],
    ['slices', () => same(o.slices.length, w.slices)],
    ['endpoints', () => same(endpoints.length, w.endpoints)],
    ['endpointCount', () => same(endpoints.length, w.endpointCount)],
    ['namePrefix', () => same(o.slices.filter((s) => !s.metadata.name!.startsWith(w.namePrefix)).map((s) => s.metadata.name), [])],
    ['labelServiceName', () => same(o.slices.map((s) => s.metadata.labels?.[LABEL_SERVICE_NAME]), o.slices.map(() => w.labelServiceName))],
    ['labels', () => same(o.slices.map((s) => canonicalJSON(s.metadata.labels)), o.slices.map(() => canonicalJSON(w.labels)))],
    ['sliceLabels', () => same(o.slices.map((s) => Object.keys(w.sliceLabels).map((k) => s.metadata.labels?.[k])), o.slices.map(() => Object.values(w.sliceLabels)))],
    [
      'triggerTime',
      () => {
        const got = o.slices.map((s) => s.metadata.annotations?.[LAST_CHANGE_TRIGGER_TIME]);
        return o.triggerTime === '*' ? same(got.filter((t) => !t), []) : same(got, o.slices.map(() => o.triggerTime));
      },
    ],
    ['addressTypes', () => same(o.slices.map((s) => s.addressType).sort(), [...w.addressTypes].sort())],
    ['endpoint', () => same(canonicalJSON(o.slices[0]?.endpoints?.[0]), canonicalJSON(w.endpoint))],
    ['tracked', () => same(o.slices.filter((s) => o.tracker!.versionFor(`${s.metadata.namespace}/${s.metadata.labels?.[LABEL_SERVICE_NAME]}`, s.metadata.uid!) !== Number(s.metadata.resourceVersion)).map((s) => s.metadata.name), [])],
    ['placeholder', () => same(o.slices.filter((s) => (s.ports ?? []).length || (s.endpoints ?? []).length).map((s) => s.metadata.name), [])],
    ['allReady', () => same(endpoints.filter((e: any) => e.conditions?.ready !== true).length, 0)],
    ['ports', () => same(o.slices.map(ports).sort(), sortedJSON(w.ports))],
    ['targetRef', () => same(endpoints.map((e: any) => ({ kind: e.targetRef?.kind, namespace: e.targetRef?.namespace, name: e.targetRef?.name })), [w.targetRef])],
    ['error', () => same(o.error !== undefined, w.error)],
    ['errorMessage', () => same((o.error as Error | undefined)?.message, w.errorMessage)],
    // Each slice's endpoints by Pod number, in order.
    ['byName', () => same(Object.fromEntries(o.slices.map((s) => [s.metadata.name, podNumbers(s)])), w.byName)],
    ['endpointOrder', () => same(o.slices.map(podNumbers), w.endpointOrder)],
    ['cacheUnchanged', () => same(o.cacheUnchanged, w.cacheUnchanged)],
    ['owners', () => same(o.slices.map((s) => (s.metadata.ownerReferences ?? []).map((r) => r.kind)), w.owners)],
    // As the API server stores them: protobuf has no empty list, so empty endpoints and ports read back null.
    ['wireNull', () => same(o.slices.map((s) => [s.endpoints, s.ports]), o.slices.map(() => [null, null]))],
  ];
  for (const [field, check] of checks) {
    if (w[field] === undefined) continue;
    const problem = check();
    if (problem) return `${field}: ${problem}`;
  }
  return undefined;
}

