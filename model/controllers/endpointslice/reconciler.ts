/**
 * The EndpointSlice reconciler (pkg/controller/endpointslice/reconciler.go, simplified): Pods
 * with the same resolved ports share slices of at most 100 endpoints; an existing slice with
 * those ports is updated in place, missing ones are created (`<service>-` + 5 characters),
 * surplus ones deleted. A Service that selects no Pod keeps one placeholder slice without
 * endpoints or ports. Each slice carries the Service's labels, `kubernetes.io/service-name`,
 * `endpointslice.kubernetes.io/managed-by` and a controller reference to the Service.
 */
import { canonicalJSON, type KObject } from '../../api/meta';
import type { ApiClient } from '../../client/client';
import { newControllerRef, reasonOf, sortedRecord } from '../util/objects';
import { type Endpoint, endpointPorts, type EndpointPort, podToEndpoint, shouldPodBeInEndpoints } from './endpoints';

export const LABEL_SERVICE_NAME = 'kubernetes.io/service-name';
export const LABEL_MANAGED_BY = 'endpointslice.kubernetes.io/managed-by';
export const CONTROLLER_NAME = 'endpointslice-controller.k8s.io';
/** v1.IsHeadlessService. */
export const LABEL_HEADLESS = 'service.kubernetes.io/headless';
export const LAST_CHANGE_TRIGGER_TIME = 'endpoints.kubernetes.io/last-change-trigger-time';
/** --max-endpoints-per-slice default. */
export const MAX_ENDPOINTS_PER_SLICE = 100;

interface DesiredSlice {
  ports: EndpointPort[] | null;
  endpoints: Endpoint[] | null;
}

/**
 * Remembers the slices this controller wrote until its informer has seen them, so a sync
 * never acts on a cache that does not yet show its own last writes (endpointSliceTracker).
 */
export class SliceTracker {
  private readonly expected = new Map<string, Map<string, number | 'deleted'>>();

  expect(svcKey: string, slice: string, rv: number | 'deleted'): void {
    let m = this.expected.get(svcKey);
    if (!m) this.expected.set(svcKey, (m = new Map()));
    m.set(slice, rv);
  }

  /** An informer delete event: whatever was expected of that slice is settled. */
  observedDelete(svcKey: string, slice: string): void {
    this.expected.get(svcKey)?.delete(slice);
  }

  /** True while the cached slices lag behind this controller's writes. */
  stale(svcKey: string, cached: Map<string, KObject>): boolean {
    const m = this.expected.get(svcKey);
    if (!m) return false;
    for (const [name, want] of [...m]) {
      const have = cached.get(name);
      const seen = want === 'deleted' ? !have : !!have && Number(have.metadata.resourceVersion) >= want;
      if (!seen) return true;
      m.delete(name);
    }
    return false;
  }

  forget(svcKey: string): void {
    this.expected.delete(svcKey);
  }
}

/** What the desired endpoints of a Service are, grouped by resolved ports. */
export function desiredSlices(svc: KObject, pods: KObject[], nodeNamed: (name: string) => KObject | undefined = () => undefined): DesiredSlice[] {
  const groups = new Map<string, DesiredSlice>();
  for (const pod of pods) {
    if (!shouldPodBeInEndpoints(pod)) continue;
    const ports = endpointPorts(svc, pod);
    const key = canonicalJSON(ports);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { ports, endpoints: [] }));
    g.endpoints!.push(podToEndpoint(pod, pod.spec?.nodeName ? nodeNamed(pod.spec.nodeName) : undefined, svc));
  }
  const out: DesiredSlice[] = [];
  for (const g of groups.values())
    for (let i = 0; i < g.endpoints!.length; i += MAX_ENDPOINTS_PER_SLICE) out.push({ ports: g.ports, endpoints: g.endpoints!.slice(i, i + MAX_ENDPOINTS_PER_SLICE) });
  if (out.length === 0) out.push({ ports: null, endpoints: null });
  return out;
}

/** The labels only the controller sets on a slice (isReservedLabelKey). */
const RESERVED_LABELS = new Set([LABEL_SERVICE_NAME, LABEL_MANAGED_BY, LABEL_HEADLESS]);

/** helper.IsServiceIPSet: a cluster IP that is neither empty nor None. */
function isServiceIPSet(svc: KObject): boolean {
  const ip = svc.spec?.clusterIP;
  return !!ip && ip !== 'None';
}

/**
 * setEndpointSliceLabels: the Service's labels (a reserved one it carries is ignored), the
 * headless label when it has no cluster IP, then the two the controller owns; `updated` when
 * the slice's own labels, reserved ones aside, are not the Service's.
 */
export function setEndpointSliceLabels(slice: KObject | undefined, svc: KObject): { labels: Record<string, string>; updated: boolean } {
  const withoutReserved = (m: Record<string, string> | undefined) => Object.fromEntries(Object.entries(m ?? {}).filter(([k]) => !RESERVED_LABELS.has(k)));
  const sliceLabels = withoutReserved(slice?.metadata.labels);
  const labels = withoutReserved(svc.metadata.labels);
  const updated = Object.keys(sliceLabels).length !== Object.keys(labels).length || Object.entries(sliceLabels).some(([k, v]) => labels[k] !== v);
  if (!isServiceIPSet(svc)) labels[LABEL_HEADLESS] = '';
  labels[LABEL_SERVICE_NAME] = svc.metadata.name!;
  labels[LABEL_MANAGED_BY] = CONTROLLER_NAME;
  return { labels: sortedRecord(labels), updated };
}

/** newEndpointSlice: an empty slice for the Service with these ports, named by the API server. */
export function newEndpointSlice(svc: KObject, ports: EndpointPort[] | null): KObject {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      generateName: `${svc.metadata.name}-`,
      namespace: svc.metadata.namespace,
      labels: setEndpointSliceLabels(undefined, svc).labels,
      ownerReferences: [newControllerRef(svc, 'v1', 'Service')],
    },
    addressType: 'IPv4',
    endpoints: [],
    ports,
  };
}

/** Makes the Service's managed slices match the desired ones. Throws the first API error. */
export function reconcile(client: ApiClient, tracker: SliceTracker, svc: KObject, existing: KObject[], desired: DesiredSlice[], triggerTime: string | undefined): void {
  const svcKey = `${svc.metadata.namespace}/${svc.metadata.name}`;
  const unused = [...existing].sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
  let firstError: unknown;
  const attempt = (fn: () => void) => {
    try {
      fn();
    } catch (e) {
      if (!reasonOf(e)) throw e;
      firstError ??= e;
    }
  };
  for (const want of desired) {
    const portsKey = canonicalJSON(want.ports ?? []);
    const idx = unused.findIndex((s) => canonicalJSON(s.ports ?? []) === portsKey);
    const current = idx >= 0 ? unused.splice(idx, 1)[0] : undefined;
    const annotations = { ...(current?.metadata.annotations ?? {}) };
    // addTriggerTimeAnnotation: no trigger time since the last sync clears it.
    if (triggerTime) annotations[LAST_CHANGE_TRIGGER_TIME] = triggerTime;
    else delete annotations[LAST_CHANGE_TRIGGER_TIME];
    if (current) {
      const { labels, updated } = setEndpointSliceLabels(current, svc);
      const same = !updated && canonicalJSON(current.endpoints ?? null) === canonicalJSON(want.endpoints) && canonicalJSON(current.ports ?? null) === canonicalJSON(want.ports);
      if (same) continue;
      const next: KObject = {
        ...current,
        apiVersion: 'discovery.k8s.io/v1',
        kind: 'EndpointSlice',
        metadata: { ...current.metadata, labels, annotations: sortedRecord(annotations) },
        endpoints: want.endpoints,
        ports: want.ports,
      };
      attempt(() => {
        const saved = client.update('endpointslices', svc.metadata.namespace, next);
        tracker.expect(svcKey, saved.metadata.name!, Number(saved.metadata.resourceVersion));
      });
      continue;
    }
    const slice = newEndpointSlice(svc, want.ports);
    slice.endpoints = want.endpoints;
    if (triggerTime) slice.metadata.annotations = { [LAST_CHANGE_TRIGGER_TIME]: triggerTime };
    attempt(() => {
      const saved = client.create('endpointslices', svc.metadata.namespace, slice);
      tracker.expect(svcKey, saved.metadata.name!, Number(saved.metadata.resourceVersion));
    });
  }
  for (const s of unused)
    attempt(() => {
      try {
        client.delete('endpointslices', s.metadata.namespace, s.metadata.name!);
      } catch (e) {
        if (reasonOf(e) !== 'NotFound') throw e;
      }
      tracker.expect(svcKey, s.metadata.name!, 'deleted');
    });
  if (firstError) throw firstError;
}
