/**
 * intstr.IntOrString as apimachinery's util/intstr reads it, and the deployment controller's
 * ResolveFenceposts. A value is an int, or a string that must be a percentage ("25%"): any
 * other string is an error with upstream's words, e.g. `invalid value for IntOrString: invalid
 * type: string is not a percentage`.
 */

import { mutant } from '../../sim/mutants';

/** The JSON form: a number (Type Int) or a string (Type String). */
export type IntOrString = number | string;

/** An IntOrString that is not an int or a percentage; the message is upstream's. */
export class IntOrStringError extends Error {}

const MAX_INT64 = 2n ** 63n - 1n;
const MIN_INT64 = -(2n ** 63n);

/** strconv.Atoi, with its error text. */
export function atoi(s: string): number {
  if (!/^[+-]?[0-9]+$/.test(s)) throw new IntOrStringError(`strconv.Atoi: parsing ${JSON.stringify(s)}: invalid syntax`);
  const n = BigInt(s);
  if (n > MAX_INT64 || n < MIN_INT64) throw new IntOrStringError(`strconv.Atoi: parsing ${JSON.stringify(s)}: value out of range`);
  return Number(n);
}

/** getIntOrPercentValueSafely: the int, or the percentage's number and true. */
export function intOrPercentValue(v: unknown): { value: number; isPercent: boolean } {
  if (typeof v === 'number') return { value: Math.trunc(v), isPercent: false };
  if (typeof v !== 'string') throw new IntOrStringError('invalid type: neither int nor percentage');
  if (!v.endsWith('%')) throw new IntOrStringError('invalid type: string is not a percentage');
  try {
    return { value: atoi(v.slice(0, -1)), isPercent: true };
  } catch (e) {
    if (e instanceof IntOrStringError) throw new IntOrStringError(`invalid value ${JSON.stringify(v)}: ${e.message}`);
    throw e;
  }
}

/**
 * GetScaledValueFromIntOrPercent: an int as is, or the percentage of total, rounded up or
 * down. null (a nil pointer) is an error too.
 */
export function getScaledValueFromIntOrPercent(v: unknown, total: number, roundUp: boolean): number {
  if (v === null || v === undefined) throw new IntOrStringError('nil value for IntOrString');
  let parsed: { value: number; isPercent: boolean };
  try {
    parsed = intOrPercentValue(v);
  } catch (e) {
    if (e instanceof IntOrStringError) throw new IntOrStringError(`invalid value for IntOrString: ${e.message}`);
    throw e;
  }
  if (!parsed.isPercent) return parsed.value;
  const scaled = (parsed.value * total) / 100;
  return roundUp ? Math.ceil(scaled) : Math.floor(scaled);
}

/**
 * deploymentutil.ResolveFenceposts: maxSurge rounds up, maxUnavailable down, an absent one is
 * 0, and when both resolve to 0 one Pod may be unavailable. Throws IntOrStringError.
 */
export function resolveFenceposts(maxSurge: unknown, maxUnavailable: unknown, desired: number): { surge: number; unavailable: number } {
  const surge = getScaledValueFromIntOrPercent(maxSurge ?? 0, desired, !mutant('fenceposts-round-surge-down'));
  let unavailable = getScaledValueFromIntOrPercent(maxUnavailable ?? 0, desired, mutant('fenceposts-round-unavailable-up'));
  if (surge === 0 && unavailable === 0) unavailable = 1;
  return { surge, unavailable };
}
