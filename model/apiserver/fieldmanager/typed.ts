/**
 * Values with their schema, as structured-merge-diff's typed package walks them: the field set
 * a value sets (ToFieldSet), the difference of two values (Compare: added, modified, removed),
 * the server-side apply merge of a configuration into the live object (Merge), and the removal
 * of fields (RemoveItems). Types come from strategicpatch/schema.ts (listType, listMapKey,
 * structType, mapType); undescribed objects act as structs and undescribed lists as atomic.
 */
import { semanticEqual } from '../../api/meta';
import { fieldOf, KUBE_SCHEMA, type FieldDef, type Schema } from '../../api/strategicpatch/schema';
import { field, FieldSet, key, value, type Path, type PathElement } from './fieldpath';

/** The type of one value: a struct (named or deduced), a map of elements, a list, or a scalar. */
export interface Type {
  kind: 'struct' | 'map' | 'list' | 'scalar';
  /** The struct's name in the schema (undefined: deduced from the value). */
  name?: string;
  /** Replaced and owned whole. */
  atomic?: boolean;
  listType?: 'atomic' | 'set' | 'map';
  keys?: string[];
  keyDefaults?: Record<string, unknown>;
  /** Element type of a list or map. */
  elem?: FieldDef;
}

export class Typer {
  constructor(private readonly schema: Schema = KUBE_SCHEMA) {}

  /** The type of a value held by a field described by `def` (or by nothing). */
  resolve(def: FieldDef | undefined, v: unknown): Type {
    if (def?.list || (Array.isArray(v) && !def?.map)) {
      const listType = def?.list ?? 'atomic';
      return { kind: 'list', listType, keys: def?.keys, keyDefaults: def?.keyDefaults, atomic: listType === 'atomic', elem: { type: def?.type } };
    }
    if (def?.map) return { kind: 'map', atomic: def.atomic, elem: { type: def.type } };
    if (def?.type) return { kind: 'struct', name: def.type, atomic: this.schema[def.type]?.atomic };
    if (isObject(v)) return { kind: 'struct' };
    return { kind: 'scalar' };
  }

  /** The definition of a struct's or map's child. */
  child(t: Type, k: string): FieldDef | undefined {
    if (t.kind === 'map') return t.elem;
    return fieldOf(this.schema, t.name, k);
  }

  /** The path element of a list item: its keys (map), its value (set), or its index. */
  itemElement(t: Type, item: unknown, i: number): PathElement {
    if (t.listType === 'map' && isObject(item)) {
      const k: Record<string, unknown> = {};
      for (const name of t.keys ?? []) {
        const kv = item[name] ?? t.keyDefaults?.[name];
        if (kv !== undefined) k[name] = kv;
      }
      return key(k);
    }
    if (t.listType === 'set') return value(item);
    return `i:${i}`;
  }

  /** ToFieldSet: the paths a value sets (a configuration's fields, as its applier owns them). */
  toFieldSet(obj: Record<string, unknown>, rootType: string): FieldSet {
    const set = new FieldSet();
    const walk = (v: unknown, t: Type, p: Path) => {
      if (t.kind === 'scalar' || t.atomic) {
        set.insert(p);
        return;
      }
      if (t.kind === 'list') {
        (Array.isArray(v) ? v : []).forEach((item, i) => {
          const pe = [...p, this.itemElement(t, item, i)];
          walk(item, this.resolve(t.elem, item), pe);
          set.insert(pe);
        });
        return;
      }
      if (!isObject(v)) return;
      for (const [k, cv] of Object.entries(v)) {
        if (cv === undefined) continue;
        const cp = [...p, field(k)];
        walk(cv, this.resolve(this.child(t, k), cv), cp);
        // A map's entries are members; a struct's fields only when null or empty.
        if (cv === null || (isObject(cv) && Object.keys(cv).length === 0) || t.kind === 'map') set.insert(cp);
      }
    };
    walk(obj, { kind: 'struct', name: rootType }, []);
    return set;
  }

  /** Compare: what `rhs` added, modified and removed relative to `lhs`. */
  compare(lhs: unknown, rhs: unknown, rootType: string): { added: FieldSet; modified: FieldSet; removed: FieldSet } {
    const added = new FieldSet();
    const modified = new FieldSet();
    const removed = new FieldSet();
    const walk = (l: unknown, r: unknown, def: FieldDef | undefined, p: Path, rootT?: Type) => {
      const t = rootT ?? this.resolve(def, r !== undefined && r !== null ? r : l);
      const leaf = () => {
        if (l !== undefined && r !== undefined) {
          if (!semanticEqual(l, r)) modified.insert(p);
        } else if (l !== undefined) removed.insert(p);
        else if (r !== undefined) added.insert(p);
      };
      const emptyish = (v: unknown) => v === undefined || v === null || (Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0);
      if (t.kind === 'scalar' || t.atomic || (emptyish(l) && emptyish(r)) || !sameShape(l, r)) {
        leaf();
        return;
      }
      if (t.kind === 'list') {
        const li = index(this, t, l);
        const ri = index(this, t, r);
        for (const [pe, rv] of ri) walk(li.get(pe), rv, t.elem, [...p, pe]);
        for (const [pe, lv] of li) if (!ri.has(pe)) walk(lv, undefined, t.elem, [...p, pe]);
      } else {
        const lo = isObject(l) ? l : {};
        const ro = isObject(r) ? r : {};
        for (const k of Object.keys(ro)) if (ro[k] !== undefined) walk(lo[k], ro[k], this.child(t, k), [...p, field(k)]);
        for (const k of Object.keys(lo)) if (lo[k] !== undefined && ro[k] === undefined) walk(lo[k], undefined, this.child(t, k), [...p, field(k)]);
      }
      if (p.length && l === undefined) added.insert(p);
      else if (p.length && r === undefined) removed.insert(p);
    };
    walk(lhs, rhs, undefined, [], { kind: 'struct', name: rootType });
    return { added, modified, removed };
  }

  /** Merge: the configuration `rhs` applied over the live `lhs`; list maps and sets merge by item. */
  merge(lhs: unknown, rhs: unknown, rootType: string): unknown {
    const walk = (l: unknown, r: unknown, t: Type): unknown => {
      if (r === undefined) return l;
      if (l === undefined) return r;
      const empty = (v: unknown) => v === null || (Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0);
      if (t.kind === 'scalar' || t.atomic || (empty(l) && empty(r)) || !sameShape(l, r)) return r;
      if (t.kind === 'list') return this.mergeList(l as unknown[], r as unknown[], t, walk);
      const lo = isObject(l) ? l : {};
      const ro = isObject(r) ? r : {};
      const out: Record<string, unknown> = {};
      for (const k of new Set([...Object.keys(lo), ...Object.keys(ro)])) {
        const def = this.child(t, k);
        const v = walk(lo[k], ro[k], this.resolve(def, ro[k] ?? lo[k]));
        if (v !== undefined) out[k] = v;
      }
      return out;
    };
    return walk(lhs, rhs, { kind: 'struct', name: rootType });
  }

  /**
   * visitListItems of the merging walker: items only in the live list keep their place, the
   * configuration's items come in its order, shared items where the configuration puts them.
   */
  private mergeList(lhs: unknown[], rhs: unknown[], t: Type, walk: (l: unknown, r: unknown, t: Type) => unknown): unknown[] {
    const lPE = (Array.isArray(lhs) ? lhs : []).map((v, i) => this.itemElement(t, v, i));
    const rPE = (Array.isArray(rhs) ? rhs : []).map((v, i) => this.itemElement(t, v, i));
    const lByPE = new Map(lPE.map((pe, i) => [pe, lhs[i]]));
    const rByPE = new Map(rPE.map((pe, i) => [pe, rhs[i]]));
    const shared = rPE.filter((pe) => lByPE.has(pe));
    let nextShared = shared.shift();
    const mergedR = new Set<PathElement>();
    const out: unknown[] = [];
    const item = (pe: PathElement, l: unknown, r: unknown) => {
      const v = walk(l, r, this.resolve(t.elem, r ?? l));
      if (v !== undefined) out.push(v);
    };
    let lI = 0;
    let rI = 0;
    while (lI < lPE.length || rI < rPE.length) {
      if (lI < lPE.length && rI < rPE.length) {
        const pe = lPE[lI];
        if (pe === rPE[rI]) {
          mergedR.add(pe);
          item(pe, lByPE.get(pe), rByPE.get(pe));
          lI++;
          rI++;
          nextShared = shared.shift();
          continue;
        }
        if (rByPE.has(pe) && nextShared !== undefined && nextShared !== pe) {
          lI++;
          continue;
        }
      }
      if (lI < lPE.length) {
        const pe = lPE[lI];
        if (!rByPE.has(pe)) {
          item(pe, lhs[lI], undefined);
          lI++;
          continue;
        } else if (mergedR.has(pe)) lI++;
      }
      if (rI < rPE.length) {
        const pe = rPE[rI];
        mergedR.add(pe);
        item(pe, lByPE.get(pe), rByPE.get(pe));
        rI++;
        if (nextShared !== undefined && nextShared === pe) nextShared = shared.shift();
      }
    }
    return out;
  }

  /** RemoveItems: drops each member path of `set` from the value (map entries and list items). */
  removeItems(obj: Record<string, unknown>, set: FieldSet, rootType: string): Record<string, unknown> {
    const walk = (v: unknown, t: Type, p: Path): unknown => {
      if (t.kind === 'scalar' || t.atomic) return v;
      if (t.kind === 'list') {
        if (!Array.isArray(v)) return v;
        const out: unknown[] = [];
        v.forEach((item, i) => {
          const pe = [...p, this.itemElement(t, item, i)];
          if (set.has(pe)) return;
          out.push(set.hasChildrenOf(pe) ? walk(item, this.resolve(t.elem, item), pe) : item);
        });
        return out;
      }
      if (!isObject(v)) return v;
      const out: Record<string, unknown> = {};
      for (const [k, cv] of Object.entries(v)) {
        const cp = [...p, field(k)];
        if (set.has(cp)) continue;
        out[k] = set.hasChildrenOf(cp) ? walk(cv, this.resolve(this.child(t, k), cv), cp) : cv;
      }
      return out;
    };
    return walk(obj, { kind: 'struct', name: rootType }, []) as Record<string, unknown>;
  }
}

function isObject(v: unknown): v is Record<string, any> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Both sides hold the same kind of container (or one side is absent or null). */
function sameShape(l: unknown, r: unknown): boolean {
  if (l === undefined || l === null || r === undefined || r === null) return true;
  return Array.isArray(l) === Array.isArray(r) && isObject(l) === isObject(r);
}

function index(typer: Typer, t: Type, v: unknown): Map<PathElement, unknown> {
  const m = new Map<PathElement, unknown>();
  if (Array.isArray(v)) v.forEach((item, i) => m.set(typer.itemElement(t, item, i), item));
  return m;
}
