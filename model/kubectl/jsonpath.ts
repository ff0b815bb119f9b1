import { toCompactJSON } from './printers/json';
import { KubectlError } from './errors';

/**
 * kubectl's JSONPath templates (k8s.io/client-go/util/jsonpath): fields (".a.b", "['a.b']",
 * escaped dots), recursive descent (".."), "[*]", "[n]", slices, unions ("['a','b']", "[0,2]"),
 * "[?(@.f==\"v\")]" filters with ==, !=, <, <=, >, >=, "range ... end", and quoted literals.
 * Missing keys print nothing while kubectl's AllowMissingKeys is on (the default); with it off a
 * field found nowhere is "<name> is not found".
 */
export function executeJSONPath(template: string, data: unknown, allowMissingKeys = true): string {
  const tokens = tokenize(template);
  const saved = allowMissing;
  allowMissing = allowMissingKeys;
  currentTemplate = template;
  try {
    const [out] = run(tokens, 0, [data], false);
    return out;
  } finally {
    allowMissing = saved;
  }
}

/** Each action's results apart (jsonpath-as-json prints one JSON array per action). */
export function executeJSONPathResults(template: string, data: unknown, allowMissingKeys = true): unknown[][] {
  const saved = allowMissing;
  allowMissing = allowMissingKeys;
  currentTemplate = template;
  try {
    return tokenize(template)
      .filter((t): t is { kind: 'expr'; expr: string } => t.kind === 'expr')
      .map((t) => evaluate(t.expr, [data]));
  } finally {
    allowMissing = saved;
  }
}

/** An error while evaluating (not parsing) a template: kubectl frames these with the object. */
export class JSONPathExecError extends KubectlError {}

let allowMissing = true;
/** The whole template, which parse errors quote. */
let currentTemplate = '';

type Token = { kind: 'text'; text: string } | { kind: 'expr'; expr: string };

function tokenize(t: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < t.length) {
    const open = t.indexOf('{', i);
    if (open < 0) {
      out.push({ kind: 'text', text: t.slice(i) });
      break;
    }
    if (open > i) out.push({ kind: 'text', text: t.slice(i, open) });
    let depth = 0;
    let j = open;
    let inStr: string | null = null;
    for (; j < t.length; j++) {
      const c = t[j];
      if (inStr) {
        if (c === '\\') j++;
        else if (c === inStr) inStr = null;
      } else if (c === '"' || c === "'") inStr = c;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) break;
    }
    if (j >= t.length) throw new KubectlError(`error parsing jsonpath ${t}, unclosed action`);
    out.push({ kind: 'expr', expr: t.slice(open + 1, j).trim() });
    i = j + 1;
  }
  return out;
}

/** Runs tokens from i until "end" (inside a range) or the end; returns output and next index. */
function run(tokens: Token[], i: number, ctx: unknown[], inRange: boolean): [string, number] {
  let out = '';
  for (; i < tokens.length; i++) {
    const tk = tokens[i];
    if (tk.kind === 'text') {
      out += tk.text;
      continue;
    }
    const e = tk.expr;
    if (e === 'end') {
      if (inRange) return [out, i];
      throw new KubectlError('error parsing jsonpath, not in range');
    }
    if (e.startsWith('range ')) {
      const items = evaluate(e.slice(6).trim(), ctx);
      let endIdx = i;
      let body = '';
      if (items.length === 0) endIdx = skipRange(tokens, i + 1);
      for (const item of items) {
        const [s, next] = run(tokens, i + 1, [item], true);
        body += s;
        endIdx = next;
      }
      out += body;
      i = endIdx;
      continue;
    }
    const lit = e.match(/^"((?:[^"\\]|\\.)*)"$/) ?? e.match(/^'((?:[^'\\]|\\.)*)'$/);
    if (lit) {
      out += lit[1].replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
      continue;
    }
    out += evaluate(e, ctx).map(text).join(' ');
  }
  return [out, i];
}

function skipRange(tokens: Token[], i: number): number {
  let depth = 1;
  for (; i < tokens.length; i++) {
    const tk = tokens[i];
    if (tk.kind !== 'expr') continue;
    if (tk.expr.startsWith('range ')) depth++;
    if (tk.expr === 'end' && --depth === 0) return i;
  }
  return i;
}

function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'object') return toCompactJSON(v);
  return String(v);
}

/** Evaluates a path like ".items[*].metadata.name" against each context value. */
function evaluate(path: string, ctx: unknown[]): unknown[] {
  let cur = ctx;
  let p = path.trim();
  if (p.startsWith('$')) p = p.slice(1);
  if (p === '@' || p === '') return cur;
  if (p.startsWith('@')) p = p.slice(1);
  let i = 0;
  while (i < p.length) {
    if (p[i] === '.') {
      // "..": recursive descent; the step after it applies to every value below.
      const recursive = p[i + 1] === '.';
      i += recursive ? 2 : 1;
      if (recursive) cur = cur.flatMap(descendants);
      let name = '';
      while (i < p.length && p[i] !== '.' && p[i] !== '[') {
        if (p[i] === '\\' && i + 1 < p.length) {
          name += p[i + 1];
          i += 2;
        } else name += p[i++];
      }
      if (name === '') continue;
      const found = cur.flatMap((v) => (v && typeof v === 'object' && !Array.isArray(v) && name in (v as object) ? [(v as any)[name]] : []));
      if (found.length === 0 && cur.length > 0 && !allowMissing) throw new JSONPathExecError(`${name} is not found`);
      cur = found;
    } else if (p[i] === '[') {
      const close = findClose(p, i);
      const inner = p.slice(i + 1, close).trim();
      i = close + 1;
      cur = cur.flatMap((v) => subscript(v, inner));
    } else throw new KubectlError(`error parsing jsonpath ${path}, unrecognized character in action: U+${p.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')} '${p[i]}'`);
  }
  return cur;
}

/** evalRecursive: a value with children, then its descendants (map keys sorted, where Go's order is random). */
function descendants(v: unknown): unknown[] {
  const children = Array.isArray(v) ? v : v && typeof v === 'object' ? Object.keys(v).sort().map((k) => (v as any)[k]) : [];
  if (children.length === 0) return [];
  return [v, ...children.flatMap(descendants)];
}

function findClose(p: string, open: number): number {
  let depth = 0;
  for (let j = open; j < p.length; j++) {
    if (p[j] === '[') depth++;
    else if (p[j] === ']' && --depth === 0) return j;
  }
  throw new KubectlError(`error parsing jsonpath ${p}, unterminated array`);
}

function subscript(v: unknown, inner: string): unknown[] {
  if (inner === '*') {
    if (Array.isArray(v)) return v;
    if (v && typeof v === 'object') return Object.keys(v).sort().map((k) => (v as any)[k]);
    return [];
  }
  // A union: ['a','b'] or [0,2], each part a subscript of its own.
  const parts = splitUnion(inner);
  if (parts.length > 1) {
    // Each part is a quoted name or an index: a bare word is refused as the parser does.
    for (const part of parts.map((x) => x.trim())) if (!/^-?\d*(:-?\d*){0,2}$/.test(part) && !/^(['"]).*\1$/.test(part) && part !== '*') throw new KubectlError(`error parsing jsonpath ${currentTemplate}, invalid array index ${part}`);
    return parts.flatMap((part) => subscript(v, part.trim()));
  }
  const quoted = inner.match(/^'(.*)'$/) ?? inner.match(/^"(.*)"$/);
  if (quoted) return v && typeof v === 'object' && quoted[1] in (v as object) ? [(v as any)[quoted[1]]] : [];
  const filter = inner.match(/^\?\((.*)\)$/);
  if (filter) {
    if (!Array.isArray(v)) return [];
    const m = filter[1].match(/^(@[^=!<>]*?)\s*(==|!=|<=|>=|<|>)\s*(.+)$/);
    if (!m) return v.filter((item) => evaluate(filter[1].trim(), [item]).length > 0);
    const lit = m[3].trim();
    const quotedLit = /^(["']).*\1$/.test(lit);
    const want: string | number = quotedLit ? lit.slice(1, -1) : Number(lit);
    return v.filter((item) => {
      const got = evaluate(m[1], [item]);
      if (got.length === 0) return false;
      const g = got[0];
      // Numbers compare as numbers, strings as strings; mixed kinds never match.
      if (typeof want === 'number' && typeof g !== 'number') return m[2] === '!=';
      if (typeof want === 'string' && typeof g !== 'string') return m[2] === '!=';
      switch (m[2]) {
        case '==':
          return g === want;
        case '!=':
          return g !== want;
        case '<':
          return (g as any) < want;
        case '<=':
          return (g as any) <= want;
        case '>':
          return (g as any) > want;
        default:
          return (g as any) >= want;
      }
    });
  }
  const slice = inner.match(/^(-?\d*)?:(-?\d*)?$/);
  if (slice && Array.isArray(v)) {
    const n = v.length;
    const norm = (x: string | undefined, d: number) => (x === undefined || x === '' ? d : Number(x) < 0 ? n + Number(x) : Number(x));
    return v.slice(norm(slice[1], 0), norm(slice[2], n));
  }
  if (/^-?\d+$/.test(inner) && Array.isArray(v)) {
    let idx = Number(inner);
    if (idx < 0) idx += v.length;
    if (idx < 0 || idx >= v.length) throw new JSONPathExecError(`array index out of bounds: index ${inner}, length ${v.length}`);
    return [v[idx]];
  }
  return [];
}

/** The parts of "a,b" outside quotes. */
function splitUnion(inner: string): string[] {
  const out: string[] = [];
  let cur = '';
  let q: string | null = null;
  for (const c of inner) {
    if (q) {
      if (c === q) q = null;
    } else if (c === "'" || c === '"') q = c;
    else if (c === ',') {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += c;
  }
  out.push(cur);
  return out;
}
