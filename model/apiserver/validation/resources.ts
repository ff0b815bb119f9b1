/**
 * A container's resources (pkg/apis/core/validation ValidateResourceRequirements): resource
 * names a container may ask for, quantities that are not negative, and each request at most its
 * limit. A quantity that does not parse never gets here: the decoder rejects it with a 400.
 */
import { type Quantity, tryQuantity } from '../../api/quantity';
import { FieldError } from '../../api/status';
import { isQualifiedName } from '../../api/validation';
import { IS_NEGATIVE } from './objectmeta';

const CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage']);
/** helper.IsStandardResourceName beyond the container ones: quota and object-count names. */
const STANDARD_RESOURCES = new Set([
  'pods', 'services', 'replicationcontrollers', 'resourcequotas', 'secrets', 'configmaps', 'persistentvolumeclaims', 'storage',
  'requests.cpu', 'requests.memory', 'requests.ephemeral-storage', 'requests.storage', 'limits.cpu', 'limits.memory', 'limits.ephemeral-storage',
  'services.nodeports', 'services.loadbalancers',
]);

const isHugePages = (name: string): boolean => name.startsWith('hugepages-');
const isNative = (name: string): boolean => !name.includes('/') || name.includes('kubernetes.io/');
/** An extended resource: a qualified name outside kubernetes.io, not requests.-prefixed. */
const isExtended = (name: string): boolean => !isNative(name) && !name.startsWith('requests.') && isQualifiedName(`requests.${name}`).length === 0;
/** Hugepages and extended resources may not be overcommitted: request equals limit. */
const overcommitAllowed = (name: string): boolean => !isHugePages(name) && isNative(name);

/** validateContainerResourceName. */
function validateResourceName(name: string, path: string, errs: FieldError[]): void {
  const before = errs.length;
  for (const msg of isQualifiedName(name)) errs.push(FieldError.invalid(path, name, msg));
  if (errs.length === before && !name.includes('/') && !CONTAINER_RESOURCES.has(name) && !isHugePages(name) && !STANDARD_RESOURCES.has(name))
    errs.push(FieldError.invalid(path, name, 'must be a standard resource type or fully qualified'));
  if (!name.includes('/')) {
    if (!CONTAINER_RESOURCES.has(name) && !isHugePages(name)) errs.push(FieldError.invalid(path, name, 'must be a standard resource for containers'));
  } else if (!isNative(name) && !isExtended(name)) errs.push(FieldError.invalid(path, name, "doesn't follow extended resource name standard"));
}

/** MilliValue() % 1000 == 0 (MilliValue rounds up). */
const isWhole = (q: Quantity): boolean => q.milliValue() % 1000 === 0;

export function validateResources(res: any, path: string, errs: FieldError[]): void {
  if (!res || typeof res !== 'object') return;
  const limits: Record<string, unknown> = res.limits && typeof res.limits === 'object' ? res.limits : {};
  const requests: Record<string, unknown> = res.requests && typeof res.requests === 'object' ? res.requests : {};
  const check = (name: string, q: unknown, p: string) => {
    validateResourceName(name, p, errs);
    const n = tryQuantity(q);
    if (!n) return;
    if (n.sign() < 0) errs.push(FieldError.invalid(p, n.toString(), IS_NEGATIVE));
    // IsIntegerResourceName: extended resources come in whole units.
    else if (isExtended(name) && !isWhole(n)) errs.push(FieldError.invalid(p, n.toString(), 'must be an integer'));
  };
  for (const name of Object.keys(limits).sort()) check(name, limits[name], `${path}.limits[${name}]`);
  for (const name of Object.keys(requests).sort()) {
    const q = requests[name];
    check(name, q, `${path}.requests[${name}]`);
    const req = tryQuantity(q);
    if (name in limits) {
      const lim = tryQuantity(limits[name]);
      if (!req || !lim) continue;
      if (req.cmp(lim) !== 0 && !overcommitAllowed(name)) errs.push(FieldError.invalid(`${path}.requests`, req.toString(), `must be equal to ${name} limit of ${lim.toString()}`));
      else if (req.cmp(lim) > 0) errs.push(FieldError.invalid(`${path}.requests`, req.toString(), `must be less than or equal to ${name} limit of ${lim.toString()}`));
    } else if (!overcommitAllowed(name)) errs.push(FieldError.required(`${path}.limits`, 'Limit must be set for non overcommitable resources'));
  }
}
