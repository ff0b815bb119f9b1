/**
 * `kubectl expose (TYPE NAME | TYPE/NAME) [--port] [--target-port] [--type] [--name]
 * [--protocol] [--selector] [--cluster-ip] [--session-affinity]`: a Service in front of what a
 * Deployment, ReplicaSet, Pod or Service selects (kubectl's serviceGenerator). The selector is
 * the workload's matchLabels, the labels its own; with no --port the container ports are
 * introspected. kubectl expose has no --node-port: the API server allocates one.
 */
import type { KObject } from '../api/meta';
import { F, str } from './args';
import { formatErrors, KubectlError, collectError } from './errors';
import type { Command } from './kubectl';
import { parseResourceArgs } from './resources';

/** What a workload's Pods listen on: `--port` or the first container's ports. */
function introspectPorts(obj: KObject): { port: number; protocol: string; name?: string }[] {
  const spec = obj.kind === 'Pod' ? obj.spec : obj.spec?.template?.spec;
  const out: { port: number; protocol: string; name?: string }[] = [];
  for (const c of spec?.containers ?? []) for (const p of c?.ports ?? []) out.push({ port: p.containerPort, protocol: p.protocol ?? 'TCP', name: p.name });
  return out;
}

function selectorOf(obj: KObject): Record<string, string> {
  if (obj.kind === 'Service') {
    if (!obj.spec?.selector) throw new KubectlError('the service has no pod selector set');
    return { ...obj.spec.selector };
  }
  if (obj.kind === 'Pod') {
    if (Object.keys(obj.metadata.labels ?? {}).length === 0) throw new KubectlError('the pod has no labels and cannot be exposed');
    return { ...obj.metadata.labels };
  }
  // apps/v1 workloads must have a selector with matchLabels.
  const sel = obj.spec?.selector;
  const what = obj.kind === 'ReplicaSet' ? 'replicaset' : 'deployment';
  if (!sel || Object.keys(sel.matchLabels ?? {}).length === 0) throw new KubectlError(`invalid ${what}: no selectors, therefore cannot be exposed`);
  if (sel.matchExpressions?.length) throw new KubectlError(`couldn't convert expressions - "${goRequirements(sel.matchExpressions)}" to map-based selector format`);
  return { ...sel.matchLabels };
}

/** Go's %+v of []metav1.LabelSelectorRequirement: [{Key:app Operator:In Values:[a b]}]. */
function goRequirements(reqs: { key?: string; operator?: string; values?: string[] }[]): string {
  return `[${reqs.map((r) => `{Key:${r.key ?? ''} Operator:${r.operator ?? ''} Values:[${(r.values ?? []).join(' ')}]}`).join(' ')}]`;
}

export const exposeCommand: Command = {
  flags: [
    { name: 'port', type: 'string' },
    { name: 'target-port', type: 'string' },
    { name: 'type', type: 'string' },
    { name: 'name', type: 'string' },
    { name: 'protocol', type: 'string' },
    { name: 'selector', type: 'string' },
    { name: 'labels', short: 'l', type: 'string' },
    { name: 'cluster-ip', type: 'string' },
    { name: 'external-ip', type: 'string' },
    { name: 'session-affinity', type: 'string' },
    F.output,
    F.dryRun,
    F.fieldManager,
    F.filename,
  ],
  run(ctx, args, p) {
    if (args.length === 0) throw new KubectlError(`You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'`);
    const errors: unknown[] = [];
    for (const q of parseResourceArgs(args).requests) {
      if (!['deployments', 'replicasets', 'pods', 'services', 'replicationcontrollers'].includes(q.r.resource))
        throw new KubectlError(`cannot expose a ${q.r.kind}`);
      for (const name of q.names) {
        try {
          const obj = { ...ctx.client.get(q.r.resource, ctx.namespace, name), kind: q.r.kind };
          let selector: Record<string, string>;
          try {
            selector = str(p, 'selector') ? Object.fromEntries(str(p, 'selector')!.split(',').map((kv) => kv.split('=') as [string, string])) : selectorOf(obj);
          } catch (e) {
            throw new KubectlError(`couldn't retrieve selectors via --selector flag or introspection: ${(e as Error).message}`);
          }
          const protocol = str(p, 'protocol');
          const portFlag = str(p, 'port');
          const found = portFlag ? portFlag.split(',').map((x) => ({ port: Number(x), protocol: protocol ?? 'TCP' } as { port: number; protocol: string; name?: string })) : introspectPorts(obj);
          if (found.length === 0) throw new KubectlError("couldn't find port via --port flag or introspection\nSee 'kubectl expose -h' for help and examples");
          if (found.some((x) => !Number.isInteger(x.port))) throw new KubectlError(`invalid argument "${portFlag}" for "--port" flag`);
          const tp = str(p, 'target-port');
          const ports = found.map((x, i) => {
            const sp: any = { port: x.port, protocol: protocol ?? x.protocol };
            if (found.length > 1) sp.name = x.name ?? `port-${i + 1}`;
            sp.targetPort = tp === undefined ? x.port : /^\d+$/.test(tp) ? Number(tp) : tp;
            return sp;
          });
          // The object's labels, or --labels; none at all when empty (a nil map is not sent).
          const labelFlag = str(p, 'labels');
          const labels: Record<string, string> = labelFlag
            ? Object.fromEntries(labelFlag.split(',').map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]))
            : { ...(obj.metadata.labels ?? {}) };
          const svc: KObject = {
            apiVersion: 'v1',
            kind: 'Service',
            metadata: { name: str(p, 'name') ?? name, ...(Object.keys(labels).length ? { labels } : {}) },
            spec: { ports, selector },
          };
          if (str(p, 'type')) svc.spec.type = str(p, 'type');
          if (str(p, 'cluster-ip')) svc.spec.clusterIP = str(p, 'cluster-ip');
          if (str(p, 'external-ip')) svc.spec.externalIPs = [str(p, 'external-ip')];
          if (str(p, 'session-affinity')) svc.spec.sessionAffinity = str(p, 'session-affinity');
          const created = ctx.client.create('services', ctx.namespace, svc, { dryRun: str(p, 'dry-run') === 'server', fieldManager: str(p, 'field-manager') ?? 'kubectl-expose' });
          ctx.out += `service/${created.metadata.name} exposed\n`;
        } catch (e) {
          collectError(errors, e);
        }
      }
    }
    if (errors.length) ctx.err += formatErrors(errors);
    return errors.length ? 1 : 0;
  },
};
