/**
 * Go's strconv and time parsers as pflag calls them for kubectl's flags, with their error texts
 * ("strconv.ParseInt: parsing "x": invalid syntax", "time: missing unit in duration "5""), so a
 * bad flag value reads as the real kubectl prints it.
 */

/** An error of one of Go's parsers: the text after `invalid argument "…" for "--flag" flag: `. */
export class GoParseError extends Error {}

/**
 * strconv.ParseInt(s, 0, bits): an optional sign, then a Go integer literal (0x, 0o, 0b or a
 * leading 0 for octal; underscores between digits only with base 0), within the signed range.
 */
export function parseGoInt(s: string, bits: 32 | 64): number {
  const fail = (why: 'invalid syntax' | 'value out of range') => new GoParseError(`strconv.ParseInt: parsing ${goQuote(s)}: ${why}`);
  let body = s;
  let neg = false;
  if (body.startsWith('+') || body.startsWith('-')) {
    neg = body[0] === '-';
    body = body.slice(1);
  }
  let base = 10;
  let digits = body;
  let prefixed = false;
  if (/^0[xX]/.test(body)) [base, digits, prefixed] = [16, body.slice(2), true];
  else if (/^0[oO]/.test(body)) [base, digits, prefixed] = [8, body.slice(2), true];
  else if (/^0[bB]/.test(body)) [base, digits, prefixed] = [2, body.slice(2), true];
  else if (body.length > 1 && body[0] === '0') [base, digits, prefixed] = [8, body.slice(1), true];
  if (digits === '') throw fail('invalid syntax');
  // Underscores: only between digits, or right after a base prefix (Go's underscoreOK).
  if (digits.includes('_')) {
    const withPrefix = (prefixed ? '0' : '') + digits;
    if (/__|_$/.test(withPrefix) || (!prefixed && digits.startsWith('_'))) throw fail('invalid syntax');
    digits = digits.replace(/_/g, '');
  }
  const valid = { 2: /^[01]*$/, 8: /^[0-7]*$/, 10: /^[0-9]+$/, 16: /^[0-9a-fA-F]+$/ }[base as 2 | 8 | 10 | 16];
  if (!valid.test(digits)) throw fail('invalid syntax');
  let v = 0n;
  for (const ch of digits) v = v * BigInt(base) + BigInt(parseInt(ch, 16));
  if (neg) v = -v;
  const max = (1n << BigInt(bits - 1)) - 1n;
  if (v > max || v < -max - 1n) throw fail('value out of range');
  return Number(v);
}

/** strconv.ParseBool: 1, t, T, TRUE, true, True, 0, f, F, FALSE, false, False. */
export function parseGoBool(s: string): boolean {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(s)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(s)) return false;
  throw new GoParseError(`strconv.ParseBool: parsing ${goQuote(s)}: invalid syntax`);
}

const UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, 'μs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * time.ParseDuration in milliseconds: a signed sequence of decimal numbers each with a unit
 * ("1h30m", "1.5s", "-2m"); "0" alone needs none. Its errors quote the whole input.
 */
export function parseGoDuration(s: string): number {
  const invalid = () => new GoParseError(`time: invalid duration ${goQuote(s)}`);
  let rest = s;
  let neg = false;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    neg = rest[0] === '-';
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw invalid();
  let total = 0;
  while (rest !== '') {
    const num = /^(\d*)(\.(\d*))?/.exec(rest)!;
    if (num[0] === '' || num[0] === '.' || (num[1] === '' && (num[3] ?? '') === '')) throw invalid();
    rest = rest.slice(num[0].length);
    const unit = /^[^\d.]*/.exec(rest)![0];
    if (unit === '') throw new GoParseError(`time: missing unit in duration ${goQuote(s)}`);
    if (!(unit in UNITS)) throw new GoParseError(`time: unknown unit ${goQuote(unit)} in duration ${goQuote(s)}`);
    rest = rest.slice(unit.length);
    total += Number(num[0]) * UNITS[unit];
  }
  if (total > 9_223_372_036_854.775) throw invalid(); // past int64 nanoseconds
  return neg ? -total : total;
}

/** Go's %q for the ASCII strings flags carry. */
export function goQuote(s: string): string {
  return JSON.stringify(s);
}
