import { deepCopy, type KObject, semanticEqual } from '../../api/meta';
import { etcdKey, groupVersion, resourceByName, type ResourceInfo } from '../../api/registry';
import { errors, FieldError } from '../../api/status';
import { mutant } from '../../sim/mutants';
import { decodeRequestBody } from '../decoding';
import { applyDefaults, defaultPodSpec } from '../defaults';
import type { ManagedFieldsEntry } from '../fieldmanager/fieldmanager';
import { finalized, finalizersDone, prepareNamespaceForUpdate } from '../namespace-lifecycle';
import { dropEmptyMetaLists } from '../object-meta';
import { decode, encode, managerOf, stripRV, toScale } from '../objects';
import type { ApiRequest, Identity } from '../request';
import { validate } from '../validation';
import type { HandlerContext } from './context';
import { read } from './get';

/**
 * UPDATE (updateHandler, then the generic Store's Update) of an object or of its status, scale
 * or finalize subresource: the stored object's server-owned fields carried over, defaults,
 * validation, admission, then a compare-and-swap on the revision read. `managed` is
 * server-side apply's managedFields when an apply updates the object.
 */
export function update(ctx: HandlerContext, id: Identity, r: ResourceInfo, ns: string | undefined, name: string, body: any, req: ApiRequest, managed?: ManagedFieldsEntry[]): KObject {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw errors.badRequest('the body of the request was in an unknown format');
  // A PUT's body is decoded first (updateHandler); a patch's result was decoded by patch().
  if (req.verb === 'update') body = decodeRequestBody(r, req, ctx.warnings);
  if (body.metadata?.name && body.metadata.name !== name)
    throw errors.badRequest(`the name of the object (${body.metadata.name}) does not match the name on the URL (${name})`);
  const cur = read(ctx, r, ns, name);
  if (!cur) throw errors.notFound(r, name);
  const old = cur.obj;
  const rv = body.metadata?.resourceVersion;
  if (rv !== undefined && rv !== '' && rv !== String(cur.modRevision) && !mutant('apiserver-ignores-resource-version')) throw errors.conflict(r, name);
  if (req.subresource === 'scale') {
    const replicas = body.spec?.replicas;
    if (typeof replicas !== 'number' || replicas < 0)
      throw errors.invalid(resourceByName(r.resource)!, name, [FieldError.invalid('spec.replicas', replicas, 'must be greater than or equal to 0')]);
    const next = deepCopy(old);
    next.spec.replicas = replicas;
    if (replicas !== old.spec?.replicas && r.hasGeneration) next.metadata.generation = (old.metadata.generation ?? 1) + 1;
    return toScale(r, store(ctx, r, ns, name, next, old, cur.modRevision, id, req));
  }
  if (req.subresource === 'finalize') return finalizeNamespace(ctx, r, name, old, body, cur.modRevision, id, req);
  let next: KObject = deepCopy(body);
  next.metadata = next.metadata ?? {};
  // Fields the server owns are carried over from the stored object.
  for (const k of ['uid', 'creationTimestamp', 'namespace', 'name', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'generation'] as const)
    (next.metadata as any)[k] = (old.metadata as any)[k];
  next.apiVersion = old.apiVersion;
  next.kind = old.kind;
  if (req.subresource === 'status') {
    const s = deepCopy(old);
    s.status = next.status;
    if (mutant('apiserver-status-clobbers-spec')) s.spec = next.spec;
    // apps/v1 status strategies reset only spec and labels: metadata such as the Deployment's
    // revision annotation, which its controller writes with UpdateStatus, goes through.
    // nodeStatusStrategy resets only the spec (flannel writes its annotations through nodes/status).
    if (r.group === 'apps' || r.resource === 'nodes') s.metadata = { ...next.metadata, labels: old.metadata.labels, managedFields: old.metadata.managedFields };
    next = s;
  } else if (r.subresources.includes('status')) {
    next.status = old.status;
    if (r.resource === 'namespaces') prepareNamespaceForUpdate(next, old);
    // Decoding defaults the body (a Pod's spec too, without the create-time admission).
    if (r.resource !== 'pods') applyDefaults(r.resource, next);
    else defaultPodSpec(next.spec);
    const errs = validate(r.resource, next, old);
    if (errs.length) throw errors.invalid(r, name, errs);
  } else {
    // Decoding defaults every body (a Secret's stringData merged into data).
    applyDefaults(r.resource, next);
    const errs = validate(r.resource, next, old);
    if (errs.length) throw errors.invalid(r, name, errs);
  }
  if (r.resource === 'pods' && req.subresource !== 'status') {
    // Pod spec is immutable but for a few fields; keep the stored spec's defaults.
    next.spec = { ...old.spec, ...next.spec, nodeName: old.spec.nodeName };
  }
  if ((r.hasGeneration || r.resource === 'pods') && !semanticEqual(next.spec, old.spec)) next.metadata.generation = (old.metadata.generation ?? 1) + 1;
  ctx.admit({ user: id, operation: 'UPDATE', resource: r, subresource: req.subresource, namespace: ns, name, object: next, oldObject: old });
  dropEmptyMetaLists(next.metadata);
  const txn = req.subresource ? undefined : ctx.hooks.beforeUpdate(r, next, old, req.query?.dryRun === 'All');
  if (req.query?.dryRun === 'All') return next;
  let stored: KObject;
  try {
    stored = store(ctx, r, ns, name, next, old, cur.modRevision, id, req, managed);
  } catch (e) {
    txn?.rollback();
    throw e;
  }
  txn?.commit();
  return stored;
}

/** Writes with compare-and-swap on the mod revision read; removes objects whose finalizers are done. */
export function store(ctx: HandlerContext, r: ResourceInfo, ns: string | undefined, name: string, next: KObject, old: KObject, modRevision: number, id: Identity, req: ApiRequest, applied?: ManagedFieldsEntry[]): KObject {
  // No-op writes do not bump resourceVersion (an apply that only changes ownership does).
  const sameOwners = !applied || semanticEqual(applied, old.metadata.managedFields ?? []);
  if (!mutant('apiserver-noop-write-bumps-rv') && sameOwners && semanticEqual(stripRV(next), stripRV(old))) return old;
  next.metadata.managedFields = applied ?? ctx.fields.update(r.kind, groupVersion(r), old, next, writer(id, r, req), ctx.sim.clock.nowRFC3339());
  const key = etcdKey(r, ns, name);
  // Only an update that removes the last finalizer finishes a deletion (shouldDeleteDuringUpdate):
  // a status write to a gracefully terminating Pod must not remove it.
  if (next.metadata.deletionTimestamp && (next.metadata.finalizers ?? []).length === 0 && (old.metadata.finalizers ?? []).length > 0) {
    const res = ctx.etcd.deleteIf(key, modRevision);
    if (!res.ok) throw errors.conflict(r, name);
    return next;
  }
  delete next.metadata.resourceVersion;
  const res = ctx.etcd.putIf(key, encode(next), modRevision);
  if (!res.ok) throw errors.conflict(r, name);
  return decode(res.kv.value, res.kv.modRevision);
}

/** Who a write is recorded under in managedFields. */
export function writer(id: Identity, r: ResourceInfo, req: ApiRequest) {
  return { manager: managerOf(id, req), subresource: req.subresource, hasStatus: r.subresources.includes('status') };
}

/** namespaces/finalize: only spec.finalizers changes; a Terminating Namespace whose finalizers are done goes. */
function finalizeNamespace(ctx: HandlerContext, r: ResourceInfo, name: string, old: KObject, body: any, modRevision: number, id: Identity, req: ApiRequest): KObject {
  const next = finalized(old, body);
  if (next.metadata.deletionTimestamp && finalizersDone(next)) {
    const res = ctx.etcd.deleteIf(etcdKey(r, undefined, name), modRevision);
    if (!res.ok) throw errors.conflict(r, name);
    return next;
  }
  return store(ctx, r, undefined, name, next, old, modRevision, id, req);
}
