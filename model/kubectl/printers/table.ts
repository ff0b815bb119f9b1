import { formatLabels } from '../../apiserver/printers/format';
import type { TableCell, TableColumnDefinition } from '../../apiserver/printers/types';
import type { Table, TableRow } from '../../apiserver/table';
import type { TabWriter } from './tabwriter';

/** How kubectl get prints and decorates the server's Tables (cli-runtime's PrintOptions). */
export interface TablePrintOptions {
  /** -o wide: priority 1 columns too. */
  wide: boolean;
  noHeaders: boolean;
  /** -A on a namespaced kind: a NAMESPACE column first, from each row's object. */
  withNamespace: boolean;
  /** "pod", "deployment.apps": prefix of the name column when several kinds are printed or --show-kind. */
  kind?: string;
  /** --show-labels: a LABELS column last. */
  showLabels: boolean;
  /** -L: one column per label key, headed by the key's last segment. */
  columnLabels: string[];
}

/** The watch event types, padded as kubectl pads them in the EVENT column. */
const FORMATTED_EVENT_TYPE: Record<string, string> = { ADDED: 'ADDED   ', MODIFIED: 'MODIFIED', DELETED: 'DELETED ', ERROR: 'ERROR   ' };

/**
 * cli-runtime's HumanReadablePrinter for server-side Tables. Headers are printed once per set of
 * column definitions, so a printer reused for a watch prints rows under the header it printed
 * first; a Table without column definitions (every watch event after the first) reuses the last.
 */
export class TablePrinter {
  private lastColumns: TableColumnDefinition[] = [];
  private printedHeaders = false;

  constructor(private readonly opts: TablePrintOptions) {}

  /** Writes the table's rows (and header, if due) to the tab writer; `eventType` adds the EVENT column. */
  print(table: Table, w: TabWriter, eventType?: string): void {
    const defs = table.columnDefinitions ?? [];
    let noHeaders = this.opts.noHeaders;
    if (this.printedHeaders && (defs.length === 0 || sameColumns(defs, this.lastColumns))) noHeaders = true;
    let columns = defs;
    if (defs.length === 0) columns = this.lastColumns;
    else if (!sameColumns(defs, this.lastColumns)) {
      this.lastColumns = defs;
      this.printedHeaders = false;
    }
    const rows = table.rows ?? [];
    if (rows.length > 0) this.printedHeaders = true;

    const decorated = this.decorate(columns, rows);
    if (eventType) {
      decorated.columns.unshift({ name: 'Event', type: 'string', format: '', description: '', priority: 0 });
      for (const r of decorated.rows) r.cells.unshift(FORMATTED_EVENT_TYPE[eventType] ?? eventType);
    }
    w.write(this.render(decorated.columns, decorated.rows, noHeaders));
  }

  /** decorateTable: NAMESPACE first, the kind prefix on the name column, label columns last. */
  private decorate(columns: TableColumnDefinition[], rows: TableRow[]): { columns: TableColumnDefinition[]; rows: { cells: TableCell[] }[] } {
    const o = this.opts;
    const extra = (name: string): TableColumnDefinition => ({ name, type: 'string', format: '', description: '', priority: 0 });
    const cols = [...(o.withNamespace ? [extra('Namespace')] : []), ...columns, ...labelHeaders(o.columnLabels).map(extra), ...(o.showLabels ? [extra('Labels')] : [])];
    const nameColumn = o.kind ? columns.findIndex((c) => c.format === 'name' && c.type === 'string') : -1;
    const out = rows.map((row) => {
      const cells = [...row.cells];
      if (nameColumn >= 0) cells[nameColumn] = `${o.kind}/${cellText(cells[nameColumn])}`;
      const meta = row.object?.metadata;
      if (o.withNamespace) cells.unshift(meta ? (meta.namespace ?? '') : null);
      for (const key of o.columnLabels) cells.push(meta ? (meta.labels?.[key] ?? '') : null);
      if (o.showLabels) cells.push(meta ? formatLabels(meta.labels) : null);
      return { cells };
    });
    return { columns: cols, rows: out };
  }

  /** printTable: no header over an empty table; priority columns only when wide. */
  private render(columns: TableColumnDefinition[], rows: { cells: TableCell[] }[], noHeaders: boolean): string {
    const shown = (c: TableColumnDefinition) => this.opts.wide || c.priority === 0;
    let s = '';
    if (!noHeaders) {
      if (rows.length === 0) return '';
      s += columns.filter(shown).map((c) => c.name.toUpperCase()).join('\t') + '\n';
    }
    for (const row of rows) {
      const cells: string[] = [];
      // More cells than column definitions: the extra ones are not printed (issue 66379).
      row.cells.slice(0, columns.length).forEach((cell, i) => {
        if (shown(columns[i])) cells.push(cellText(cell));
      });
      s += cells.join('\t') + '\n';
    }
    return s;
  }
}

/** formatLabelHeaders: the last segment of each label key, upper-cased. */
function labelHeaders(keys: string[]): string[] {
  return keys.map((k) => k.split('/').pop()!.toUpperCase());
}

/**
 * A cell as printTable writes it: a string cut at its first line break ("..." marks the cut) with
 * terminal escapes made harmless; numbers and booleans as Go prints them; null as nothing.
 */
function cellText(cell: TableCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell !== 'string') return String(cell);
  const br = cell.search(/[\f\n\r]/);
  const text = br >= 0 ? cell.slice(0, br) : cell;
  return escapeTerminal(text) + (br >= 0 ? '...' : '');
}

/** WriteEscaped: ESC and CR cannot reach the terminal. */
function escapeTerminal(s: string): string {
  return s.replace(/\x1b/g, '^[').replace(/\r/g, '\\r');
}

function sameColumns(a: TableColumnDefinition[], b: TableColumnDefinition[]): boolean {
  return a.length === b.length && a.every((c, i) => c.name === b[i].name && c.type === b[i].type && c.format === b[i].format && c.description === b[i].description && c.priority === b[i].priority);
}
