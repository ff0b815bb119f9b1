import type { KObject } from '../../api/meta';
import { formatLabels } from './format';
import type { PrintOptions, TablePrinter } from './types';

/** How kubectl get decorates the server's table. */
export interface TableDecorations {
  /** "pod", "deployment.apps": prefix of the NAME cell when several kinds are printed. */
  kindPrefix?: string;
  withNamespace: boolean;
  showLabels: boolean;
}

/** The header line of a table, tab separated, upper-case as kubectl prints it. */
export function headerLine(p: TablePrinter, opts: PrintOptions, d: TableDecorations): string {
  const cols = p.columns.filter((c) => opts.wide || !c.wide).map((c) => c.name);
  if (d.withNamespace) cols.unshift('NAMESPACE');
  if (d.showLabels) cols.push('LABELS');
  return cols.join('\t') + '\n';
}

/** One row, tab separated. */
export function rowLine(p: TablePrinter, obj: KObject, opts: PrintOptions, d: TableDecorations): string {
  const cells = p.row(obj, opts);
  const nameIdx = p.columns.filter((c) => opts.wide || !c.wide).findIndex((c) => c.name === 'NAME');
  if (d.kindPrefix && nameIdx >= 0) cells[nameIdx] = `${d.kindPrefix}/${cells[nameIdx]}`;
  if (d.withNamespace) cells.unshift(obj.metadata.namespace ?? '');
  if (d.showLabels) cells.push(formatLabels(obj.metadata.labels));
  return cells.join('\t') + '\n';
}
