/**
 * Go's fmt for the values a template sees in kubectl: the object went through apimachinery's
 * JSON into map[string]interface{}, so whole numbers are int64 and others float64, objects maps
 * (printed map[k:v …], keys sorted), arrays []interface{} (printed [a b]), null a nil interface
 * (<nil>). A float constant of the template with a whole value (1e6, 2.0) is a GoFloat.
 */

/** A missing map key under missingkey=default: prints as "<no value>". */
export const NO_VALUE: unique symbol = Symbol('no value');
export type Value = unknown;

/** A float64 whose value is whole, which a JS number cannot tell from an int64. */
export class GoFloat {
  constructor(readonly value: number) {}
}

/** An integer constant of the template: Go's int (JSON's whole numbers are int64). */
export class GoInt {
  constructor(readonly value: number) {}
}

export function isFloat(v: Value): boolean {
  return v instanceof GoFloat || (typeof v === 'number' && !Number.isInteger(v));
}

export function numberOf(v: Value): number | undefined {
  return v instanceof GoFloat || v instanceof GoInt ? v.value : typeof v === 'number' ? v : undefined;
}

/** strconv.FormatFloat(f, 'g', -1, 64), which %v uses: the shortest digits, %e form when the exponent is below -4 or 6 and above. */
export function goFloat(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (f === Infinity) return '+Inf';
  if (f === -Infinity) return '-Inf';
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  const [mant, expText] = f.toExponential().split('e');
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(f).includes('e') ? expandExponent(f) : String(f);
}

function expandExponent(f: number): string {
  // JS prints 1e-7 and below with an exponent; Go's %f form spells the digits out.
  const digits = f.toExponential().split('e');
  const e = Number(digits[1]);
  const neg = f < 0;
  const m = digits[0].replace('-', '').replace('.', '');
  return (neg ? '-' : '') + '0.' + '0'.repeat(-e - 1) + m;
}

/** Go's type name of a value, as errors and %!verb(type=…) show it. */
export function goType(v: Value): string {
  if (v === null || v === undefined || v === NO_VALUE) return '<nil>';
  if (typeof v === 'string') return 'string';
  if (v instanceof GoFloat) return 'float64';
  if (v instanceof GoInt) return 'int';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return '[]interface {}';
  return 'map[string]interface {}';
}

/** fmt's %v. */
export function formatV(v: Value): string {
  if (v === NO_VALUE) return '<no value>';
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'string') return v;
  if (v instanceof GoFloat) return goFloat(v.value);
  if (v instanceof GoInt) return String(v.value);
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : goFloat(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(formatV).join(' ')}]`;
  const o = v as Record<string, Value>;
  return `map[${Object.keys(o as object)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((k) => `${k}:${formatV(o[k])}`)
    .join(' ')}]`;
}

/** strconv.Quote for %q. */
export function goQuote(s: string): string {
  return JSON.stringify(s).replace(/[\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** fmt.Sprintf for the verbs templates use: %v %s %d %q %t %f %x %%, with fmt's %!verb(type=value) on a mismatch. */
export function sprintf(format: string, args: Value[]): string {
  let out = '';
  let ai = 0;
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c !== '%') {
      out += c;
      continue;
    }
    const m = /^([+\-# 0]*)(\d+)?(?:\.(\d+))?([a-zA-Z%])/.exec(format.slice(i + 1));
    if (!m) {
      out += '%!(NOVERB)';
      break;
    }
    i += m[0].length;
    const [, flags, width, prec, verb] = m;
    if (verb === '%') {
      out += '%';
      continue;
    }
    if (ai >= args.length) {
      out += `%!${verb}(MISSING)`;
      continue;
    }
    const a = args[ai++];
    out += pad(formatVerb(verb, a, prec === undefined ? undefined : Number(prec), flags), width ? Number(width) : 0, flags);
  }
  if (ai < args.length) out += `%!(EXTRA ${args.slice(ai).map((a) => `${goType(a)}=${formatV(a)}`).join(', ')})`;
  return out;
}

function pad(s: string, width: number, flags: string): string {
  if (s.length >= width) return s;
  return flags.includes('-') ? s.padEnd(width) : s.padStart(width, flags.includes('0') ? '0' : ' ');
}

function bad(verb: string, a: Value): string {
  return `%!${verb}(${goType(a)}=${formatV(a)})`;
}

function formatVerb(verb: string, a: Value, prec: number | undefined, flags: string): string {
  switch (verb) {
    case 'v':
      return formatV(a);
    case 's':
      return typeof a === 'string' ? (prec === undefined ? a : a.slice(0, prec)) : a === null || typeof a === 'object' ? formatV(a) : bad(verb, a);
    case 'q':
      return typeof a === 'string' ? goQuote(a) : bad(verb, a);
    case 't':
      return typeof a === 'boolean' ? String(a) : bad(verb, a);
    case 'd':
      return isInteger(a) ? (flags.includes('+') && numberOf(a)! >= 0 ? '+' : '') + String(numberOf(a)) : bad(verb, a);
    case 'f':
    case 'F': {
      const n = isFloat(a) ? numberOf(a)! : undefined;
      return n !== undefined ? (flags.includes('+') && n >= 0 ? '+' : '') + n.toFixed(prec ?? 6) : bad(verb, a);
    }
    case 'e': {
      const n = isFloat(a) ? numberOf(a)! : undefined;
      return n !== undefined ? n.toExponential(prec ?? 6).replace(/e([+-])(\d)$/, 'e$10$2') : bad(verb, a);
    }
    case 'g':
      return isFloat(a) ? goFloat(numberOf(a)!) : bad(verb, a);
    case 'x':
    case 'X': {
      if (typeof a !== 'string') return bad(verb, a);
      const hex = Buffer.from(a, 'utf8').toString('hex');
      return verb === 'X' ? hex.toUpperCase() : hex;
    }
    default:
      return bad(verb, a);
  }
}

export function isInteger(v: Value): boolean {
  return v instanceof GoInt || (typeof v === 'number' && Number.isInteger(v));
}
