import { deepCopy } from '../../api/meta';
import { etcdKey, resourceByName, type ResourceInfo } from '../../api/registry';
import { errors, FieldError } from '../../api/status';
import { evictPod } from '../eviction';
import { isTerminating, namespaceTerminating } from '../namespace-lifecycle';
import { encode } from '../objects';
import type { ApiRequest, Identity } from '../request';
import type { HandlerContext } from './context';
import { deleteObject } from './delete';
import { mustGet, read } from './get';
import { list } from './list';
import { update } from './update';

/** pods/eviction: NamespaceLifecycle first (an eviction is a create), then the disruption budgets. */
export function evict(ctx: HandlerContext, id: Identity, r: ResourceInfo, ns: string, req: ApiRequest): any {
  if (isTerminating(read(ctx, resourceByName('namespaces')!, undefined, ns)?.obj)) throw namespaceTerminating(r, req.name!, ns);
  ctx.admit({ user: id, operation: 'CREATE', resource: r, subresource: 'eviction', namespace: ns, name: req.name!, object: req.body });
  const pdbs = resourceByName('poddisruptionbudgets')!;
  return evictPod(
    {
      getPod: () => mustGet(ctx, r, ns, req.name!),
      listBudgets: () => list(ctx, pdbs, ns, { ...req, query: {} }).items,
      updateBudgetStatus: (pdb) => update(ctx, id, pdbs, ns, pdb.metadata.name!, pdb, { ...req, verb: 'update', resource: 'poddisruptionbudgets', subresource: 'status', name: pdb.metadata.name, body: pdb, query: {} }),
      deletePod: (opts) => {
        if (opts.resourceVersion !== undefined && String(read(ctx, r, ns, req.name!)?.modRevision) !== opts.resourceVersion) throw errors.conflict(r, req.name!);
        deleteObject(ctx, r, ns, req.name!, { ...req, verb: 'delete', subresource: undefined, query: opts.gracePeriodSeconds === undefined ? {} : { gracePeriodSeconds: opts.gracePeriodSeconds } }, id);
      },
      nowRFC3339: () => ctx.sim.clock.nowRFC3339(),
      dryRun: req.query?.dryRun === 'All',
    },
    req.name!,
    req.body,
  );
}

/** pods/binding: sets spec.nodeName once, and the PodScheduled condition. */
export function bind(ctx: HandlerContext, r: ResourceInfo, ns: string, name: string, binding: any): any {
  const target = binding?.target;
  if (!target?.name) throw errors.invalid(r, name, [FieldError.required('target.name')]);
  const cur = read(ctx, r, ns, name);
  if (!cur) throw errors.notFound(r, name);
  const pod = deepCopy(cur.obj);
  if (pod.metadata.deletionTimestamp) throw errors.conflictMessage(r, name, `pod ${name} is being deleted, cannot be assigned to a host`);
  if (pod.spec.nodeName) throw errors.conflictMessage(r, name, `pod ${name} is already assigned to node "${pod.spec.nodeName}"`);
  pod.spec.nodeName = target.name;
  pod.status = pod.status ?? {};
  const conditions: any[] = (pod.status.conditions ?? []).filter((c: any) => c.type !== 'PodScheduled');
  conditions.push({ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: ctx.sim.clock.nowRFC3339() });
  pod.status.conditions = conditions;
  delete pod.metadata.resourceVersion;
  const res = ctx.etcd.putIf(etcdKey(r, ns, name), encode(pod), cur.modRevision);
  if (!res.ok) throw errors.conflict(r, name);
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 };
}
