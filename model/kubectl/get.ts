import type { KObject } from '../api/meta';
import { qualifiedSingular, type ResourceInfo } from '../api/registry';
import { StatusError } from '../api/status';
import type { Table } from '../apiserver/table';
import type { TableOptions } from '../client/client';
import { bool, F, str, strs, type Parsed } from './args';
import { formatErrors, KubectlError } from './errors';
import type { Command, Ctx } from './kubectl';
import { readManifests } from './manifests';
import { forOutput, parseOutput, printObjects, type ObjectFormat } from './output';
import { TablePrinter, type TablePrintOptions } from './printers/table';
import { kubectlTabWriter, type TabWriter } from './printers/tabwriter';
import { toJSON } from './printers/json';
import { toYAML } from './printers/yaml';
import { checkNamedInNamespace, parseResourceArgs, resolveType, type ResourceRequest } from './resources';
import { selectorListError } from './selector-errors';

interface Found {
  obj: KObject;
  r: ResourceInfo;
}

/** One answer of the server for the human-readable output: a Table of one kind. */
interface FoundTable {
  table: Table;
  r: ResourceInfo;
}

/**
 * `kubectl get`: the human-readable output is the server's Table (server-side printing, as
 * kubectl asks with Accept: as=Table), decorated client-side; -o yaml|json|name|jsonpath|
 * custom-columns print the objects; -w streams.
 */
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
    { name: 'chunk-size', type: 'int64' },
    { name: 'label-columns', short: 'L', type: 'strings' },
    { name: 'show-managed-fields', type: 'bool' },
  ],
  run(ctx, args, p) {
    const o = str(p, 'output');
    // printGeneric asks for its printer only once the objects are there: a bad -o fails after
    // the requests, unless a single object was asked for and could not be got.
    let fmt: ObjectFormat | undefined;
    let fmtError: unknown;
    try {
      fmt = parseOutput(o);
    } catch (e) {
      fmtError = e;
      fmt = { kind: 'name' };
    }
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
        // An object without a name asks for its whole collection (a GET of ".../services/").
        requests.push({ r, names: m.obj.metadata.name ? [m.obj.metadata.name] : [] });
      }
      multipleTypes = new Set(requests.map((q) => q.r)).size > 1;
      singleItem = requests.length === 1;
    } else {
      ({ requests, multipleTypes, singleItem } = parseResourceArgs(args));
      checkNamedInNamespace(requests, allNs);
    }

    const watch = bool(p, 'watch') || bool(p, 'watch-only');
    if (watch && new Set(requests.map((q) => q.r)).size > 1) throw new KubectlError('you may only specify a single resource type');
    if (watch && fmtError) throw fmtError;

    const selector = str(p, 'selector');
    const fieldSelector = str(p, 'field-selector');
    const sortBy = str(p, 'sort-by');
    // transformRequests: Tables for the human-readable printer, with whole objects to --sort-by.
    const tableOpts: TableOptions | undefined = fmt ? undefined : sortBy ? { includeObject: 'Object' } : {};
    const found: Found[] = [];
    const tables: FoundTable[] = [];
    let listRV = '0';
    for (const q of requests) {
      const ns = q.r.namespaced ? (allNs && q.names.length === 0 ? undefined : ctx.namespace) : undefined;
      if (q.names.length > 0) {
        for (const name of q.names) {
          try {
            let rv: string | undefined;
            if (tableOpts) {
              const table = ctx.client.getTable(q.r.resource, ns, name, tableOpts);
              tables.push({ table, r: q.r });
              rv = table.metadata.resourceVersion;
            } else {
              const obj = ctx.client.get(q.r.resource, ns, name);
              found.push({ obj, r: q.r });
              rv = obj.metadata.resourceVersion;
            }
            // A watch of named objects starts where the newest of them is (rv 0 would replay them all).
            if (Number(rv) > Number(listRV)) listRV = rv!;
          } catch (e) {
            if (e instanceof StatusError && e.reason === 'NotFound' && bool(p, 'ignore-not-found')) continue;
            if (!(e instanceof StatusError) || e.code === 0) throw e;
            errors.push(e);
          }
        }
      } else {
        try {
          if (tableOpts) {
            const table = ctx.client.listTable(q.r.resource, ns, { labelSelector: selector, fieldSelector }, tableOpts);
            listRV = table.metadata.resourceVersion ?? listRV;
            tables.push({ table, r: q.r });
          } else {
            const list = ctx.client.list(q.r.resource, ns, { labelSelector: selector, fieldSelector });
            listRV = list.metadata.resourceVersion;
            for (const obj of list.items) found.push({ obj, r: q.r });
          }
        } catch (e) {
          // The builder continues with the next resource; the error prints with the others.
          if (!(e instanceof StatusError) || e.code === 0) throw e;
          errors.push(selectorListError(e, q.r, selector, fieldSelector));
        }
      }
    }
    if (fmtError) {
      if ((singleItem && errors.length) || (found.length === 0 && bool(p, 'ignore-not-found'))) {
        ctx.err += formatErrors(errors);
        return errors.length ? 1 : 0;
      }
      throw fmtError;
    }
    if (sortBy) {
      // RuntimeSorter: a field no object has is an error, before anything prints (one object is not sorted).
      if (found.length > 1 && !found.some((f) => sortKey(sortBy)(f.obj) !== undefined))
        throw new KubectlError(`couldn't find any field with path ${JSON.stringify(relaxedJSONPath(sortBy))} in the list of objects`);
      sortFound(found, sortBy);
      // A Table's rows are sorted within it (TableSorter), by the objects they carry. A Table of
      // several rows none of which has the field fails in the printer, whose error kubectl drops:
      // the Table prints nothing.
      for (const t of tables) {
        const rows = t.table.rows ?? [];
        if (rows.length > 1 && !rows.some((row) => sortKey(sortBy)(row.object) !== undefined)) t.table = { ...t.table, rows: [] };
        else if (rows.length > 1) sortRows(t.table, sortBy);
      }
    }

    const printOptions = (r: ResourceInfo): TablePrintOptions => ({
      wide,
      noHeaders: bool(p, 'no-headers'),
      withNamespace: allNs && r.namespaced,
      kind: multipleTypes || bool(p, 'show-kind') ? qualifiedSingular(r) : undefined,
      showLabels: bool(p, 'show-labels'),
      columnLabels: strs(p, 'label-columns'),
    });
    const tw = kubectlTabWriter();
    // Only a watch prints events: its first rows are ADDED ones.
    const watchEvents = watch && bool(p, 'output-watch-events');
    let printedAny = false;
    let printer: TablePrinter | undefined;
    if (!bool(p, 'watch-only')) {
      if (fmt) {
        // yaml, json and jsonpath print an empty List too; -o name prints nothing.
        if (found.length > 0 || (fmt.kind !== 'name' && !singleItem)) {
          ctx.out += printObjects(found, fmt, singleItem && !watch, bool(p, 'show-managed-fields'));
          printedAny = true;
        }
      } else {
        // A new printer (and header) per kind; a blank line between kinds that printed something.
        let lastR: ResourceInfo | undefined;
        let separate = false;
        const emit = () => {
          tw.flush();
          const text = tw.take();
          if (!text) return;
          if (separate) ctx.out += '\n';
          separate = false;
          ctx.out += text;
          printedAny = true;
        };
        for (const t of tables) {
          if (t.r !== lastR || !printer) {
            emit();
            tw.resetWidths();
            if (lastR && !printOptions(t.r).noHeaders && printedAny) separate = true;
            printer = new TablePrinter(printOptions(t.r));
            lastR = t.r;
          }
          printer.print(t.table, tw, watchEvents ? 'ADDED' : undefined);
        }
        emit();
      }
    }
    // In watch mode an empty list prints nothing: kubectl just waits for the first change.
    if (!printedAny && errors.length === 0 && !bool(p, 'ignore-not-found') && !watch) {
      const namespaced = !allNs && requests.every((q) => q.r.namespaced);
      ctx.err += namespaced ? `No resources found in ${ctx.namespace} namespace.\n` : 'No resources found\n';
    }
    if (errors.length) ctx.err += formatErrors(errors);
    if (watch && requests.length > 0) {
      const r = requests[0].r;
      streamWatch(ctx, p, requests[0], listRV, fmt, { tw, printer: printer ?? new TablePrinter(printOptions(r)), table: tableOpts, watchEvents });
    }
    return errors.length ? 1 : 0;
  },
};

/**
 * `get -w`: a watch from the list's resourceVersion; every change prints one row through the
 * same printer (so the header appears once, over the first row), aligned with remembered column
 * widths. Streams for opts.watchMs of virtual time, letting the cluster run meanwhile.
 */
function streamWatch(
  ctx: Ctx,
  p: Parsed,
  q: ResourceRequest,
  rv: string,
  fmt: ObjectFormat | undefined,
  t: { tw: TabWriter; printer: TablePrinter; table: TableOptions | undefined; watchEvents: boolean },
): void {
  const r = q.r;
  const ns = r.namespaced ? (bool(p, 'all-namespaces') && q.names.length === 0 ? undefined : ctx.namespace) : undefined;
  const fieldSelector = q.names.length === 1 ? `metadata.name=${q.names[0]}` : str(p, 'field-selector');
  const wanted = (name: string | undefined) => q.names.length <= 1 || q.names.includes(name!);
  const handle = ctx.client.watch(
    r.resource,
    ns,
    { labelSelector: str(p, 'selector'), fieldSelector, resourceVersion: rv },
    (events) => {
      for (const ev of events) {
        if (ev.type !== 'ADDED' && ev.type !== 'MODIFIED' && ev.type !== 'DELETED') continue;
        if (fmt) {
          if (!wanted(ev.object.metadata.name)) continue;
          const obj = forOutput(ev.object, r, bool(p, 'show-managed-fields'));
          if (fmt.kind === 'yaml') ctx.out += '---\n' + toYAML(obj);
          else if (fmt.kind === 'json') ctx.out += toJSON(obj);
          else ctx.out += printObjects([{ obj: ev.object, r }], fmt, true, bool(p, 'show-managed-fields'));
          continue;
        }
        const table = ev.object as unknown as Table;
        // A skipped event still hands over its column definitions (only the first event has them).
        if (!wanted(table.rows?.[0]?.object?.metadata?.name)) {
          t.printer.print({ ...table, rows: [] }, t.tw);
          continue;
        }
        t.printer.print(table, t.tw, t.watchEvents ? ev.type : undefined);
        t.tw.flush();
        ctx.out += t.tw.take();
      }
    },
    () => undefined,
    t.table,
  );
  if (ctx.opts.watchMs && ctx.opts.watchMs > 0) ctx.sim.advance(ctx.opts.watchMs);
  handle.stop();
}

/** RelaxedJSONPathExpression: "{.a.b}", ".a.b" and "a.b" all mean "{.a.b}". */
function relaxedJSONPath(expr: string): string {
  const inner = expr.replace(/^\{(.*)\}$/s, '$1');
  return `{${inner.startsWith('.') ? inner : '.' + inner}}`;
}

/** The value --sort-by compares: a field path ("{.metadata.name}", ".spec.containers[0].image"). */
function sortKey(expr: string): (o: KObject | null | undefined) => any {
  const path = relaxedJSONPath(expr)
    .slice(2, -1)
    .split(/\.|(?=\[)/)
    .filter((k) => k !== '')
    .map((k) => (/^\[\d+\]$/.test(k) ? Number(k.slice(1, -1)) : k));
  return (o) => path.reduce<any>((v, k) => (v === null || v === undefined || typeof v !== 'object' ? undefined : v[k]), o);
}

function compareKeys(x: any, y: any): number {
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return String(x ?? '') < String(y ?? '') ? -1 : String(x ?? '') > String(y ?? '') ? 1 : 0;
}

/** --sort-by on objects (-o yaml, json, name …). */
function sortFound(found: Found[], expr: string): void {
  const key = sortKey(expr);
  found.sort((a, b) => compareKeys(key(a.obj), key(b.obj)));
}

/** --sort-by on a Table: its rows, by the whole objects includeObject=Object put in them. */
function sortRows(table: Table, expr: string): void {
  const key = sortKey(expr);
  table.rows!.sort((a, b) => compareKeys(key(a.object), key(b.object)));
}
