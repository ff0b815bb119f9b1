import type { KObject } from '../../api/meta';
import { etcdPrefix, groupVersion, type ResourceInfo } from '../../api/registry';
import { decode, matchesSel, parseSelectors, stripUndefined } from '../objects';
import { continueToken, parsePage } from '../pagination';
import type { ApiRequest } from '../request';
import type { HandlerContext } from './context';

/** LIST: the objects under the resource's (and namespace's) prefix that the selectors match, paged by limit and continue. */
export function list(ctx: HandlerContext, r: ResourceInfo, ns: string | undefined, req: ApiRequest): any {
  const { labels, fields } = parseSelectors(req);
  const page = parsePage(req.query?.limit, req.query?.continue);
  const prefix = etcdPrefix(r, ns);
  const items: KObject[] = [];
  let next: string | undefined;
  let remaining = 0;
  for (const kv of ctx.etcd.range(prefix)) {
    const rel = kv.key.slice(prefix.length);
    if (page.start && rel < page.start) continue;
    const obj = decode(kv.value, kv.modRevision);
    if (!matchesSel(obj, labels, fields)) continue;
    if (page.limit !== undefined && items.length >= page.limit) {
      remaining++;
      continue;
    }
    items.push(obj);
    if (page.limit !== undefined && items.length === page.limit) next = rel;
  }
  const rv = ctx.etcd.currentRevision;
  return {
    apiVersion: groupVersion(r),
    kind: `${r.kind}List`,
    metadata: remaining > 0 && next !== undefined ? { resourceVersion: String(rv), continue: continueToken(rv, next), remainingItemCount: remaining } : { resourceVersion: String(rv) },
    items: items.map((o) => ({ ...o, apiVersion: undefined, kind: undefined })).map(stripUndefined),
  };
}
