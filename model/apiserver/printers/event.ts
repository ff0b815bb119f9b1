import { since } from './age';
import { NAME } from './columns';
import { SWAGGER_DOC } from './swagger-docs';
import { column, type TableHandler } from './types';

/** printEvent: LAST SEEN TYPE REASON OBJECT MESSAGE; wide adds SUBOBJECT SOURCE FIRST SEEN COUNT (int64) NAME. */
export const eventPrinter: TableHandler = {
  columns: [
    column('Last Seen', 'string', SWAGGER_DOC.Event.lastTimestamp),
    column('Type', 'string', SWAGGER_DOC.Event.type),
    column('Reason', 'string', SWAGGER_DOC.Event.reason),
    column('Object', 'string', SWAGGER_DOC.Event.involvedObject),
    column('Subobject', 'string', SWAGGER_DOC.ObjectReference.fieldPath, { priority: 1 }),
    column('Source', 'string', SWAGGER_DOC.Event.source, { priority: 1 }),
    column('Message', 'string', SWAGGER_DOC.Event.message),
    column('First Seen', 'string', SWAGGER_DOC.Event.firstTimestamp, { priority: 1 }),
    column('Count', 'string', SWAGGER_DOC.Event.count, { priority: 1 }),
    { ...NAME, priority: 1 },
  ],
  row(e, { nowMs }) {
    const first = e.firstTimestamp ? since(e.firstTimestamp, nowMs) : since(e.eventTime, nowMs);
    let last = e.lastTimestamp ? since(e.lastTimestamp, nowMs) : first;
    let count = e.count ?? 0;
    if (e.series) {
      last = since(e.series.lastObservedTime, nowMs);
      count = e.series.count;
    } else if (!count) count = 1; // singleton events of the events.k8s.io API carry no count
    const io = e.involvedObject ?? {};
    const target = io.name ? `${String(io.kind ?? '').toLowerCase()}/${io.name}` : String(io.kind ?? '').toLowerCase();
    // formatEventSource: the reporting controller and instance stand in for an empty source.
    const component = e.source?.component || e.reportingComponent || '';
    const host = e.source?.host || e.reportingInstance || '';
    const source = host ? `${component}, ${host}` : component;
    return { cells: [last, e.type ?? '', e.reason ?? '', target, io.fieldPath ?? '', source, String(e.message ?? '').trim(), first, count, e.metadata.name!] };
  },
};
