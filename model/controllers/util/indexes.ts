/**
 * The indexes the workload controllers look things up by, so that no event handler or
 * reconcile ever scans every Pod: by controller UID ("what does this ReplicaSet own"), by
 * owner UID (the garbage collector's dependents), orphans by label ("which un-owned Pods could
 * this selector adopt") and selectors by label ("which ReplicaSets could select this Pod").
 */
import { controllerOf, type KObject } from '../../api/meta';
import { fromLabelSelector, matchesLabels, SelectorParseError, type LabelSelectorSpec, type Selector } from '../../api/selectors';
import { byControllerUID, byOwnerUID, type IndexFunc, type Informer } from '../../client/informer';

export const BY_CONTROLLER_UID = 'byControllerUID';
export const BY_OWNER_UID = 'byOwnerUID';
export const ORPHAN_BY_LABEL = 'orphanByLabel';
export const BY_SELECTOR_LABEL = 'bySelectorLabel';

/** Objects without a controller, filed under "<ns>/" and under "<ns>/<key>=<value>" for each label. */
const orphanByLabel: IndexFunc = (o) => {
  if (controllerOf(o)) return [];
  const ns = o.metadata.namespace ?? '';
  return [`${ns}/`, ...Object.entries(o.metadata.labels ?? {}).map(([k, v]) => `${ns}/${k}=${v}`)];
};

/** Workloads filed under each matchLabels pair of their selector, or "<ns>/*" when it has none. */
const bySelectorLabel: IndexFunc = (o) => {
  const ns = o.metadata.namespace ?? '';
  const ml = o.spec?.selector?.matchLabels;
  const pairs = Object.entries(ml ?? {});
  if (!o.spec?.selector) return [];
  return pairs.length ? pairs.map(([k, v]) => `${ns}/${k}=${v}`) : [`${ns}/*`];
};

const INDEXES: Record<string, IndexFunc> = {
  [BY_CONTROLLER_UID]: byControllerUID,
  [BY_OWNER_UID]: byOwnerUID,
  [ORPHAN_BY_LABEL]: orphanByLabel,
  [BY_SELECTOR_LABEL]: bySelectorLabel,
};

const installed = new WeakMap<Informer, Set<string>>();

/** Adds the named indexes to a shared informer once, however many controllers ask. */
export function ensureIndexes(inf: Informer, ...names: (keyof typeof INDEXES)[]): void {
  let have = installed.get(inf);
  if (!have) installed.set(inf, (have = new Set()));
  for (const n of names) {
    if (have.has(n)) continue;
    inf.addIndexer(n, INDEXES[n]);
    have.add(n);
  }
}

/** metav1.LabelSelectorAsSelector, or null when the selector cannot be parsed (it then selects nothing). */
export function parseSelector(spec: LabelSelectorSpec | null | undefined): Selector | null {
  try {
    return fromLabelSelector(spec);
  } catch (e) {
    if (e instanceof SelectorParseError) return null;
    throw e;
  }
}

/** Orphans in a namespace that a selector selects, looked up through the smallest label bucket. */
export function orphansSelectedBy(inf: Informer, namespace: string, spec: LabelSelectorSpec | undefined): KObject[] {
  const sel = parseSelector(spec);
  if (!sel) return [];
  let bucket: KObject[] | undefined;
  for (const [k, v] of Object.entries(spec?.matchLabels ?? {})) {
    const b = inf.byIndex(ORPHAN_BY_LABEL, `${namespace}/${k}=${v}`);
    if (!bucket || b.length < bucket.length) bucket = b;
  }
  bucket ??= inf.byIndex(ORPHAN_BY_LABEL, `${namespace}/`);
  return bucket.filter((o) => matchesLabels(sel, o.metadata.labels));
}

/** Workloads (indexed by BY_SELECTOR_LABEL) in obj's namespace whose selector selects obj's labels. */
export function selectorsSelecting(inf: Informer, obj: KObject): KObject[] {
  const ns = obj.metadata.namespace ?? '';
  const seen = new Map<string, KObject>();
  const keys = [`${ns}/*`, ...Object.entries(obj.metadata.labels ?? {}).map(([k, v]) => `${ns}/${k}=${v}`)];
  for (const key of keys) for (const w of inf.byIndex(BY_SELECTOR_LABEL, key)) seen.set(w.metadata.uid ?? w.metadata.name!, w);
  const out: KObject[] = [];
  for (const w of seen.values()) {
    const sel = parseSelector(w.spec?.selector);
    // An empty selector would select everything; controllers refuse to act on it.
    if (sel && sel.length > 0 && matchesLabels(sel, obj.metadata.labels)) out.push(w);
  }
  return out.sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
}
