/**
 * A metav1.LabelSelector as Go's %v prints it: the String() method gogo-protobuf generates for
 * it (apimachinery's meta/v1 generated.pb.go), not the labels.Selector form ("foo=bar"). The
 * match labels come sorted by key, each "key: value,"; each requirement is printed without its
 * leading "&", its values as fmt prints a []string. A nil selector prints "nil".
 */
export interface LabelSelectorSpec {
  matchLabels?: Record<string, string> | null;
  matchExpressions?: { key?: string; operator?: string; values?: string[] | null }[] | null;
}

export function labelSelectorGoString(sel: LabelSelectorSpec | null | undefined): string {
  if (!sel) return 'nil';
  const labels = sel.matchLabels ?? {};
  const keys = Object.keys(labels).sort();
  const map = `map[string]string{${keys.map((k) => `${k}: ${labels[k]},`).join('')}}`;
  const reqs = (sel.matchExpressions ?? []).map((r) => `LabelSelectorRequirement{Key:${r.key ?? ''},Operator:${r.operator ?? ''},Values:[${(r.values ?? []).join(' ')}],},`);
  return `&LabelSelector{MatchLabels:${map},MatchExpressions:[]LabelSelectorRequirement{${reqs.join('')}},}`;
}
