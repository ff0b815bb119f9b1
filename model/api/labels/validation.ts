/**
 * The label key and value checks (IsQualifiedName, IsValidLabelValue) that selectors use: the
 * same functions as every kind's validation, from apimachinery's util/validation (model/api/validation.ts).
 */
export { emptyError, isQualifiedName, isValidLabelValue, maxLenError, regexError } from '../validation';
