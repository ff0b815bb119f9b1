/**
 * Formatting helpers the node tools share: Go's text/tabwriter (crictl's tables) and
 * docker/go-units (crictl's ages and sizes).
 */

/**
 * text/tabwriter with crictl's settings (minwidth 20, tabwidth 1, padding 3, pad ' ', no
 * flags): every cell but a row's last is padded to its column's width, which is the widest
 * cell plus the padding, at least minwidth.
 */
export function tabwrite(rows: string[][], minwidth = 20, padding = 3): string {
  const widths: number[] = [];
  for (const r of rows) r.slice(0, -1).forEach((cell, j) => (widths[j] = Math.max(widths[j] ?? 0, minwidth, cell.length + padding)));
  return rows.map((r) => r.map((cell, j) => (j < r.length - 1 ? cell.padEnd(widths[j]) : cell)).join('') + '\n').join('');
}

/** go-units HumanDuration: "Less than a second", "About a minute", "2 minutes", "3 hours" ... */
export function humanDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 1) return 'Less than a second';
  if (seconds === 1) return '1 second';
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes === 1) return 'About a minute';
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.round(ms / 3_600_000);
  if (hours === 1) return 'About an hour';
  if (hours < 48) return `${hours} hours`;
  if (hours < 24 * 7 * 2) return `${Math.floor(hours / 24)} days`;
  if (hours < 24 * 30 * 2) return `${Math.floor(hours / 24 / 7)} weeks`;
  if (hours < 24 * 365 * 2) return `${Math.floor(hours / 24 / 30)} months`;
  return `${Math.floor(ms / 3_600_000 / 24 / 365)} years`;
}

/** go-units HumanSizeWithPrecision(size, 3): decimal units, Go's %.3g ("72.2MB", "320kB"). */
export function humanSize(size: number, precision = 3): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
  let i = 0;
  while (size >= 1000 && i < units.length - 1) {
    size /= 1000;
    i++;
  }
  return `${goG(size, precision)}${units[i]}`;
}

/** Go's %.{p}g: shortest of fixed/exponent with p significant digits, trailing zeros dropped. */
function goG(v: number, p: number): string {
  const exp = v === 0 ? 0 : Math.floor(Math.log10(Math.abs(Number(v.toPrecision(p)))));
  if (exp < -4 || exp >= p) {
    const [m, e] = v.toExponential(p - 1).split('e');
    const n = Number(e);
    return `${m.replace(/\.?0+$/, '')}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
  }
  return v.toPrecision(p).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}
