import { since } from './age';
import type { TablePrinter } from './types';

/** printNamespace: NAME STATUS AGE. */
export const namespacePrinter: TablePrinter = {
  columns: [{ name: 'NAME' }, { name: 'STATUS' }, { name: 'AGE' }],
  row: (ns, { nowMs }) => [ns.metadata.name!, ns.status?.phase ?? '', since(ns.metadata.creationTimestamp, nowMs)],
};
