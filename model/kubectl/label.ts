import { StatusError } from '../api/status';
import { bool, F, str } from './args';
import { formatErrors, KubectlError } from './errors';
import type { Command } from './kubectl';
import { objectRef, parseResourceArgs } from './resources';

/** "key=value" sets, "key-" removes (kubectl label's argument forms). */
function parseLabelArgs(args: string[]): { set: Record<string, string>; remove: string[]; rest: string[] } {
  const set: Record<string, string> = {};
  const remove: string[] = [];
  const rest: string[] = [];
  let labelsStarted = false;
  for (const a of args) {
    if (a.includes('=')) {
      const i = a.indexOf('=');
      set[a.slice(0, i)] = a.slice(i + 1);
      labelsStarted = true;
    } else if (a.endsWith('-') && a.length > 1 && rest.length > 0) {
      remove.push(a.slice(0, -1));
      labelsStarted = true;
    } else if (labelsStarted) throw new KubectlError(`all resources must be specified before label changes: ${a}`);
    else rest.push(a);
  }
  return { set, remove, rest };
}

/** `kubectl label TYPE NAME key=value… [key-…] [--overwrite]`: a merge patch of metadata.labels. */
export const labelCommand: Command = {
  flags: [F.selector, F.output, F.dryRun, F.fieldManager, { name: 'overwrite', type: 'bool' }, { name: 'all', type: 'bool' }, { name: 'list', type: 'bool' }],
  run(ctx, args, p) {
    const { set, remove, rest } = parseLabelArgs(args);
    if (rest.length === 0) throw new KubectlError('one or more resources must be specified as <resource> <name> or <resource>/<name>');
    if (Object.keys(set).length === 0 && remove.length === 0) throw new KubectlError('at least one label update is required');
    const errors: unknown[] = [];
    for (const q of parseResourceArgs(rest).requests) {
      const ns = q.r.namespaced ? ctx.namespace : undefined;
      const names = q.names.length ? q.names : ctx.client.list(q.r.resource, ns, { labelSelector: str(p, 'selector') }).items.map((o) => o.metadata.name!);
      for (const name of names) {
        try {
          const obj = ctx.client.get(q.r.resource, ns, name);
          const labels = obj.metadata.labels ?? {};
          const patch: Record<string, string | null> = {};
          for (const [k, v] of Object.entries(set)) {
            if (k in labels && labels[k] !== v && !bool(p, 'overwrite')) throw new KubectlError(`'${k}' already has a value (${labels[k]}), and --overwrite is false`);
            if (labels[k] !== v) patch[k] = v;
          }
          for (const k of remove) if (k in labels) patch[k] = null;
          if (Object.keys(patch).length === 0) {
            ctx.out += `${objectRef(q.r, name)} not labeled\n`;
            continue;
          }
          ctx.client.patch(q.r.resource, ns, name, 'merge', { metadata: { labels: patch } }, { dryRun: str(p, 'dry-run') === 'server', fieldManager: str(p, 'field-manager') ?? 'kubectl-label' });
          // kubectl says "unlabeled" when the command only removed labels.
          ctx.out += `${objectRef(q.r, name)} ${Object.keys(set).length === 0 ? 'unlabeled' : 'labeled'}\n`;
        } catch (e) {
          if (e instanceof StatusError && e.code === 0) throw e;
          errors.push(e);
        }
      }
    }
    if (errors.length) ctx.err += formatErrors(errors);
    return errors.length ? 1 : 0;
  },
};
