import { toCompactJSON } from './printers/json';
import { KubectlError } from './errors';

/**
 * A subset of kubectl's JSONPath templates (k8s.io/client-go/util/jsonpath): fields
 * (".a.b", "['a.b']", escaped dots), "[*]", "[n]", "[?(@.f==\"v\")]" filters, "range ... end",
 * and quoted literals. Missing keys print nothing (kubectl sets AllowMissingKeys).
 */
export function executeJSONPath(template: string, data: unknown): string {
  const tokens = tokenize(template);
  const [out] = run(tokens, 0, [data], false);
  return out;
}

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
      i++;
      let name = '';
      while (i < p.length && p[i] !== '.' && p[i] !== '[') {
        if (p[i] === '\\' && i + 1 < p.length) {
          name += p[i + 1];
          i += 2;
        } else name += p[i++];
      }
      if (name === '') continue;
      cur = cur.flatMap((v) => (v && typeof v === 'object' && !Array.isArray(v) && name in (v as object) ? [(v as any)[name]] : []));
    } else if (p[i] === '[') {
      const close = findClose(p, i);
      const inner = p.slice(i + 1, close).trim();
      i = close + 1;
      cur = cur.flatMap((v) => subscript(v, inner));
    } else throw new KubectlError(`error parsing jsonpath ${path}, unrecognized character in action: U+${p.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')} '${p[i]}'`);
  }
  return cur;
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
  const quoted = inner.match(/^'(.*)'$/) ?? inner.match(/^"(.*)"$/);
  if (quoted) return v && typeof v === 'object' && quoted[1] in (v as object) ? [(v as any)[quoted[1]]] : [];
  const filter = inner.match(/^\?\((.*)\)$/);
  if (filter) {
    if (!Array.isArray(v)) return [];
    const m = filter[1].match(/^(@[^=!<>]*?)\s*(==|!=)\s*(.+)$/);
    if (!m) return v.filter((item) => evaluate(filter[1].trim(), [item]).length > 0);
    const want = m[3].trim().replace(/^["']|["']$/g, '');
    return v.filter((item) => {
      const got = evaluate(m[1], [item]);
      const eq = got.length > 0 && String(got[0]) === want;
      return m[2] === '==' ? eq : !eq;
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
    if (idx < 0 || idx >= v.length) throw new KubectlError(`array index out of bounds: index ${inner}, length ${v.length}`);
    return [v[idx]];
  }
  return [];
}
