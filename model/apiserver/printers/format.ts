import type { KObject } from '../../api/meta';
import { fromLabelSelector, selectorString, type LabelSelectorSpec } from '../../api/selectors';

/** labels.FormatLabels: "a=b,c=d" sorted by key, or "<none>". */
export function formatLabels(labels: Record<string, string> | undefined | null): string {
  const keys = Object.keys(labels ?? {}).sort();
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${labels![k]}`).join(',');
}

/**
 * metav1.LabelSelectorAsSelector(...).String(): the requirements come sorted by key (selector.Add);
 * a nil selector (labels.Nothing()) prints "". Throws on a selector that does not convert.
 */
function selectorStringOf(spec: LabelSelectorSpec | null | undefined): string {
  return selectorString(fromLabelSelector(spec) ?? []);
}

/** The selector as a string, "" for none and "<invalid>" for one that does not convert. */
export function selectorText(spec: LabelSelectorSpec | null | undefined): string {
  try {
    return selectorStringOf(spec);
  } catch {
    return '<invalid>';
  }
}

/** metav1.FormatLabelSelector: the selector as a string, "<none>" when empty, "<error>" when it does not convert. */
export function formatLabelSelector(spec: LabelSelectorSpec | null | undefined): string {
  let s: string;
  try {
    s = selectorStringOf(spec);
  } catch {
    return '<error>';
  }
  return s === '' ? '<none>' : s;
}

/** layoutContainerCells: container names and images, comma separated. */
export function layoutContainerCells(containers: any[] | undefined): [string, string] {
  const cs = containers ?? [];
  return [cs.map((c) => c.name).join(','), cs.map((c) => c.image).join(',')];
}

export function templateContainers(o: KObject): any[] {
  return o.spec?.template?.spec?.containers ?? [];
}
