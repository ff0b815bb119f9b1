/**
 * kubectl's view of what the server serves, from aggregated discovery (GET /api and /apis asking
 * for apidiscovery.k8s.io/v2 APIGroupDiscoveryList, as client-go 1.32 does), and the REST mapper
 * over it: short names expanded (po -> pods), then plural or singular names matched, core group
 * first and the groups in the server's order.
 */
import type { ApiClient } from '../client/client';

/** client-go's Accept for discovery: aggregated v2, v2beta1, then the legacy documents. */
export const DISCOVERY_ACCEPT =
  'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json';

/** One row of discovery: a resource of one group/version. */
export interface ApiResource {
  group: string;
  version: string;
  /** The plural resource name: "deployments". */
  resource: string;
  singular: string;
  kind: string;
  namespaced: boolean;
  verbs: string[];
  shortNames: string[];
  categories: string[];
}

type Json = any;

/** Every resource of the server, core group first, then the groups and versions in discovery order. */
export function discoverResources(client: ApiClient): ApiResource[] {
  const out: ApiResource[] = [];
  for (const path of ['/api', '/apis']) {
    const answer = client.getNonResource(path, DISCOVERY_ACCEPT);
    if (answer.status !== 200) throw new Error(`unable to retrieve the complete list of server APIs: ${path}: ${answer.status}`);
    const list = answer.body as Json;
    for (const g of list.items ?? [])
      for (const v of g.versions ?? [])
        for (const r of v.resources ?? [])
          out.push({
            group: g.metadata?.name ?? '',
            version: v.version,
            resource: r.resource,
            singular: r.singularResource ?? '',
            kind: r.responseKind?.kind ?? '',
            namespaced: r.scope === 'Namespaced',
            verbs: r.verbs ?? [],
            shortNames: r.shortNames ?? [],
            categories: r.categories ?? [],
          });
  }
  return out;
}

/** "deployments.apps", "pods": GroupResource.String(). */
export function groupResource(r: ApiResource): string {
  return r.group ? `${r.resource}.${r.group}` : r.resource;
}

/**
 * RESTMapper.ResourcesFor(resource) behind kubectl's shortcut expander: the resources a name
 * means, most preferred first; empty when the server has none.
 */
export function resourcesFor(all: ApiResource[], name: string): ApiResource[] {
  const lower = name.toLowerCase();
  // The shortcut expander turns a short name into its resource and group.
  const short = all.find((r) => r.shortNames.includes(lower));
  if (short) return all.filter((r) => r.group === short.group && r.resource === short.resource);
  return all.filter((r) => r.resource === lower || r.singular === lower);
}

/** meta.NoResourceMatchError as cmdutil.CheckErr prints it. */
export function noResourceType(name: string): string {
  return `the server doesn't have a resource type ${JSON.stringify(name)}`;
}
