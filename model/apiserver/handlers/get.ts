import type { KObject } from '../../api/meta';
import { etcdKey, type ResourceInfo } from '../../api/registry';
import { errors } from '../../api/status';
import { decode } from '../objects';
import type { HandlerContext } from './context';

/** One object from etcd, with the revision it was last written at. */
export function read(ctx: HandlerContext, r: ResourceInfo, ns: string | undefined, name: string): { obj: KObject; modRevision: number } | undefined {
  const kv = ctx.etcd.get(etcdKey(r, ns, name));
  if (!kv) return undefined;
  return { obj: decode(kv.value, kv.modRevision), modRevision: kv.modRevision };
}

/** GET of one object: 404 NotFound when it does not exist. */
export function mustGet(ctx: HandlerContext, r: ResourceInfo, ns: string | undefined, name: string): KObject {
  const got = read(ctx, r, ns, name);
  if (!got) throw errors.notFound(r, name);
  return got.obj;
}
