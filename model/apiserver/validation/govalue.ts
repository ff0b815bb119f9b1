/**
 * Bad values as field.Error prints them: Go's %#v of the internal type when it is no string,
 * number or bool (`map[string]string{"app":"web"}`, `intstr.IntOrString{Type:1, …}`,
 * `v1.LabelSelector{…}`). Each returns an object whose toString is that text.
 */

type GoValue = { toString(): string };
const shown = (text: string): GoValue => ({ toString: () => text });

const q = (s: unknown): string => JSON.stringify(typeof s === 'string' ? s : String(s ?? ''));

/** %#v of a map[string]string: keys sorted, as fmt prints maps. */
export function goStringMap(m: unknown): string {
  if (!m || typeof m !== 'object') return 'map[string]string(nil)';
  const keys = Object.keys(m).sort();
  return `map[string]string{${keys.map((k) => `${q(k)}:${q((m as Record<string, unknown>)[k])}`).join(', ')}}`;
}

export const mapValue = (m: unknown): GoValue => shown(goStringMap(m));

/** %#v of an intstr.IntOrString (Type 0 is an int, 1 a string). */
export function intOrStringValue(v: unknown): GoValue {
  if (typeof v === 'string') return shown(`intstr.IntOrString{Type:1, IntVal:0, StrVal:${q(v)}}`);
  return shown(`intstr.IntOrString{Type:0, IntVal:${typeof v === 'number' ? v : 0}, StrVal:""}`);
}

function goStrings(list: unknown, type: string): string {
  return Array.isArray(list) ? `${type}{${list.map(q).join(', ')}}` : `${type}(nil)`;
}

/** %#v of a metav1.LabelSelector (as the apps validation and strategies print spec.selector). */
export function labelSelectorValue(sel: any): GoValue {
  const exprs = Array.isArray(sel?.matchExpressions)
    ? `[]v1.LabelSelectorRequirement{${sel.matchExpressions
        .map((e: any) => `v1.LabelSelectorRequirement{Key:${q(e?.key)}, Operator:${q(e?.operator)}, Values:${goStrings(e?.values, '[]string')}}`)
        .join(', ')}}`
    : '[]v1.LabelSelectorRequirement(nil)';
  return shown(`v1.LabelSelector{MatchLabels:${sel?.matchLabels ? goStringMap(sel.matchLabels) : 'map[string]string(nil)'}, MatchExpressions:${exprs}}`);
}

/** %#v of a core.Toleration. */
export function tolerationValue(t: any): GoValue {
  const secs = typeof t?.tolerationSeconds === 'number' ? `(*int64)(0xc000000000)` : '(*int64)(nil)';
  return shown(`core.Toleration{Key:${q(t?.key)}, Operator:${q(t?.operator)}, Value:${q(t?.value)}, Effect:${q(t?.effect)}, TolerationSeconds:${secs}}`);
}

/** %#v of a []string. */
export const stringsValue = (list: unknown): GoValue => shown(goStrings(list, '[]string'));

/** A value printed as is (%v of a number or of a type with a String method). */
export const plain = (text: string): GoValue => shown(text);

/** %#v of a metav1.OwnerReference (its String method has a pointer receiver, so the struct prints). */
export function ownerReferenceGoString(r: any): string {
  const ptr = (v: unknown) => (typeof v === 'boolean' ? '(*bool)(0xc000000000)' : '(*bool)(nil)');
  return `v1.OwnerReference{APIVersion:${q(r?.apiVersion)}, Kind:${q(r?.kind)}, Name:${q(r?.name)}, UID:${q(r?.uid)}, Controller:${ptr(r?.controller)}, BlockOwnerDeletion:${ptr(r?.blockOwnerDeletion)}}`;
}

/** %#v of a metav1.OwnerReference, as a bad value. */
export const ownerReferenceValue = (r: unknown): GoValue => shown(ownerReferenceGoString(r));

/** %#v of a []metav1.OwnerReference. */
export const ownerReferencesValue = (refs: unknown[]): GoValue => shown(`[]v1.OwnerReference{${refs.map(ownerReferenceGoString).join(', ')}}`);
