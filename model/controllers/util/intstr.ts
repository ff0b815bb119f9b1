/**
 * intstr.GetScaledValueFromIntOrPercent: an int, or "N%" of a total rounded up or down
 * (a Deployment's maxSurge rounds up, maxUnavailable rounds down).
 */
export function scaledValue(v: number | string | undefined, total: number, roundUp: boolean): number {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'number') return v;
  const m = /^(\d+)%$/.exec(v);
  if (!m) {
    // A string that is an integer ("1") is accepted by intstr as an int.
    const n = Number(v);
    return Number.isInteger(n) ? n : 0;
  }
  const scaled = (Number(m[1]) * total) / 100;
  return roundUp ? Math.ceil(scaled) : Math.floor(scaled);
}
