import type { KObject } from '../api/meta';
import { qualifiedSingular, type ResourceInfo } from '../api/registry';
import { StatusError } from '../api/status';
import { parseGoDuration } from './goparse';
import { bool, F, int, str, strs } from './args';
import { formatErrors, KubectlError, collectError } from './errors';
import { dryRunOf, dryRunSuffix, mappingFor, namespaceFor } from './mapping';
import type { Command, Ctx } from './kubectl';
import { readManifests } from './manifests';
import { checkNamedInNamespace, parseResourceArgs } from './resources';
import { listingBySelector } from './selector-errors';

/** How long `delete --wait` blocks without --timeout: bounded, where the real one waits a week. */
const DEFAULT_WAIT_MS = 5 * 60 * 1000;
const STEP_MS = 100;

/**
 * `kubectl delete`: by TYPE NAME, TYPE/NAME, -f, -l or --all; prints `pod "x" deleted`
 * as each DELETE returns, then (--wait, the default) lets virtual time pass until every
 * deleted object is gone from the API.
 */
export const deleteCommand: Command = {
  flags: [
    F.filename,
    F.recursive,
    F.selector,
    F.allNamespaces,
    F.fieldSelector,
    F.output,
    F.timeout,
    F.dryRun,
    { name: 'all', type: 'bool' },
    { name: 'grace-period', type: 'int' },
    { name: 'now', type: 'bool' },
    { name: 'force', type: 'bool' },
    { name: 'wait', type: 'bool' },
    { name: 'ignore-not-found', type: 'bool' },
    { name: 'cascade', type: 'string', noOptDefault: 'background' },
  ],
  run(ctx, args, p) {
    const dryRunMode = dryRunOf(p);
    const cascade = str(p, 'cascade') ?? 'background';
    if (!['background', 'foreground', 'orphan', 'true', 'false'].includes(cascade))
      throw new KubectlError(`invalid cascade value (${cascade}). Must be "background", "foreground", or "orphan"`);
    const files = strs(p, 'filename');
    const errors: unknown[] = [];
    const targets: { r: ResourceInfo; ns?: string; name: string }[] = [];
    const selector = str(p, 'selector');
    const all = bool(p, 'all');
    const allNs = bool(p, 'all-namespaces');
    let listed = false;
    if (files.length) {
      const read = readManifests(files, ctx.io, bool(p, 'recursive'));
      errors.push(...read.errors);
      for (const m of read.items) {
        try {
          const r = mappingFor(m);
          if (!m.obj.metadata.name) throw new KubectlError(`error when deleting ${JSON.stringify(m.source)}: resource name may not be empty`);
          targets.push({ r, ns: namespaceFor(ctx, r, m.obj), name: m.obj.metadata.name });
        } catch (e) {
          collectError(errors, e);
        }
      }
    } else {
      if (args.length === 0)
        throw new KubectlError(
          "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'",
        );
      const { requests } = parseResourceArgs(args);
      checkNamedInNamespace(requests, allNs);
      for (const q of requests) {
        const ns = q.r.namespaced ? ctx.namespace : undefined;
        if (q.names.length) {
          if (all || selector) throw new KubectlError('name cannot be provided when a selector is specified');
          for (const name of q.names) targets.push({ r: q.r, ns, name });
        } else if (all || selector || str(p, 'field-selector')) {
          listed = true;
          const listNs = q.r.namespaced ? (allNs ? undefined : ns) : undefined;
          const list = listingBySelector(q.r, selector, str(p, 'field-selector'), () => ctx.client.list(q.r.resource, listNs, { labelSelector: selector, fieldSelector: str(p, 'field-selector') }));
          for (const o of list.items)
            targets.push({ r: q.r, ns: o.metadata.namespace, name: o.metadata.name! });
        } else throw new KubectlError('resource(s) were provided, but no name was specified');
      }
    }
    const policy = cascade === 'foreground' ? 'Foreground' : cascade === 'orphan' || cascade === 'false' ? 'Orphan' : 'Background';
    let grace = int(p, 'grace-period');
    const force = bool(p, 'force');
    if (bool(p, 'now')) grace = 1;
    if (force && grace === undefined) grace = 0;
    if (force && grace === 0) ctx.err += 'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n';
    const dryRun = dryRunMode !== 'none';
    const deleted: { r: ResourceInfo; ns?: string; name: string; uid?: string }[] = [];
    for (const t of targets) {
      try {
        // A client-side dry run only reads the object (the builder's visit) and sends nothing.
        const res =
          dryRunMode === 'client'
            ? ctx.client.get(t.r.resource, t.ns, t.name)
            : ctx.client.delete(t.r.resource, t.ns, t.name, { propagationPolicy: policy, gracePeriodSeconds: grace !== undefined && grace >= 0 ? grace : undefined, dryRun: dryRunMode === 'server' });
        deleted.push({ ...t, uid: (res as KObject)?.metadata?.uid });
        if (str(p, 'output') === 'name') ctx.out += `${qualifiedSingular(t.r)}/${t.name}\n`;
        else ctx.out += `${qualifiedSingular(t.r)} ${JSON.stringify(t.name)} ${force && grace === 0 ? 'force deleted' : 'deleted'}${dryRunSuffix(dryRunMode)}\n`;
      } catch (e) {
        if (!(e instanceof StatusError) || e.code === 0) throw e;
        if (e.reason === 'NotFound' && bool(p, 'ignore-not-found')) continue;
        collectError(errors, e);
      }
    }
    if (listed && targets.length === 0 && errors.length === 0) ctx.out += 'No resources found\n';
    if (bool(p, 'wait', true) && !dryRun && deleted.length) {
      const timeout = str(p, 'timeout');
      let limit = DEFAULT_WAIT_MS;
      if (timeout && parseGoDuration(timeout) > 0) limit = parseGoDuration(timeout);
      const stuck = waitForDeletion(ctx, deleted, limit);
      for (const s of stuck) errors.push(new KubectlError(`timed out waiting for the condition on ${s.r.resource}/${s.name}`));
    }
    if (errors.length) ctx.err += formatErrors(errors);
    return errors.length ? 1 : 0;
  },
};

/** Watches the deleted objects until each is gone (or replaced by a new uid); returns the ones left. */
function waitForDeletion(ctx: Ctx, deleted: { r: ResourceInfo; ns?: string; name: string; uid?: string }[], limitMs: number) {
  const pending = new Set(deleted);
  const handles = [];
  for (const d of deleted) {
    const cur = ctx.client.tryGet(d.r.resource, d.ns, d.name);
    if (!cur || (d.uid && cur.metadata.uid !== d.uid)) {
      pending.delete(d);
      continue;
    }
    handles.push(
      ctx.client.watch(
        d.r.resource,
        d.ns,
        { fieldSelector: `metadata.name=${d.name}`, resourceVersion: cur.metadata.resourceVersion },
        (events) => {
          for (const ev of events) if (ev.type === 'DELETED' || (d.uid && ev.object.metadata.uid !== d.uid)) pending.delete(d);
        },
        () => undefined,
      ),
    );
  }
  for (let waited = 0; pending.size > 0 && waited < limitMs; waited += STEP_MS) ctx.sim.advance(Math.min(STEP_MS, limitMs - waited));
  for (const h of handles) h.stop();
  return [...pending];
}
