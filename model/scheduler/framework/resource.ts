import type { KObject } from '../../api/meta';
import { isQualifiedName } from '../../api/labels/validation';
import { Quantity } from '../../api/quantity';
import { podRequests, resourceList, type ResourceList } from '../../componenthelpers/resource/helpers';

/**
 * framework.Resource: the compute resources the scheduler accounts for, in the units it
 * compares them in (CPU in millicores, everything else in whole units: bytes, pods, devices).
 */
export interface Resource {
  milliCPU: number;
  memory: number;
  ephemeralStorage: number;
  /** Only set for allocatable: status.allocatable.pods. */
  allowedPodNumber: number;
  /** Extended resources ("example.com/gpu"), kubernetes.io/-prefixed ones, hugepages. */
  scalar: Record<string, number>;
}

/** schedutil.DefaultMilliCPURequest / DefaultMemoryRequest: what scoring assumes for a container with no request. */
export const DEFAULT_MILLI_CPU_REQUEST = 100;
export const DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024;

const NON_ZERO_DEFAULTS: ResourceList = new Map([
  ['cpu', new Quantity(BigInt(DEFAULT_MILLI_CPU_REQUEST), -3, 'DecimalSI')],
  ['memory', new Quantity(BigInt(DEFAULT_MEMORY_REQUEST), 0, 'DecimalSI')],
]);

export function emptyResource(): Resource {
  return { milliCPU: 0, memory: 0, ephemeralStorage: 0, allowedPodNumber: 0, scalar: {} };
}

/** v1helper.IsPrefixedNativeResource: in the kubernetes.io/ namespace (any subdomain of it too). */
export function isPrefixedNativeResource(name: string): boolean {
  return name.includes('kubernetes.io/');
}

/** v1helper.IsNativeResource: unqualified, or kubernetes.io/-prefixed. */
export function isNativeResource(name: string): boolean {
  return !name.includes('/') || isPrefixedNativeResource(name);
}

/**
 * v1helper.IsExtendedResourceName: fully qualified, outside kubernetes.io/, not a quota
 * `requests.` name, and still a qualified name once quota prefixes it with `requests.`.
 */
export function isExtendedResourceName(name: string): boolean {
  if (isNativeResource(name) || name.startsWith('requests.')) return false;
  return isQualifiedName(`requests.${name}`).length === 0;
}

/** schedutil.IsScalarResourceName: extended, hugepages-*, kubernetes.io/-prefixed, attachable-volumes-*. */
export function isScalarResourceName(name: string): boolean {
  return isExtendedResourceName(name) || name.startsWith('hugepages-') || isPrefixedNativeResource(name) || name.startsWith('attachable-volumes-');
}

/** Resource.Add: cpu in millicores (MilliValue), everything else in whole units (Value). */
function add(r: Resource, list: ResourceList): void {
  for (const [name, q] of list) {
    if (name === 'cpu') r.milliCPU += q.milliValue();
    else if (name === 'memory') r.memory += q.value();
    else if (name === 'pods') r.allowedPodNumber += q.value();
    else if (name === 'ephemeral-storage') r.ephemeralStorage += q.value();
    else if (isScalarResourceName(name)) r.scalar[name] = (r.scalar[name] ?? 0) + q.value();
  }
}

/** NewResource(node.Status.Allocatable). */
export function resourceFromList(list: Record<string, string | number> | undefined): Resource {
  const r = emptyResource();
  add(r, resourceList(list));
  return r;
}

/** The Pod's requests as a Resource (what NodeResourcesFit compares against free capacity). */
export function podResource(pod: KObject): Resource {
  const r = emptyResource();
  add(r, podRequests(pod));
  // A Pod's Resource counts no pods: only a node's allocatable does.
  r.allowedPodNumber = 0;
  return r;
}

/**
 * The Pod's cpu/memory with the non-zero defaults (100m, 200Mi) for containers that request
 * none (NodeInfo.NonZeroRequested): scoring uses that so that request-less Pods still spread.
 */
export function podNonZeroRequest(pod: KObject): { milliCPU: number; memory: number } {
  const r = podRequests(pod, { nonMissingContainerRequests: NON_ZERO_DEFAULTS });
  return { milliCPU: r.get('cpu')?.milliValue() ?? 0, memory: r.get('memory')?.value() ?? 0 };
}
