import { since } from './age';
import { AGE, NAME } from './columns';
import { column, type TableHandler } from './types';

/** The v1.Secret fields' documentation (their SwaggerDoc()), the columns' descriptions. */
const TYPE_DOC = 'Used to facilitate programmatic handling of secret data. More info: https://kubernetes.io/docs/concepts/configuration/secret/#secret-types';
const DATA_DOC =
  "Data contains the secret data. Each key must consist of alphanumeric characters, '-', '_' or '.'. The serialized form of the secret data is a base64 encoded string, representing the arbitrary (possibly non-string) data value here. Described in https://tools.ietf.org/html/rfc4648#section-4";

/** printSecret: TYPE, DATA (the number of keys, int64), AGE. */
export const secretPrinter: TableHandler = {
  columns: [NAME, column('Type', 'string', TYPE_DOC), column('Data', 'string', DATA_DOC), AGE],
  row: (s, { nowMs }) => ({ cells: [s.metadata.name!, String(s.type ?? ''), Object.keys(s.data ?? {}).length, since(s.metadata.creationTimestamp, nowMs)] }),
};
