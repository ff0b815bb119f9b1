import { resourceByName, groupVersion, type ResourceInfo } from '../api/registry';
import type { Verb } from './request';

/**
 * What an HTTP request asks for, parsed from its method and path as kube-apiserver's
 * RequestInfoFactory does (k8s.io/apiserver/pkg/endpoints/request/requestinfo.go):
 * /api/v1/namespaces/NS/pods/NAME/SUBRESOURCE, /apis/GROUP/VERSION/..., the deprecated
 * /watch/ prefix, and everything else as a non-resource URL (/version, /healthz, /openapi/v3).
 */
export type RequestInfo =
  | { isResourceRequest: false; verb: string; path: string }
  | {
      isResourceRequest: true;
      verb: Verb;
      apiGroup: string;
      apiVersion: string;
      resource: string;
      subresource?: string;
      namespace?: string;
      name?: string;
      /** The resource the model serves, if it serves it at this group and version. */
      info?: ResourceInfo;
      path: string;
    };

const METHOD_VERBS: Record<string, string> = { POST: 'create', GET: 'get', HEAD: 'get', PUT: 'update', PATCH: 'patch', DELETE: 'delete' };

export function requestInfo(method: string, path: string, query: URLSearchParams): RequestInfo {
  const parts = path.split('/').filter((p) => p !== '');
  const nonResource = { isResourceRequest: false as const, verb: METHOD_VERBS[method] ?? method.toLowerCase(), path };
  if (parts[0] !== 'api' && parts[0] !== 'apis') return nonResource;
  let rest: string[];
  let group = '';
  let version: string;
  if (parts[0] === 'api') {
    if (parts.length < 3) return nonResource; // /api, /api/v1: discovery
    version = parts[1];
    rest = parts.slice(2);
  } else {
    if (parts.length < 4) return nonResource; // /apis, /apis/apps, /apis/apps/v1: discovery
    group = parts[1];
    version = parts[2];
    rest = parts.slice(3);
  }
  let verb = METHOD_VERBS[method] ?? method.toLowerCase();
  if (rest[0] === 'watch') {
    verb = 'watch';
    rest = rest.slice(1);
  }
  let namespace: string | undefined;
  // /namespaces/NS/<resource>/... is namespaced; /namespaces/NAME[/status|/finalize] is the
  // Namespace itself, and (as upstream's RequestInfo has it) in the namespace NAME.
  if (rest[0] === 'namespaces' && rest.length > 1) {
    namespace = rest[1];
    if (rest.length > 2 && rest[2] !== 'status' && rest[2] !== 'finalize') rest = rest.slice(2);
  }
  const [resource, name, subresource] = rest;
  if (verb === 'get' && !name) verb = 'list';
  if (verb === 'delete' && !name) verb = 'deletecollection';
  if ((verb === 'get' || verb === 'list') && (query.get('watch') === 'true' || query.get('watch') === '1')) verb = 'watch';
  const r = resourceByName(resource);
  const info = r && groupVersion(r) === (group ? `${group}/${version}` : version) ? r : undefined;
  return { isResourceRequest: true, verb: verb as Verb, apiGroup: group, apiVersion: version, resource, subresource, namespace, name, info, path };
}
