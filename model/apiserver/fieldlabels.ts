/**
 * Which fields a field selector may name, per kind, and the values they select on: the API
 * server's field label conversion functions (AddFieldLabelConversionFunc in
 * pkg/apis/core/v1/conversion.go, DefaultMetaV1FieldSelectorConversion for every other kind)
 * and each registry's GetAttrs (the fields.Set an object is matched against).
 */
import type { KObject } from '../api/meta';
import { resourceByName } from '../api/registry';
import { type FieldSelector, matchesFieldSet, parseFieldSelector, transformFieldSelector } from '../api/fields/selector';
import { SelectorParseError } from '../api/labels/selector';

/** The labels a kind's conversion function accepts (a kind absent here has the default one). */
const SUPPORTED: Record<string, string[]> = {
  Pod: [
    'metadata.name',
    'metadata.namespace',
    'spec.nodeName',
    'spec.restartPolicy',
    'spec.schedulerName',
    'spec.serviceAccountName',
    'spec.hostNetwork',
    'status.phase',
    'status.podIP',
    'status.podIPs',
    'status.nominatedNodeName',
  ],
  Node: ['metadata.name', 'spec.unschedulable'],
  ReplicationController: ['metadata.name', 'metadata.namespace', 'status.replicas'],
  Event: [
    'involvedObject.kind',
    'involvedObject.namespace',
    'involvedObject.name',
    'involvedObject.uid',
    'involvedObject.apiVersion',
    'involvedObject.resourceVersion',
    'involvedObject.fieldPath',
    'reason',
    'reportingComponent',
    'source',
    'type',
    'metadata.namespace',
    'metadata.name',
  ],
  Namespace: ['status.phase', 'metadata.name'],
  Secret: ['type', 'metadata.namespace', 'metadata.name'],
  Service: ['metadata.namespace', 'metadata.name', 'spec.clusterIP', 'spec.type'],
};

/** Scheme.ConvertFieldLabel: the label and value the storage matches on, or upstream's error. */
export function convertFieldLabel(kind: string, label: string, value: string): [string, string] {
  const supported = SUPPORTED[kind];
  if (!supported) {
    if (label === 'metadata.name' || label === 'metadata.namespace') return [label, value];
    throw new SelectorParseError(`${JSON.stringify(label)} is not a known field selector: only "metadata.name", "metadata.namespace"`);
  }
  // Old v1 clients send spec.host for a Pod's node.
  if (kind === 'Pod' && label === 'spec.host') return ['spec.nodeName', value];
  if (supported.includes(label)) return [label, value];
  throw new SelectorParseError(`field label not supported: ${label}`);
}

/** A list or watch's field selector for a resource: parsed, then each label converted. */
export function parseFieldSelectorFor(resource: string, text: string): FieldSelector {
  const sel = parseFieldSelector(text);
  const kind = resourceByName(resource)?.kind;
  return kind ? transformFieldSelector(sel, (l, v) => convertFieldLabel(kind, l, v)) : sel;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
/** strconv.FormatBool of a field that is true only when it is. */
const bool = (v: unknown): string => String(v === true);

/** generic.AddObjectMetaFieldsSet: metadata.name, and metadata.namespace for namespaced kinds. */
function objectMetaFields(obj: KObject, namespaced: boolean): Record<string, string> {
  const out: Record<string, string> = { 'metadata.name': str(obj.metadata?.name) };
  if (namespaced) out['metadata.namespace'] = str(obj.metadata?.namespace);
  return out;
}

/** The registries' GetAttrs field sets, by kind. */
const ATTRS: Record<string, (o: any) => Record<string, string>> = {
  Pod: (o) => ({
    'spec.nodeName': str(o.spec?.nodeName),
    'spec.restartPolicy': str(o.spec?.restartPolicy),
    'spec.schedulerName': str(o.spec?.schedulerName),
    'spec.serviceAccountName': str(o.spec?.serviceAccountName),
    'spec.hostNetwork': bool(o.spec?.hostNetwork),
    'status.phase': str(o.status?.phase),
    // The first of status.podIPs; status.podIPs itself is accepted but never set (it selects "").
    'status.podIP': str(Array.isArray(o.status?.podIPs) && o.status.podIPs.length ? o.status.podIPs[0]?.ip : o.status?.podIP),
    'status.nominatedNodeName': str(o.status?.nominatedNodeName),
  }),
  Node: (o) => ({ 'spec.unschedulable': bool(o.spec?.unschedulable) }),
  ReplicationController: (o) => ({ 'status.replicas': String(Number(o.status?.replicas ?? 0)) }),
  Event: (o) => ({
    'involvedObject.kind': str(o.involvedObject?.kind),
    'involvedObject.namespace': str(o.involvedObject?.namespace),
    'involvedObject.name': str(o.involvedObject?.name),
    'involvedObject.uid': str(o.involvedObject?.uid),
    'involvedObject.apiVersion': str(o.involvedObject?.apiVersion),
    'involvedObject.resourceVersion': str(o.involvedObject?.resourceVersion),
    'involvedObject.fieldPath': str(o.involvedObject?.fieldPath),
    reason: str(o.reason),
    reportingComponent: str(o.reportingComponent),
    source: str(o.source?.component),
    type: str(o.type),
  }),
  Namespace: (o) => ({ 'status.phase': str(o.status?.phase) }),
  Secret: (o) => ({ type: str(o.type) }),
  Service: (o) => ({ 'spec.clusterIP': str(o.spec?.clusterIP), 'spec.type': str(o.spec?.type) }),
};

/** GetAttrs' fields.Set of an object, found by its kind (or its resource's). */
export function selectableFields(obj: KObject, resource?: string): Record<string, string> {
  const info = resource ? resourceByName(resource) : undefined;
  const kind = obj.kind ?? info?.kind ?? '';
  const namespaced = info ? info.namespaced !== false : obj.metadata?.namespace !== undefined;
  return { ...(ATTRS[kind]?.(obj) ?? {}), ...objectMetaFields(obj, namespaced) };
}

/** fields.Selector.Matches(GetAttrs(obj)). */
export function matchesFields(sel: FieldSelector, obj: KObject, resource?: string): boolean {
  return sel.length === 0 || matchesFieldSet(sel, selectableFields(obj, resource));
}
