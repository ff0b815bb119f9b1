import { since } from './age';
import { AGE, NAME } from './columns';
import { column, type TableHandler } from './types';

/** An IntOrString as printPodDisruptionBudget shows it: its String(), or N/A when unset. */
function intOrNA(v: unknown): string {
  return v === undefined || v === null ? 'N/A' : String(v);
}

/** printPodDisruptionBudget: MIN AVAILABLE, MAX UNAVAILABLE, ALLOWED DISRUPTIONS (int64), AGE. */
export const pdbPrinter: TableHandler = {
  columns: [
    NAME,
    column('Min Available', 'string', 'The minimum number of pods that must be available.'),
    column('Max Unavailable', 'string', 'The maximum number of pods that may be unavailable.'),
    column('Allowed Disruptions', 'integer', 'Calculated number of pods that may be disrupted at this time.'),
    AGE,
  ],
  row: (pdb, { nowMs }) => ({
    cells: [pdb.metadata.name!, intOrNA(pdb.spec?.minAvailable), intOrNA(pdb.spec?.maxUnavailable), pdb.status?.disruptionsAllowed ?? 0, since(pdb.metadata.creationTimestamp, nowMs)],
  }),
};
