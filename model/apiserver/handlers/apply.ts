import type { KObject } from '../../api/meta';
import { groupVersion, type ResourceInfo } from '../../api/registry';
import { applyConfiguration } from '../fieldmanager/apply-request';
import { ApplyConflict } from '../fieldmanager/fieldmanager';
import type { ApiRequest, Identity } from '../request';
import type { HandlerContext } from './context';
import { create } from './create';
import { read } from './get';
import { update, writer } from './update';

/** Server-side apply: the field manager merges the configuration and settles ownership. */
export function apply(ctx: HandlerContext, id: Identity, r: ResourceInfo, ns: string | undefined, req: ApiRequest): KObject {
  const config = applyConfiguration(r, req);
  const cur = read(ctx, r, ns, req.name!);
  try {
    const { object, managedFields } = ctx.fields.apply(r.kind, groupVersion(r), cur?.obj, config, writer(id, r, req), req.query?.force === true, ctx.sim.clock.nowRFC3339());
    if (!cur) return create(ctx, id, r, ns, { ...req, body: object }, managedFields);
    object.metadata = { ...object.metadata, resourceVersion: String(cur.modRevision) };
    return update(ctx, id, r, ns, req.name!, object, req, managedFields);
  } catch (e) {
    if (e instanceof ApplyConflict) throw e.toStatusError();
    throw e;
  }
}
