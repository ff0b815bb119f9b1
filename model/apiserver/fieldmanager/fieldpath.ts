/**
 * Sets of field paths, as sigs.k8s.io/structured-merge-diff's fieldpath package has them, and
 * their FieldsV1 form in metadata.managedFields: each path element is `f:<field>`,
 * `k:{"name":"nginx"}` (a list item by its keys), `v:<json>` (a set item by value) or `i:<n>`;
 * `".": {}` marks a path that is itself in the set and also has children in it.
 */
import { canonicalJSON } from '../../api/meta';

/** A path element in its serialized form ("f:spec", "k:{\"name\":\"nginx\"}"). */
export type PathElement = string;
export type Path = PathElement[];

export const field = (name: string): PathElement => `f:${name}`;
export const key = (keys: Record<string, unknown>): PathElement => `k:${canonicalJSON(keys)}`;
export const value = (v: unknown): PathElement => `v:${canonicalJSON(v)}`;

interface Node {
  member: boolean;
  children: Map<PathElement, Node>;
}

const node = (): Node => ({ member: false, children: new Map() });

export class FieldSet {
  private readonly root: Node = node();

  static fromFieldsV1(f: unknown): FieldSet {
    const s = new FieldSet();
    const walk = (o: any, n: Node) => {
      for (const [k, v] of Object.entries(o ?? {})) {
        // DeserializePathElement: an element of an unknown kind ("r:...") is dropped.
        if (!/^[fkvi]:/.test(k)) continue;
        const child = node();
        const hasChildren = Object.keys(v ?? {}).some((c) => c !== '.');
        child.member = !hasChildren || '.' in (v as object);
        n.children.set(k, child);
        walk(v, child);
      }
    };
    walk(f, s.root);
    return s;
  }

  static of(...paths: Path[]): FieldSet {
    const s = new FieldSet();
    for (const p of paths) s.insert(p);
    return s;
  }

  insert(p: Path): void {
    let n = this.root;
    for (const pe of p) {
      let c = n.children.get(pe);
      if (!c) n.children.set(pe, (c = node()));
      n = c;
    }
    if (p.length) n.member = true;
  }

  has(p: Path): boolean {
    const n = this.nodeAt(p);
    return !!n && n.member;
  }

  /** Some member lies strictly below `p`. */
  hasChildrenOf(p: Path): boolean {
    const n = this.nodeAt(p);
    return !!n && n.children.size > 0;
  }

  private nodeAt(p: Path): Node | undefined {
    let n: Node | undefined = this.root;
    for (const pe of p) {
      n = n.children.get(pe);
      if (!n) return undefined;
    }
    return n;
  }

  empty(): boolean {
    return this.root.children.size === 0;
  }

  /** Every member path, depth first in the set's order. */
  paths(): Path[] {
    const out: Path[] = [];
    const walk = (n: Node, prefix: Path) => {
      for (const pe of sortedElements(n.children)) {
        const c = n.children.get(pe)!;
        if (c.member) out.push([...prefix, pe]);
        walk(c, [...prefix, pe]);
      }
    };
    walk(this.root, []);
    return out;
  }

  union(o: FieldSet): FieldSet {
    return FieldSet.of(...this.paths(), ...o.paths());
  }

  difference(o: FieldSet): FieldSet {
    return FieldSet.of(...this.paths().filter((p) => !o.has(p)));
  }

  intersection(o: FieldSet): FieldSet {
    return FieldSet.of(...this.paths().filter((p) => o.has(p)));
  }

  /** Without the paths at or under any of `prefixes` (fieldpath's RecursiveDifference of a prefix set). */
  withoutPrefixes(prefixes: Path[]): FieldSet {
    return FieldSet.of(...this.paths().filter((p) => !prefixes.some((q) => q.length <= p.length && q.every((pe, i) => p[i] === pe))));
  }

  /** The FieldsV1 JSON object, children in structured-merge-diff's order. */
  toFieldsV1(): Record<string, any> {
    const enc = (n: Node): Record<string, any> => {
      const o: Record<string, any> = {};
      if (n.member && n.children.size) o['.'] = {};
      for (const pe of sortedElements(n.children)) o[pe] = enc(n.children.get(pe)!);
      return o;
    };
    return enc(this.root);
  }
}

/** PathElement.Compare: field names first, then keys, values and indices; each in its own order. */
function sortedElements(m: Map<PathElement, Node>): PathElement[] {
  const rank: Record<string, number> = { f: 0, k: 1, v: 2, i: 3 };
  return [...m.keys()].sort((a, b) => {
    const ra = rank[a[0]] ?? 4;
    const rb = rank[b[0]] ?? 4;
    if (ra !== rb) return ra - rb;
    const va = a.slice(2);
    const vb = b.slice(2);
    if (a[0] === 'f') return va < vb ? -1 : va > vb ? 1 : 0;
    if (a[0] === 'i') return Number(va) - Number(vb);
    if (a[0] === 'v') return compareValues(JSON.parse(va), JSON.parse(vb));
    // Keys: field by field, by name then by value (the key names are sorted in the JSON).
    const ea = Object.entries(JSON.parse(va));
    const eb = Object.entries(JSON.parse(vb));
    for (let i = 0; i < Math.min(ea.length, eb.length); i++) {
      if (ea[i][0] !== eb[i][0]) return ea[i][0] < eb[i][0] ? -1 : 1;
      const c = compareValues(ea[i][1], eb[i][1]);
      if (c) return c;
    }
    return ea.length - eb.length;
  });
}

/**
 * value.Compare for the scalars keys and set items hold: numbers first (by value), then strings
 * (lexically), then booleans (false first), then anything else, null last.
 */
function compareValues(a: unknown, b: unknown): number {
  const rank = (v: unknown) => (typeof v === 'number' ? 0 : typeof v === 'string' ? 1 : typeof v === 'boolean' ? 2 : v === null ? 4 : 3);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const sa = typeof a === 'string' ? a : canonicalJSON(a);
  const sb = typeof b === 'string' ? b : canonicalJSON(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** fieldpath.Path.String(): `.spec.template.spec.containers[name="nginx"].image`. */
export function pathString(p: Path): string {
  return p
    .map((pe) => {
      const body = pe.slice(2);
      switch (pe[0]) {
        case 'f':
          return `.${body}`;
        case 'k':
          return `[${Object.entries(JSON.parse(body))
            .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
            .join(',')}]`;
        case 'v':
          return `[=${body}]`;
        default:
          return `[${body}]`;
      }
    })
    .join('');
}
