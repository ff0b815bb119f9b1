import { since } from './age';
import { AGE, NAME } from './columns';
import { SWAGGER_DOC } from './swagger-docs';
import { column, type TableHandler } from './types';

function listWithMore(list: string[], more: boolean, count: number, max: number): string {
  const ret = list.join(',');
  if (more) return `${ret} + ${count - max} more...`;
  return ret || '<unset>';
}

/** printEndpointSlice: ADDRESSTYPE, PORTS and ENDPOINTS (three at most, "+ N more..."). */
export const endpointSlicePrinter: TableHandler = {
  columns: [
    NAME,
    column('AddressType', 'string', SWAGGER_DOC.EndpointSlice.addressType),
    column('Ports', 'string', SWAGGER_DOC.EndpointSlice.ports),
    column('Endpoints', 'string', SWAGGER_DOC.EndpointSlice.endpoints),
    AGE,
  ],
  row(es, { nowMs }) {
    const max = 3;
    const ports: string[] = [];
    let pcount = 0;
    let pmore = false;
    for (const p of es.ports ?? []) {
      if (ports.length < max) ports.push(p.port !== undefined && p.port !== null ? String(p.port) : p.name ?? '*');
      else pmore = true;
      pcount++;
    }
    const eps: string[] = [];
    let ecount = 0;
    let emore = false;
    for (const e of es.endpoints ?? [])
      for (const a of e.addresses ?? []) {
        if (eps.length < max) eps.push(a);
        else emore = true;
        ecount++;
      }
    return { cells: [es.metadata.name!, es.addressType ?? '', listWithMore(ports, pmore, pcount, max), listWithMore(eps, emore, ecount, max), since(es.metadata.creationTimestamp, nowMs)] };
  },
};
