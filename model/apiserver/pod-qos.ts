/**
 * A Pod's QoS class as pkg/apis/core/helper/qos ComputePodQOS (v1.32) computes it: only cpu and
 * memory count, a zero quantity counts as unset, requests and limits are summed over the
 * containers and init containers, and the Pod is Guaranteed when every container limits both cpu
 * and memory and the sums of requests equal the sums of limits.
 */
import { type Quantity, tryQuantity } from '../api/quantity';

const QOS_RESOURCES = new Set(['cpu', 'memory']);

/** Adds each positive cpu or memory quantity of `list` into `sums`; returns the names it found. */
function addPositive(list: unknown, sums: Map<string, Quantity>): Set<string> {
  const found = new Set<string>();
  const entries = list && typeof list === 'object' ? Object.entries(list as Record<string, unknown>) : [];
  for (const [name, raw] of entries) {
    const q = QOS_RESOURCES.has(name) ? tryQuantity(raw) : undefined;
    if (!q || q.sign() <= 0) continue;
    found.add(name);
    const sum = sums.get(name);
    if (sum) sum.add(q);
    else sums.set(name, q);
  }
  return found;
}

export function podQOSClass(spec: any): 'BestEffort' | 'Burstable' | 'Guaranteed' {
  const containers = [...(Array.isArray(spec?.containers) ? spec.containers : []), ...(Array.isArray(spec?.initContainers) ? spec.initContainers : [])];
  const requests = new Map<string, Quantity>();
  const limits = new Map<string, Quantity>();
  let guaranteed = true;
  for (const c of containers) {
    addPositive(c?.resources?.requests, requests);
    const limited = addPositive(c?.resources?.limits, limits);
    if (!limited.has('memory') || !limited.has('cpu')) guaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (guaranteed) for (const [name, req] of requests) if (!limits.has(name) || limits.get(name)!.cmp(req) !== 0) guaranteed = false;
  return guaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}
