import { deepCopy, type KObject } from '../../api/meta';
import { generateName, uuid } from '../../api/names';
import { etcdKey, etcdPrefix, groupVersion, resourceByName, type ResourceInfo } from '../../api/registry';
import { errors, StatusError } from '../../api/status';
import { admitDefaultStorageClass } from '../admission-storageclass';
import { prepareJobForCreate } from '../batch-strategy';
import { decodeRequestBody } from '../decoding';
import { applyDefaults } from '../defaults';
import type { ManagedFieldsEntry } from '../fieldmanager/fieldmanager';
import { isTerminating, namespaceTerminating, prepareNamespaceForCreate } from '../namespace-lifecycle';
import { decode, encode } from '../objects';
import type { ApiRequest, Identity } from '../request';
import { validate } from '../validation';
import type { HandlerContext } from './context';
import { read } from './get';
import { writer } from './update';

/**
 * CREATE (createHandler, then the generic Store's Create): decode the body, NamespaceLifecycle,
 * defaults, admission, validation, the server-owned metadata, then a put that fails if the key exists.
 * `managed` is server-side apply's managedFields when an apply creates the object.
 */
export function create(ctx: HandlerContext, id: Identity, r: ResourceInfo, ns: string | undefined, req: ApiRequest, managed?: ManagedFieldsEntry[]): KObject {
  const body = req.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw errors.badRequest('the body of the request was in an unknown format');
  // The decoder runs first (createHandler): a wrong type or unknown field fails before any check.
  const obj: KObject = req.verb === 'create' ? decodeRequestBody(r, req, ctx.warnings) : deepCopy(body);
  obj.metadata = obj.metadata && typeof obj.metadata === 'object' ? obj.metadata : {};
  if (obj.metadata.namespace && ns && obj.metadata.namespace !== ns)
    throw errors.badRequest('the namespace of the provided object does not match the namespace sent on the request');
  if (ns) obj.metadata.namespace = ns;
  else delete obj.metadata.namespace;
  if (!obj.metadata.name && obj.metadata.generateName) obj.metadata.name = generateName(obj.metadata.generateName, ctx.sim.rng);
  // Admission: NamespaceLifecycle.
  if (ns && !read(ctx, resourceByName('namespaces')!, undefined, ns)) {
    throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `namespaces "${ns}" not found`, reason: 'NotFound', details: { name: ns, kind: 'namespaces' }, code: 404 });
  }
  if (ns && isTerminating(read(ctx, resourceByName('namespaces')!, undefined, ns)?.obj)) throw namespaceTerminating(r, obj.metadata.name ?? '', ns);
  applyDefaults(r.resource, obj);
  if (r.resource === 'namespaces') prepareNamespaceForCreate(obj);
  if (r.resource === 'persistentvolumeclaims') admitDefaultStorageClass(obj, [...ctx.etcd.range(etcdPrefix(resourceByName('storageclasses')!))].map((kv) => decode(kv.value, kv.modRevision)));
  // The Job strategy's PrepareForCreate generates the selector from the new Job's UID.
  if (r.resource === 'jobs') prepareJobForCreate(obj, uuid(ctx.sim.rng));
  ctx.admit({ user: id, operation: 'CREATE', resource: r, subresource: req.subresource, namespace: ns, name: obj.metadata.name ?? '', object: obj });
  const errs = validate(r.resource, obj);
  if (errs.length) throw errors.invalid(r, obj.metadata.name ?? '', errs);
  obj.apiVersion = groupVersion(r);
  obj.kind = r.kind;
  const m = obj.metadata;
  if (r.resource !== 'jobs') m.uid = uuid(ctx.sim.rng);
  m.creationTimestamp = ctx.sim.clock.nowRFC3339();
  if (r.hasGeneration || r.resource === 'pods') m.generation = 1;
  delete m.resourceVersion;
  delete m.deletionTimestamp;
  m.managedFields = managed ?? ctx.fields.update(r.kind, groupVersion(r), undefined, obj, writer(id, r, req), ctx.sim.clock.nowRFC3339());
  const txn = ctx.hooks.beforeCreate(r, obj, req.query?.dryRun === 'All');
  if (req.query?.dryRun === 'All') return obj;
  const res = ctx.etcd.putIf(etcdKey(r, ns, m.name!), encode(obj), 0);
  if (!res.ok) {
    txn.rollback();
    const err = errors.alreadyExists(r, m.name!);
    // Store.Create: the name is taken by an object still being deleted (gracefully or by finalizers).
    if (res.current && decode(res.current.value, res.current.modRevision).metadata.deletionTimestamp) err.status.message = `object is being deleted: ${err.status.message}`;
    throw err;
  }
  return decode(res.kv.value, res.kv.modRevision);
}
