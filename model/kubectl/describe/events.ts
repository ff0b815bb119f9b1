import type { KObject } from '../../api/meta';
import type { Ctx } from '../kubectl';
import { since } from '../../apiserver/printers/age';
import type { PrefixWriter } from './writer';

/**
 * searchEvents: the events whose involvedObject is the object (by name, namespace and uid,
 * the field selector describe sends). Errors leave the list out, as describe ignores them.
 */
export function searchEvents(ctx: Ctx, obj: KObject, opts: { kind?: string; uid?: string } = {}): KObject[] | undefined {
  const sel = [`involvedObject.name=${obj.metadata.name}`];
  if (obj.metadata.namespace) sel.push(`involvedObject.namespace=${obj.metadata.namespace}`);
  if (opts.kind) sel.push(`involvedObject.kind=${opts.kind}`);
  sel.push(`involvedObject.uid=${opts.uid ?? obj.metadata.uid}`);
  try {
    return ctx.client.list('events', obj.metadata.namespace, { fieldSelector: sel.join(',') }).items;
  } catch {
    return undefined;
  }
}

/** DescribeEvents: "Events:  <none>" or the Type/Reason/Age/From/Message table, oldest first. */
export function describeEvents(w: PrefixWriter, events: KObject[] | undefined, nowMs: number): void {
  if (!events) return;
  if (events.length === 0) {
    w.write(0, 'Events:\t<none>\n');
    return;
  }
  w.flush();
  const sorted = [...events].sort((a, b) => time(a.lastTimestamp) - time(b.lastTimestamp));
  w.write(0, 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n');
  w.write(1, '----\t------\t----\t----\t-------\n');
  for (const e of sorted) {
    const first = e.eventTime ? since(e.eventTime, nowMs) : since(e.firstTimestamp, nowMs);
    let interval = first;
    if (e.series) interval = `${since(e.series.lastObservedTime, nowMs)} (x${e.series.count} over ${first})`;
    else if ((e.count ?? 0) > 1) interval = `${since(e.lastTimestamp, nowMs)} (x${e.count} over ${first})`;
    const source = e.source?.component || e.reportingComponent || '';
    w.write(1, `${e.type ?? ''}\t${e.reason ?? ''}\t${interval}\t${source}\t${String(e.message ?? '').trim()}\n`);
  }
}

function time(t: string | undefined): number {
  return t ? Date.parse(t) : 0;
}
