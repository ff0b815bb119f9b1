/** An entry and where it sits in the heap (upstream's heapItem: obj and index). */
interface Item<T> {
  key: string;
  value: T;
  index: number;
}

/**
 * internal/heap: a binary heap whose items are also found by key, so that a queued Pod can be
 * updated or removed in O(log n) when its informer event arrives. Each item carries its own
 * position, so sifting moves no map entries.
 */
export class KeyedHeap<T> {
  private readonly items: Item<T>[] = [];
  private readonly index = new Map<string, Item<T>>();

  constructor(private readonly less: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  has(key: string): boolean {
    return this.index.has(key);
  }

  get(key: string): T | undefined {
    return this.index.get(key)?.value;
  }

  peek(): T | undefined {
    return this.items[0]?.value;
  }

  /** Adds, or replaces and re-sifts the item with this key. */
  addOrUpdate(key: string, value: T): void {
    const item = this.index.get(key);
    if (item !== undefined) {
      item.value = value;
      this.fix(item.index);
      return;
    }
    const added: Item<T> = { key, value, index: this.items.length };
    this.items.push(added);
    this.index.set(key, added);
    this.up(added.index);
  }

  delete(key: string): T | undefined {
    const item = this.index.get(key);
    if (item === undefined) return undefined;
    const i = item.index;
    const removed = item.value;
    const last = this.items.length - 1;
    if (i !== last) this.swap(i, last);
    this.items.pop();
    this.index.delete(key);
    if (i < this.items.length) this.fix(i);
    return removed;
  }

  pop(): T | undefined {
    if (this.items.length === 0) return undefined;
    return this.delete(this.items[0].key);
  }

  values(): T[] {
    return this.items.map((i) => i.value);
  }

  /** Every item in the order pop() would give them. */
  sorted(): T[] {
    return this.values().sort((a, b) => (this.less(a, b) ? -1 : this.less(b, a) ? 1 : 0));
  }

  private fix(i: number): void {
    if (!this.up(i)) this.down(i);
  }

  private up(i: number): boolean {
    let moved = false;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(this.items[i].value, this.items[p].value)) break;
      this.swap(i, p);
      i = p;
      moved = true;
    }
    return moved;
  }

  private down(i: number): void {
    const n = this.items.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && this.less(this.items[l].value, this.items[m].value)) m = l;
      if (r < n && this.less(this.items[r].value, this.items[m].value)) m = r;
      if (m === i) return;
      this.swap(i, m);
      i = m;
    }
  }

  private swap(a: number, b: number): void {
    const t = this.items[a];
    this.items[a] = this.items[b];
    this.items[b] = t;
    this.items[a].index = a;
    this.items[b].index = b;
  }
}
