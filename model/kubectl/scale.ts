import { StatusError } from '../api/status';
import { F, int, str, strs, bool } from './args';
import { formatErrors, KubectlError } from './errors';
import { mappingFor, namespaceFor } from './mapping';
import type { Command } from './kubectl';
import { readManifests } from './manifests';
import { objectRef, parseResourceArgs } from './resources';

/** `kubectl scale TYPE/NAME --replicas=N`: a merge patch of the scale subresource. */
export const scaleCommand: Command = {
  flags: [F.filename, F.recursive, F.selector, F.output, F.timeout, F.dryRun, { name: 'replicas', type: 'int' }, { name: 'current-replicas', type: 'int' }, { name: 'resource-version', type: 'string' }, { name: 'all', type: 'bool' }],
  run(ctx, args, p) {
    const replicas = int(p, 'replicas');
    if (replicas === undefined) throw new KubectlError('required flag(s) "replicas" not set');
    if (replicas < 0) throw new KubectlError('The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0');
    const targets: { r: ReturnType<typeof mappingFor>; ns?: string; name: string }[] = [];
    const errors: unknown[] = [];
    const files = strs(p, 'filename');
    if (files.length) {
      const read = readManifests(files, ctx.io, bool(p, 'recursive'));
      errors.push(...read.errors);
      for (const m of read.items) {
        const r = mappingFor(m);
        targets.push({ r, ns: namespaceFor(ctx, r, m.obj), name: m.obj.metadata.name! });
      }
    } else {
      if (args.length === 0) throw new KubectlError('required resource not specified');
      for (const q of parseResourceArgs(args).requests) {
        const ns = q.r.namespaced ? ctx.namespace : undefined;
        if (q.names.length) for (const name of q.names) targets.push({ r: q.r, ns, name });
        else if (bool(p, 'all') || str(p, 'selector'))
          for (const o of ctx.client.list(q.r.resource, ns, { labelSelector: str(p, 'selector') }).items) targets.push({ r: q.r, ns, name: o.metadata.name! });
        else throw new KubectlError('resource(s) were provided, but no name was specified');
      }
    }
    const current = int(p, 'current-replicas');
    for (const t of targets) {
      try {
        if (current !== undefined && current >= 0) {
          const scale = ctx.client.getScale(t.r.resource, t.ns!, t.name);
          if (scale.spec?.replicas !== current) throw new KubectlError(`Expected replicas to be ${current}, was ${scale.spec?.replicas ?? 0}`);
        }
        ctx.client.patch(t.r.resource, t.ns, t.name, 'merge', { spec: { replicas } }, { subresource: 'scale', dryRun: str(p, 'dry-run') === 'server' });
        ctx.out += str(p, 'output') === 'name' ? `${objectRef(t.r, t.name)}\n` : `${objectRef(t.r, t.name)} scaled\n`;
      } catch (e) {
        if (e instanceof StatusError && e.code === 0) throw e;
        errors.push(e);
      }
    }
    if (errors.length) ctx.err += formatErrors(errors);
    return errors.length ? 1 : 0;
  },
};
