/**
 * The /openapi/v2 and /openapi/v3 endpoints as pure request -> response functions of the
 * API server. kubectl 1.32 reads /openapi/v3 for `explain`, for apply's strategic merge patches and
 * to learn that the server validates fields itself (the fieldValidation query parameter).
 */
import type { DiscoveryResponse } from '../discovery';
import { openApiV2, openApiV3, openApiV3Index } from './documents';
import { encodeSwaggerProto } from './v2-protobuf';

export { openApiV2, openApiV3, openApiV3Index, definitions, v3Paths } from './documents';

const JSON_TYPE = 'application/json';

/** The protobuf form of /openapi/v2 (gnostic's openapi.v2.Document), and its older name. */
const PROTO_TYPES = ['application/com.github.proto-openapi.spec.v2@v1.0+protobuf', 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf'];

/** The first media type of the Accept header (by q, then order) among those offered. */
function pick(accept: string | undefined, offered: string[]): string | undefined {
  if (!accept || !accept.trim()) return offered[0];
  const ranges = accept
    .split(',')
    .map((part, index) => {
      const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
      const q = params.find((p) => p.startsWith('q='));
      return { type, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranges) {
    if (r.type === '*/*' || r.type === 'application/*') return offered[0];
    const hit = offered.find((o) => o === r.type);
    if (hit) return hit;
  }
  return undefined;
}

function acceptsJson(accept: string | undefined): boolean {
  return pick(accept, [JSON_TYPE]) !== undefined;
}

let v2Proto: Buffer | undefined;

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
    const type = pick(accept, [JSON_TYPE, ...PROTO_TYPES]);
    if (!type) return notAcceptable();
    if (type === JSON_TYPE) return { status: 200, contentType: JSON_TYPE, body: openApiV2() };
    v2Proto ??= encodeSwaggerProto(openApiV2());
    // kube-openapi answers both with the '@'-less name: '@' is not valid in a Content-Type.
    return { status: 200, contentType: PROTO_TYPES[1], body: v2Proto };
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
