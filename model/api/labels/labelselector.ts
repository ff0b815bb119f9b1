/**
 * metav1.LabelSelector (matchLabels, matchExpressions) and its conversions, as apimachinery's
 * meta/v1 helpers do them: LabelSelectorAsSelector, LabelSelectorAsMap, ParseToLabelSelector.
 */
import { addRequirements, newRequirement, parseLabelSelector, SelectorParseError, type Requirement, type Selector } from './selector';

export interface LabelSelectorRequirement {
  key: string;
  operator: string;
  values?: string[] | null;
}

export interface LabelSelectorSpec {
  matchLabels?: Record<string, string> | null;
  matchExpressions?: (LabelSelectorRequirement | null)[] | null;
}

/** What Go's decoder makes of a null or ill-typed entry: its zero value. */
function expression(e: unknown): { key: string; operator: string; values: string[] | null } {
  const o = e && typeof e === 'object' ? (e as Record<string, unknown>) : {};
  const str = (v: unknown): string => (typeof v === 'string' ? v : '');
  const values = Array.isArray(o.values) && o.values.length > 0 ? o.values.map((v) => (v === null || v === undefined ? '' : String(v))) : null;
  return { key: str(o.key), operator: str(o.operator), values };
}

const OPERATORS: Record<string, Requirement['op']> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };

/**
 * LabelSelectorAsSelector: null selects nothing (returned as null), an empty selector
 * everything. Throws SelectorParseError with upstream's message on an invalid one.
 */
export function labelSelectorAsSelector(spec: LabelSelectorSpec | null | undefined): Selector | null {
  if (spec === null || spec === undefined) return null;
  const labels = spec.matchLabels && typeof spec.matchLabels === 'object' ? spec.matchLabels : {};
  const exprs = Array.isArray(spec.matchExpressions) ? spec.matchExpressions : [];
  const reqs: Requirement[] = [];
  // Go ranges over the map in random order; sorted keys make the first error deterministic.
  for (const k of Object.keys(labels).sort()) {
    const v = labels[k];
    reqs.push(newRequirement(k, '=', [v === null || v === undefined ? '' : String(v)]));
  }
  for (const raw of exprs) {
    const e = expression(raw);
    const op = Object.prototype.hasOwnProperty.call(OPERATORS, e.operator) ? OPERATORS[e.operator] : undefined;
    if (!op) throw new SelectorParseError(`${JSON.stringify(e.operator)} is not a valid label selector operator`);
    reqs.push(newRequirement(e.key, op, e.values));
  }
  return addRequirements([], ...reqs);
}

/** LabelSelectorAsMap: only matchLabels and single-valued In convert to the old map form. */
export function labelSelectorAsMap(spec: LabelSelectorSpec | null | undefined): Record<string, string> | null {
  if (spec === null || spec === undefined) return null;
  const out: Record<string, string> = { ...(spec.matchLabels ?? {}) };
  for (const raw of spec.matchExpressions ?? []) {
    const e = expression(raw);
    const q = JSON.stringify(e.operator);
    if (e.operator === 'In') {
      if (e.values?.length !== 1) throw new SelectorParseError(`operator ${q} without a single value cannot be converted into the old label selector format`);
      out[e.key] = e.values[0];
    } else if (e.operator === 'NotIn' || e.operator === 'Exists' || e.operator === 'DoesNotExist')
      throw new SelectorParseError(`operator ${q} cannot be converted into the old label selector format`);
    else throw new SelectorParseError(`${q} is not a valid selector operator`);
  }
  return out;
}

/** ParseToLabelSelector: a selector string into matchLabels and matchExpressions. */
export function parseToLabelSelector(text: string): { matchLabels: Record<string, string>; matchExpressions: LabelSelectorRequirement[] } {
  let reqs: Selector;
  try {
    reqs = parseLabelSelector(text);
  } catch (e) {
    if (e instanceof SelectorParseError) throw new SelectorParseError(`couldn't parse the selector string "${text}": ${e.message}`);
    throw e;
  }
  const out = { matchLabels: {} as Record<string, string>, matchExpressions: [] as LabelSelectorRequirement[] };
  const ops: Partial<Record<Requirement['op'], string>> = { in: 'In', notin: 'NotIn', exists: 'Exists', '!': 'DoesNotExist' };
  for (const r of reqs) {
    if (r.op === '=' || r.op === '==') {
      out.matchLabels[r.key] = r.values[0];
      continue;
    }
    if (r.op === 'gt' || r.op === 'lt') throw new SelectorParseError(`${JSON.stringify(r.op)} isn't supported in label selectors`);
    const op = ops[r.op];
    if (!op) throw new SelectorParseError(`${JSON.stringify(r.op)} is not a valid label selector operator`);
    out.matchExpressions.push({ key: r.key, operator: op, values: [...r.values].sort() });
  }
  return out;
}
