import type { KObject } from '../api/meta';
import { qualifiedSingular, type ResourceInfo } from '../api/registry';
import { StatusError } from '../api/status';
import { bool, F, str, type Parsed } from './args';
import { formatErrors, KubectlError } from './errors';
import type { Command, Ctx } from './kubectl';
import { readManifests } from './manifests';
import { forOutput, parseOutput, printObjects, type ObjectFormat } from './output';
import { printerFor } from './printers';
import { headerLine, rowLine, type TableDecorations } from './printers/table';
import { kubectlTabWriter, type TabWriter } from './printers/tabwriter';
import { toJSON } from './printers/json';
import { toYAML } from './printers/yaml';
import { parseResourceArgs, resolveType, type ResourceRequest } from './resources';

interface Found {
  obj: KObject;
  r: ResourceInfo;
}

/** `kubectl get`: tables from the server's printers, -o yaml|json|name|jsonpath, -w. */
export const getCommand: Command = {
  flags: [
    F.output,
    F.selector,
    F.allNamespaces,
    F.filename,
    F.recursive,
    F.fieldSelector,
    { name: 'watch', short: 'w', type: 'bool' },
    { name: 'watch-only', type: 'bool' },
    { name: 'output-watch-events', type: 'bool' },
    { name: 'show-labels', type: 'bool' },
    { name: 'show-kind', type: 'bool' },
    { name: 'no-headers', type: 'bool' },
    { name: 'ignore-not-found', type: 'bool' },
    { name: 'sort-by', type: 'string' },
    { name: 'chunk-size', type: 'int' },
    { name: 'label-columns', short: 'L', type: 'strings' },
  ],
  run(ctx, args, p) {
    const o = str(p, 'output');
    const fmt = parseOutput(o);
    const wide = o === 'wide';
    const allNs = bool(p, 'all-namespaces');
    const files = p.flags.get('filename') as string[] | undefined;
    if (args.length === 0 && !files) {
      ctx.err +=
        'You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\n' +
        'error: Required resource not specified.\nUse "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).\n' +
        "See 'kubectl get -h' for help and examples\n";
      return 1;
    }
    const errors: unknown[] = [];
    let requests: ResourceRequest[];
    let multipleTypes: boolean;
    let singleItem: boolean;
    if (files) {
      const read = readManifests(files, ctx.io, bool(p, 'recursive'));
      errors.push(...read.errors);
      requests = [];
      for (const m of read.items) {
        const r = resolveType(m.obj.kind!);
        requests.push({ r, names: [m.obj.metadata.name!] });
      }
      multipleTypes = new Set(requests.map((q) => q.r)).size > 1;
      singleItem = requests.length === 1;
    } else ({ requests, multipleTypes, singleItem } = parseResourceArgs(args));

    const watch = bool(p, 'watch') || bool(p, 'watch-only');
    if (watch && new Set(requests.map((q) => q.r)).size > 1) throw new KubectlError('you may only specify a single resource type');

    const selector = str(p, 'selector');
    const fieldSelector = str(p, 'field-selector');
    const found: Found[] = [];
    let listRV = '0';
    for (const q of requests) {
      const ns = q.r.namespaced ? (allNs && q.names.length === 0 ? undefined : ctx.namespace) : undefined;
      if (q.names.length > 0) {
        for (const name of q.names) {
          try {
            const obj = ctx.client.get(q.r.resource, ns, name);
            found.push({ obj, r: q.r });
            // A watch of named objects starts where the newest of them is (rv 0 would replay them all).
            if (Number(obj.metadata.resourceVersion) > Number(listRV)) listRV = obj.metadata.resourceVersion!;
          } catch (e) {
            if (e instanceof StatusError && e.reason === 'NotFound' && bool(p, 'ignore-not-found')) continue;
            if (!(e instanceof StatusError) || e.code === 0) throw e;
            errors.push(e);
          }
        }
      } else {
        const list = ctx.client.list(q.r.resource, ns, { labelSelector: selector, fieldSelector });
        listRV = list.metadata.resourceVersion;
        for (const obj of list.items) found.push({ obj, r: q.r });
      }
    }
    const sortBy = str(p, 'sort-by');
    if (sortBy) sortFound(found, sortBy);

    const decorations = (r: ResourceInfo): TableDecorations => ({
      kindPrefix: multipleTypes || bool(p, 'show-kind') ? qualifiedSingular(r) : undefined,
      withNamespace: allNs && r.namespaced,
      showLabels: bool(p, 'show-labels'),
    });
    const tw = kubectlTabWriter();
    const noHeaders = bool(p, 'no-headers');
    const watchEvents = bool(p, 'output-watch-events');
    let printedAny = false;
    if (!bool(p, 'watch-only')) {
      if (fmt) {
        // yaml, json and jsonpath print an empty List too; -o name prints nothing.
        if (found.length > 0 || (fmt.kind !== 'name' && !singleItem)) {
          ctx.out += printObjects(found, fmt, singleItem && !watch);
          printedAny = true;
        }
      } else {
        let lastR: ResourceInfo | undefined;
        for (const f of found) {
          if (f.r !== lastR) {
            tw.flush();
            tw.resetWidths();
            ctx.out += tw.take();
            if (lastR && !noHeaders) ctx.out += '\n';
            if (!noHeaders) tw.write((watchEvents ? 'EVENT\t' : '') + headerLine(printerFor(f.r.resource), { wide, nowMs: ctx.now() }, decorations(f.r)));
            lastR = f.r;
          }
          tw.write((watchEvents ? 'ADDED\t' : '') + rowLine(printerFor(f.r.resource), f.obj, { wide, nowMs: ctx.now() }, decorations(f.r)));
          printedAny = true;
        }
        tw.flush();
        ctx.out += tw.take();
      }
    }
    // In watch mode an empty list prints nothing: kubectl just waits for the first change.
    if (!printedAny && errors.length === 0 && !bool(p, 'ignore-not-found') && !watch) {
      const namespaced = !allNs && requests.every((q) => q.r.namespaced);
      ctx.err += namespaced ? `No resources found in ${ctx.namespace} namespace.\n` : 'No resources found\n';
    }
    if (errors.length) ctx.err += formatErrors(errors);
    if (watch && requests.length > 0) streamWatch(ctx, p, requests[0], listRV, fmt, { wide, headerPrinted: printedAny && !fmt, tw, decorations: decorations(requests[0].r), watchEvents, noHeaders });
    return errors.length ? 1 : 0;
  },
};

/**
 * `get -w`: a watch from the list's resourceVersion; every change prints one row (the header
 * only if no row was printed before), aligned with remembered column widths. Streams for
 * opts.watchMs of virtual time, letting the cluster run meanwhile.
 */
function streamWatch(
  ctx: Ctx,
  p: Parsed,
  q: ResourceRequest,
  rv: string,
  fmt: ObjectFormat | undefined,
  t: { wide: boolean; headerPrinted: boolean; tw: TabWriter; decorations: TableDecorations; watchEvents: boolean; noHeaders: boolean },
): void {
  const r = q.r;
  const ns = r.namespaced ? (bool(p, 'all-namespaces') && q.names.length === 0 ? undefined : ctx.namespace) : undefined;
  const fieldSelector = q.names.length === 1 ? `metadata.name=${q.names[0]}` : str(p, 'field-selector');
  let headerPrinted = t.headerPrinted;
  const printer = printerFor(r.resource);
  const handle = ctx.client.watch(
    r.resource,
    ns,
    { labelSelector: str(p, 'selector'), fieldSelector, resourceVersion: rv },
    (events) => {
      for (const ev of events) {
        if (ev.type !== 'ADDED' && ev.type !== 'MODIFIED' && ev.type !== 'DELETED') continue;
        if (q.names.length > 1 && !q.names.includes(ev.object.metadata.name!)) continue;
        if (fmt) {
          const obj = forOutput(ev.object, r);
          if (fmt.kind === 'yaml') ctx.out += '---\n' + toYAML(obj);
          else if (fmt.kind === 'json') ctx.out += toJSON(obj);
          else ctx.out += printObjects([{ obj: ev.object, r }], fmt, true);
          continue;
        }
        const opts = { wide: t.wide, nowMs: ctx.now() };
        if (!headerPrinted && !t.noHeaders) t.tw.write((t.watchEvents ? 'EVENT\t' : '') + headerLine(printer, opts, t.decorations));
        headerPrinted = true;
        t.tw.write((t.watchEvents ? `${ev.type}\t` : '') + rowLine(printer, ev.object, opts, t.decorations));
        t.tw.flush();
        ctx.out += t.tw.take();
      }
    },
    () => undefined,
  );
  if (ctx.opts.watchMs && ctx.opts.watchMs > 0) ctx.sim.advance(ctx.opts.watchMs);
  handle.stop();
}

/** --sort-by with a simple field path ("{.metadata.name}" or ".metadata.creationTimestamp"). */
function sortFound(found: Found[], expr: string): void {
  const path = expr.replace(/^\{|\}$/g, '').replace(/^\./, '').split('.');
  const key = (o: KObject) => path.reduce<any>((v, k) => (v === null || v === undefined ? undefined : v[k]), o);
  found.sort((a, b) => {
    const x = key(a.obj);
    const y = key(b.obj);
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x ?? '') < String(y ?? '') ? -1 : String(x ?? '') > String(y ?? '') ? 1 : 0;
  });
}
