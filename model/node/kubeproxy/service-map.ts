import type { KObject } from '../../api/meta';
import { servicePortNameString } from './names';

/** One Service port as the proxier sees it (proxy.ServicePort). */
export interface ServicePortInfo {
  /** "default/nginx-deployment", "default/kubernetes:https". */
  nameString: string;
  /** The Service port's name ("" when unnamed), to find its EndpointSlice port. */
  portName: string;
  /** Lower case: tcp, udp, sctp. */
  protocol: string;
  clusterIP: string;
  port: number;
  nodePort: number;
  externalIPs: string[];
}

/** One endpoint of a Service port (proxy.Endpoint). */
export interface EndpointInfo {
  ip: string;
  port: number;
  ready: boolean;
  serving: boolean;
  terminating: boolean;
  nodeName?: string;
}

/** "ip:port", net.JoinHostPort: the endpoint's String(), what kube-proxy sorts and hashes. */
export const endpointString = (e: EndpointInfo): string => `${e.ip}:${e.port}`;

/**
 * The Service ports of one Service (ServiceChangeTracker's view): none for headless Services
 * (clusterIP None) or Services without a cluster IP.
 */
export function servicePorts(svc: KObject): ServicePortInfo[] {
  const spec = svc.spec ?? {};
  const ip: string | undefined = spec.clusterIP;
  if (!ip || ip === 'None' || spec.type === 'ExternalName') return [];
  return (spec.ports ?? []).map((p: any) => ({
    nameString: servicePortNameString(svc.metadata.namespace!, svc.metadata.name!, p.name),
    portName: p.name ?? '',
    protocol: String(p.protocol ?? 'TCP').toLowerCase(),
    clusterIP: ip,
    port: Number(p.port),
    nodePort: Number(p.nodePort ?? 0),
    externalIPs: spec.externalIPs ?? [],
  }));
}

/**
 * The endpoints of a Service port from its EndpointSlices (EndpointSliceCache): deduplicated
 * by "ip:port" and sorted by that string, as kube-proxy orders them (so 10.244.1.4:80 comes
 * before 10.244.1.5:80 and 10.244.2.3:80 whatever the slices' order).
 */
export function endpointsFor(port: ServicePortInfo, slices: KObject[]): EndpointInfo[] {
  const set = new Map<string, EndpointInfo>();
  for (const s of slices) {
    if (s.addressType && s.addressType !== 'IPv4') continue;
    for (const sp of s.ports ?? []) {
      if ((sp.name ?? '') !== port.portName || String(sp.protocol ?? 'TCP').toLowerCase() !== port.protocol || !sp.port) continue;
      for (const e of s.endpoints ?? []) {
        const ip = e.addresses?.[0];
        if (!ip) continue;
        const c = e.conditions ?? {};
        const info: EndpointInfo = { ip, port: Number(sp.port), ready: c.ready ?? true, serving: c.serving ?? true, terminating: c.terminating ?? false, nodeName: e.nodeName };
        const key = endpointString(info);
        if (!set.has(key) || !info.terminating) set.set(key, info);
      }
    }
  }
  return [...set.values()].sort((a, b) => (endpointString(a) < endpointString(b) ? -1 : endpointString(a) > endpointString(b) ? 1 : 0));
}

/**
 * CategorizeEndpoints for the Cluster traffic policy: the ready endpoints, or, when none is
 * ready, the serving-and-terminating ones (so a rolling update does not drop connections).
 */
export function clusterEndpoints(all: EndpointInfo[]): EndpointInfo[] {
  const ready = all.filter((e) => e.ready);
  return ready.length ? ready : all.filter((e) => e.serving && e.terminating);
}
