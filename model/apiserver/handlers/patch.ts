import type { KObject } from '../../api/meta';
import { jsonPatch, mergePatch, PatchError, strategicMergePatch } from '../../api/patch';
import type { ResourceInfo } from '../../api/registry';
import { errors, StatusError } from '../../api/status';
import { decodePatchResult } from '../decoding';
import { validatePatchOptions } from '../fieldmanager/apply-request';
import { toScale } from '../objects';
import type { ApiRequest, Identity } from '../request';
import { apply } from './apply';
import type { HandlerContext } from './context';
import { read } from './get';
import { update } from './update';

/** PATCH (patchResource): JSON, merge or strategic merge on the stored object, then an update; apply goes to apply(). */
export function patch(ctx: HandlerContext, id: Identity, r: ResourceInfo, ns: string | undefined, req: ApiRequest): KObject {
  const name = req.name!;
  validatePatchOptions(req);
  if (req.patchType === 'apply') return apply(ctx, id, r, ns, req);
  const cur = read(ctx, r, ns, name);
  if (!cur) throw errors.notFound(r, name);
  const base = req.subresource === 'scale' ? toScale(r, cur.obj) : cur.obj;
  let patched: any;
  try {
    if (req.patchType === 'json') patched = jsonPatch(base, req.body);
    else if (req.patchType === 'merge') patched = mergePatch(base, req.body);
    else patched = strategicMergePatch(base, req.body, req.subresource === 'scale' ? 'Scale' : r.kind);
  } catch (e) {
    if (e instanceof PatchError && (e.code === 400 || e.message.startsWith('json: cannot unmarshal'))) throw errors.badRequest(e.message);
    if (e instanceof PatchError && e.code === 500) throw errors.internal(e.message);
    // NewGenericServerResponse(422): the patch library's error travels as the only cause.
    if (e instanceof PatchError)
      throw new StatusError({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'the server rejected our request due to an error in our request',
        reason: 'Invalid',
        details: { causes: [{ reason: 'UnexpectedServerResponse', message: e.message, field: '' }] },
        code: 422,
      });
    throw e;
  }
  if (!patched || typeof patched !== 'object') throw errors.badRequest('the body of the request was in an unknown format');
  patched = decodePatchResult(r, req, patched, ctx.warnings);
  patched.metadata = { ...(patched.metadata ?? {}), resourceVersion: patched.metadata?.resourceVersion ?? String(cur.modRevision) };
  return update(ctx, id, r, ns, name, patched, req);
}
