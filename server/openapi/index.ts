/**
 * The /openapi/v2 and /openapi/v3 endpoints as pure request -> response functions for the
 * facade. kubectl 1.32 reads /openapi/v3 for `explain`, for apply's strategic merge patches and
 * to learn that the server validates fields itself (the fieldValidation query parameter).
 */
import type { DiscoveryResponse } from '../discovery';
import { openApiV2, openApiV3, openApiV3Index } from './documents';

export { openApiV2, openApiV3, openApiV3Index, definitions, v3Paths } from './documents';

const JSON_TYPE = 'application/json';

function acceptsJson(accept: string | undefined): boolean {
  if (!accept || !accept.trim()) return true;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) return false;
    return type === 'application/json' || type === 'application/*' || type === '*/*';
  });
}

function notAcceptable(): DiscoveryResponse {
  return { status: 406, contentType: 'text/plain; charset=utf-8', body: '406 Not Acceptable\n' };
}

function notFound(): DiscoveryResponse {
  return { status: 404, contentType: 'text/plain; charset=utf-8', body: '404 page not found\n' };
}

/**
 * Answers GET /openapi/v2, /openapi/v3 and /openapi/v3/<group-version path>[?hash=...], or
 * undefined when the path is not under /openapi/. String bodies are written as they are,
 * objects as JSON.
 */
export function openapi(pathWithQuery: string, accept: string | undefined): DiscoveryResponse | undefined {
  const [rawPath, query = ''] = pathWithQuery.split('?', 2);
  const path = rawPath.replace(/\/+$/, '');
  if (path !== '/openapi' && !path.startsWith('/openapi/')) return undefined;
  if (path === '/openapi/v2') {
    // Only JSON is served; a client asking for nothing but the protobuf form gets 406.
    if (!acceptsJson(accept)) return notAcceptable();
    return { status: 200, contentType: JSON_TYPE, body: openApiV2() };
  }
  if (path === '/openapi/v3') return { status: 200, contentType: JSON_TYPE, body: openApiV3Index(), headers: { 'Cache-Control': 'no-cache, private' } };
  if (path.startsWith('/openapi/v3/')) {
    const gvPath = path.slice('/openapi/v3/'.length);
    const built = openApiV3(gvPath);
    if (!built) return notFound();
    const hash = new URLSearchParams(query).get('hash');
    if (hash !== null && hash !== built.hash) {
      // An index read before the document changed: send the client to the current one.
      return { status: 301, contentType: 'text/html; charset=utf-8', body: '', headers: { Location: `/openapi/v3/${gvPath}?hash=${built.hash}` } };
    }
    if (!acceptsJson(accept)) return notAcceptable();
    return {
      status: 200,
      contentType: JSON_TYPE,
      body: built.doc,
      headers: { ETag: `"${built.hash}"`, 'Cache-Control': hash !== null ? 'public, immutable' : 'no-cache, private' },
    };
  }
  return notFound();
}
