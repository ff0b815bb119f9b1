import type { KObject } from '../../api/meta';
import { milliValue, value } from '../../api/quantity';

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
  /** Extended resources ("example.com/gpu") and hugepages. */
  scalar: Record<string, number>;
}

/** schedutil.DefaultMilliCPURequest / DefaultMemoryRequest: what scoring assumes for a container with no request. */
export const DEFAULT_MILLI_CPU_REQUEST = 100;
export const DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024;

export function emptyResource(): Resource {
  return { milliCPU: 0, memory: 0, ephemeralStorage: 0, allowedPodNumber: 0, scalar: {} };
}

/** schedutil.IsScalarResourceName: extended resources, hugepages-*, attachable-volumes-*. */
export function isScalarResourceName(name: string): boolean {
  if (name.startsWith('hugepages-') || name.startsWith('attachable-volumes-')) return true;
  // An extended resource is fully qualified and outside the kubernetes.io/ namespace.
  return name.includes('/') && !name.includes('kubernetes.io/') && !name.startsWith('requests.');
}

/** Resource.Add: a ResourceList (name -> quantity) into a Resource. */
export function addResourceList(r: Resource, list: Record<string, string | number> | undefined): void {
  for (const [name, q] of Object.entries(list ?? {})) {
    if (name === 'cpu') r.milliCPU += milliValue(q);
    else if (name === 'memory') r.memory += value(q);
    else if (name === 'pods') r.allowedPodNumber += value(q);
    else if (name === 'ephemeral-storage') r.ephemeralStorage += value(q);
    else if (isScalarResourceName(name)) r.scalar[name] = (r.scalar[name] ?? 0) + value(q);
  }
}

/** NewResource(node.Status.Allocatable). */
export function resourceFromList(list: Record<string, string | number> | undefined): Resource {
  const r = emptyResource();
  addResourceList(r, list);
  return r;
}

type Requests = Map<string, number>;

function toRequests(list: Record<string, string | number> | undefined): Requests {
  const m: Requests = new Map();
  for (const [name, q] of Object.entries(list ?? {})) m.set(name, name === 'cpu' ? milliValue(q) : value(q));
  return m;
}

function addTo(dst: Requests, src: Requests): void {
  for (const [k, v] of src) dst.set(k, (dst.get(k) ?? 0) + v);
}

function maxInto(dst: Requests, src: Requests): void {
  for (const [k, v] of src) if (v > (dst.get(k) ?? 0)) dst.set(k, v);
}

/**
 * resourcehelper.PodRequests: what a Pod asks of a node. Regular containers add up; init
 * containers run one at a time, so only the largest counts (plus the sidecars, restartable
 * init containers, started before it); the Pod needs the larger of the two, plus overhead.
 * `nonMissing` fills a container's missing cpu/memory request with the scheduler's
 * defaults (100m, 200Mi): scoring uses that so that request-less Pods still spread.
 */
export function podRequests(pod: KObject, nonMissing = false): Requests {
  const withDefaults = (c: any): Requests => {
    const r = toRequests(c?.resources?.requests);
    if (nonMissing) {
      if (!r.has('cpu')) r.set('cpu', DEFAULT_MILLI_CPU_REQUEST);
      if (!r.has('memory')) r.set('memory', DEFAULT_MEMORY_REQUEST);
    }
    return r;
  };
  const reqs: Requests = new Map();
  for (const c of pod.spec?.containers ?? []) addTo(reqs, withDefaults(c));
  const sidecars: Requests = new Map();
  const initMax: Requests = new Map();
  for (const c of pod.spec?.initContainers ?? []) {
    const cr = withDefaults(c);
    if (c?.restartPolicy === 'Always') {
      addTo(reqs, cr);
      addTo(sidecars, cr);
      maxInto(initMax, sidecars);
    } else {
      const tmp = new Map(cr);
      addTo(tmp, sidecars);
      maxInto(initMax, tmp);
    }
  }
  maxInto(reqs, initMax);
  addTo(reqs, toRequests(pod.spec?.overhead));
  return reqs;
}

/** The Pod's requests as a Resource (what NodeResourcesFit compares against free capacity). */
export function podResource(pod: KObject): Resource {
  const r = emptyResource();
  for (const [name, v] of podRequests(pod)) {
    if (name === 'cpu') r.milliCPU += v;
    else if (name === 'memory') r.memory += v;
    else if (name === 'ephemeral-storage') r.ephemeralStorage += v;
    else if (isScalarResourceName(name)) r.scalar[name] = (r.scalar[name] ?? 0) + v;
  }
  return r;
}

/** The Pod's cpu/memory with the non-zero defaults applied (NodeInfo.NonZeroRequested). */
export function podNonZeroRequest(pod: KObject): { milliCPU: number; memory: number } {
  const r = podRequests(pod, true);
  return { milliCPU: r.get('cpu') ?? 0, memory: r.get('memory') ?? 0 };
}
