/**
 * Go's text/tabwriter, as kubectl uses it (github.com/liggitt/tabwriter, a fork with the
 * RememberWidths flag so that `get -w` rows stay aligned with the header printed earlier).
 * Cells are tab-terminated; the text after the last tab of a line is not part of a column.
 * A column's width is the widest cell of a block of consecutive lines that have that column,
 * plus padding, but at least minwidth.
 */
export class TabWriter {
  private lines: string[][] = [[]];
  private cell = '';
  private out = '';
  private maxwidths: number[] = [];
  private widths: number[] = [];

  constructor(
    private readonly minwidth: number,
    private readonly padding: number,
    private readonly rememberWidths = false,
  ) {}

  /** Buffers text; tabs end cells, newlines end lines. */
  write(text: string): void {
    for (const ch of text) {
      if (ch === '\t') {
        this.lines[this.lines.length - 1].push(this.cell);
        this.cell = '';
      } else if (ch === '\n') {
        const line = this.lines[this.lines.length - 1];
        line.push(this.cell);
        this.cell = '';
        this.lines.push([]);
        // A line of one cell cannot affect later columns: Go's tabwriter flushes here.
        if (line.length === 1) this.flush();
      } else this.cell += ch;
    }
  }

  /** Formats everything buffered and returns all output so far. */
  flush(): void {
    if (this.cell.length > 0) {
      this.lines[this.lines.length - 1].push(this.cell);
      this.cell = '';
    }
    this.widths = [];
    this.format(0, this.lines.length);
    this.lines = [[]];
  }

  /** Forgets remembered widths (kubectl does so between resource kinds). */
  resetWidths(): void {
    this.maxwidths = [];
  }

  /** Takes the formatted output. */
  take(): string {
    const s = this.out;
    this.out = '';
    return s;
  }

  private format(line0: number, line1: number): void {
    const column = this.widths.length;
    for (let t = line0; t < line1; t++) {
      if (column >= this.lines[t].length - 1) continue;
      this.writeLines(line0, t);
      line0 = t;
      let width = this.minwidth;
      for (; t < line1; t++) {
        const line = this.lines[t];
        if (column >= line.length - 1) break;
        const w = width_(line[column]) + this.padding;
        if (w > width) width = w;
      }
      if (this.rememberWidths) {
        const i = this.widths.length;
        if (this.maxwidths.length < i) this.maxwidths.push(...this.widths.slice(this.maxwidths.length));
        if (this.maxwidths.length === i) this.maxwidths.push(width);
        else if (this.maxwidths[i] > width) width = this.maxwidths[i];
        else this.maxwidths[i] = width;
      }
      this.widths.push(width);
      this.format(line0, t);
      this.widths.pop();
      line0 = t;
      t--; // the for loop's t++ must not skip the line that ended the block
    }
    this.writeLines(line0, line1);
  }

  private writeLines(line0: number, line1: number): void {
    for (let i = line0; i < line1; i++) {
      const line = this.lines[i];
      line.forEach((c, j) => {
        this.out += c;
        if (j < this.widths.length) this.out += ' '.repeat(Math.max(0, this.widths[j] - width_(c)));
      });
      if (i + 1 < this.lines.length) this.out += '\n';
    }
  }
}

/** Display width: one per code point, as tabwriter counts UTF-8 runes. */
function width_(s: string): number {
  return [...s].length;
}

/** kubectl's printers.GetNewTabWriter: minwidth 6, padding 3, RememberWidths. */
export function kubectlTabWriter(): TabWriter {
  return new TabWriter(6, 3, true);
}

/** describe's tabbedString: minwidth 0, padding 2. */
export function describeTabWriter(): TabWriter {
  return new TabWriter(0, 2, false);
}
