/**
 * The labels of an EndpointSlice the controller manages (endpointslice's utils.go,
 * setEndpointSliceLabels): the Service's own, the headless label when it has no cluster IP, and
 * the two that tie the slice to its Service and to this controller.
 */
import type { KObject } from '../../api/meta';
import { sortedRecord } from '../util/objects';

export const LABEL_SERVICE_NAME = 'kubernetes.io/service-name';
export const LABEL_MANAGED_BY = 'endpointslice.kubernetes.io/managed-by';
export const CONTROLLER_NAME = 'endpointslice-controller.k8s.io';
/** v1.IsHeadlessService. */
export const LABEL_HEADLESS = 'service.kubernetes.io/headless';

/** The labels only the controller sets on a slice (isReservedLabelKey). */
const RESERVED_LABELS = new Set([LABEL_SERVICE_NAME, LABEL_MANAGED_BY, LABEL_HEADLESS]);

/** helper.IsServiceIPSet: a cluster IP that is neither empty nor None. */
function isServiceIPSet(svc: KObject): boolean {
  const ip = svc.spec.clusterIP;
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

/** ManagedByController: the slice says this controller manages it. */
export const managedByController = (slice: KObject) => slice.metadata.labels?.[LABEL_MANAGED_BY] === CONTROLLER_NAME;
