/**
 * The Pod garbage collector's quarantine of unknown node names (its nodeQueue, a client-go
 * delaying queue named orphaned_pods_nodes): a name a Pod is bound to but the node informer does
 * not know is added after quarantineTime (40 s), so that a Node the informer has not seen yet is
 * not taken for a deleted one. Adding a name already waiting keeps the earlier time; a name
 * waiting in the queue is there once. On virtual time a name is ready once its time has come;
 * the collector takes every ready name, in the order they became ready.
 */
export class NodeQuarantine {
  /** Names waiting, with the time each becomes ready (the earliest asked for). */
  private readonly waiting = new Map<string, number>();
  /** Names ready, in order, each once. */
  private readonly ready: string[] = [];

  constructor(
    private readonly nowMs: () => number,
    private readonly quarantineMs: number,
  ) {}

  /** AddAfter(name, quarantineTime); a quarantine of 0 or less adds it at once. */
  addAfter(name: string): void {
    if (this.quarantineMs <= 0) return this.add(name);
    const at = this.nowMs() + this.quarantineMs;
    const cur = this.waiting.get(name);
    if (cur === undefined || at < cur) this.waiting.set(name, at);
  }

  private add(name: string): void {
    if (!this.ready.includes(name)) this.ready.push(name);
  }

  /** The names whose time has come moved to the queue (the delaying queue's waiting loop). */
  private promote(): void {
    const now = this.nowMs();
    const due = [...this.waiting].filter(([, at]) => at <= now).sort((a, b) => a[1] - b[1]);
    for (const [name] of due) {
      this.waiting.delete(name);
      this.add(name);
    }
  }

  /** nodeQueue.Len(): the names ready now. */
  len(): number {
    this.promote();
    return this.ready.length;
  }

  /** Get then Done: every ready name, the queue left empty. */
  takeReady(): string[] {
    this.promote();
    return this.ready.splice(0);
  }
}
