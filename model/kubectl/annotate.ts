import type { KObject } from '../api/meta';
import { bool, F, str, strs, type Parsed } from './args';
import { formatErrors, KubectlError, collectError } from './errors';
import type { Command, Ctx } from './kubectl';
import { readManifests } from './manifests';
import { mappingFor } from './mapping';
import { parseOutput, PRINT_FLAGS, printObjects, printTo } from './output';
import { checkNamedInNamespace, namedOrSelected, objectRef, parseResourceArgs, resourcesAndPairs } from './resources';

/** An annotation's value is everything after the first '=' (spaces and '=' included). */
function parseAnnotations(pairs: string[]): { set: Record<string, string>; remove: string[] } {
  const set: Record<string, string> = {};
  const remove: string[] = [];
  for (const spec of pairs) {
    const i = spec.indexOf('=');
    if (i >= 0) set[spec.slice(0, i)] = spec.slice(i + 1);
    else remove.push(spec.slice(0, -1));
  }
  const both = remove.filter((k) => k in set);
  if (both.length) throw new KubectlError(`can not both modify and remove the following annotation(s) in the same command: ${both.join(', ')}`);
  return { set, remove };
}

/** validateNoAnnotationOverwrites: every clash named, the change-cause annotation exempt. */
function checkOverwrites(current: Record<string, string>, set: Record<string, string>): void {
  const clashes = Object.entries(set)
    .filter(([k, v]) => k !== 'kubernetes.io/change-cause' && k in current && current[k] !== v)
    .map(([k]) => `'${k}' already has a value (${current[k]})`);
  if (clashes.length) throw new KubectlError(`--overwrite is false but found the following declared annotation(s): ${clashes.join('; ')}`);
}

/** The annotations after the command's changes. */
function edited(current: Record<string, string>, set: Record<string, string>, remove: string[], overwrite: boolean): Record<string, string> {
  if (!overwrite) checkOverwrites(current, set);
  const next = { ...current, ...set };
  for (const k of remove) delete next[k];
  return next;
}

/** `kubectl annotate TYPE NAME key=value… [key-…]`: a merge patch of metadata.annotations, or --local on files. */
export const annotateCommand: Command = {
  flags: [F.selector, F.allNamespaces, F.output, F.dryRun, F.fieldManager, F.filename, F.recursive, { name: 'local', type: 'bool' }, { name: 'overwrite', type: 'bool' }, { name: 'all', type: 'bool' }, ...PRINT_FLAGS],
  run(ctx, args, p) {
    const { resources, pairs } = resourcesAndPairs(args, 'annotation');
    const { set, remove } = parseAnnotations(pairs);
    const local = bool(p, 'local');
    if (local && strs(p, 'filename').length === 0) throw new KubectlError('can only use local files by -f rsrc.yaml or --filename=rsrc.json when --local=true is set');
    // AnnotateOptions.Validate: what to annotate, then what to change.
    if (!local && resources.length === 0 && strs(p, 'filename').length === 0) throw new KubectlError('one or more resources must be specified as <resource> <name> or <resource>/<name>');
    if (Object.keys(set).length === 0 && remove.length === 0) throw new KubectlError('at least one annotation update is required');
    if (local) return annotateLocal(ctx, p, set, remove);
    if (resources.length === 0) throw new KubectlError('one or more resources must be specified as <resource> <name> or <resource>/<name>');
    const errors: unknown[] = [];
    const { requests } = parseResourceArgs(resources);
    checkNamedInNamespace(requests, bool(p, 'all-namespaces'));
    for (const q of requests) {
      for (const { name, ns } of namedOrSelected(ctx, q, bool(p, 'all-namespaces'), str(p, 'selector'))) {
        try {
          const current = ctx.client.get(q.r.resource, ns, name).metadata.annotations ?? {};
          const next = edited(current, set, remove, bool(p, 'overwrite'));
          // jsonpatch.CreateMergePatch of before and after: changed keys, removed ones as null.
          const patch: Record<string, string | null> = {};
          for (const [k, v] of Object.entries(next)) if (current[k] !== v) patch[k] = v;
          for (const k of Object.keys(current)) if (!(k in next)) patch[k] = null;
          if (Object.keys(patch).length)
            ctx.client.patch(q.r.resource, ns, name, 'merge', { metadata: { annotations: patch } }, { dryRun: str(p, 'dry-run') === 'server', fieldManager: str(p, 'field-manager') ?? 'kubectl-annotate' });
          ctx.out += `${objectRef(q.r, name)} annotated\n`;
        } catch (e) {
          collectError(errors, e);
        }
      }
    }
    if (errors.length) ctx.err += formatErrors(errors);
    return errors.length ? 1 : 0;
  },
};

/** --local: the objects as read, edited and printed each alone; nothing is sent. */
function annotateLocal(ctx: Ctx, p: Parsed, set: Record<string, string>, remove: string[]): number {
  const fmt = parseOutput(str(p, 'output'), false, bool(p, 'allow-missing-template-keys', true));
  const { items, errors } = readManifests(strs(p, 'filename'), ctx.io, bool(p, 'recursive'));
  let printed = 0;
  for (const m of items) {
    try {
      const r = mappingFor(m);
      const obj: KObject = JSON.parse(JSON.stringify(m.obj));
      obj.metadata.annotations = edited(obj.metadata.annotations ?? {}, set, remove, bool(p, 'overwrite'));
      // One printer for all the objects: YAML documents after the first start with ---.
      if (fmt && fmt.kind === 'yaml' && printed++ > 0) ctx.out += '---\n';
      if (fmt) printTo(ctx, [{ obj, r }], fmt, true);
      else ctx.out += `${objectRef(r, obj.metadata.name ?? '')} annotated\n`;
    } catch (e) {
      collectError(errors, e);
    }
  }
  if (errors.length) ctx.err += formatErrors(errors);
  return errors.length ? 1 : 0;
}
