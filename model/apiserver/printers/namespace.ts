import { since } from './age';
import { AGE, NAME } from './columns';
import { column, type TableHandler } from './types';

/** printNamespace: NAME STATUS AGE. */
export const namespacePrinter: TableHandler = {
  columns: [NAME, column('Status', 'string', 'The status of the namespace'), AGE],
  row: (ns, { nowMs }) => ({ cells: [ns.metadata.name!, ns.status?.phase ?? '', since(ns.metadata.creationTimestamp, nowMs)] }),
};
