import { StatusError } from '../api/status';
import { F, int, str, strs, bool } from './args';
import { formatErrors, KubectlError } from './errors';
import { dryRunOf, mappingFor, namespaceFor } from './mapping';
import type { ResourceInfo } from '../api/registry';
import type { Command } from './kubectl';
import { readManifests } from './manifests';
import { objectRef, parseResourceArgs } from './resources';

/** `kubectl scale TYPE/NAME --replicas=N`: a merge patch of the scale subresource. */
export const scaleCommand: Command = {
  flags: [F.filename, F.recursive, F.selector, F.output, F.timeout, F.dryRun, { name: 'replicas', type: 'int' }, { name: 'current-replicas', type: 'int' }, { name: 'resource-version', type: 'string' }, { name: 'all', type: 'bool' }],
  requiredFlags: () => ['replicas'],
  run(ctx, args, p) {
    const replicas = int(p, 'replicas')!;
    const dryRun = dryRunOf(p);
    if (replicas < 0) throw new KubectlError('The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0');
    const current = int(p, 'current-replicas') ?? -1;
    if (current < -1) throw new KubectlError('The --current-replicas must specify an integer of -1 or greater');
    const files = strs(p, 'filename');
    if (files.length === 0 && args.length === 0) throw new KubectlError(NO_RESOURCES);
    // The builder's infos: each object got first; what could not be got is reported at the end.
    const infos: { r: ResourceInfo; ns?: string; name: string }[] = [];
    const infoErrors: unknown[] = [];
    const lookUp = (r: ResourceInfo, ns: string | undefined, name: string) => {
      try {
        ctx.client.get(r.resource, ns, name);
        infos.push({ r, ns, name });
      } catch (e) {
        if (!(e instanceof StatusError) || e.code === 0) throw e;
        infoErrors.push(e);
      }
    };
    if (files.length) {
      const read = readManifests(files, ctx.io, bool(p, 'recursive'));
      infoErrors.push(...read.errors);
      for (const m of read.items) {
        try {
          const r = mappingFor(m);
          if (!m.obj.metadata.name) throw new KubectlError('resource name may not be empty');
          lookUp(r, namespaceFor(ctx, r, m.obj), m.obj.metadata.name);
        } catch (e) {
          if (e instanceof StatusError) throw e;
          infoErrors.push(e);
        }
      }
    } else {
      for (const q of parseResourceArgs(args).requests) {
        const ns = q.r.namespaced ? ctx.namespace : undefined;
        if (q.names.length) for (const name of q.names) lookUp(q.r, ns, name);
        else if (bool(p, 'all') || str(p, 'selector'))
          for (const o of ctx.client.list(q.r.resource, ns, { labelSelector: str(p, 'selector') }).items) infos.push({ r: q.r, ns, name: o.metadata.name! });
        else throw new KubectlError('resource(s) were provided, but no name was specified');
      }
    }
    if (infos.length === 0) throw new KubectlError(infoErrors.length ? `no objects passed to scale ${aggregateMessage(infoErrors)}` : 'no objects passed to scale');
    for (const t of infos) {
      if (dryRun === 'client') {
        ctx.out += str(p, 'output') === 'name' ? `${objectRef(t.r, t.name)}\n` : `${objectRef(t.r, t.name)} scaled (dry run)\n`;
        continue;
      }
      if (current >= 0) {
        const scale = ctx.client.getScale(t.r.resource, t.ns!, t.name);
        if (scale.spec?.replicas !== current) throw new KubectlError(`Expected replicas to be ${current}, was ${scale.spec?.replicas ?? 0}`);
      }
      ctx.client.patch(t.r.resource, t.ns, t.name, 'merge', { spec: { replicas } }, { subresource: 'scale', dryRun: dryRun === 'server' });
      ctx.out += str(p, 'output') === 'name' ? `${objectRef(t.r, t.name)}\n` : `${objectRef(t.r, t.name)} scaled${dryRun === 'server' ? ' (server dry run)' : ''}\n`;
    }
    if (infoErrors.length) ctx.err += formatErrors(infoErrors);
    return infoErrors.length ? 1 : 0;
  },
};

const NO_RESOURCES =
  "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

/** utilerrors.Aggregate's Error(): one error as itself, several in brackets. */
function aggregateMessage(errs: unknown[]): string {
  const msgs = errs.map((e) => (e instanceof StatusError ? e.status.message : e instanceof Error ? e.message : String(e)));
  return msgs.length === 1 ? msgs[0] : `[${msgs.join(', ')}]`;
}
