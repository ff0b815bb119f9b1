/** "250ms", "1s", "5m" in a step's text: virtual milliseconds. */
export function virtualMs(d: string): number {
  const m = d.match(/^(\d+)(ms|s|m)$/);
  if (!m) throw new Error(`not a duration: ${d}`);
  return Number(m[1]) * { ms: 1, s: 1000, m: 60_000 }[m[2] as 'ms' | 's' | 'm'];
}
