/**
 * resource.Quantity as apimachinery's api/resource package parses, rounds and prints it: an
 * exact decimal (a BigInt times a power of ten), parsed with upstream's grammar and errors
 * (no surrounding whitespace in ParseQuantity; UnmarshalJSON trims it), rounded up to nano
 * precision, BinarySI capped at the int64 maximum, and printed in its canonical form ("1500m",
 * "1Gi", "1e3"). Value and MilliValue round up, as Quantity.Value and MilliValue do.
 */

export type Format = 'DecimalExponent' | 'BinarySI' | 'DecimalSI';

const SPLIT_RE = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';
export const ERR_FORMAT_WRONG = `quantities must match the regular expression '${SPLIT_RE}'`;
export const ERR_NUMERIC = 'unable to parse numeric part of quantity';
export const ERR_SUFFIX = "unable to parse quantity's suffix";

/** A quantity that does not parse; the message is upstream's error text. */
export class QuantityError extends Error {}

const MAX_INT64 = 2n ** 63n - 1n;
const MIN_INT64 = -(2n ** 63n);
/** The most decimal digits an int64 always holds (maxInt64Factors). */
const MAX_INT64_FACTORS = 18;
const NANO = -9;

const DECIMAL_SUFFIXES: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIXES: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

const pow10 = (n: number): bigint => 10n ** BigInt(n);
const abs = (n: bigint): bigint => (n < 0n ? -n : n);

/** n / d rounded away from zero (inf.RoundUp), and whether it was exact. */
function divRoundUp(n: bigint, d: bigint): [bigint, boolean] {
  const q = n / d;
  if (q * d === n) return [q, true];
  return [n < 0n ? q - 1n : q + 1n, false];
}

/** removeFactors: the value without trailing factors of `base`, and how many there were. */
function removeFactors(value: bigint, base: bigint): [bigint, number] {
  let r = abs(value);
  let times = 0;
  while (r >= base && r % base === 0n) {
    r /= base;
    times++;
  }
  return [value < 0n ? -r : r, times];
}

export class Quantity {
  /** The canonical text kept from parsing when the input already was canonical. */
  private s: string;

  constructor(
    /** The value is unscaled × 10^exp, exactly. */
    public unscaled: bigint,
    public exp: number,
    public format: Format,
    s = '',
  ) {
    this.s = s;
  }

  isZero(): boolean {
    return this.unscaled === 0n;
  }

  sign(): number {
    return this.unscaled === 0n ? 0 : this.unscaled < 0n ? -1 : 1;
  }

  /** The value at 10^scale, exactly (scale at most this.exp). */
  private at(scale: number): bigint {
    return this.unscaled * pow10(this.exp - scale);
  }

  cmp(y: Quantity): number {
    const s = Math.min(this.exp, y.exp);
    const a = this.at(s);
    const b = y.at(s);
    return a === b ? 0 : a < b ? -1 : 1;
  }

  cmpInt64(y: number | bigint): number {
    return this.cmp(new Quantity(BigInt(y), 0, 'DecimalSI'));
  }

  equal(y: Quantity): boolean {
    return this.cmp(y) === 0;
  }

  /** Add: the sum, exact; a zero quantity takes the other's format. */
  add(y: Quantity): void {
    this.s = '';
    if (this.isZero()) this.format = y.format;
    const s = Math.min(this.exp, y.exp);
    this.unscaled = this.at(s) + y.at(s);
    this.exp = s;
  }

  sub(y: Quantity): void {
    this.s = '';
    if (this.isZero()) this.format = y.format;
    const s = Math.min(this.exp, y.exp);
    this.unscaled = this.at(s) - y.at(s);
    this.exp = s;
  }

  neg(): void {
    this.s = '';
    this.unscaled = -this.unscaled;
  }

  /**
   * RoundUp: rounds away from zero to a multiple of 10^scale; false when that lost precision.
   */
  roundUp(scale: number): boolean {
    if (this.exp >= scale) return true;
    this.s = '';
    const [q, exact] = divRoundUp(this.unscaled, pow10(scale - this.exp));
    this.unscaled = q;
    this.exp = scale;
    return exact;
  }

  /** ScaledValue: ceil(|q| / 10^scale) with q's sign, as an exact integer. */
  scaledValueBig(scale: number): bigint {
    if (this.exp >= scale) return this.at(scale);
    return divRoundUp(this.unscaled, pow10(scale - this.exp))[0];
  }

  /** ScaledValue as a number (exact below 2^53). */
  scaledValue(scale: number): number {
    return Number(this.scaledValueBig(scale));
  }

  /** Value: the quantity rounded up to an integer (bytes, pods, devices). */
  value(): number {
    return this.scaledValue(0);
  }

  /** MilliValue: in thousandths, rounded up (millicores). */
  milliValue(): number {
    return this.scaledValue(-3);
  }

  /** AsInt64: the integer value when it is one and fits an int64. */
  asInt64(): bigint | undefined {
    if (this.exp < 0) {
      const [q, exact] = divRoundUp(this.unscaled, pow10(-this.exp));
      if (!exact) return undefined;
      return q >= MIN_INT64 && q <= MAX_INT64 ? q : undefined;
    }
    const v = this.at(0);
    return v >= MIN_INT64 && v <= MAX_INT64 ? v : undefined;
  }

  asApproximateFloat64(): number {
    const base = Number(this.unscaled);
    return this.exp === 0 ? base : base * 10 ** this.exp;
  }

  /** Number(q) reads the approximate value. */
  valueOf(): number {
    return this.asApproximateFloat64();
  }

  copy(): Quantity {
    return new Quantity(this.unscaled, this.exp, this.format, this.s);
  }

  /** The canonical form; see CanonicalizeBytes. */
  toString(): string {
    if (!this.s) this.s = this.canonicalize();
    return this.s;
  }

  toJSON(): string {
    return this.toString();
  }

  private canonicalize(): string {
    if (this.isZero()) return '0';
    let format = this.format;
    let rounded: bigint | undefined;
    if (format === 'BinarySI') {
      if (this.cmpInt64(-1024) > 0 && this.cmpInt64(1024) < 0) format = 'DecimalSI';
      else {
        const r = this.copy();
        if (r.roundUp(0)) rounded = r.at(0);
        else format = 'DecimalSI';
      }
    }
    if (format === 'BinarySI' && rounded !== undefined) {
      const [n, times] = removeFactors(rounded, 1024n);
      const suffix = Object.keys(BINARY_SUFFIXES).find((k) => BINARY_SUFFIXES[k] === times * 10) ?? '';
      return `${n}${suffix}`;
    }
    // Trailing zeros into the exponent, then down to a multiple of 3.
    let [n, times] = removeFactors(this.unscaled, 10n);
    let exp = this.exp + times;
    while (exp % 3 !== 0) {
      n *= 10n;
      exp--;
    }
    if (format === 'DecimalExponent') return exp === 0 ? `${n}` : `${n}e${exp}`;
    // An exponent past E has no suffix: upstream prints the bare number.
    const suffix = Object.keys(DECIMAL_SUFFIXES).find((k) => DECIMAL_SUFFIXES[k] === exp) ?? '';
    return `${n}${suffix}`;
  }
}

interface QuantityParts {
  positive: boolean;
  /** The numeric text with its sign ("-1.025"). */
  value: string;
  num: string;
  denom: string;
  suffix: string;
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** parseQuantityString: sign, integer digits (leading zeros dropped), fraction and suffix. */
export function parseQuantityString(str: string): QuantityParts {
  let positive = true;
  let pos = 0;
  const end = str.length;
  if (pos < end && (str[0] === '-' || str[0] === '+')) {
    positive = str[0] !== '-';
    pos++;
  }
  while (pos < end && str[pos] === '0') pos++;
  if (pos >= end) return { positive, value: '0', num: '0', denom: '', suffix: '' };
  let i = pos;
  while (i < end && isDigit(str[i])) i++;
  if (i >= end) return { positive, value: str, num: str.slice(pos), denom: '', suffix: '' };
  let num = str.slice(pos, i) || '0';
  pos = i;
  let denom = '';
  if (pos < end && str[pos] === '.') {
    pos++;
    i = pos;
    while (i < end && isDigit(str[i])) i++;
    denom = str.slice(pos, i);
    if (i >= end) return { positive, value: str, num, denom, suffix: '' };
    pos = i;
  }
  const value = str.slice(0, pos);
  const suffixStart = pos;
  while (pos < end && 'eEinumkKMGTP'.includes(str[pos])) pos++;
  if (pos >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart) };
  if (str[pos] === '-' || str[pos] === '+') pos++;
  while (pos < end && isDigit(str[pos])) pos++;
  if (pos >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart) };
  throw new QuantityError(ERR_FORMAT_WRONG);
}

/** The suffixer's interpret: base, exponent and format of a suffix, or undefined. */
function interpretSuffix(s: string): { base: 2 | 10; exponent: number; format: Format } | undefined {
  if (own(DECIMAL_SUFFIXES, s)) return { base: 10, exponent: DECIMAL_SUFFIXES[s], format: 'DecimalSI' };
  if (own(BINARY_SUFFIXES, s)) return { base: 2, exponent: BINARY_SUFFIXES[s], format: 'BinarySI' };
  if (s.length > 1 && (s[0] === 'e' || s[0] === 'E')) {
    const rest = s.slice(1);
    if (!/^[+-]?[0-9]+$/.test(rest)) return undefined;
    const n = BigInt(rest);
    if (n < MIN_INT64 || n > MAX_INT64) return undefined;
    // Go keeps int32(parsed): the low 32 bits, signed.
    return { base: 10, exponent: Number(BigInt.asIntN(32, n)), format: 'DecimalExponent' };
  }
  return undefined;
}

/** resource.ParseQuantity: strict (no whitespace); throws QuantityError with upstream's message. */
export function parseQuantity(input: string | number): Quantity {
  // A number reads as the JSON literal it came from.
  const str = typeof input === 'number' ? goNumberText(input) : input;
  if (str.length === 0) throw new QuantityError(ERR_FORMAT_WRONG);
  if (str === '0') return new Quantity(0n, 0, 'DecimalSI', '0');
  const { positive, value, num, denom, suffix } = parseQuantityString(str);
  const suf = interpretSuffix(suffix);
  if (!suf) throw new QuantityError(ERR_SUFFIX);
  let { format } = suf;
  const { base, exponent } = suf;

  // The fast path: the digits fit an int64 at a scale of at least nano.
  let precision = 0;
  let scale = 0;
  let mantissa = 1n;
  if (format === 'BinarySI') {
    if (exponent >= 0 && denom.length === 0) {
      mantissa = 1n << BigInt(exponent);
      precision = 15 - num.length - Math.trunc((exponent * 3) / 10) - 1;
    } else precision = -1;
  } else {
    scale = exponent;
    precision = MAX_INT64_FACTORS - (num.length + denom.length);
  }
  if (precision >= 0) {
    scale -= denom.length;
    if (scale >= NANO) {
      const shifted = num + denom;
      const v = BigInt(shifted);
      const product = v * mantissa;
      if (product <= MAX_INT64) {
        const result = positive ? product : -product;
        const canonical =
          format === 'BinarySI' ? exponent % 10 === 0 && (v & 7n) !== 0n : scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0';
        return new Quantity(result, scale, format, canonical ? str : '');
      }
    }
  }

  // The exact path.
  const m = /^[+-]?([0-9]*)(?:\.([0-9]*))?$/.exec(value);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) throw new QuantityError(ERR_NUMERIC);
  let unscaled = BigInt((m[1] || '0') + (m[2] ?? ''));
  let exp = -(m[2] ?? '').length;
  if (base === 10) exp += exponent;
  else unscaled *= 1n << BigInt(exponent);
  // Up to nano precision, away from zero.
  if (unscaled !== 0n && exp < NANO) {
    unscaled = divRoundUp(unscaled, pow10(NANO - exp))[0];
    exp = NANO;
  }
  const q = new Quantity(unscaled, exp, format);
  if (format === 'BinarySI' && q.cmpInt64(MAX_INT64) > 0) {
    q.unscaled = MAX_INT64;
    q.exp = 0;
  }
  if (format === 'BinarySI' && q.cmpInt64(1) < 0 && q.sign() > 0) format = 'DecimalSI';
  q.format = format;
  if (!positive) q.unscaled = -q.unscaled;
  return q;
}

/**
 * Quantity.UnmarshalJSON: a JSON string (trimmed of whitespace) or number; null is no
 * quantity. Anything else fails as ParseQuantity fails on its JSON text.
 */
export function quantityFromJSON(raw: unknown): Quantity | null {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof Quantity) return raw;
  let text: string;
  if (typeof raw === 'string') text = raw;
  else if (typeof raw === 'number') text = Number.isFinite(raw) ? goNumberText(raw) : String(raw);
  else text = JSON.stringify(raw) ?? '';
  return parseQuantity(text.trim());
}

/** A JSON number as its literal text would read (1e+21 is written 1e21). */
function goNumberText(n: number): string {
  return String(n).replace('e+', 'e');
}

/** quantityFromJSON, or undefined when it does not parse (for readers that must not throw). */
export function tryQuantity(raw: unknown): Quantity | undefined {
  try {
    return quantityFromJSON(raw) ?? undefined;
  } catch (e) {
    if (e instanceof QuantityError) return undefined;
    throw e;
  }
}

/** MilliValue of a stored quantity (millicores); 0 for none or one that does not parse. */
export function milliValue(q: unknown): number {
  return tryQuantity(q)?.milliValue() ?? 0;
}

/** Value of a stored quantity, rounded up; 0 for none or one that does not parse. */
export function value(q: unknown): number {
  return tryQuantity(q)?.value() ?? 0;
}

/** Prints millicores as kubectl does: "100m", "2", "1500m". */
export function formatMilli(milli: number): string {
  return new Quantity(BigInt(Math.round(milli)), -3, 'DecimalSI').toString();
}

/** Prints bytes in the largest binary unit that divides them: "128Mi", "8029876Ki", "0". */
export function formatBytes(bytes: number): string {
  return new Quantity(BigInt(Math.round(bytes)), 0, 'BinarySI').toString();
}
