/**
 * What `kubectl set image|env|resources` share: the builder's infos (from the server, or with
 * --local from the files only), set.CalculatePatches (each object changed in a copy, the
 * strategic merge patch from old to new), and sending or printing each changed object.
 */
import { deepCopy, type KObject } from '../../api/meta';
import type { ResourceInfo } from '../../api/registry';
import { StatusError } from '../../api/status';
import { bool, str, strs, type Parsed } from '../args';
import { collectError, formatErrors, KubectlError } from '../errors';
import type { Ctx } from '../kubectl';
import { readManifests } from '../manifests';
import { dryRunOf, dryRunSuffix, mappingFor, namespaceFor } from '../mapping';
import { forOutput, parseOutput, printObjects } from '../output';
import { objectRef, parseResourceArgs } from '../resources';
import { threeWayPatch } from '../threeway';
import { NoPodSpecError } from './podspec';
import { encodeTyped } from './typed';
import { typedJSON } from '../printers/typed-json';

export interface SetInfo {
  r: ResourceInfo;
  ns: string | undefined;
  obj: KObject;
}

export const NO_RESOURCES =
  "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

const LOCAL_RESOURCE_ERROR = "you must specify resources by --filename when --local is set.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'";

/**
 * builder.Do().Infos(): with --local the files' objects as decoded (typed), else the objects
 * named, selected (-l) or all of a type (--all) read from the server. Any error ends the command.
 */
export function setInfos(ctx: Ctx, p: Parsed, resources: string[], opts: { ignoreLocalResources?: boolean } = {}): SetInfo[] {
  const local = bool(p, 'local');
  // set serviceaccount never checks: with --local its resource arguments are simply not used.
  if (local && opts.ignoreLocalResources) resources = [];
  if (local && resources.length > 0) throw new KubectlError(LOCAL_RESOURCE_ERROR);
  const files = strs(p, 'filename');
  if (files.length === 0 && (local || resources.length === 0)) throw new KubectlError(NO_RESOURCES);
  const infos: SetInfo[] = [];
  const errors: unknown[] = [];
  if (files.length) {
    const read = readManifests(files, ctx.io, bool(p, 'recursive'));
    errors.push(...read.errors);
    for (const m of read.items) {
      try {
        const r = mappingFor(m);
        const ns = namespaceFor(ctx, r, m.obj);
        if (local) infos.push({ r, ns, obj: encodeTyped(r, deepCopy(m.obj)) });
        else infos.push({ r, ns, obj: ctx.client.get(r.resource, ns, m.obj.metadata.name ?? '') });
      } catch (e) {
        collectError(errors, e);
      }
    }
  }
  if (!local && resources.length) {
    const { requests } = parseResourceArgs(resources);
    const selector = str(p, 'selector');
    for (const q of requests) {
      const ns = q.r.namespaced ? ctx.namespace : undefined;
      if (q.names.length) {
        for (const name of q.names) {
          try {
            infos.push({ r: q.r, ns, obj: ctx.client.get(q.r.resource, ns, name) });
          } catch (e) {
            collectError(errors, e);
          }
        }
      } else if (bool(p, 'all') || selector) {
        for (const o of ctx.client.list(q.r.resource, ns, { labelSelector: selector }).items) infos.push({ r: q.r, ns, obj: o });
      } else throw new KubectlError('resource(s) were provided, but no name was specified');
    }
  }
  if (errors.length) throw errors.length === 1 ? errors[0] : new AggregateError(errors);
  return infos;
}

/** Validate()'s checks every set command makes. */
export function validateCommon(p: Parsed): void {
  if (bool(p, 'local') && dryRunOf(p) === 'server') throw new KubectlError('cannot specify --local and --dry-run=server - did you mean --dry-run=client?');
}

/**
 * CalculatePatches and Run: `mutate` edits a copy (throwing a NoPodSpecError or KubectlError for
 * "error: <object> <message>"); unchanged objects are skipped silently; the others are printed
 * (--local, --dry-run=client) or patched on the server and printed as it answered.
 */
export function applyChanges(
  ctx: Ctx,
  p: Parsed,
  infos: SetInfo[],
  operation: string,
  patchFailure: string,
  mutate: (info: SetInfo, obj: KObject) => void,
  errors: unknown[] = [],
  opts: { printUnchanged?: boolean } = {},
): number {
  const dryRun = dryRunOf(p);
  const local = bool(p, 'local');
  const fmt = parseOutput(str(p, 'output'), false);
  // The builder decoded typed objects: -o json prints in struct order, -o yaml sorted, zero values kept.
  const print = (info: SetInfo, obj: KObject) => {
    const typed = encodeTyped(info.r, forOutput(obj, info.r));
    if (fmt?.kind === 'json') ctx.out += typedJSON(typed) + '\n';
    else if (fmt) ctx.out += printObjects([{ obj: typed, r: info.r }], fmt, true);
    else ctx.out += `${objectRef(info.r, obj.metadata.name ?? '')} ${operation}${dryRunSuffix(dryRun)}\n`;
  };
  for (const info of infos) {
    const modified = deepCopy(info.obj);
    try {
      mutate(info, modified);
    } catch (e) {
      if (!(e instanceof NoPodSpecError || e instanceof KubectlError)) throw e;
      errors.push(new KubectlError(`error: ${objectRef(info.r, info.obj.metadata.name ?? '')} ${e.message}\n`));
      continue;
    }
    const patch = threeWayPatch(info.obj, modified, info.obj);
    if (Object.keys(patch).length === 0 && !opts.printUnchanged) continue;
    if (local || dryRun === 'client') {
      print(info, modified);
      continue;
    }
    try {
      const actual = ctx.client.patch(info.r.resource, info.ns, info.obj.metadata.name!, 'strategic', patch, { dryRun: dryRun === 'server', fieldManager: str(p, 'field-manager') ?? 'kubectl-set' });
      print(info, actual);
    } catch (e) {
      if (!(e instanceof StatusError) || e.code === 0) throw e;
      errors.push(new KubectlError(`${patchFailure}${e.status.message}`));
    }
  }
  if (errors.length) ctx.err += formatErrors(errors);
  return errors.length ? 1 : 0;
}
