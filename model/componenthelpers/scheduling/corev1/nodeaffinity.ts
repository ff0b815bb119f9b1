/**
 * k8s.io/component-helpers/scheduling/corev1/nodeaffinity: node selectors parsed once into
 * label and field requirements, then matched against nodes. Terms are ORed, a term's
 * requirements ANDed; a nil or empty term matches nothing. A term that does not parse (an
 * unknown operator, a value that is no label value, Gt with a non-integer, matchFields with
 * other than one value) matches no node: the lazy selector keeps its errors and reports them
 * only when no other term matched, as the scheduler has done since before strict parsing.
 */
import type { KObject } from '../../../api/meta';
import { FieldError } from '../../../api/status';
import { isQualifiedName, isValidLabelValue } from '../../../api/labels/validation';

export interface NodeSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt' | string;
  values?: string[];
}

export interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[] | null;
  matchFields?: NodeSelectorRequirement[] | null;
}

export interface NodeSelector {
  nodeSelectorTerms?: (NodeSelectorTerm | null)[] | null;
}

export interface PreferredSchedulingTerm {
  weight: number;
  preference: NodeSelectorTerm;
}

/** The result of matching: the errors are those of the terms that did not parse. */
export interface MatchResult {
  matches: boolean;
  errors: FieldError[];
}

const VALID_SELECTOR_OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'];
const VALID_FIELD_SELECTOR_OPERATORS = ['In', 'NotIn'];

/** A labels.Requirement the node's labels are matched against. */
interface LabelRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt';
  values: string[];
}

/** A fields.Selector term: `key=value` (In) or `key!=value` (NotIn). */
interface FieldRequirement {
  key: string;
  equal: boolean;
  value: string;
}

interface ParsedTerm {
  /** null when the term has no matchExpressions (labels are not checked). */
  labels: LabelRequirement[] | null;
  /** null when the term has no matchFields. */
  fields: FieldRequirement[] | null;
  errors: FieldError[];
}

/** strconv.ParseInt(s, 10, 64): an optional sign, decimal digits, within int64. */
function parseInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n >= -(2n ** 63n) && n < 2n ** 63n ? n : undefined;
}

/** Decoded JSON can hold anything; a requirement as the Go decoder's zero values would see it. */
function asRequirement(r: unknown): { key: string; operator: string; values: string[] } {
  const o = r && typeof r === 'object' ? (r as Record<string, unknown>) : {};
  const values = Array.isArray(o.values) ? o.values.map((v) => (typeof v === 'string' ? v : String(v))) : [];
  return { key: typeof o.key === 'string' ? o.key : '', operator: typeof o.operator === 'string' ? o.operator : '', values };
}

/** labels.NewRequirement's checks, with errors at `path`. */
function newLabelRequirement(key: string, op: LabelRequirement['operator'], values: string[], path: string): { req: LabelRequirement; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const keyErrs = isQualifiedName(key);
  if (keyErrs.length) errors.push(FieldError.invalid(`${path}.key`, key, keyErrs.join('; ')));
  const valuesPath = `${path}.values`;
  switch (op) {
    case 'In':
    case 'NotIn':
      if (values.length === 0) errors.push(FieldError.invalid(valuesPath, values, "for 'in', 'notin' operators, values set can't be empty"));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length !== 0) errors.push(FieldError.invalid(valuesPath, values, 'values set must be empty for exists and does not exist'));
      break;
    case 'Gt':
    case 'Lt':
      if (values.length !== 1) errors.push(FieldError.invalid(valuesPath, values, "for 'Gt', 'Lt' operators, exactly one value is required"));
      values.forEach((v, i) => {
        if (parseInt64(v) === undefined) errors.push(FieldError.invalid(`${valuesPath}[${i}]`, v, "for 'Gt', 'Lt' operators, the value must be an integer"));
      });
      break;
  }
  values.forEach((v, i) => {
    const errs = isValidLabelValue(v);
    if (errs.length) errors.push(FieldError.invalid(`${valuesPath}[${i}][${key}]`, v, errs.join('; ')));
  });
  return { req: { key, operator: op, values }, errors };
}

/** nodeSelectorRequirementsAsSelector: the label requirements, or the errors at `path`. */
export function nodeSelectorRequirementsAsSelector(exprs: unknown[], path: string): { reqs: LabelRequirement[]; errors: FieldError[] } {
  const reqs: LabelRequirement[] = [];
  const errors: FieldError[] = [];
  exprs.forEach((raw, i) => {
    const p = `${path}[${i}]`;
    const r = asRequirement(raw);
    if (!VALID_SELECTOR_OPERATORS.includes(r.operator)) {
      errors.push(FieldError.notSupported(`${p}.operator`, r.operator, VALID_SELECTOR_OPERATORS));
      return;
    }
    const { req, errors: errs } = newLabelRequirement(r.key, r.operator as LabelRequirement['operator'], r.values, p);
    if (errs.length) errors.push(...errs);
    else reqs.push(req);
  });
  return { reqs, errors };
}

/** nodeSelectorRequirementsAsFieldSelector: only In and NotIn, with exactly one value; keys are not checked. */
function fieldRequirements(exprs: unknown[], path: string): { reqs: FieldRequirement[]; errors: FieldError[] } {
  const reqs: FieldRequirement[] = [];
  const errors: FieldError[] = [];
  exprs.forEach((raw, i) => {
    const p = `${path}[${i}]`;
    const r = asRequirement(raw);
    if (r.operator === 'In' || r.operator === 'NotIn') {
      if (r.values.length !== 1) errors.push(FieldError.invalid(`${p}.values`, r.values, 'must have one element'));
      else reqs.push({ key: r.key, equal: r.operator === 'In', value: r.values[0] });
    } else errors.push(FieldError.notSupported(`${p}.operator`, r.operator, VALID_FIELD_SELECTOR_OPERATORS));
  });
  return { reqs, errors };
}

function listOf(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

function isEmptyTerm(term: NodeSelectorTerm | null | undefined): boolean {
  return listOf(term?.matchExpressions).length === 0 && listOf(term?.matchFields).length === 0;
}

/** newNodeSelectorTerm: `path` is where the term sits (`nodeSelectorTerms[0]`, or `[0]` for preferred terms). */
function parseTerm(term: NodeSelectorTerm, path: string): ParsedTerm {
  const parsed: ParsedTerm = { labels: null, fields: null, errors: [] };
  const exprs = listOf(term.matchExpressions);
  const fields = listOf(term.matchFields);
  if (exprs.length) {
    const { reqs, errors } = nodeSelectorRequirementsAsSelector(exprs, `${path}.matchExpressions`);
    parsed.labels = reqs;
    parsed.errors.push(...errors);
  }
  if (fields.length) {
    const { reqs, errors } = fieldRequirements(fields, `${path}.matchFields`);
    parsed.fields = reqs;
    parsed.errors.push(...errors);
  }
  return parsed;
}

/** labels.Requirement.Matches. */
function matchesLabel(r: LabelRequirement, labels: Record<string, string>): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, r.key);
  const v = labels[r.key];
  switch (r.operator) {
    case 'In':
      return has && r.values.includes(v);
    case 'NotIn':
      return !has || !r.values.includes(v);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    case 'Gt':
    case 'Lt': {
      if (!has) return false;
      const a = parseInt64(String(v));
      const b = parseInt64(r.values[0]);
      if (a === undefined || b === undefined) return false;
      return r.operator === 'Gt' ? a > b : a < b;
    }
  }
}

/** nodeSelectorTerm.match: the node's fields are only its name (and none when it has no name). */
function matchTerm(t: ParsedTerm, node: KObject): boolean {
  const labels = node.metadata?.labels ?? {};
  if (t.labels && !t.labels.every((r) => matchesLabel(r, labels))) return false;
  const name = node.metadata?.name ?? '';
  if (t.fields && name) {
    for (const f of t.fields) {
      const value = f.key === 'metadata.name' ? name : '';
      if ((value === f.value) !== f.equal) return false;
    }
  }
  return true;
}

/** LazyErrorNodeSelector: empty terms are dropped; terms that do not parse keep their errors. */
export class LazyErrorNodeSelector {
  constructor(private readonly terms: ParsedTerm[]) {}

  /** Match: true at the first matching term; the errors only when none matched. */
  match(node: KObject | null | undefined): MatchResult {
    if (!node) return { matches: false, errors: [] };
    const errors: FieldError[] = [];
    for (const t of this.terms) {
      if (t.errors.length) {
        errors.push(...t.errors);
        continue;
      }
      if (matchTerm(t, node)) return { matches: true, errors: [] };
    }
    return { matches: false, errors };
  }

  /** The parse errors of every term, in order (NewNodeSelector's). */
  parseErrors(): FieldError[] {
    return this.terms.flatMap((t) => t.errors);
  }
}

/** NewLazyErrorNodeSelector. */
export function newLazyErrorNodeSelector(ns: NodeSelector | null | undefined): LazyErrorNodeSelector {
  const terms: ParsedTerm[] = [];
  listOf(ns?.nodeSelectorTerms).forEach((term, i) => {
    if (!term || typeof term !== 'object' || isEmptyTerm(term as NodeSelectorTerm)) return;
    terms.push(parseTerm(term as NodeSelectorTerm, `nodeSelectorTerms[${i}]`));
  });
  return new LazyErrorNodeSelector(terms);
}

/** NewNodeSelector: the selector, or every parse error of its terms. */
export function newNodeSelector(ns: NodeSelector | null | undefined): { selector: LazyErrorNodeSelector; errors: FieldError[] } {
  const selector = newLazyErrorNodeSelector(ns);
  return { selector, errors: selector.parseErrors() };
}

/** PreferredSchedulingTerms: the terms that count (non-zero weight, not empty) and their weights. */
export class PreferredSchedulingTerms {
  constructor(private readonly terms: { term: ParsedTerm; weight: number }[]) {}

  /** Score: the sum of the weights of the terms the node matches. */
  score(node: KObject): number {
    let sum = 0;
    for (const { term, weight } of this.terms) if (matchTerm(term, node)) sum += weight;
    return sum;
  }
}

/** NewPreferredSchedulingTerms: the terms, or every parse error (a zero-weight term is not parsed). */
export function newPreferredSchedulingTerms(terms: (PreferredSchedulingTerm | null)[] | null | undefined): { terms?: PreferredSchedulingTerms; errors: FieldError[] } {
  const parsed: { term: ParsedTerm; weight: number }[] = [];
  const errors: FieldError[] = [];
  listOf(terms).forEach((raw, i) => {
    const t = raw as PreferredSchedulingTerm | null;
    const weight = typeof t?.weight === 'number' ? t.weight : 0;
    if (weight === 0 || !t?.preference || isEmptyTerm(t.preference)) return;
    const term = parseTerm(t.preference, `[${i}]`);
    if (term.errors.length) errors.push(...term.errors);
    else parsed.push({ term, weight });
  });
  return errors.length ? { errors } : { terms: new PreferredSchedulingTerms(parsed), errors };
}

/** RequiredNodeAffinity: spec.nodeSelector and the required node affinity of a Pod. */
export class RequiredNodeAffinity {
  constructor(
    private readonly nodeSelector: Record<string, string> | undefined,
    private readonly affinity: LazyErrorNodeSelector | undefined,
  ) {}

  /** Match: every nodeSelector label, then the affinity's terms (their parse errors only when none matched). */
  match(node: KObject): MatchResult {
    if (this.nodeSelector) {
      const labels = node.metadata?.labels ?? {};
      for (const [k, v] of Object.entries(this.nodeSelector)) {
        if (!Object.prototype.hasOwnProperty.call(labels, k) || labels[k] !== v) return { matches: false, errors: [] };
      }
    }
    return this.affinity ? this.affinity.match(node) : { matches: true, errors: [] };
  }
}

/** GetRequiredNodeAffinity. */
export function getRequiredNodeAffinity(pod: KObject): RequiredNodeAffinity {
  const sel = pod.spec?.nodeSelector;
  const selector = sel && typeof sel === 'object' && Object.keys(sel).length > 0 ? (sel as Record<string, string>) : undefined;
  const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  return new RequiredNodeAffinity(selector, required ? newLazyErrorNodeSelector(required) : undefined);
}

/** utilerrors.Flatten(NewAggregate(errs)).Error(): one message bare, several deduplicated in "[a, b]". */
export function aggregateMessage(errors: FieldError[]): string {
  const seen: string[] = [];
  for (const e of errors) {
    const m = e.toString();
    if (!seen.includes(m)) seen.push(m);
  }
  return seen.length === 1 ? seen[0] : `[${seen.join(', ')}]`;
}
