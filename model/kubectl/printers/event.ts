import { since } from './age';
import type { TablePrinter } from './types';

/** printEvent: LAST SEEN TYPE REASON OBJECT MESSAGE; wide adds SUBOBJECT SOURCE FIRST SEEN COUNT NAME. */
export const eventPrinter: TablePrinter = {
  columns: [
    { name: 'LAST SEEN' },
    { name: 'TYPE' },
    { name: 'REASON' },
    { name: 'OBJECT' },
    { name: 'SUBOBJECT', wide: true },
    { name: 'SOURCE', wide: true },
    { name: 'MESSAGE' },
    { name: 'FIRST SEEN', wide: true },
    { name: 'COUNT', wide: true },
    { name: 'NAME', wide: true },
  ],
  row(e, { wide, nowMs }) {
    let first = e.firstTimestamp ? since(e.firstTimestamp, nowMs) : since(e.eventTime, nowMs);
    let last = e.lastTimestamp ? since(e.lastTimestamp, nowMs) : first;
    let count = e.count ?? 0;
    if (e.series) {
      last = since(e.series.lastObservedTime, nowMs);
      count = e.series.count;
    } else if (!count) count = 1;
    const io = e.involvedObject ?? {};
    const target = io.name ? `${String(io.kind ?? '').toLowerCase()}/${io.name}` : String(io.kind ?? '').toLowerCase();
    const message = String(e.message ?? '').trim();
    if (!wide) return [last, e.type ?? '', e.reason ?? '', target, message];
    const component = e.source?.component || e.reportingComponent || '';
    const host = e.source?.host || e.reportingInstance || '';
    const source = host ? `${component}, ${host}` : component;
    return [last, e.type ?? '', e.reason ?? '', target, io.fieldPath ?? '', source, message, first, String(count), e.metadata.name!];
  },
};
