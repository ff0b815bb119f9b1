/**
 * What the EndpointSlice controller derives from one Pod for one Service
 * (pkg/controller/endpointslice/utils.go and endpointslice/util): whether the Pod belongs in
 * the Service's endpoints, its endpoint (address, conditions, node, target reference), and the
 * ports it serves, each Service port's targetPort resolved against the Pod's containers.
 */
import type { KObject } from '../../api/meta';
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
  nodeName?: string;
  targetRef: { kind: 'Pod'; namespace: string; name: string; uid: string };
}

/**
 * endpointsliceutil.ShouldPodBeInEndpoints(pod, includeTerminating=true): not Succeeded or
 * Failed, and it has an IP. Terminating Pods stay, marked terminating.
 */
export function shouldPodBeInEndpoints(pod: KObject): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return false;
  return !!(pod.status?.podIP || pod.status?.podIPs?.length);
}

/** podEndpoint: ready means serving and not terminating. */
export function podToEndpoint(pod: KObject, svc: KObject): Endpoint {
  const serving = isPodReady(pod) || mutant('endpointslice-not-ready-endpoint-ready');
  const terminating = !!pod.metadata.deletionTimestamp;
  const ep: Endpoint = {
    addresses: [pod.status?.podIP ?? pod.status.podIPs[0].ip],
    conditions: { ready: serving && (!terminating || mutant('endpointslice-terminating-stays-ready')), serving, terminating },
    targetRef: { kind: 'Pod', namespace: pod.metadata.namespace!, name: pod.metadata.name!, uid: pod.metadata.uid! },
  };
  // A Pod with a hostname in a subdomain named after the Service gets a DNS name in it.
  if (pod.spec?.hostname && pod.spec?.subdomain === svc.metadata.name) ep.hostname = pod.spec.hostname;
  if (pod.spec?.nodeName) ep.nodeName = pod.spec.nodeName;
  return ep;
}

/**
 * podutil.FindPort: a numeric targetPort is taken as it is; a named one is looked up among
 * the Pod's container ports with the Service port's protocol. Undefined when not found.
 */
export function findPort(pod: KObject, sp: any): number | undefined {
  const tp = sp.targetPort ?? sp.port;
  if (typeof tp === 'number') return tp;
  const asNumber = Number(tp);
  if (tp !== '' && Number.isInteger(asNumber)) return asNumber;
  for (const c of pod.spec?.containers ?? [])
    for (const p of c?.ports ?? []) if (p?.name === tp && (p.protocol ?? 'TCP') === (sp.protocol ?? 'TCP')) return p.containerPort;
  return undefined;
}

/** getEndpointPorts: one EndpointPort per Service port whose target the Pod has. */
export function endpointPorts(svc: KObject, pod: KObject): EndpointPort[] {
  const out: EndpointPort[] = [];
  for (const sp of svc.spec?.ports ?? []) {
    const port = findPort(pod, sp);
    if (port === undefined) continue;
    const ep: EndpointPort = { name: sp.name ?? '', port, protocol: sp.protocol ?? 'TCP' };
    if (sp.appProtocol) ep.appProtocol = sp.appProtocol;
    out.push(ep);
  }
  return out;
}
