/**
 * How kubectl's resource builder words a failed list (SelectorVisitor in cli-runtime's
 * visitor.go): a BadRequest or NotFound from the server keeps its code and reason, and its
 * message names the resource and the selectors: `Unable to find "/v1, Resource=pods" that
 * match label selector "", field selector "foo=bar": field label not supported: foo`.
 */
import type { ResourceInfo } from '../api/registry';
import { StatusError } from '../api/status';

/** schema.GroupVersionResource.String(). */
const gvrString = (r: ResourceInfo): string => `${r.group}/${r.version}, Resource=${r.resource}`;

/** The error a list by selector fails with, worded as kubectl words it. */
export function selectorListError(e: unknown, r: ResourceInfo, labelSelector: string | undefined, fieldSelector: string | undefined): unknown {
  if (!(e instanceof StatusError) || (e.reason !== 'BadRequest' && e.reason !== 'NotFound')) return e;
  const ls = labelSelector ?? '';
  const fs = fieldSelector ?? '';
  const message =
    ls === '' && fs === ''
      ? `Unable to list ${JSON.stringify(gvrString(r))}: ${e.status.message}`
      : `Unable to find ${JSON.stringify(gvrString(r))} that match label selector ${JSON.stringify(ls)}, field selector ${JSON.stringify(fs)}: ${e.status.message}`;
  return new StatusError({ ...e.status, message });
}

/** Runs a list, rewording its failure as selectorListError does. */
export function listingBySelector<T>(r: ResourceInfo, labelSelector: string | undefined, fieldSelector: string | undefined, list: () => T): T {
  try {
    return list();
  } catch (e) {
    throw selectorListError(e, r, labelSelector, fieldSelector);
  }
}
