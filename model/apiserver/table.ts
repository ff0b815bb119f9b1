import type { KObject } from '../api/meta';
import { groupVersion, type ResourceInfo } from '../api/registry';
import { errors } from '../api/status';
import { printerFor } from './printers';
import { defaultPrinter } from './printers/misc';
import type { TableCell, TableColumnDefinition, TableRowCondition } from './printers/types';

/** Accept: application/json;as=Table;v=<version>;g=meta.k8s.io: the answer is a Table. */
export interface TableRequest {
  kind: 'Table';
  /** meta.k8s.io/v1 (kubectl's first choice) or the older v1beta1; same shape. */
  version?: 'v1' | 'v1beta1';
}

/** metav1.TableRow: `object` is a RawExtension, serialized as null when not included. */
export interface TableRow {
  cells: TableCell[];
  conditions?: TableRowCondition[];
  object: KObject | null;
}

/** metav1.Table; columnDefinitions and rows are serialized even when null. */
export interface Table {
  kind: 'Table';
  apiVersion: string;
  metadata: { resourceVersion?: string; continue?: string };
  columnDefinitions: TableColumnDefinition[] | null;
  rows: TableRow[] | null;
}

/** metav1.TableOptions: includeObject (a query parameter) and noHeaders (set by the watch encoder only). */
export interface TableOptions {
  includeObject?: string;
  noHeaders?: boolean;
}

/**
 * optionsForTransform's ValidateTableOptions: includeObject is None, Metadata (the default:
 * kubectl decorates rows from it), Object (kubectl asks for it to --sort-by) or empty.
 */
export function validateTableOptions(opts: TableOptions): void {
  const v = opts.includeObject;
  if (v === undefined || v === '' || v === 'None' || v === 'Metadata' || v === 'Object') return;
  throw errors.badRequest(`Unable to convert to Table as requested: includeObject: Invalid value: ${JSON.stringify(v)}: must be 'Metadata', 'Object', 'None', or empty`);
}

/**
 * The API server's TableConvertor with handlers/response.go's asTable: the resource's printer
 * (always wide, priority 1 columns included; the client hides them without -o wide) fills one
 * row per object, AGE from the virtual clock at request time, and each row carries the object as
 * PartialObjectMetadata, whole, or not at all. A Status (a finished delete) is answered as is.
 */
export function asTable(r: ResourceInfo, result: any, as: TableRequest, opts: TableOptions, nowMs: number): any {
  if (result?.kind === 'Status') return result;
  validateTableOptions(opts);
  const tableGV = `meta.k8s.io/${as.version ?? 'v1'}`;
  const handler = printerFor(r.resource);
  const isList = Array.isArray(result?.items);
  const objects: KObject[] = isList ? result.items : [result];
  const rows: TableRow[] = objects.map((obj) => {
    const printed = handler.row(obj, { nowMs });
    const row: TableRow = { cells: printed.cells, object: rowObject(r, obj, opts.includeObject, tableGV) };
    if (printed.conditions) row.conditions = printed.conditions;
    return row;
  });
  const metadata: Table['metadata'] = {};
  const rv = isList ? result.metadata?.resourceVersion : result?.metadata?.resourceVersion;
  if (rv) metadata.resourceVersion = rv;
  if (isList && result.metadata?.continue) metadata.continue = result.metadata.continue;
  return {
    kind: 'Table',
    apiVersion: tableGV,
    metadata,
    columnDefinitions: opts.noHeaders ? null : handler.columns,
    // The printers' list functions make an empty slice; the default convertor leaves it nil.
    rows: rows.length === 0 && handler === defaultPrinter ? null : rows,
  } satisfies Table;
}

function rowObject(r: ResourceInfo, obj: KObject, includeObject: string | undefined, tableGV: string): KObject | null {
  switch (includeObject) {
    case 'None':
      return null;
    case 'Object':
      return { apiVersion: groupVersion(r), kind: r.kind, ...obj };
    default:
      // meta.AsPartialObjectMetadata: the whole ObjectMeta, nothing else.
      return { kind: 'PartialObjectMetadata', apiVersion: tableGV, metadata: obj.metadata };
  }
}

/**
 * A watch that asked for Tables (handlers/watch.go's watchEmbeddedEncoder): every event's
 * object becomes a one-row Table, and only the first carries columnDefinitions; later ones are
 * encoded with noHeaders, so clients reuse the columns they already have.
 */
export function tableWatchEvents<E extends { type: string; object: any }>(r: ResourceInfo, as: TableRequest, includeObject: string | undefined, nowMs: () => number, onEvents: (events: E[]) => void): (events: E[]) => void {
  const opts: TableOptions = { includeObject, noHeaders: false };
  validateTableOptions(opts);
  return (events) =>
    onEvents(
      events.map((ev) => {
        const object = asTable(r, ev.object, as, opts, nowMs());
        opts.noHeaders = true;
        return { ...ev, object };
      }),
    );
}
