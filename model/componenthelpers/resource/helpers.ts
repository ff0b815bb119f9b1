/**
 * k8s.io/component-helpers/resource (helpers.go): what a Pod asks of a node, as the scheduler,
 * the kubelet and the controllers count it: exact quantities, added and compared as
 * resource.Quantity does; each reader then takes MilliValue (cpu) or Value (the rest).
 */
import type { KObject } from '../../api/meta';
import { Quantity, tryQuantity } from '../../api/quantity';

/** v1.ResourceList: resource name -> quantity. */
export type ResourceList = Map<string, Quantity>;

export interface PodResourcesOptions {
  /** Added for each of these a container does not request (the scheduler's non-zero defaults). */
  nonMissingContainerRequests?: ResourceList;
  /** Leave spec.overhead out. */
  excludeOverhead?: boolean;
}

/**
 * A ResourceList object (`{cpu: "100m", memory: "64Mi"}`) as quantities. A value that is no
 * quantity cannot come from the API server (it rejects the object); it counts as nothing here.
 */
export function resourceList(list: unknown): ResourceList {
  const m: ResourceList = new Map();
  if (!list || typeof list !== 'object' || Array.isArray(list)) return m;
  for (const [name, raw] of Object.entries(list as Record<string, unknown>)) {
    const q = tryQuantity(raw);
    if (q) m.set(name, q);
  }
  return m;
}

/** addResourceList: list += newList, resource by resource. */
function addResourceList(list: ResourceList, newList: ResourceList): void {
  for (const [name, q] of newList) {
    const cur = list.get(name);
    if (cur) cur.add(q);
    else list.set(name, q.copy());
  }
}

/** maxResourceList: each resource raised to the larger of the two. */
function maxResourceList(list: ResourceList, newList: ResourceList): void {
  for (const [name, q] of newList) {
    const cur = list.get(name);
    if (!cur || q.cmp(cur) > 0) list.set(name, q.copy());
  }
}

function containerRequests(c: any, opts: PodResourcesOptions): ResourceList {
  const reqs = resourceList(c?.resources?.requests);
  for (const [name, q] of opts.nonMissingContainerRequests ?? []) if (!reqs.has(name)) reqs.set(name, q.copy());
  return reqs;
}

function containers(v: unknown): any[] {
  return Array.isArray(v) ? v : [];
}

/**
 * AggregateContainerRequests: regular containers add up; init containers run one at a time,
 * so only the largest counts, each with the sidecars (restartable init containers) started
 * before it; sidecars keep running, so they also add to the regular containers.
 */
export function aggregateContainerRequests(pod: KObject, opts: PodResourcesOptions = {}): ResourceList {
  const reqs: ResourceList = new Map();
  for (const c of containers(pod.spec?.containers)) addResourceList(reqs, containerRequests(c, opts));
  const restartable: ResourceList = new Map();
  const initReqs: ResourceList = new Map();
  for (const c of containers(pod.spec?.initContainers)) {
    let cr = containerRequests(c, opts);
    if (c?.restartPolicy === 'Always') {
      addResourceList(reqs, cr);
      addResourceList(restartable, cr);
      cr = restartable;
    } else {
      const tmp: ResourceList = new Map();
      addResourceList(tmp, cr);
      addResourceList(tmp, restartable);
      cr = tmp;
    }
    maxResourceList(initReqs, cr);
  }
  maxResourceList(reqs, initReqs);
  return reqs;
}

/** PodRequests: the containers' aggregate plus the Pod's overhead (pod-level resources are off in 1.32). */
export function podRequests(pod: KObject, opts: PodResourcesOptions = {}): ResourceList {
  const reqs = aggregateContainerRequests(pod, opts);
  if (!opts.excludeOverhead) addResourceList(reqs, resourceList(pod.spec?.overhead));
  return reqs;
}
