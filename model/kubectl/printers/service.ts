import type { KObject } from '../../api/meta';
import { since } from './age';
import { formatLabels } from './format';
import type { TablePrinter } from './types';

function externalIP(svc: KObject, wide: boolean): string {
  const spec = svc.spec ?? {};
  const ext: string[] = spec.externalIPs ?? [];
  switch (spec.type) {
    case 'ClusterIP':
    case 'NodePort':
      return ext.length ? ext.join(',') : '<none>';
    case 'LoadBalancer': {
      const ips = [...new Set((svc.status?.loadBalancer?.ingress ?? []).map((i: any) => i.ip || i.hostname).filter(Boolean) as string[])].sort();
      let lb = ips.join(',');
      if (!wide && lb.length > 16) lb = lb.slice(0, 13) + '...';
      if (ext.length) return [...(lb ? lb.split(',') : []), ...ext].join(',');
      return lb || '<pending>';
    }
    case 'ExternalName':
      return spec.externalName ?? '';
  }
  return '<unknown>';
}

/** printService: TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE; wide SELECTOR. */
export const servicePrinter: TablePrinter = {
  columns: [{ name: 'NAME' }, { name: 'TYPE' }, { name: 'CLUSTER-IP' }, { name: 'EXTERNAL-IP' }, { name: 'PORT(S)' }, { name: 'AGE' }, { name: 'SELECTOR', wide: true }],
  row(svc, { wide, nowMs }) {
    const spec = svc.spec ?? {};
    const ports = (spec.ports ?? []).map((p: any) => (p.nodePort > 0 ? `${p.port}:${p.nodePort}/${p.protocol}` : `${p.port}/${p.protocol}`)).join(',');
    const row = [svc.metadata.name!, spec.type ?? '', spec.clusterIPs?.[0] ?? '<none>', externalIP(svc, wide), ports || '<none>', since(svc.metadata.creationTimestamp, nowMs)];
    if (wide) row.push(formatLabels(spec.selector));
    return row;
  },
};
