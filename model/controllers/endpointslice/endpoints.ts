/**
 * What the EndpointSlice controller derives from one Pod for one Service
 * (pkg/controller/endpointslice/utils.go and endpointslice/util): whether the Pod belongs in
 * the Service's endpoints, its endpoint (address, conditions, node, target reference), and the
 * ports it serves, each Service port's targetPort resolved against the Pod's containers.
 */
import { canonicalJSON, type KObject } from '../../api/meta';
import { isPodReady } from '../util/podutil';
import { mutant } from '../../sim/mutants';

/** discovery.k8s.io/v1 EndpointPort. */
export interface EndpointPort {
  name: string;
  port: number;
  protocol: string;
  appProtocol?: string;
}

/** discovery.k8s.io/v1 Endpoint, as the controller writes it. */
export interface Endpoint {
  addresses: string[];
  conditions: { ready: boolean; serving: boolean; terminating: boolean };
  hostname?: string;
  zone?: string;
  nodeName?: string;
  targetRef: { kind: 'Pod'; namespace: string; name: string; uid: string };
}

/** The node label an endpoint's zone comes from (v1.LabelTopologyZone). */
export const LABEL_TOPOLOGY_ZONE = 'topology.kubernetes.io/zone';

/**
 * endpointsliceutil.ShouldPodBeInEndpoints(pod, includeTerminating): not Succeeded or Failed,
 * and it has an IP; a terminating Pod only when includeTerminating (the controller passes true:
 * terminating Pods stay, marked terminating).
 */
export function shouldPodBeInEndpoints(pod: KObject, includeTerminating = true): boolean {
  const phase = pod.status.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return false;
  if (!pod.status.podIP && !pod.status.podIPs?.length) return false;
  return includeTerminating || !pod.metadata.deletionTimestamp;
}

/** endpointsliceutil.ShouldSetHostname: a hostname, in a subdomain named after the Service, in its namespace. */
export function shouldSetHostname(pod: KObject, svc: KObject): boolean {
  return !!pod.spec.hostname && pod.spec.subdomain === svc.metadata.name && pod.metadata.namespace === svc.metadata.namespace;
}

/** getEndpointAddresses for an IPv4 slice: the Pod's IPv4 addresses, in the order of status.podIPs. */
function endpointAddresses(pod: KObject): string[] {
  // Stryker disable next-line ArrayDeclaration: a Pod with an IP has podIPs (the kubelet sets both; upstream's API server fills podIPs from podIP)
  const ips: string[] = (pod.status.podIPs ?? []).map((p: { ip: string }) => p.ip);
  return ips.filter((ip) => !ip.includes(':'));
}

/**
 * podToEndpoint: serving is the Pod's readiness; ready is serving and not terminating, or
 * always with publishNotReadyAddresses (for compatibility, ready is never true for a
 * terminating Pod otherwise). The zone is the node's topology label.
 */
export function podToEndpoint(pod: KObject, node: KObject | undefined, svc: KObject): Endpoint {
  const serving = isPodReady(pod) || mutant('endpointslice-not-ready-endpoint-ready');
  const terminating = !!pod.metadata.deletionTimestamp;
  const ready = svc.spec.publishNotReadyAddresses === true || (serving && (!terminating || mutant('endpointslice-terminating-stays-ready')));
  // A field left undefined is left out of the JSON, as upstream leaves a nil pointer out.
  return {
    addresses: endpointAddresses(pod),
    conditions: { ready, serving, terminating },
    targetRef: { kind: 'Pod', namespace: pod.metadata.namespace!, name: pod.metadata.name!, uid: pod.metadata.uid! },
    hostname: shouldSetHostname(pod, svc) ? pod.spec.hostname : undefined,
    // The node's zone label, unless empty.
    zone: node?.metadata.labels?.[LABEL_TOPOLOGY_ZONE] || undefined,
    nodeName: pod.spec.nodeName || undefined,
  };
}

/**
 * podEndpointsChanged: [podChanged, labelsChanged]. The Pod changed for its endpoint when its
 * deletion timestamp, readiness or IPs changed; its labels (or hostname and subdomain, which
 * decide its DNS name) changed its Service membership. The node name is not looked at: it is
 * set before the Pod has an IP, so before any endpoint refers to it.
 */
export function podEndpointsChanged(old: KObject, pod: KObject): [boolean, boolean] {
  const labelsChanged =
    canonicalJSON(old.metadata.labels ?? {}) !== canonicalJSON(pod.metadata.labels ?? {}) ||
    (old.spec.hostname ?? '') !== (pod.spec.hostname ?? '') ||
    (old.spec.subdomain ?? '') !== (pod.spec.subdomain ?? '');
  if ((old.metadata.deletionTimestamp ?? null) !== (pod.metadata.deletionTimestamp ?? null)) return [true, labelsChanged];
  if (isPodReady(old) !== isPodReady(pod)) return [true, labelsChanged];
  const oldIPs: { ip: string }[] = old.status.podIPs ?? [];
  const newIPs: { ip: string }[] = pod.status.podIPs ?? [];
  if (oldIPs.length !== newIPs.length) return [true, labelsChanged];
  for (let i = 0; i < oldIPs.length; i++) if (oldIPs[i].ip !== newIPs[i].ip) return [true, labelsChanged];
  return [false, labelsChanged];
}

/**
 * determineNeededServiceUpdates: after a label change, the Services the Pod joined or left; and
 * when the Pod itself changed too, every Service it was or is in.
 */
export function determineNeededServiceUpdates(oldServices: Set<string>, services: Set<string>, podChanged: boolean): Set<string> {
  if (podChanged) return new Set([...oldServices, ...services]);
  const out = new Set<string>();
  for (const s of oldServices) if (!services.has(s)) out.add(s);
  for (const s of services) if (!oldServices.has(s)) out.add(s);
  return out;
}

/**
 * podutil.FindPort: a numeric targetPort is taken as it is; a named one is looked up among
 * the Pod's container ports with the Service port's protocol (both defaulted to TCP by the API
 * server). Undefined when not found. (A targetPort string is always a name: validation refuses
 * one without a letter.)
 */
export function findPort(pod: KObject, sp: any): number | undefined {
  const tp = sp.targetPort ?? sp.port;
  if (typeof tp === 'number') return tp;
  for (const c of pod.spec.containers) {
    const p = c.ports?.find((p: any) => p.name === tp && p.protocol === sp.protocol);
    if (p) return p.containerPort;
  }
  return undefined;
}

/** getEndpointPorts: one EndpointPort per Service port whose target the Pod has. */
export function endpointPorts(svc: KObject, pod: KObject): EndpointPort[] {
  const out: EndpointPort[] = [];
  // Stryker disable next-line ArrayDeclaration: a stand-in Service port has no port a Pod could serve (a headless Service may have none)
  for (const sp of svc.spec.ports ?? []) {
    const port = findPort(pod, sp);
    if (port === undefined) continue;
    // An appProtocol left undefined is left out of the JSON, as upstream leaves a nil pointer out.
    out.push({ name: sp.name ?? '', port, protocol: sp.protocol, appProtocol: sp.appProtocol });
  }
  return out;
}
