import { bool, F, str, strs, type Parsed } from './args';
import { formatErrors, KubectlError, collectError } from './errors';
import type { Command, Ctx } from './kubectl';
import type { KObject } from '../api/meta';
import { checkNamedInNamespace, namedOrSelected, objectRef, parseResourceArgs, resourcesAndPairs } from './resources';
import { isValidLabelValue } from '../api/labels/validation';
import { readManifests } from './manifests';
import { dryRunOf, mappingFor } from './mapping';
import { parseOutput, PRINT_FLAGS, printObjects, printTo } from './output';

/** kubectl label's parseLabels: sets and removals, checked before any request. */
function parseLabels(pairs: string[]): { set: Record<string, string>; remove: string[] } {
  const set: Record<string, string> = {};
  const remove: string[] = [];
  for (const spec of pairs) {
    if (spec.includes('=')) {
      const parts = spec.split('=');
      if (parts.length !== 2) throw new KubectlError(`invalid label spec: ${spec}`);
      const errs = isValidLabelValue(parts[1]);
      if (errs.length) throw new KubectlError(`invalid label value: ${JSON.stringify(spec)}: ${errs.join(';')}`);
      set[parts[0]] = parts[1];
    } else if (spec.endsWith('-')) remove.push(spec.slice(0, -1));
    else throw new KubectlError(`unknown label spec: ${spec}`);
  }
  if (remove.some((k) => k in set)) throw new KubectlError('can not both modify and remove a label in the same command');
  return { set, remove };
}

/** `kubectl label TYPE NAME key=value… [key-…] [--overwrite]`: a merge patch of metadata.labels. */
export const labelCommand: Command = {
  flags: [F.selector, F.allNamespaces, F.output, F.dryRun, F.fieldManager, F.filename, F.recursive, { name: 'local', type: 'bool' }, { name: 'overwrite', type: 'bool' }, { name: 'all', type: 'bool' }, { name: 'list', type: 'bool' }, ...PRINT_FLAGS],
  run(ctx, args, p) {
    const { resources: rest, pairs } = resourcesAndPairs(args, 'label');
    const { set, remove } = parseLabels(pairs);
    if (bool(p, 'local')) return labelLocal(ctx, p, set, remove);
    if (bool(p, 'all') && str(p, 'selector')) throw new KubectlError('cannot set --all and --selector at the same time');
    if (rest.length === 0) throw new KubectlError('one or more resources must be specified as <resource> <name> or <resource>/<name>');
    if (Object.keys(set).length === 0 && remove.length === 0) throw new KubectlError('at least one label update is required');
    const errors: unknown[] = [];
    const { requests } = parseResourceArgs(rest);
    checkNamedInNamespace(requests, bool(p, 'all-namespaces'));
    for (const q of requests) {
      for (const { name, ns } of namedOrSelected(ctx, q, bool(p, 'all-namespaces'), str(p, 'selector'))) {
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
          collectError(errors, e);
        }
      }
    }
    if (errors.length) ctx.err += formatErrors(errors);
    return errors.length ? 1 : 0;
  },
};

/**
 * `kubectl label --local -f FILE`: the labels changed in the objects as read, nothing sent.
 * Each object is printed on its own (not as a List, no `---` between), and kubectl says "labeled"
 * whatever changed; removing the last label leaves `labels: {}`.
 */
function labelLocal(ctx: Ctx, p: Parsed, set: Record<string, string>, remove: string[]): number {
  const files = strs(p, 'filename');
  if (files.length === 0) throw new KubectlError('can only use local files by -f pod.yaml or --filename=pod.json when --local=true is set');
  dryRunOf(p);
  if (Object.keys(set).length === 0 && remove.length === 0) throw new KubectlError('at least one label update is required');
  // The printer is made for each object: a bad -o fails each of them.
  let fmt: ReturnType<typeof parseOutput>;
  let fmtError: unknown;
  try {
    fmt = parseOutput(str(p, 'output'), false, bool(p, 'allow-missing-template-keys', true));
  } catch (e) {
    fmtError = e;
  }
  const { items, errors } = readManifests(files, ctx.io, bool(p, 'recursive'));
  for (const m of items) {
    try {
      if (fmtError) throw fmtError;
      const r = mappingFor(m);
      const obj: KObject = JSON.parse(JSON.stringify(m.obj));
      const labels: Record<string, string> = { ...(obj.metadata.labels ?? {}) };
      for (const [k, v] of Object.entries(set)) {
        if (k in labels && labels[k] !== v && !bool(p, 'overwrite')) throw new KubectlError(`'${k}' already has a value (${labels[k]}), and --overwrite is false`);
        labels[k] = v;
      }
      for (const k of remove) delete labels[k];
      obj.metadata.labels = labels;
      if (!fmt) ctx.out += `${objectRef(r, obj.metadata.name ?? '')} labeled\n`;
      else printTo(ctx, [{ obj, r }], fmt, true);
    } catch (e) {
      collectError(errors, e);
    }
  }
  if (errors.length) ctx.err += formatErrors(errors);
  return errors.length ? 1 : 0;
}
