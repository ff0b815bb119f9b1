/**
 * The trace: every API request, etcd read and write, watch delivery and CRI call, with the
 * virtual time and the component that acted. Scenarios assert cause, order and ownership on it.
 */
export type TraceKind = 'api' | 'etcd' | 'watch' | 'cri' | 'process' | 'netfilter';

export interface TraceEntry {
  /** Sequence number: total order of the run. */
  seq: number;
  /** Milliseconds of virtual time since the simulation began. */
  t: number;
  kind: TraceKind;
  /** The acting component, e.g. "kube-scheduler", "kubelet/k8s-worker-1", "kubectl". */
  actor: string;
  /** e.g. "create", "get", "put", "RunPodSandbox", "ADDED". */
  verb: string;
  /** e.g. "pods/default/nginx-abc", "/registry/pods/default/nginx-abc". */
  target: string;
  /** Free detail, e.g. the HTTP code or the subresource. */
  detail?: string;
}

export interface TraceMark {
  length: number;
  seq: number;
}

export class Trace {
  readonly entries: TraceEntry[] = [];
  enabled = true;
  private seq = 0;

  constructor(private readonly now: () => number) {}

  /** Records an entry; the caller may fill in its detail later (a request's response code). */
  record(kind: TraceKind, actor: string, verb: string, target: string, detail?: string): TraceEntry {
    const e: TraceEntry = { seq: this.seq++, t: this.now(), kind, actor, verb, target, detail };
    if (this.enabled) this.entries.push(e);
    return e;
  }

  /** Where the trace stands now, for rewind(). */
  mark(): TraceMark {
    return { length: this.entries.length, seq: this.seq };
  }

  /**
   * Forgets what was recorded after a mark. Only for a cluster whose state is otherwise as it
   * was at the mark (the suite's pool hands a booted cluster that a scenario only read from to
   * the next scenario, as if freshly booted).
   */
  rewind(mark: TraceMark): void {
    this.entries.length = mark.length;
    this.seq = mark.seq;
  }

  /** Entries matching every given field (detail and target match as substrings). */
  find(q: Partial<Omit<TraceEntry, 'seq' | 't'>>): TraceEntry[] {
    return this.entries.filter(
      (e) =>
        (q.kind === undefined || e.kind === q.kind) &&
        (q.actor === undefined || e.actor === q.actor) &&
        (q.verb === undefined || e.verb === q.verb) &&
        (q.target === undefined || e.target.includes(q.target)) &&
        (q.detail === undefined || (e.detail ?? '').includes(q.detail)),
    );
  }

  first(q: Partial<Omit<TraceEntry, 'seq' | 't'>>): TraceEntry | undefined {
    return this.find(q)[0];
  }
}
