/**
 * The objects a rollout subcommand acts on, as its resource.Builder finds them:
 * ResourceTypeOrNameArgs(true, …) over TYPE NAME… or TYPE/NAME…, -f files, -l selector;
 * ContinueOnError, Latest (each object read from the server).
 */
import type { KObject } from '../../api/meta';
import type { ResourceInfo } from '../../api/registry';
import { StatusError } from '../../api/status';
import { bool, str, strs, type Parsed } from '../args';
import { collectError, KubectlError } from '../errors';
import type { Ctx } from '../kubectl';
import { readManifests } from '../manifests';
import { mappingFor, namespaceFor } from '../mapping';
import { parseOutput, printObjects } from '../output';
import { objectRef, parseResourceArgs } from '../resources';

export interface Target {
  r: ResourceInfo;
  ns: string | undefined;
  obj: KObject;
}

/** Validate(): no resource and no file. */
export function requireResources(args: string[], p: Parsed): void {
  if (args.length === 0 && strs(p, 'filename').length === 0) throw new KubectlError('required resource not specified');
}

/** The builder's infos and the errors met while finding them (reported with the command's own). */
export function findTargets(ctx: Ctx, args: string[], p: Parsed): { targets: Target[]; errors: unknown[] } {
  const targets: Target[] = [];
  const errors: unknown[] = [];
  const get = (r: ResourceInfo, ns: string | undefined, name: string) => {
    try {
      targets.push({ r, ns, obj: ctx.client.get(r.resource, ns, name) });
    } catch (e) {
      if (e instanceof StatusError && e.code === 0) throw e;
      collectError(errors, e);
    }
  };
  const files = strs(p, 'filename');
  if (files.length) {
    const read = readManifests(files, ctx.io, bool(p, 'recursive'));
    errors.push(...read.errors);
    for (const m of read.items) {
      try {
        const r = mappingFor(m);
        if (!m.obj.metadata?.name) throw new KubectlError('resource name may not be empty');
        get(r, namespaceFor(ctx, r, m.obj), m.obj.metadata.name);
      } catch (e) {
        collectError(errors, e);
      }
    }
  }
  if (args.length === 0) return { targets, errors };
  // The builder refuses names with a selector before any request.
  const { requests } = parseResourceArgs(args);
  const selector = str(p, 'selector');
  if (selector && requests.some((q) => q.names.length)) throw new KubectlError('name cannot be provided when a selector is specified');
  for (const q of requests) {
    const ns = q.r.namespaced ? ctx.namespace : undefined;
    if (q.names.length) for (const name of q.names) get(q.r, ns, name);
    else for (const o of ctx.client.list(q.r.resource, ns, { labelSelector: selector }).items) targets.push({ r: q.r, ns, obj: o });
  }
  return { targets, errors };
}

/**
 * What the commands print per object through their PrintFlags: the name printer with the
 * operation ("deployment.apps/web rolled back"), -o name the bare name, -o yaml|json the object.
 */
export function printTarget(ctx: Ctx, p: Parsed, t: Target, operation: string): void {
  const fmt = parseOutput(str(p, 'output'), false);
  if (!fmt) ctx.out += `${objectRef(t.r, t.obj.metadata.name!)}${operation ? ' ' + operation : ''}\n`;
  else ctx.out += printObjects([{ obj: t.obj, r: t.r }], fmt, true);
}
