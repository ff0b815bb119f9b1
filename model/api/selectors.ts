/**
 * Label and field selectors, as apimachinery's labels and fields packages parse, validate, match
 * and print them. The grammar and the conversions live in labels/ and fields/; this module is
 * the one import the rest of the model uses. Which fields a field selector may name per kind is
 * the API server's (model/apiserver/fieldlabels.ts).
 */
export {
  type Operator,
  type Requirement,
  type Selector,
  SelectorParseError,
  parseLabelSelector,
  newRequirement,
  matchesLabels,
  requirementString,
  selectorString,
  addRequirements,
  requiresExactMatch,
} from './labels/selector';
export {
  type LabelSelectorSpec,
  type LabelSelectorRequirement,
  labelSelectorAsSelector,
  labelSelectorAsSelector as fromLabelSelector,
  labelSelectorAsMap,
  parseToLabelSelector,
} from './labels/labelselector';
export { type FieldSelector, type FieldRequirement, parseFieldSelector, fieldSelectorString, escapeValue, unescapeValue } from './fields/selector';
