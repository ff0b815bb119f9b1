import { since } from './age';
import type { TablePrinter } from './types';

/** printLease: HOLDER AGE. */
export const leasePrinter: TablePrinter = {
  columns: [{ name: 'NAME' }, { name: 'HOLDER' }, { name: 'AGE' }],
  row: (l, { nowMs }) => [l.metadata.name!, l.spec?.holderIdentity ?? '', since(l.metadata.creationTimestamp, nowMs)],
};

/** printConfigMap: DATA AGE. */
export const configMapPrinter: TablePrinter = {
  columns: [{ name: 'NAME' }, { name: 'DATA' }, { name: 'AGE' }],
  row: (c, { nowMs }) => [c.metadata.name!, String(Object.keys(c.data ?? {}).length + Object.keys(c.binaryData ?? {}).length), since(c.metadata.creationTimestamp, nowMs)],
};

/** printServiceAccount: SECRETS AGE. */
export const serviceAccountPrinter: TablePrinter = {
  columns: [{ name: 'NAME' }, { name: 'SECRETS' }, { name: 'AGE' }],
  row: (s, { nowMs }) => [s.metadata.name!, String((s.secrets ?? []).length), since(s.metadata.creationTimestamp, nowMs)],
};

/** The API server's default table (kinds without a printer): NAME AGE. */
export const defaultPrinter: TablePrinter = {
  columns: [{ name: 'NAME' }, { name: 'AGE' }],
  row: (o, { nowMs }) => [o.metadata.name!, since(o.metadata.creationTimestamp, nowMs)],
};
