import type { KObject } from '../../api/meta';

/** metav1.TableColumnDefinition: every field is always serialized (no omitempty). */
export interface TableColumnDefinition {
  /** Human readable, as upstream spells it ("Up-to-date"); kubectl prints it upper-cased. */
  name: string;
  /** OpenAPI type: "string", "integer", "number", "boolean", "date". */
  type: string;
  /** OpenAPI format; "name" marks the column that holds the object's name. */
  format: string;
  description: string;
  /** 0: always shown; 1: shown by kubectl only with -o wide. */
  priority: number;
}

/** A cell as the printers type it: strings, int64 counts as JSON numbers, booleans. */
export type TableCell = string | number | boolean | null;

/** metav1.TableRowCondition: a Pod that has finished is marked Completed. */
export interface TableRowCondition {
  type: 'Completed';
  status: 'True' | 'False' | 'Unknown';
  reason?: string;
  message?: string;
}

/** What a row printer needs beyond the object. */
export interface PrintOptions {
  /** The virtual clock at request time, for AGE columns. */
  nowMs: number;
}

/** The cells of one object's row (and its conditions, for Pods). */
export interface PrintedRow {
  cells: TableCell[];
  conditions?: TableRowCondition[];
}

/**
 * One kind's table handler, as pkg/printers/internalversion's AddHandlers registers it: column
 * definitions and a print function. The API server always prints wide (GenerateOptions{Wide:
 * true}); the client drops priority 1 columns unless -o wide.
 */
export interface TableHandler {
  columns: TableColumnDefinition[];
  row(obj: KObject, opts: PrintOptions): PrintedRow;
}

/** A column definition, with upstream's defaults: no format, priority 0. */
export function column(name: string, type: 'string' | 'integer' | 'date' | 'boolean', description: string, extra: { format?: string; priority?: number } = {}): TableColumnDefinition {
  return { name, type, format: extra.format ?? '', description, priority: extra.priority ?? 0 };
}
