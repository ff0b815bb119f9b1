import { since } from './age';
import { AGE, NAME } from './columns';
import { SWAGGER_DOC } from './swagger-docs';
import { column, type TableHandler } from './types';

/** printLease: HOLDER AGE. */
export const leasePrinter: TableHandler = {
  columns: [NAME, column('Holder', 'string', SWAGGER_DOC.LeaseSpec.holderIdentity), AGE],
  row: (l, { nowMs }) => ({ cells: [l.metadata.name!, l.spec?.holderIdentity ?? '', since(l.metadata.creationTimestamp, nowMs)] }),
};

/** printConfigMap: DATA (int64) AGE. */
export const configMapPrinter: TableHandler = {
  columns: [NAME, column('Data', 'string', SWAGGER_DOC.ConfigMap.data), AGE],
  row: (c, { nowMs }) => ({ cells: [c.metadata.name!, Object.keys(c.data ?? {}).length + Object.keys(c.binaryData ?? {}).length, since(c.metadata.creationTimestamp, nowMs)] }),
};

/** printServiceAccount: SECRETS (int64) AGE. */
export const serviceAccountPrinter: TableHandler = {
  columns: [NAME, column('Secrets', 'string', SWAGGER_DOC.ServiceAccount.secrets), AGE],
  row: (s, { nowMs }) => ({ cells: [s.metadata.name!, (s.secrets ?? []).length, since(s.metadata.creationTimestamp, nowMs)] }),
};

/**
 * The generic registry's default TableConvertor (k8s.io/apiserver rest.NewDefaultTableConvertor),
 * for kinds without a printer: NAME and CREATED AT, an RFC 3339 date rather than an age.
 */
export const defaultPrinter: TableHandler = {
  columns: [NAME, column('Created At', 'date', SWAGGER_DOC.ObjectMeta.creationTimestamp)],
  row: (o) => ({ cells: [o.metadata.name!, rfc3339(o.metadata.creationTimestamp)] }),
};

/** m.GetCreationTimestamp().Time.UTC().Format(time.RFC3339): a missing timestamp is Go's zero time. */
function rfc3339(timestamp: string | undefined): string {
  const t = timestamp ? Date.parse(timestamp) : NaN;
  if (Number.isNaN(t)) return '0001-01-01T00:00:00Z';
  return new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
