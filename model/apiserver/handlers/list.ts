import type { KObject } from '../../api/meta';
import { etcdPrefix, groupVersion, type ResourceInfo } from '../../api/registry';
import type { FieldSelector, Selector } from '../../api/selectors';
import type { CacheStore } from '../cache-store';
import { matchesSel, parseSelectors, stripUndefined } from '../objects';
import { continueToken, expiredContinue, parsePage } from '../pagination';
import type { ApiRequest } from '../request';
import type { HandlerContext } from './context';

/**
 * LIST, served from the watch cache as the cacher serves it (the model's cache is always as
 * fresh as etcd, so a consistent read, resourceVersion "", may be answered from it too): the
 * objects under the resource's (and namespace's) prefix that the selectors match, in key order,
 * paged by limit and continue. Each item is the caller's own copy.
 */
export function list(ctx: HandlerContext, r: ResourceInfo, ns: string | undefined, req: ApiRequest): any {
  const { labels, fields } = parseSelectors(req);
  const page = parsePage(req.query?.limit, req.query?.continue);
  // A continuation lists etcd at the token's revision: gone once compacted.
  if (page.rv !== undefined && page.rv > 0 && page.rv < ctx.etcd.compactRevision) throw expiredContinue(page);
  const prefix = etcdPrefix(r, ns);
  const { items, next, remaining } = select(ctx.cacheOf(r), prefix, labels, fields, page);
  const rv = ctx.etcd.currentRevision;
  return {
    apiVersion: groupVersion(r),
    kind: `${r.kind}List`,
    metadata: remaining > 0 && next !== undefined ? { resourceVersion: String(rv), continue: continueToken(rv, next), remainingItemCount: remaining } : { resourceVersion: String(rv) },
    items: items.map((o) => stripUndefined({ ...o, apiVersion: undefined, kind: undefined })),
  };
}

/** The cached objects a list selects (shared, read-only), with where the next page starts. */
function select(store: CacheStore, prefix: string, labels: Selector, fields: FieldSelector, page: { start: string; limit?: number }) {
  const indexed = store.indexedField ? fields.find((f) => f.field === store.indexedField && f.op === '=')?.value : undefined;
  const items: KObject[] = [];
  let next: string | undefined;
  let remaining = 0;
  for (const key of store.keysFor(prefix, indexed)) {
    const rel = key.slice(prefix.length);
    if (page.start && rel < page.start) continue;
    const obj = store.get(key)!.obj;
    if (!matchesSel(obj, labels, fields)) continue;
    if (page.limit !== undefined && items.length >= page.limit) {
      remaining++;
      continue;
    }
    items.push(obj);
    if (page.limit !== undefined && items.length === page.limit) next = rel;
  }
  return { items, next, remaining };
}
