import { deepCopy } from '../../api/meta';
import { etcdKey, type ResourceInfo } from '../../api/registry';
import { errors } from '../../api/status';
import { deletionFinalizers } from '../deletion-finalizers';
import { finalizersDone, markTerminating } from '../namespace-lifecycle';
import { decode, encode } from '../objects';
import type { ApiRequest, Identity } from '../request';
import { namespaceDeletionForbidden } from '../validation';
import type { HandlerContext } from './context';
import { read } from './get';
import { list } from './list';

/**
 * DELETE (the generic Store's Delete): admission, then either a graceful or finalizer-held
 * deletion (deletionTimestamp set, the object stays) or the key's removal.
 */
export function deleteObject(ctx: HandlerContext, r: ResourceInfo, ns: string | undefined, name: string, req: ApiRequest, id: Identity): any {
  // Admission: NamespaceLifecycle keeps the system namespaces (before the object is read).
  const immortal = r.resource === 'namespaces' ? namespaceDeletionForbidden(name) : undefined;
  if (immortal) throw errors.forbiddenBecause(r, name, immortal);
  const cur = read(ctx, r, ns, name);
  if (!cur) throw errors.notFound(r, name);
  ctx.admit({ user: id, operation: 'DELETE', resource: r, namespace: ns, name, oldObject: cur.obj });
  const obj = deepCopy(cur.obj);
  if (req.query?.dryRun === 'All') return obj;
  if (r.resource === 'namespaces' && !obj.metadata.deletionTimestamp) {
    const marked = markTerminating(obj, ctx.sim.clock.nowRFC3339());
    delete marked.metadata.resourceVersion;
    const res = ctx.etcd.putIf(etcdKey(r, ns, name), encode(marked), cur.modRevision);
    if (!res.ok) throw errors.conflict(r, name);
    return decode(res.kv.value, res.kv.modRevision);
  }
  if (r.resource === 'namespaces' && !finalizersDone(obj)) return obj;
  const policy = req.query?.propagationPolicy;
  const finalizers = new Set(deletionFinalizers(obj.metadata.finalizers ?? [], policy));
  // Graceful deletion: a Pod on a node is marked, and its kubelet finishes the delete.
  const grace = req.query?.gracePeriodSeconds ?? obj.spec?.terminationGracePeriodSeconds ?? 30;
  const graceful = r.resource === 'pods' && !!obj.spec?.nodeName && grace > 0 && !obj.status?.phase?.match(/^(Succeeded|Failed)$/);
  // A second delete with grace 0 (the kubelet, once containers stopped) removes a terminating Pod.
  const finishing = r.resource === 'pods' && req.query?.gracePeriodSeconds === 0 && finalizers.size === 0;
  if (!finishing && (finalizers.size > 0 || graceful)) {
    if (obj.metadata.deletionTimestamp) return obj;
    // BeforeDelete and markAsDeleting: the start of a deletion is a new generation.
    if ((obj.metadata.generation ?? 0) > 0) obj.metadata.generation = obj.metadata.generation! + 1;
    obj.metadata.finalizers = finalizers.size ? [...finalizers] : undefined;
    obj.metadata.deletionTimestamp = ctx.sim.clock.nowRFC3339();
    obj.metadata.deletionGracePeriodSeconds = graceful ? grace : 0;
    if (graceful) obj.metadata.deletionTimestamp = new Date(ctx.sim.clock.nowMs() + grace * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    if (!obj.metadata.finalizers) delete obj.metadata.finalizers;
    delete obj.metadata.resourceVersion;
    const res = ctx.etcd.putIf(etcdKey(r, ns, name), encode(obj), cur.modRevision);
    if (!res.ok) throw errors.conflict(r, name);
    return decode(res.kv.value, res.kv.modRevision);
  }
  const res = ctx.etcd.deleteIf(etcdKey(r, ns, name), cur.modRevision);
  if (!res.ok) throw errors.conflict(r, name);
  ctx.hooks.afterDelete(r, obj);
  return obj;
}

/** DELETECOLLECTION: a list with the request's selectors, then a delete of each item. */
export function deleteCollection(ctx: HandlerContext, r: ResourceInfo, ns: string | undefined, req: ApiRequest, id: Identity): any {
  const listed = list(ctx, r, ns, req);
  for (const item of listed.items) deleteObject(ctx, r, item.metadata.namespace, item.metadata.name, req, id);
  return listed;
}
