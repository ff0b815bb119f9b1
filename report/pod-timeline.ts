import type { EtcdStore, WatchEvent } from '../model/etcd/store';
import type { KObject } from '../model/api/meta';
import { decode } from '../model/apiserver/objects';
import { podPrinter } from '../model/apiserver/printers/pod';
import type { Trace, TraceEntry } from '../model/sim/trace';

/**
 * What `kubectl get pods -w` would have shown during a scenario: each Pod's STATUS column (the
 * Pod printer's own reasoning: Pending, ContainerCreating, Running, Terminating, …) each time it
 * changed, on virtual time. Read back from etcd's history of the Pods' keys, timed by the
 * trace's record of the write that made each revision.
 */
export interface PodState {
  /** Virtual ms the revision was written. */
  t: number;
  status: string;
  ready: string;
}

export interface PodHistory {
  /** namespace/name */
  name: string;
  states: PodState[];
  /** Virtual ms the Pod's key was deleted, if it was. */
  deleted?: number;
}

/**
 * The Pods written at or after `fromRevision`, in the order they were first written. Undefined
 * when etcd no longer has that history (compacted, or restored from a snapshot).
 */
export function podHistories(etcd: EtcdStore, trace: Trace, fromRevision: number, entries: readonly TraceEntry[]): PodHistory[] | undefined {
  const events: WatchEvent[] = [];
  // Reading etcd's history is the report's doing, not the cluster's: kept out of the trace.
  const wasTracing = trace.enabled;
  trace.enabled = false;
  try {
    const cancel = etcd.watch('/registry/pods/', fromRevision, (evs) => events.push(...evs));
    cancel();
  } catch {
    return undefined;
  } finally {
    trace.enabled = wasTracing;
  }
  const timeOf = new Map<number, number>();
  for (const e of entries) if (e.kind === 'etcd' && (e.verb === 'put' || e.verb === 'delete') && e.detail?.startsWith('rev=')) timeOf.set(Number(e.detail.slice(4)), e.t);
  const pods = new Map<string, PodHistory>();
  for (const ev of events) {
    const name = ev.kv.key.slice('/registry/pods/'.length);
    const t = timeOf.get(ev.kv.modRevision);
    if (t === undefined) continue;
    let h = pods.get(name);
    if (!h) pods.set(name, (h = { name, states: [] }));
    if (ev.type === 'DELETE') {
      h.deleted = t;
      continue;
    }
    let pod: KObject;
    try {
      pod = decode(ev.kv.value, ev.kv.modRevision);
    } catch {
      continue;
    }
    const cells = podPrinter.row(pod, { nowMs: t }).cells;
    const state = { t, status: String(cells[2]), ready: String(cells[1]) };
    const last = h.states[h.states.length - 1];
    // kubectl get -w prints every change; the picture only needs the column to change.
    if (!last || last.status !== state.status || last.ready !== state.ready) h.states.push(state);
  }
  return [...pods.values()].filter((h) => h.states.length > 0);
}
