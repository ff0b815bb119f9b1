import type { KObject } from '../../api/meta';
import type { ResourceInfo } from '../../api/registry';
import { StatusError } from '../../api/status';
import { bool, F, str } from '../args';
import { formatErrors, KubectlError } from '../errors';
import type { Command, Ctx } from '../kubectl';
import { readManifests } from '../manifests';
import { checkNamedInNamespace, parseResourceArgs, resolveType, type ResourceRequest } from '../resources';
import { describeEvents, searchEvents } from './events';
import { describeDaemonSet } from './daemonset';
import { describeCronJob, describeJob } from './job';
import { describeNamespace } from './namespace';
import { describeService } from './service';
import { describePersistentVolumeClaim, describeStatefulSet } from './statefulset';
import { describeNode } from './node';
import { describePod } from './pod';
import { describePodDisruptionBudget } from './pdb';
import { describeDeployment, describeReplicaSet } from './workloads';
import { PrefixWriter, printAnnotations, printLabels } from './writer';
import { describeBinding, describeRole } from './rbac';

/** The describer for a resource (DescriberFor), or a generic one. */
function describe(ctx: Ctx, r: ResourceInfo, obj: KObject, showEvents: boolean): string {
  switch (r.resource) {
    case 'pods':
      return describePod(ctx, obj, showEvents);
    case 'deployments':
      return describeDeployment(ctx, obj, showEvents);
    case 'replicasets':
      return describeReplicaSet(ctx, obj, showEvents);
    case 'nodes':
      return describeNode(ctx, obj, showEvents);
    case 'namespaces':
      return describeNamespace(obj);
    case 'services':
      return describeService(ctx, obj, showEvents);
    case 'daemonsets':
      return describeDaemonSet(ctx, obj, showEvents);
    case 'jobs':
      return describeJob(ctx, obj, showEvents);
    case 'cronjobs':
      return describeCronJob(ctx, obj, showEvents);
    case 'statefulsets':
      return describeStatefulSet(ctx, obj, showEvents);
    case 'persistentvolumeclaims':
      return describePersistentVolumeClaim(ctx, obj, showEvents);
    case 'poddisruptionbudgets':
      return describePodDisruptionBudget(ctx, obj, showEvents);
    case 'roles':
    case 'clusterroles':
      return describeRole(obj);
    case 'rolebindings':
    case 'clusterrolebindings':
      return describeBinding(obj);
  }
  const w = new PrefixWriter();
  w.write(0, `Name:\t${obj.metadata.name}\n`);
  if (r.namespaced) w.write(0, `Namespace:\t${obj.metadata.namespace}\n`);
  printLabels(w, 'Labels', obj.metadata.labels);
  printAnnotations(w, 'Annotations', obj.metadata.annotations);
  describeEvents(w, showEvents ? searchEvents(ctx, obj, { kind: r.kind }) : undefined, ctx.now());
  return w.toString();
}

/**
 * `kubectl describe`: TYPE NAME (falling back to names starting with NAME), TYPE/NAME,
 * TYPE -l SELECTOR, TYPE (all), -f FILE; descriptions separated by a blank line.
 */
export const describeCommand: Command = {
  flags: [F.selector, F.allNamespaces, F.filename, F.recursive, { name: 'show-events', type: 'bool' }, { name: 'chunk-size', type: 'int64' }],
  run(ctx, args, p) {
    const showEvents = bool(p, 'show-events', true);
    const allNs = bool(p, 'all-namespaces');
    const files = p.flags.get('filename') as string[] | undefined;
    if (args.length === 0 && !files)
      throw new KubectlError('You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.');
    const errors: unknown[] = [];
    let requests: ResourceRequest[];
    if (files) {
      const read = readManifests(files, ctx.io, bool(p, 'recursive'));
      errors.push(...read.errors);
      if (read.items.some((m) => !m.obj.metadata.name)) throw new KubectlError('resource name may not be empty');
      requests = read.items.map((m) => ({ r: resolveType(m.obj.kind!), names: [m.obj.metadata.name!] }));
    } else {
      requests = parseResourceArgs(args).requests;
      checkNamedInNamespace(requests, allNs);
    }
    const found: { r: ResourceInfo; obj: KObject }[] = [];
    const selector = str(p, 'selector');
    for (const q of requests) {
      const ns = q.r.namespaced ? (allNs ? undefined : ctx.namespace) : undefined;
      if (q.names.length === 0) {
        for (const obj of ctx.client.list(q.r.resource, ns, { labelSelector: selector }).items) found.push({ r: q.r, obj });
        continue;
      }
      for (const name of q.names) {
        try {
          found.push({ r: q.r, obj: ctx.client.get(q.r.resource, q.r.namespaced ? ctx.namespace : undefined, name) });
        } catch (e) {
          if (!(e instanceof StatusError) || e.code === 0) throw e;
          // describe TYPE NAME also describes every object whose name starts with NAME.
          const matching =
            e.reason === 'NotFound' && args.length === 2 && !args[0].includes('/')
              ? ctx.client.list(q.r.resource, q.r.namespaced ? ctx.namespace : undefined, {}).items.filter((o) => o.metadata.name!.startsWith(name))
              : [];
          if (matching.length === 0) errors.push(e);
          for (const obj of matching) found.push({ r: q.r, obj });
        }
      }
    }
    const texts = found.map(({ r, obj }) => describe(ctx, r, obj, showEvents));
    ctx.out += texts.join('\n\n');
    if (found.length === 0 && errors.length === 0) {
      const namespaced = !allNs && requests.every((q) => q.r.namespaced);
      ctx.err += namespaced ? `No resources found in ${ctx.namespace} namespace.\n` : 'No resources found\n';
    }
    if (errors.length) ctx.err += formatErrors(errors);
    return errors.length ? 1 : 0;
  },
};
