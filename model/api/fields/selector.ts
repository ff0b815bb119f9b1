/**
 * Field selectors as apimachinery's fields package parses and prints them: terms joined by ","
 * (a "\," inside a value is not a separator), each "field=value", "field==value" or
 * "field!=value", with "\\", "\," and "\=" escaped in values. Nothing is trimmed: the API
 * server matches bytes.
 */
import { SelectorParseError } from '../labels/selector';

export interface FieldRequirement {
  field: string;
  op: '=' | '!=';
  value: string;
}

/** Terms in sorted order, as upstream's parser keeps them; an empty list selects everything. */
export type FieldSelector = FieldRequirement[];

/** fields.EscapeValue. */
export function escapeValue(s: string): string {
  return s.replace(/[\\,=]/g, (c) => `\\${c}`);
}

/** fields.UnescapeValue: the error texts are InvalidEscapeSequence's and UnescapedRune's. */
export function unescapeValue(s: string): string {
  if (!/[\\,=]/.test(s)) return s;
  let out = '';
  let inSlash = false;
  for (const c of s) {
    if (inSlash) {
      if (c !== '\\' && c !== ',' && c !== '=') throw new SelectorParseError(`invalid field selector: invalid escape sequence: \\${c}`);
      out += c;
      inSlash = false;
    } else if (c === '\\') inSlash = true;
    // Go prints the rune with %v: its code point.
    else if (c === ',' || c === '=') throw new SelectorParseError(`invalid field selector: unescaped character in value: ${c.codePointAt(0)}`);
    else out += c;
  }
  if (inSlash) throw new SelectorParseError('invalid field selector: invalid escape sequence: \\');
  return out;
}

/** splitTerms: split on "," that no backslash escapes. */
function splitTerms(text: string): string[] {
  if (text.length === 0) return [];
  const terms: string[] = [];
  let start = 0;
  let inSlash = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inSlash) inSlash = false;
    else if (c === '\\') inSlash = true;
    else if (c === ',') {
      terms.push(text.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(text.slice(start));
  return terms;
}

/** splitTerm: the first operator from the left, trying "!=", "==" then "=" at each position. */
function splitTerm(term: string): [string, string, string] | undefined {
  for (let i = 0; i < term.length; i++) {
    for (const op of ['!=', '==', '=']) if (term.startsWith(op, i)) return [term.slice(0, i), op, term.slice(i + op.length)];
  }
  return undefined;
}

/** fields.ParseSelector. Throws SelectorParseError with upstream's text. */
export function parseFieldSelector(text: string): FieldSelector {
  const parts = splitTerms(text).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const out: FieldSelector = [];
  for (const part of parts) {
    if (part === '') continue;
    const t = splitTerm(part);
    if (!t) throw new SelectorParseError(`invalid selector: '${text}'; can't understand '${part}'`);
    const [field, op, rhs] = t;
    out.push({ field, op: op === '!=' ? '!=' : '=', value: unescapeValue(rhs) });
  }
  return out;
}

/** Selector.String: "field=value" terms, values escaped, joined by ",". */
export function fieldSelectorString(sel: FieldSelector): string {
  return sel.map((r) => `${r.field}${r.op}${escapeValue(r.value)}`).join(',');
}

/** Selector.Matches against a fields.Set (a missing field reads as ""). */
export function matchesFieldSet(sel: FieldSelector, fields: Record<string, string>): boolean {
  return sel.every((r) => {
    const v = Object.prototype.hasOwnProperty.call(fields, r.field) ? fields[r.field] : '';
    return r.op === '=' ? v === r.value : v !== r.value;
  });
}

/** Selector.RequiresExactMatch: the value an "=" term pins on `field`, if any. */
export function fieldRequiresExactMatch(sel: FieldSelector, field: string): string | undefined {
  return sel.find((r) => r.field === field && r.op === '=')?.value;
}

/**
 * Selector.Transform: each term through fn (a field label conversion); a term fn maps to
 * ("", "") is dropped. fn's error is the selector's.
 */
export function transformFieldSelector(sel: FieldSelector, fn: (field: string, value: string) => [string, string]): FieldSelector {
  const out: FieldSelector = [];
  for (const r of sel) {
    const [field, value] = fn(r.field, r.value);
    if (field === '' && value === '') continue;
    out.push({ field, op: r.op, value });
  }
  return out;
}
