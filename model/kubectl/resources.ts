import { RESOURCES, qualifiedSingular, resolveResourceArg, type ResourceInfo } from '../api/registry';
import { KubectlError } from './errors';
import type { Ctx } from './kubectl';

/** What the command line asked for: resource types, each with names or none (all of them). */
export interface ResourceRequest {
  r: ResourceInfo;
  names: string[];
}

/** `kubectl get all`: the "all" category, as kubectl's discovery lists it (of the kinds modelled). */
const ALL = ['pods', 'services', 'daemonsets', 'deployments', 'replicasets', 'statefulsets', 'cronjobs', 'jobs'];

/** Resolves a type argument ("po", "deploy", "deployments.apps") or fails as kubectl does. */
export function resolveType(arg: string): ResourceInfo {
  const r = resolveResourceArg(arg);
  if (!r) throw new KubectlError(`the server doesn't have a resource type ${JSON.stringify(arg.split('.')[0])}`);
  return r;
}

/**
 * cli-runtime's builder over positional arguments: "TYPE[,TYPE] [NAME...]" or "TYPE/NAME...".
 * Returns the requests and whether several kinds were asked for (then names print as kind/name).
 */
export function parseResourceArgs(args: string[]): { requests: ResourceRequest[]; multipleTypes: boolean; singleItem: boolean } {
  if (args.some((a) => a.includes('/'))) {
    if (!args.every((a) => a.includes('/')))
      throw new KubectlError(
        "there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'",
      );
    const requests: ResourceRequest[] = [];
    for (const a of args) {
      const i = a.indexOf('/');
      const type = a.slice(0, i);
      const name = a.slice(i + 1);
      if (!name) throw new KubectlError(`arguments in resource/name form must have a single resource and name`);
      const r = resolveType(type);
      const last = requests[requests.length - 1];
      if (last && last.r === r) last.names.push(name);
      else requests.push({ r, names: [name] });
    }
    const kinds = new Set(requests.map((q) => q.r));
    return { requests, multipleTypes: kinds.size > 1, singleItem: args.length === 1 };
  }
  const [types, ...names] = args;
  const typeArgs = types.split(',').filter(Boolean);
  const rs: ResourceInfo[] = [];
  for (const t of typeArgs) {
    if (t.toLowerCase() === 'all') {
      for (const name of ALL) rs.push(RESOURCES.find((x) => x.resource === name)!);
    } else rs.push(resolveType(t));
  }
  const unique = rs.filter((r, i) => rs.indexOf(r) === i);
  return {
    requests: unique.map((r) => ({ r, names: [...names] })),
    multipleTypes: typeArgs.length > 1 || typeArgs.some((t) => t.toLowerCase() === 'all'),
    singleItem: unique.length === 1 && names.length === 1,
  };
}

/** The builder's check before any request: a namespaced object is looked up by name in one namespace. */
export function checkNamedInNamespace(requests: ResourceRequest[], allNamespaces: boolean): void {
  if (allNamespaces && requests.some((q) => q.r.namespaced && q.names.length > 0))
    throw new KubectlError('a resource cannot be retrieved by name across all namespaces');
}

/** "deployment.apps/nginx": how kubectl names an object in its messages and in -o name. */
export function objectRef(r: ResourceInfo, name: string): string {
  return `${qualifiedSingular(r)}/${name}`;
}

/** cmdutil.GetResourcesAndPairs: resources first, then "key=value" and "key-" pairs (label, annotate). */
export function resourcesAndPairs(args: string[], pairType: 'label' | 'annotation'): { resources: string[]; pairs: string[] } {
  const resources: string[] = [];
  const pairs: string[] = [];
  for (const a of args) {
    const pair = (a.includes('=') && a[0] !== '=') || (a.endsWith('-') && a !== '-');
    if (pair) pairs.push(a);
    else if (pairs.length > 0) throw new KubectlError(`all resources must be specified before ${pairType} changes: ${a}`);
    else resources.push(a);
  }
  return { resources, pairs };
}

/** The objects a request names, or, with no names, those its -l selector lists (across namespaces with -A). */
export function namedOrSelected(ctx: Ctx, q: ResourceRequest, allNamespaces: boolean, selector: string | undefined): { name: string; ns?: string }[] {
  if (q.names.length) return q.names.map((name) => ({ name, ns: q.r.namespaced ? ctx.namespace : undefined }));
  const listNs = q.r.namespaced && !allNamespaces ? ctx.namespace : undefined;
  return ctx.client.list(q.r.resource, listNs, { labelSelector: selector }).items.map((o) => ({ name: o.metadata.name!, ns: o.metadata.namespace }));
}
