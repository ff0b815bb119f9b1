import type { KObject } from '../../api/meta';

/** What a row printer needs beyond the object. */
export interface PrintOptions {
  wide: boolean;
  /** The virtual clock, for AGE columns. */
  nowMs: number;
}

/**
 * A table printer for one kind, as the API server's TableConvertor (pkg/printers/internalversion)
 * defines it: columns (priority 1 columns only with -o wide) and a function that fills a row.
 */
export interface TablePrinter {
  columns: { name: string; wide?: boolean }[];
  row(obj: KObject, opts: PrintOptions): string[];
}
