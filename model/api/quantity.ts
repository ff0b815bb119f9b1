/**
 * resource.Quantity, reduced to what scheduling and printing need: parse "100m", "2", "128Mi",
 * "1G", "8029876Ki", "1e3" into a number of base units (cores are kept in millicores by
 * milliValue), and format them back as Kubernetes prints them.
 */
const BINARY: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60 };
const DECIMAL: Record<string, number> = { n: 1e-9, u: 1e-6, m: 1e-3, '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };

export class QuantityError extends Error {}

/** The value in base units (bytes, cores). Throws QuantityError on a malformed quantity. */
export function parseQuantity(q: string | number): number {
  if (typeof q === 'number') return q;
  const m = String(q).trim().match(/^([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?)$/);
  if (!m) throw new QuantityError(`quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`);
  const n = parseFloat(m[1]);
  if (m[2]) return n * Math.pow(10, parseInt(m[2].slice(1), 10));
  const suf = m[3] ?? '';
  return n * (BINARY[suf] ?? DECIMAL[suf]);
}

/** Millicores (or milli-units) of a quantity, rounded up as Quantity.MilliValue does. */
export function milliValue(q: string | number): number {
  return Math.ceil(Math.round(parseQuantity(q) * 1e6) / 1e3);
}

/** Value rounded up to an integer, as Quantity.Value does. */
export function value(q: string | number): number {
  return Math.ceil(parseQuantity(q) - 1e-9);
}

/** Prints millicores as kubectl does: "100m", "2", "1500m". */
export function formatMilli(milli: number): string {
  return milli % 1000 === 0 ? String(milli / 1000) : `${milli}m`;
}

/** Prints bytes in the largest binary unit that divides them: "128Mi", "8029876Ki", "0". */
export function formatBytes(bytes: number): string {
  if (bytes === 0) return '0';
  for (const suf of ['Ei', 'Pi', 'Ti', 'Gi', 'Mi', 'Ki']) {
    const u = BINARY[suf];
    if (bytes % u === 0) return `${bytes / u}${suf}`;
  }
  return String(bytes);
}
