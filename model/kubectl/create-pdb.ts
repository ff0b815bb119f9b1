/**
 * `kubectl create poddisruptionbudget|pdb NAME --selector=SELECTOR --min-available=N|N%`
 * (or --max-unavailable): kubectl's create_pdb.go, its checks in its own words and the
 * policy/v1 PodDisruptionBudget struct as built (an all-zero status included).
 */
import { parseToLabelSelector } from '../api/labels/labelselector';
import { SelectorParseError } from '../api/labels/selector';
import { str } from './args';
import type { Generator } from './create-generator';
import { typedMeta } from './create-generator';
import { KubectlError } from './errors';
import { sortedMap } from './printers/typed-json';

/** intstr.Parse: digits are an int, anything else stays a string. */
function intstrParse(v: string): number | string {
  return /^[0-9]+$/.test(v) && Number(v) <= 2147483647 ? Number(v) : v;
}

export const pdbGenerator: Generator = {
  names: ['poddisruptionbudget', 'pdb'],
  type: { group: 'policy', version: 'v1', kind: 'PodDisruptionBudget', resource: 'poddisruptionbudgets', namespaced: true },
  flags: [
    { name: 'min-available', type: 'string' },
    { name: 'max-unavailable', type: 'string' },
    { name: 'selector', type: 'string' },
  ],
  failedTo: 'poddisruptionbudgets',
  build(name, p) {
    const minAvailable = str(p, 'min-available') ?? '';
    const maxUnavailable = str(p, 'max-unavailable') ?? '';
    const selector = str(p, 'selector') ?? '';
    if (!selector) throw new KubectlError('a selector must be specified');
    if (!minAvailable && !maxUnavailable) throw new KubectlError('one of min-available or max-unavailable must be specified');
    if (minAvailable && maxUnavailable) throw new KubectlError('min-available and max-unavailable cannot be both specified');
    // Numbers and percentages only: 10, 50%, not 10Gb.
    if (minAvailable && !/^[0-9]+%?$/.test(minAvailable)) throw new KubectlError('invalid format specified for min-available');
    if (maxUnavailable && !/^[0-9]+%?$/.test(maxUnavailable)) throw new KubectlError('invalid format specified for max-unavailable');
    let sel;
    try {
      sel = parseToLabelSelector(selector);
    } catch (e) {
      if (e instanceof SelectorParseError) throw new KubectlError(e.message);
      throw e;
    }
    // metav1.LabelSelector: both fields omitempty.
    const labelSelector: Record<string, unknown> = {};
    if (Object.keys(sel.matchLabels).length) labelSelector.matchLabels = sortedMap(sel.matchLabels);
    if (sel.matchExpressions.length) labelSelector.matchExpressions = sel.matchExpressions.map((e) => ({ key: e.key, operator: e.operator, ...(e.values?.length ? { values: e.values } : {}) }));
    const spec: Record<string, unknown> = {};
    if (minAvailable) spec.minAvailable = intstrParse(minAvailable);
    spec.selector = labelSelector;
    if (maxUnavailable) spec.maxUnavailable = intstrParse(maxUnavailable);
    return {
      kind: 'PodDisruptionBudget',
      apiVersion: 'policy/v1',
      metadata: typedMeta(name),
      spec,
      status: { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 },
    };
  },
};
