/**
 * Applying a strategic merge patch, as k8s.io/apimachinery/pkg/util/strategicpatch does
 * (StrategicMergeMapPatch with MergeParallelList and IgnoreUnmatchedNulls): maps merge key by
 * key, lists with patchStrategy "merge" merge by their patchMergeKey (or as sets of scalars),
 * other lists are replaced. The directives are consumed here and never reach the result:
 * `$patch: replace|delete|merge`, `$setElementOrder/<list>`, `$retainKeys` and
 * `$deleteFromPrimitiveList/<list>`.
 */
import { errBadArgType, errBadPatchFormatForPrimitiveList, errBadPatchFormatForRetainKeys, errBadPatchFormatForSetElementOrderList, errBadPatchType, errNoListOfLists, errNoMergeKey, PatchError } from './errors';
import { fieldOf, type Schema } from './schema';

type JSONMap = Record<string, any>;

const DIRECTIVE = '$patch';
const RETAIN_KEYS = '$retainKeys';
const SET_ELEMENT_ORDER = '$setElementOrder';
const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList';

/** Where a value sits in the schema: the struct type that describes its fields, if known. */
interface Meta {
  schema: Schema;
  type?: string;
}

const isMap = (v: unknown): v is JSONMap => v !== null && typeof v === 'object' && !Array.isArray(v);

/** reflect.Kind of a decoded JSON value. */
function kindOf(v: unknown): string {
  if (v === null || v === undefined) return 'nil';
  if (Array.isArray(v)) return 'slice';
  return typeof v === 'object' ? 'map' : typeof v;
}

/**
 * Applies `patch` to `original` (neither is modified). `type` names the original's struct type in
 * `schema` (e.g. "Deployment"); unknown types merge maps and replace lists.
 */
export function applyStrategicPatch(original: JSONMap, patch: JSONMap, schema: Schema, type?: string): JSONMap {
  if (!isMap(patch)) throw new PatchError('invalid JSON document', 400);
  try {
    return stripDirectives(mergeMap(clone(original) ?? {}, clone(patch), { schema, type }), { schema, type });
  } catch (e) {
    // Errors of the library other than the patch-format ones reach the client as 500s.
    if (e instanceof PatchError && e.code === undefined && e.message !== 'lists of lists are not supported') throw new PatchError(e.message, 500);
    throw e;
  }
}

function clone<T>(v: T): T {
  return v === undefined ? v : JSON.parse(JSON.stringify(v));
}

function subMeta(meta: Meta, field: string): Meta {
  return { schema: meta.schema, type: fieldOf(meta.schema, meta.type, field)?.type };
}

/** patchStrategy without retainKeys (extractRetainKeysPatchStrategy). */
function strategyOf(meta: Meta, field: string): { strategy: string; mergeKey: string } {
  const f = fieldOf(meta.schema, meta.type, field);
  const parts = (f?.strategy ?? '').split(',').filter(Boolean);
  if (parts.length > 2 || (parts.length === 2 && !parts.includes('retainKeys'))) throw new PatchError(`unexpected patch strategy: [${parts.join(' ')}]`);
  return { strategy: parts.find((p) => p !== 'retainKeys') ?? '', mergeKey: f?.mergeKey ?? '' };
}

function mergeMap(original: JSONMap | null, patch: JSONMap, meta: Meta): JSONMap {
  if (DIRECTIVE in patch) {
    const d = patch[DIRECTIVE];
    if (d === 'replace') {
      delete patch[DIRECTIVE];
      return patch;
    }
    if (d === 'delete') return {};
    throw errBadPatchType(d, patch);
  }
  const out = original ?? {};
  applyRetainKeys(out, patch);
  mergeSetElementOrder(out, patch, meta);
  for (const key of Object.keys(patch)) {
    const patchV = patch[key];
    let k = key;
    let isDeleteList = false;
    if (key.startsWith(DELETE_FROM_PRIMITIVE_LIST)) {
      k = extractKey(key, DELETE_FROM_PRIMITIVE_LIST);
      isDeleteList = true;
    }
    if (patchV === null) {
      delete out[k];
      continue;
    }
    if (!(k in out) || kindOf(out[k]) !== kindOf(patchV)) {
      if (!isDeleteList) {
        discardNulls(patchV);
        const [v, keep] = removeDirectives(patchV);
        if (keep) out[k] = v;
        else delete out[k];
      }
      continue;
    }
    const kind = kindOf(out[k]);
    if (kind === 'map') {
      const { strategy } = strategyOf(meta, k);
      out[k] = strategy === 'replace' ? patchV : mergeMap(out[k], patchV, subMeta(meta, k));
    } else if (kind === 'slice') {
      const { strategy, mergeKey } = strategyOf(meta, k);
      out[k] = strategy === 'merge' || isDeleteList ? mergeSlice(out[k], patchV, subMeta(meta, k), mergeKey, isDeleteList, k) : patchV;
    } else {
      const [v, keep] = removeDirectives(patchV);
      if (keep) out[k] = v;
      else delete out[k];
    }
  }
  return out;
}

function extractKey(s: string, prefix: string): string {
  const i = s.indexOf('/');
  if (i < 0 || s.slice(0, i) !== prefix) throw prefix === DELETE_FROM_PRIMITIVE_LIST ? errBadPatchFormatForPrimitiveList() : errBadPatchFormatForSetElementOrderList();
  return s.slice(i + 1);
}

/** `$retainKeys`: keys of the original missing from the list are cleared; the patch may set no other key. */
function applyRetainKeys(original: JSONMap, patch: JSONMap): void {
  if (!(RETAIN_KEYS in patch)) return;
  const retain = patch[RETAIN_KEYS];
  delete patch[RETAIN_KEYS];
  if (!Array.isArray(retain)) throw errBadPatchFormatForRetainKeys();
  const keep = new Set(retain);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || k.startsWith(DELETE_FROM_PRIMITIVE_LIST) || k.startsWith(SET_ELEMENT_ORDER)) continue;
    if (!keep.has(k)) throw errBadPatchFormatForRetainKeys();
  }
  for (const k of Object.keys(original)) if (!keep.has(k)) delete original[k];
}

/**
 * `$setElementOrder/<list>`: merges the list it names, then orders the result: the order the
 * directive gives first, server-only items where they stood in the live list.
 */
function mergeSetElementOrder(original: JSONMap, patch: JSONMap, meta: Meta): void {
  for (const key of Object.keys(patch)) {
    if (!key.startsWith(SET_ELEMENT_ORDER)) continue;
    const order = patch[key];
    delete patch[key];
    if (!Array.isArray(order)) throw errBadArgType('[]interface {}', order);
    const field = extractKey(key, SET_ELEMENT_ORDER);
    const foundOriginal = field in original;
    const foundPatch = field in patch;
    const originalList = original[field];
    const patchList = patch[field];
    if (foundOriginal && !Array.isArray(originalList)) throw errBadArgType('[]interface {}', originalList);
    if (foundPatch && !Array.isArray(patchList)) throw errBadArgType('[]interface {}', patchList);
    const { strategy, mergeKey } = strategyOf(meta, field);
    validateWithSetOrder(patchList ?? [], order, mergeKey);
    let merged: any[];
    if (foundOriginal && !foundPatch) merged = originalList;
    else if (!foundOriginal && foundPatch) merged = removeDirectives(patchList)[0];
    else if (foundOriginal && foundPatch) merged = strategy === 'merge' ? mergeSlice(originalList, patchList, subMeta(meta, field), mergeKey, false, field) : patchList;
    else continue;
    const kind = elementKind(originalList ?? [], patchList ?? []);
    const [inOrder, serverOnly] = partition(merged, order, mergeKey);
    original[field] = normalizeElementOrder(inOrder, serverOnly, order, originalList ?? [], mergeKey, kind);
    delete patch[field];
  }
}

/** The patch list's items (deletions aside) must appear in the order $setElementOrder gives. */
function validateWithSetOrder(patchList: any[], order: any[], mergeKey: string): void {
  if (order.length === 0 || patchList.length === 0) return;
  const items = mergeKey ? extractToDelete(patchList)[0] : patchList;
  let p = 0;
  let s = 0;
  while (p < items.length && s < order.length) {
    if (isMap(items[p]) && DIRECTIVE in items[p]) {
      p++;
      continue;
    }
    if (keyEqual(items[p], order[s], mergeKey)) p++;
    s++;
  }
  if (p < items.length && s >= order.length) throw new PatchError(`The order in patch list:\n${goValueList(patchList)}\n doesn't match ${SET_ELEMENT_ORDER} list:\n${goValueList(order)}\n`);
}

function goValueList(l: any[]): string {
  return `[${l.map((v) => (isMap(v) ? `map[${Object.keys(v).sort().map((k) => `${k}:${v[k]}`).join(' ')}]` : String(v))).join(' ')}]`;
}

function keyEqual(left: any, right: any, mergeKey: string): boolean {
  if (!mergeKey) return left === right;
  if (!isMap(left)) throw errBadArgType('map[string]interface {}', left);
  if (!isMap(right)) throw errBadArgType('map[string]interface {}', right);
  if (!(mergeKey in left)) throw errNoMergeKey(left, mergeKey);
  if (!(mergeKey in right)) throw errNoMergeKey(right, mergeKey);
  return left[mergeKey] === right[mergeKey];
}

function mergeSlice(original: any[], patch: any, meta: Meta, mergeKey: string, isDeleteList: boolean, field: string): any[] {
  if (!Array.isArray(original)) throw errBadArgType('[]interface {}', original);
  if (!Array.isArray(patch)) throw errBadArgType('[]interface {}', patch);
  if (original.length === 0 && patch.length === 0) return original;
  const kind = elementKind(original, patch);
  let merged: any[];
  if (kind !== 'map') {
    if (isDeleteList) {
      const drop = new Set(patch);
      return original.filter((v) => !drop.has(v));
    }
    merged = deduplicateScalars([...original, ...patch]);
  } else {
    if (!mergeKey) throw new PatchError(`cannot merge lists without merge key for ${field}`);
    let live: Slice;
    [live, patch] = mergeSpecialElements({ arr: original, len: original.length }, patch, mergeKey);
    original = live.arr.slice(0, live.len);
    merged = mergeWithoutSpecialElements(live, patch, mergeKey, meta);
  }
  const [inPatch, serverOnly] = partition(merged, patch, mergeKey);
  return normalizeElementOrder(inPatch, serverOnly, patch, original, mergeKey, kind);
}

/** The kind of every element (all the same, never a list). */
function elementKind(...lists: any[][]): string {
  let prev: string | undefined;
  for (const l of lists)
    for (const v of l) {
      const k = kindOf(v);
      if (prev === undefined) {
        prev = k;
        if (k === 'slice') throw errNoListOfLists();
      } else if (prev !== k) throw new PatchError(`list element types are not identical: [${lists.map(goValueList).join(' ')}]`);
    }
  if (prev === undefined) throw new PatchError('no elements in any of the given slices');
  return prev;
}

/** Go's in-place deduplication: a later duplicate is overwritten by the last element. */
function deduplicateScalars(s: any[]): any[] {
  let length = s.length - 1;
  for (let i = 0; i < length; i++)
    for (let j = i + 1; j <= length; j++)
      if (s[i] === s[j]) {
        s[j] = s[length];
        s = s.slice(0, length);
        length--;
        j--;
      }
  return s;
}

/**
 * A Go slice over a backing array: strategicpatch deletes and appends in place, and the caller
 * that still holds the live list (the $setElementOrder pass) sees those writes. The live order
 * it sorts by, and so the order of the result, depends on it; upstream's tables encode it.
 */
interface Slice {
  arr: any[];
  len: number;
}

/** `$patch: delete` items remove their match; `$patch: replace` makes the patch the whole list. */
function mergeSpecialElements(original: Slice, patch: any[], mergeKey: string): [Slice, any[]] {
  const rest: any[] = [];
  let replace = false;
  for (const v of patch) {
    if (!(DIRECTIVE in v)) {
      rest.push(v);
      continue;
    }
    const d = v[DIRECTIVE];
    if (d === 'delete') {
      if (!(mergeKey in v)) throw errNoMergeKey(v, mergeKey);
      // append(original[:i], original[i+1:]...): the tail moves left inside the same array.
      for (let i = findByKey(original, mergeKey, v[mergeKey]); i >= 0; i = findByKey(original, mergeKey, v[mergeKey])) {
        original.arr.copyWithin(i, i + 1, original.len);
        original.len--;
      }
    } else if (d === 'replace') replace = true;
    else if (d === 'merge') throw new PatchError('merging lists cannot yet be specified in the patch');
    else throw errBadPatchType(d, v);
  }
  return replace ? [{ arr: rest, len: rest.length }, []] : [original, rest];
}

function findByKey(s: Slice, mergeKey: string, value: unknown): number {
  for (let i = 0; i < s.len; i++) {
    if (!isMap(s.arr[i])) throw new PatchError(`value for key ${i} is not a map`);
    if (mergeKey in s.arr[i] && s.arr[i][mergeKey] === value) return i;
  }
  return -1;
}

function mergeWithoutSpecialElements(original: Slice, patch: any[], mergeKey: string, meta: Meta): any[] {
  let s = { ...original };
  for (const v of patch) {
    if (!(mergeKey in v)) throw errNoMergeKey(v, mergeKey);
    const i = findByKey(s, mergeKey, v[mergeKey]);
    if (i >= 0) s.arr[i] = mergeMap(s.arr[i], v, meta);
    else if (s.len < s.arr.length) s.arr[s.len++] = v; // within capacity: written in place
    else s = { arr: [...s.arr.slice(0, s.len), v], len: s.len + 1 }; // grown: a new array
  }
  return s.arr.slice(0, s.len);
}

/** Splits items into those present in `by` (by merge key, or by value) and the rest. */
function partition(items: any[], by: any[], mergeKey: string): [any[], any[]] {
  const inBy: any[] = [];
  const rest: any[] = [];
  for (const v of items) {
    let found: boolean;
    if (!mergeKey) found = by.includes(v);
    else {
      if (!isMap(v)) throw errBadArgType('map[string]interface {}', v);
      if (!(mergeKey in v)) throw errNoMergeKey(v, mergeKey);
      found = by.some((b, idx) => {
        if (!isMap(b)) throw new PatchError(`value for key ${idx} is not a map`);
        return mergeKey in b && b[mergeKey] === v[mergeKey];
      });
    }
    (found ? inBy : rest).push(v);
  }
  return [inBy, rest];
}

function indexIn(list: any[], v: any, mergeKey: string, kind: string): number {
  const val = (x: any) => (kind === 'map' ? (isMap(x) ? x[mergeKey] : undefined) : x);
  return list.findIndex((x) => val(x) === val(v));
}

function extractToDelete(l: any[]): [any[], any[]] {
  const keep: any[] = [];
  const del: any[] = [];
  for (const v of l) {
    if (!isMap(v)) throw errBadArgType('map[string]interface {}', v);
    (v[DIRECTIVE] === 'delete' ? del : keep).push(v);
  }
  return [keep, del];
}

/** Orders patch items by the patch's order and server-only items by the live order, then interleaves them. */
function normalizeElementOrder(patch: any[], serverOnly: any[], patchOrder: any[], serverOrder: any[], mergeKey: string, kind: string): any[] {
  const p = normalizeSliceOrder(patch, patchOrder, mergeKey, kind);
  const s = normalizeSliceOrder(serverOnly, serverOrder, mergeKey, kind);
  return mergeSortedSlice(s, p, serverOrder, mergeKey, kind);
}

function normalizeSliceOrder(toSort: any[], order: any[], mergeKey: string, kind: string): any[] {
  let toDelete: any[] = [];
  if (kind === 'map') {
    for (const l of [toSort, order])
      for (const item of l) {
        if (!isMap(item)) throw errBadArgType('map[string]interface {}', item);
        if (!(mergeKey in item)) throw errNoMergeKey(item, mergeKey);
      }
    [toSort, toDelete] = extractToDelete(toSort);
  }
  // sort.SliceStable is an insertion sort for short lists; its less() is not a strict order
  // (an item missing from `order` sorts before anything), so the algorithm itself matters.
  const less = (a: any, b: any) => {
    const ia = indexIn(order, a, mergeKey, kind);
    if (ia >= 0) {
      const ib = indexIn(order, b, mergeKey, kind);
      if (ib >= 0) return ia < ib;
    }
    return true;
  };
  const s = [...toSort];
  for (let i = 1; i < s.length; i++)
    for (let j = i; j > 0 && less(s[j], s[j - 1]); j--) [s[j], s[j - 1]] = [s[j - 1], s[j]];
  return [...s, ...toDelete];
}

/** Inserts each `left` item into `right` before the first item that follows it in serverOrder. */
function mergeSortedSlice(left: any[], right: any[], serverOrder: any[], mergeKey: string, kind: string): any[] {
  const out: any[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i >= left.length) out.push(right[j++]);
    else if (j >= right.length) out.push(left[i++]);
    else {
      const li = indexIn(serverOrder, left[i], mergeKey, kind);
      const ri = indexIn(serverOrder, right[j], mergeKey, kind);
      if (li >= 0 && ri >= 0 && li < ri) out.push(left[i++]);
      else out.push(right[j++]);
    }
  }
  return out;
}

/** A new value taken from the patch loses maps that carry `$patch` (and list items that do). */
function removeDirectives(v: any): [any, boolean] {
  if (isMap(v)) {
    if (DIRECTIVE in v) return [null, false];
    for (const k of Object.keys(v)) {
      const [nv, keep] = removeDirectives(v[k]);
      if (keep) v[k] = nv;
      else delete v[k];
    }
    return [v, true];
  }
  if (Array.isArray(v)) {
    const out: any[] = [];
    for (const x of v) {
      const [nx, keep] = removeDirectives(x);
      if (keep) out.push(nx);
    }
    return [out, true];
  }
  return [v, true];
}

function discardNulls(v: any): void {
  if (isMap(v)) {
    for (const k of Object.keys(v)) {
      if (v[k] === null) delete v[k];
      else discardNulls(v[k]);
    }
  } else if (Array.isArray(v)) v.forEach(discardNulls);
}

/**
 * Directive keys left in new items (a `$retainKeys` in an appended list item) are unknown fields
 * of the Go types, dropped when the result is decoded: the stored object never holds them. A
 * runtime.RawExtension (a ControllerRevision's data) keeps its bytes as they are, directives too.
 */
function stripDirectives<T>(v: T, meta: Meta): T {
  if (Array.isArray(v)) return v.map((x) => stripDirectives(x, meta)) as T;
  if (!isMap(v)) return v;
  const out: JSONMap = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === DIRECTIVE || k === RETAIN_KEYS || k.startsWith(SET_ELEMENT_ORDER + '/') || k.startsWith(DELETE_FROM_PRIMITIVE_LIST + '/')) continue;
    out[k] = fieldOf(meta.schema, meta.type, k)?.raw ? x : stripDirectives(x, subMeta(meta, k));
  }
  return out as T;
}
