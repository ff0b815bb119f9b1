import type { KObject } from '../../api/meta';
import { fromLabelSelector, selectorString, type LabelSelectorSpec } from '../../api/selectors';

/** labels.FormatLabels: "a=b,c=d" sorted by key, or "<none>". */
export function formatLabels(labels: Record<string, string> | undefined | null): string {
  const keys = Object.keys(labels ?? {}).sort();
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${labels![k]}`).join(',');
}

/** metav1.LabelSelectorAsSelector(...).String(): requirements sorted by key; "" selects all. */
export function selectorText(spec: LabelSelectorSpec | null | undefined): string {
  try {
    const sel = fromLabelSelector(spec);
    if (!sel) return '';
    return selectorString([...sel].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)));
  } catch {
    return '<invalid>';
  }
}

/** metav1.FormatLabelSelector: like selectorText, but "<none>" when empty. */
export function formatLabelSelector(spec: LabelSelectorSpec | null | undefined): string {
  const s = selectorText(spec);
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
