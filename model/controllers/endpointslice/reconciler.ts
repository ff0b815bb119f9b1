/**
 * The EndpointSlice reconciler (staging/src/k8s.io/endpointslice/reconciler.go), for the IPv4
 * slices the model's Services have: the selected Pods' endpoints grouped by their resolved
 * ports, written with as few changes as it can. An existing slice keeps the endpoints still
 * wanted (rewritten only when one of them changed or left), slices being updated anyway are
 * filled up first (fullest first), what is left goes into new slices of at most
 * maxEndpointsPerSlice endpoints, the last few into the unchanged slice they fill best; slices
 * left empty, of ports no longer wanted, of another address type or not owned by the Service
 * are deleted, and a create paired with a delete becomes an update of the deleted slice. A
 * Service that selects no Pod keeps one placeholder slice without endpoints or ports. Each
 * slice carries the Service's labels, `kubernetes.io/service-name`,
 * `endpointslice.kubernetes.io/managed-by` and a controller reference to the Service.
 */
import { canonicalJSON, deepCopy, type KObject } from '../../api/meta';
import type { ApiClient } from '../../client/client';
import { isNamespaceTerminating, newControllerRef, sortedRecord } from '../util/objects';
import { type AnyEndpoint, EndpointSet, endpointsEqualBeyondHash } from './endpoint-set';
import { type Endpoint, endpointPorts, type EndpointPort, podToEndpoint, shouldPodBeInEndpoints } from './endpoints';
import { setEndpointSliceLabels } from './labels';
import type { SliceTracker } from './slice-tracker';

export const LAST_CHANGE_TRIGGER_TIME = 'endpoints.kubernetes.io/last-change-trigger-time';
/** --max-endpoints-per-slice default. */
export const MAX_ENDPOINTS_PER_SLICE = 100;
/** The only address type the model's Services have. */
const ADDRESS_TYPE = 'IPv4';

/** What the reconciler works with: the controller's client, tracker, node cache and limit. */
export interface ReconcilerContext {
  client: ApiClient;
  tracker: SliceTracker;
  /** The node cache (nodeLister.Get): undefined when there is no such Node. */
  nodeNamed: (name: string) => KObject | undefined;
  maxEndpointsPerSlice?: number;
}

/** A sync that failed: the errors of a reconcile, aggregated (utilerrors.NewAggregate). */
export class ReconcileError extends Error {
  constructor(readonly errors: unknown[]) {
    super(errors.length === 1 ? messageOf(errors[0]) : `[${errors.map(messageOf).join(', ')}]`);
  }
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

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
    addressType: ADDRESS_TYPE,
    endpoints: [],
    ports,
  };
}

/** ownedBy: an owner reference to this very Service (a v1 Service of its UID). */
function ownedBy(slice: KObject, svc: KObject): boolean {
  return (slice.metadata.ownerReferences ?? []).some((o) => o.uid === svc.metadata.uid && o.kind === 'Service' && o.apiVersion === 'v1');
}

/** Go's apimachinery equality: nil and empty lists and maps are the same. */
function withoutEmpty(v: unknown): unknown {
  if (Array.isArray(v)) return v.length ? v.map(withoutEmpty) : undefined;
  if (v && typeof v === 'object') {
    const out = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withoutEmpty(x)]).filter(([, x]) => x !== undefined));
    return Object.keys(out).length ? out : undefined;
  }
  return v ?? undefined;
}

/**
 * placeholderSliceCompare.DeepEqual: two slices (or none) alike but for their metadata, of which
 * only the namespace and the labels count.
 */
export function placeholderSliceEqual(a: KObject | undefined, b: KObject | undefined): boolean {
  if (!a || !b) return a === b;
  const comparable = (s: KObject) => {
    const { apiVersion: _v, kind: _k, metadata, ...rest } = s;
    return canonicalJSON(withoutEmpty({ ...rest, namespace: metadata.namespace, labels: metadata.labels }) ?? null);
  };
  return comparable(a) === comparable(b);
}

/** NewPortMapKey: the same ports in any order are the same key. */
function portMapKey(ports: EndpointPort[] | null | undefined): string {
  return canonicalJSON((ports ?? []).map((p) => canonicalJSON(p)).sort());
}

/**
 * getSliceToFill: the slice that will be closest to full with n more endpoints, if any has room;
 * of two alike, the first (upstream stops at the first exact fit, which nothing can beat).
 */
function sliceToFill(slices: KObject[], n: number, max: number): KObject | undefined {
  let closestDiff = max;
  let closest: KObject | undefined;
  for (const s of slices) {
    const diff = max - (n + (s.endpoints?.length ?? 0));
    if (diff >= 0 && diff < closestDiff) {
      closestDiff = diff;
      closest = s;
    }
  }
  return closest;
}

interface Changes {
  create: KObject[];
  update: KObject[];
  delete: KObject[];
}

/**
 * reconcileByPortMapping: the changes to the Service's slices of one set of ports. 1. Each
 * existing slice keeps the desired endpoints it has (updated when one of them changed or one
 * left, deleted when none is left, relabelled when the Service's labels changed). 2. Slices
 * being updated are filled up with the remaining endpoints, fullest first. 3. What remains goes
 * into new slices of maxEndpointsPerSlice, the last few into the unchanged slice that will be
 * closest to full.
 */
function reconcileByPortMapping(svc: KObject, existing: KObject[], desired: EndpointSet<Endpoint>, ports: EndpointPort[], max: number): Changes {
  const byName = new Map<string, KObject>();
  const unchanged = new Set<string>();
  const toUpdate = new Set<string>();
  const toDelete = new Set<string>();
  for (const slice of existing) {
    const name = slice.metadata.name!;
    byName.set(name, slice);
    const kept: Endpoint[] = [];
    let endpointUpdated = false;
    const current: AnyEndpoint[] = slice.endpoints ?? [];
    for (const ep of current) {
      const got = desired.get(ep);
      if (!got) continue;
      kept.push(got);
      if (!endpointsEqualBeyondHash(got, ep)) endpointUpdated = true;
      desired.delete(ep);
    }
    const { labels, updated: labelsChanged } = setEndpointSliceLabels(slice, svc);
    if (endpointUpdated || current.length !== kept.length) {
      if (kept.length === 0) toDelete.add(name);
      else {
        byName.set(name, { ...deepCopy(slice), metadata: { ...deepCopy(slice.metadata), labels }, endpoints: kept });
        toUpdate.add(name);
      }
    } else if (labelsChanged) {
      byName.set(name, { ...deepCopy(slice), metadata: { ...deepCopy(slice.metadata), labels }, endpoints: deepCopy(current) });
      toUpdate.add(name);
    } else unchanged.add(name);
  }

  // Fullest first (sort.Sort by endpoint count, descending); nothing to do without endpoints left or slices to update.
  const updated = [...toUpdate].map((n) => byName.get(n)!).sort((a, b) => b.endpoints.length - a.endpoints.length);
  for (const slice of updated) while (desired.size > 0 && slice.endpoints.length < max) slice.endpoints.push(desired.popAny()!);

  const create: KObject[] = [];
  while (desired.size > 0) {
    let fill: KObject | undefined;
    if (desired.size < max)
      fill = sliceToFill(
        [...unchanged].map((n) => byName.get(n)!),
        desired.size,
        max,
      );
    if (!fill) fill = newEndpointSlice(svc, ports);
    else {
      fill = deepCopy(fill);
      fill.endpoints = [...(fill.endpoints ?? [])];
      byName.set(fill.metadata.name!, fill);
    }
    while (desired.size > 0 && fill.endpoints.length < max) fill.endpoints.push(desired.popAny()!);
    if (fill.metadata.name) {
      toUpdate.add(fill.metadata.name);
      unchanged.delete(fill.metadata.name);
    } else create.push(fill);
  }
  return { create, update: [...toUpdate].map((n) => byName.get(n)!), delete: [...toDelete].map((n) => byName.get(n)!) };
}

/** What the slice looks like on the wire: protobuf has no empty list, so an empty one reads back null. */
function forWire(slice: KObject): KObject {
  const out = { ...slice };
  if (!out.endpoints?.length) out.endpoints = null;
  if (!out.ports?.length) out.ports = null;
  return out;
}

/** addTriggerTimeAnnotation: the trigger time, or no annotation when there is none. */
function withTriggerTime(slice: KObject, triggerTime: string | undefined): KObject {
  const annotations = { ...(slice.metadata.annotations ?? {}) };
  if (triggerTime) annotations[LAST_CHANGE_TRIGGER_TIME] = triggerTime;
  else delete annotations[LAST_CHANGE_TRIGGER_TIME];
  return forWire({ ...slice, metadata: { ...slice.metadata, annotations: sortedRecord(annotations) } });
}

/** A delete, expected by the tracker once it succeeded (a slice already gone is an error too, as upstream's). */
function deleteSlice(rc: ReconcilerContext, svc: KObject, slice: KObject): void {
  rc.client.delete('endpointslices', svc.metadata.namespace, slice.metadata.name!);
  rc.tracker.expectDeletion(slice);
}

/**
 * finalize: turns creates paired with deletes of the Service's own slices into updates, then
 * creates (none while the Service is being deleted: the garbage collector would race them),
 * updates and deletes, stopping at the first failure. A create refused because the namespace
 * is terminating ends it quietly.
 */
export function finalize(rc: ReconcilerContext, svc: KObject, changes: Changes, triggerTime: string | undefined): void {
  const create = [...changes.create];
  const update = [...changes.update];
  const del = [...changes.delete];
  for (let i = 0; i < del.length && create.length > 0; ) {
    const slice = create[create.length - 1];
    if (del[i].addressType === slice.addressType && ownedBy(del[i], svc)) {
      slice.metadata = { ...slice.metadata, name: del[i].metadata.name };
      create.pop();
      update.push(slice);
      del.splice(i, 1);
    } else i++;
  }
  const where = `for Service ${svc.metadata.namespace}/${svc.metadata.name}`;
  if (!svc.metadata.deletionTimestamp)
    for (const slice of create) {
      let created: KObject;
      try {
        created = rc.client.create('endpointslices', svc.metadata.namespace, withTriggerTime(slice, triggerTime));
      } catch (e) {
        if (isNamespaceTerminating(e)) return;
        throw new Error(`failed to create EndpointSlice ${where}: ${messageOf(e)}`);
      }
      rc.tracker.update(created);
    }
  for (const slice of update) {
    let saved: KObject;
    try {
      saved = rc.client.update('endpointslices', svc.metadata.namespace, withTriggerTime(slice, triggerTime));
    } catch (e) {
      throw new Error(`failed to update ${slice.metadata.name} EndpointSlice ${where}: ${messageOf(e)}`);
    }
    rc.tracker.update(saved);
  }
  for (const slice of del)
    try {
      deleteSlice(rc, svc, slice);
    } catch (e) {
      throw new Error(`failed to delete ${slice.metadata.name} EndpointSlice ${where}: ${messageOf(e)}`);
    }
}

/** reconcileByAddressType, for the IPv4 slices: the desired endpoints by ports, compared with the existing slices. */
function reconcileIPv4(rc: ReconcilerContext, svc: KObject, pods: KObject[], existing: KObject[], triggerTime: string | undefined, errors: unknown[]): void {
  const max = rc.maxEndpointsPerSlice ?? MAX_ENDPOINTS_PER_SLICE;
  const changes: Changes = { create: [], update: [], delete: [] };
  const existingByPorts = new Map<string, KObject[]>();
  for (const slice of existing) {
    if (!ownedBy(slice, svc)) {
      changes.delete.push(slice);
      continue;
    }
    const key = portMapKey(slice.ports);
    existingByPorts.set(key, [...(existingByPorts.get(key) ?? []), slice]);
  }
  const desired = new Map<string, { ports: EndpointPort[]; endpoints: EndpointSet<Endpoint> }>();
  for (const pod of pods) {
    if (!shouldPodBeInEndpoints(pod)) continue;
    const ports = endpointPorts(svc, pod);
    const key = portMapKey(ports);
    if (!desired.has(key)) desired.set(key, { ports, endpoints: new EndpointSet<Endpoint>() });
    const nodeName = pod.spec.nodeName ?? '';
    const node = rc.nodeNamed(nodeName);
    // A Pod on a Node the cache does not know is left out (and the sync retried), so that a Node
    // gone for good cannot keep the slices stale; unless the Service publishes not-ready addresses.
    if (!node && svc.spec.publishNotReadyAddresses !== true) {
      errors.push(new Error(`skipping Pod ${pod.metadata.name} for Service ${svc.metadata.namespace}/${svc.metadata.name}: Node ${nodeName} Not Found`));
      continue;
    }
    const ep = podToEndpoint(pod, node, svc);
    if (ep.addresses.length > 0) desired.get(key)!.endpoints.insert(ep);
  }
  for (const [key, want] of desired) {
    const c = reconcileByPortMapping(svc, existingByPorts.get(key) ?? [], want.endpoints, want.ports, max);
    changes.create.push(...c.create);
    changes.update.push(...c.update);
    changes.delete.push(...c.delete);
  }
  for (const [key, slices] of existingByPorts) if (!desired.has(key)) changes.delete.push(...slices);
  if (existing.length === changes.delete.length && changes.create.length < 1) {
    const placeholder = newEndpointSlice(svc, []);
    if (changes.delete.length === 1 && placeholderSliceEqual(changes.delete[0], placeholder)) changes.delete.length = 0;
    else changes.create.push(placeholder);
  }
  try {
    finalize(rc, svc, changes, triggerTime);
  } catch (e) {
    errors.push(e);
  }
}

/**
 * Reconcile: makes the Service's slices (those the controller's cache has for it) match the
 * selected Pods. Throws a ReconcileError with every error met; the writes that could be made
 * are made.
 */
export function reconcile(rc: ReconcilerContext, svc: KObject, pods: KObject[], existing: KObject[], triggerTime: string | undefined): void {
  const errors: unknown[] = [];
  reconcileIPv4(
    rc,
    svc,
    pods,
    existing.filter((s) => s.addressType === ADDRESS_TYPE),
    triggerTime,
    errors,
  );
  // Slices of an address type the Service no longer has (the deprecated "IP" among them) go.
  for (const slice of existing.filter((s) => s.addressType !== ADDRESS_TYPE))
    try {
      deleteSlice(rc, svc, slice);
    } catch (e) {
      errors.push(new Error(`error deleting ${slice.metadata.name} EndpointSlice for Service ${svc.metadata.namespace}/${svc.metadata.name}: ${messageOf(e)}`));
    }
  if (errors.length) throw new ReconcileError(errors);
}
