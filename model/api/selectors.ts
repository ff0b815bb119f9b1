/**
 * Label and field selectors, as apimachinery's labels and fields packages parse and match
 * them: "app=nginx,tier!=db", "env in (a,b)", "!canary", "spec.nodeName=k8s-worker-1".
 */
export type Requirement =
  | { key: string; op: '=' | '!='; values: [string] }
  | { key: string; op: 'in' | 'notin'; values: string[] }
  | { key: string; op: 'exists' | '!'; values: [] };

export type Selector = Requirement[];

export class SelectorParseError extends Error {}

/** Parses kubectl's -l / the API's labelSelector string. An empty string selects everything. */
export function parseLabelSelector(text: string): Selector {
  const reqs: Selector = [];
  const s = text.trim();
  if (!s) return reqs;
  // Split on commas that are not inside parentheses.
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  for (const raw of parts) {
    const p = raw.trim();
    let m: RegExpMatchArray | null;
    if ((m = p.match(/^([^\s!=()]+)\s+(in|notin)\s+\(([^)]*)\)$/))) {
      reqs.push({ key: m[1], op: m[2] as 'in' | 'notin', values: m[3].split(',').map((v) => v.trim()) });
    } else if ((m = p.match(/^([^\s!=()]+)\s*(==|=|!=)\s*([^\s!=(),]*)$/))) {
      reqs.push({ key: m[1], op: m[2] === '!=' ? '!=' : '=', values: [m[3]] });
    } else if ((m = p.match(/^!\s*([^\s!=()]+)$/))) {
      reqs.push({ key: m[1], op: '!', values: [] });
    } else if ((m = p.match(/^([^\s!=()]+)$/))) {
      reqs.push({ key: m[1], op: 'exists', values: [] });
    } else {
      throw new SelectorParseError(`unable to parse requirement: found '${p}', expected: identifier`);
    }
  }
  return reqs;
}

export function matchesLabels(sel: Selector, labels: Record<string, string> | undefined): boolean {
  const l = labels ?? {};
  for (const r of sel) {
    const has = Object.prototype.hasOwnProperty.call(l, r.key);
    const v = l[r.key];
    switch (r.op) {
      case '=':
        if (!has || v !== r.values[0]) return false;
        break;
      case '!=':
        if (has && v === r.values[0]) return false;
        break;
      case 'in':
        if (!has || !r.values.includes(v)) return false;
        break;
      case 'notin':
        if (has && r.values.includes(v)) return false;
        break;
      case 'exists':
        if (!has) return false;
        break;
      case '!':
        if (has) return false;
        break;
    }
  }
  return true;
}

export interface LabelSelectorSpec {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

/** metav1.LabelSelectorAsSelector. An empty selector matches everything; null matches nothing. */
export function fromLabelSelector(spec: LabelSelectorSpec | null | undefined): Selector | null {
  if (!spec) return null;
  const reqs: Selector = [];
  for (const k of Object.keys(spec.matchLabels ?? {}).sort()) reqs.push({ key: k, op: '=', values: [spec.matchLabels![k]] });
  for (const e of spec.matchExpressions ?? []) {
    switch (e.operator) {
      case 'In':
        reqs.push({ key: e.key, op: 'in', values: e.values ?? [] });
        break;
      case 'NotIn':
        reqs.push({ key: e.key, op: 'notin', values: e.values ?? [] });
        break;
      case 'Exists':
        reqs.push({ key: e.key, op: 'exists', values: [] });
        break;
      case 'DoesNotExist':
        reqs.push({ key: e.key, op: '!', values: [] });
        break;
      default:
        throw new SelectorParseError(`"${e.operator}" is not a valid label selector operator`);
    }
  }
  return reqs;
}

/** "app=nginx", the form kubectl prints in SELECTOR columns. */
export function selectorString(sel: Selector): string {
  return sel
    .map((r) => {
      switch (r.op) {
        case '=':
        case '!=':
          return `${r.key}${r.op}${r.values[0]}`;
        case 'in':
        case 'notin':
          return `${r.key} ${r.op} (${[...r.values].sort().join(',')})`;
        case 'exists':
          return r.key;
        case '!':
          return `!${r.key}`;
      }
    })
    .join(',');
}

/** A field selector: only equality and inequality, as the API supports. */
export type FieldSelector = { field: string; op: '=' | '!='; value: string }[];

export function parseFieldSelector(text: string): FieldSelector {
  const out: FieldSelector = [];
  for (const raw of text.split(',')) {
    const p = raw.trim();
    if (!p) continue;
    const m = p.match(/^([^=!]+)(==|=|!=)(.*)$/);
    if (!m) throw new SelectorParseError(`invalid selector: '${p}'; can't understand '${p}'`);
    out.push({ field: m[1].trim(), op: m[2] === '!=' ? '!=' : '=', value: m[3].trim() });
  }
  return out;
}

/** Reads a dotted field path ("spec.nodeName", "metadata.name") from an object. */
export function fieldValue(obj: unknown, path: string): string {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return '';
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur === undefined || cur === null ? '' : String(cur);
}

export function matchesFields(sel: FieldSelector, obj: unknown): boolean {
  for (const r of sel) {
    const v = fieldValue(obj, r.field);
    if (r.op === '=' ? v !== r.value : v === r.value) return false;
  }
  return true;
}
