/**
 * internal/heap: a binary heap whose items are also found by key, so that a queued Pod can be
 * updated or removed in O(log n) when its informer event arrives.
 */
export class KeyedHeap<T> {
  private readonly items: { key: string; value: T }[] = [];
  private readonly index = new Map<string, number>();

  constructor(private readonly less: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  has(key: string): boolean {
    return this.index.has(key);
  }

  get(key: string): T | undefined {
    const i = this.index.get(key);
    return i === undefined ? undefined : this.items[i].value;
  }

  peek(): T | undefined {
    return this.items[0]?.value;
  }

  /** Adds, or replaces and re-sifts the item with this key. */
  addOrUpdate(key: string, value: T): void {
    const i = this.index.get(key);
    if (i !== undefined) {
      this.items[i].value = value;
      this.fix(i);
      return;
    }
    this.items.push({ key, value });
    this.index.set(key, this.items.length - 1);
    this.up(this.items.length - 1);
  }

  delete(key: string): T | undefined {
    const i = this.index.get(key);
    if (i === undefined) return undefined;
    const removed = this.items[i].value;
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
    this.index.set(this.items[a].key, a);
    this.index.set(this.items[b].key, b);
  }
}
