import type { KObject } from '../../api/meta';
import { since } from './age';
import { AGE, NAME } from './columns';
import { formatLabels } from './format';
import { SWAGGER_DOC } from './swagger-docs';
import { column, type TableHandler } from './types';

/**
 * getServiceExternalIP. loadBalancerStatusStringer clips the addresses to 16 characters only
 * when not wide, and the API server always prints wide: a Table carries them whole.
 */
function externalIP(svc: KObject): string {
  const spec = svc.spec ?? {};
  const ext: string[] = spec.externalIPs ?? [];
  switch (spec.type) {
    case 'ClusterIP':
    case 'NodePort':
      return ext.length ? ext.join(',') : '<none>';
    case 'LoadBalancer': {
      const ips = [...new Set((svc.status?.loadBalancer?.ingress ?? []).map((i: any) => i.ip || i.hostname).filter(Boolean) as string[])].sort();
      const lb = ips.join(',');
      if (ext.length) return [...(lb ? lb.split(',') : []), ...ext].join(',');
      return lb || '<pending>';
    }
    case 'ExternalName':
      return spec.externalName ?? '';
  }
  return '<unknown>';
}

/** printService: TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE; wide SELECTOR. */
export const servicePrinter: TableHandler = {
  columns: [
    NAME,
    column('Type', 'string', SWAGGER_DOC.ServiceSpec.type),
    column('Cluster-IP', 'string', SWAGGER_DOC.ServiceSpec.clusterIP),
    column('External-IP', 'string', SWAGGER_DOC.ServiceSpec.externalIPs),
    column('Port(s)', 'string', SWAGGER_DOC.ServiceSpec.ports),
    AGE,
    column('Selector', 'string', SWAGGER_DOC.ServiceSpec.selector, { priority: 1 }),
  ],
  row(svc, { nowMs }) {
    const spec = svc.spec ?? {};
    const ports = (spec.ports ?? []).map((p: any) => (p.nodePort > 0 ? `${p.port}:${p.nodePort}/${p.protocol}` : `${p.port}/${p.protocol}`)).join(',');
    return { cells: [svc.metadata.name!, spec.type ?? '', spec.clusterIPs?.[0] ?? '<none>', externalIP(svc), ports || '<none>', since(svc.metadata.creationTimestamp, nowMs), formatLabels(spec.selector)] };
  },
};
