/**
 * The resource.Quantity fields of the kinds the model serves, decoded as kube-apiserver's JSON
 * decoder does: Quantity.UnmarshalJSON parses each (a string trimmed of whitespace, or a
 * number) and the stored object carries its canonical text ("1.5" is stored as "1500m", 1 as
 * "1"). A quantity that does not parse fails the whole request with the decoder's words:
 * `Pod in version "v1" cannot be handled as a Pod: quantities must match the regular expression …`.
 */
import type { ResourceInfo } from '../api/registry';
import { quantityFromJSON, QuantityError } from '../api/quantity';
import { errors } from '../api/status';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const items = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);

/** A ResourceList (map[ResourceName]Quantity): a null entry decodes as the zero quantity. */
function resourceList(list: unknown): void {
  if (!isObj(list)) return;
  for (const k of Object.keys(list)) list[k] = (quantityFromJSON(list[k]) ?? '0').toString();
}

/** A *Quantity field: null stays absent. */
function optional(o: Obj, field: string): void {
  if (!(field in o)) return;
  const q = quantityFromJSON(o[field]);
  if (q === null) delete o[field];
  else o[field] = q.toString();
}

function requirements(res: unknown): void {
  if (!isObj(res)) return;
  resourceList(res.limits);
  resourceList(res.requests);
}

function podSpec(spec: unknown): void {
  if (!isObj(spec)) return;
  for (const list of ['containers', 'initContainers', 'ephemeralContainers']) for (const c of items(spec[list])) requirements(c.resources);
  resourceList(spec.overhead);
  requirements(spec.resources);
  for (const v of items(spec.volumes)) if (isObj(v.emptyDir)) optional(v.emptyDir, 'sizeLimit');
}

function podStatus(status: unknown): void {
  if (!isObj(status)) return;
  for (const list of ['containerStatuses', 'initContainerStatuses', 'ephemeralContainerStatuses'])
    for (const cs of items(status[list])) {
      resourceList(cs.allocatedResources);
      requirements(cs.resources);
    }
}

const WALKERS: Record<string, (o: Obj) => void> = {
  Pod: (o) => {
    podSpec(o.spec);
    podStatus(o.status);
  },
  Node: (o) => {
    if (!isObj(o.status)) return;
    resourceList(o.status.capacity);
    resourceList(o.status.allocatable);
  },
  Deployment: (o) => isObj(o.spec) && isObj(o.spec.template) && podSpec(o.spec.template.spec),
  ReplicaSet: (o) => isObj(o.spec) && isObj(o.spec.template) && podSpec(o.spec.template.spec),
  DaemonSet: (o) => isObj(o.spec) && isObj(o.spec.template) && podSpec(o.spec.template.spec),
};

/** Decodes an object's quantities in place, or throws the decoder's 400. */
export function decodeQuantities(r: ResourceInfo, obj: unknown): void {
  const walk = WALKERS[r.kind];
  if (!walk || !isObj(obj)) return;
  try {
    walk(obj);
  } catch (e) {
    if (e instanceof QuantityError) throw errors.badRequest(`${r.kind} in version "${r.version}" cannot be handled as a ${r.kind}: ${e.message}`);
    throw e;
  }
}
