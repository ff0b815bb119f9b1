import { fieldSelectorString, parseFieldSelector, type FieldRequirement } from '../../api/fields/selector';
import { newRequirement, parseLabelSelector, type Requirement } from '../../api/labels/selector';
import type { Attributes } from '../authorization/attributes';
import type { Identity } from '../request';

/**
 * pkg/registry/authorization/util's ResourceAttributesFrom and NonResourceAttributesFrom: what an
 * access review asks the authorizer. With AuthorizeWithSelectors (beta, on in 1.32) a review's
 * field and label selectors are parsed, from the raw text or from requirements; what does not
 * parse is left out and its error kept (BuildEvaluationError reports it). The model's
 * authorizers read a field selector as its text (the Node authorizer's spec.nodeName=<node>).
 */
export interface ReviewAttributes extends Attributes {
  fieldSelectorRequirements?: FieldRequirement[];
  fieldSelectorParsingErr?: string;
  labelSelectorRequirements?: Requirement[];
  labelSelectorParsingErr?: string;
}

/** utilerrors.NewAggregate(errs).Error(): one message bare, several de-duplicated in brackets. */
function aggregate(msgs: string[]): string {
  const unique = [...new Set(msgs)];
  return unique.length === 1 ? unique[0] : `[${unique.join(', ')}]`;
}

/** A parse: the requirements (none as undefined) and the error, if any. */
type Parsed<R> = [R[] | undefined, string | undefined];

function parse<R>(fn: () => R[]): Parsed<R> {
  try {
    const reqs = fn();
    return [reqs.length ? reqs : undefined, undefined];
  } catch (e) {
    return [undefined, (e as Error).message];
  }
}

const LABEL_OPERATORS: Record<string, Requirement['op']> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };

/** labelSelectorAsSelector: each valid requirement kept, the others' errors aggregated. */
function labelRequirements(requirements: any[]): Parsed<Requirement> {
  const reqs: Requirement[] = [];
  const errs: string[] = [];
  for (const r of requirements) {
    const op = Object.prototype.hasOwnProperty.call(LABEL_OPERATORS, r?.operator) ? LABEL_OPERATORS[r.operator] : undefined;
    if (!op) {
      errs.push(`${JSON.stringify(r?.operator ?? '')} is not a valid label selector operator`);
      continue;
    }
    const values: string[] = Array.isArray(r.values) ? r.values : [];
    try {
      reqs.push(newRequirement(r.key ?? '', op, values.length ? values : null));
    } catch (e) {
      errs.push((e as Error).message);
    }
  }
  return [reqs.length ? reqs : undefined, errs.length ? aggregate(errs) : undefined];
}

/** fieldSelectorAsSelector: In and NotIn with one value each, as = and !=; anything else an error. */
function fieldRequirements(requirements: any[]): Parsed<FieldRequirement> {
  const reqs: FieldRequirement[] = [];
  const errs: string[] = [];
  for (const r of requirements) {
    const values: string[] = Array.isArray(r?.values) ? r.values : [];
    if (values.length > 1) errs.push('fieldSelectors do not yet support multiple values');
    else if (r.operator === 'In' || r.operator === 'NotIn') {
      if (values.length === 1) reqs.push({ field: r.key ?? '', op: r.operator === 'In' ? '=' : '!=', value: values[0] });
      else errs.push(`fieldSelectors ${r.operator === 'In' ? 'in' : 'not in'} must have one value`);
    } else if (r.operator === 'Exists' || r.operator === 'DoesNotExist') errs.push(`fieldSelectors do not yet support ${r.operator}`);
    else errs.push(`${JSON.stringify(r?.operator ?? '')} is not a valid field selector operator`);
  }
  return [reqs.length ? reqs : undefined, errs.length ? aggregate(errs) : undefined];
}

/** One selector: the raw text parsed, then (when there are some) the requirements instead. */
function selector<R>(sel: any, raw: (text: string) => R[], requirements: (rs: any[]) => Parsed<R>): Parsed<R> {
  let out: Parsed<R> = [undefined, undefined];
  if (!sel) return out;
  if (typeof sel.rawSelector === 'string' && sel.rawSelector) out = parse(() => raw(sel.rawSelector));
  if (Array.isArray(sel.requirements) && sel.requirements.length) out = requirements(sel.requirements);
  return out;
}

/** ResourceAttributesFrom: an empty version matches every version ("*"). */
export function resourceAttributesFrom(user: Identity, ra: any): ReviewAttributes {
  const attrs: ReviewAttributes = {
    user,
    verb: ra.verb ?? '',
    resourceRequest: true,
    namespace: ra.namespace || undefined,
    apiGroup: ra.group ?? '',
    apiVersion: ra.version || '*',
    resource: ra.resource ?? '',
    subresource: ra.subresource || undefined,
    name: ra.name || undefined,
  };
  const [labels, labelErr] = selector(ra.labelSelector, parseLabelSelector, labelRequirements);
  if (labels) attrs.labelSelectorRequirements = labels;
  if (labelErr !== undefined) attrs.labelSelectorParsingErr = labelErr;
  const [fields, fieldErr] = selector(ra.fieldSelector, parseFieldSelector, fieldRequirements);
  if (fields) {
    attrs.fieldSelectorRequirements = fields;
    attrs.fieldSelector = fieldSelectorString(fields);
  }
  if (fieldErr !== undefined) attrs.fieldSelectorParsingErr = fieldErr;
  return attrs;
}

/** NonResourceAttributesFrom. */
export function nonResourceAttributesFrom(user: Identity, nra: any): ReviewAttributes {
  return { user, verb: nra.verb ?? '', resourceRequest: false, path: nra.path ?? '' };
}
