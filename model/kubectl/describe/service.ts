/**
 * describeService as kubectl v1.32 prints it. The Endpoints line comes from the Service's
 * EndpointSlices (formatEndpointSlices): ready addresses with the port's number, in the slices'
 * own order (the real kubectl does not sort them), three at most, then "+ N more...".
 */
import type { KObject } from '../../api/meta';
import type { Ctx } from '../kubectl';
import { formatLabels } from '../../apiserver/printers/format';
import { describeEvents, searchEvents } from './events';
import { PrefixWriter, printAnnotations, printLabels } from './writer';

function formatEndpoints(slices: KObject[], portName: string): string {
  const addrs: { ip: string; port: number }[] = [];
  for (const s of slices)
    for (const p of s.ports ?? [])
      if ((p.name ?? '') === portName)
        for (const e of s.endpoints ?? []) if (e.conditions?.ready !== false) for (const ip of e.addresses ?? []) addrs.push({ ip, port: p.port });
  if (addrs.length === 0) return '<none>';
  const max = 3;
  const list = addrs.slice(0, max).map((a) => `${a.ip}:${a.port}`);
  return addrs.length > max ? `${list.join(',')} + ${addrs.length - max} more...` : list.join(',');
}

export function describeService(ctx: Ctx, svc: KObject, showEvents: boolean): string {
  let slices: KObject[] = [];
  try {
    slices = ctx.client.list('endpointslices', svc.metadata.namespace, { labelSelector: `kubernetes.io/service-name=${svc.metadata.name}` }).items;
  } catch {
    slices = [];
  }
  const events = showEvents ? searchEvents(ctx, svc) : undefined;
  const spec = svc.spec ?? {};
  const w = new PrefixWriter();
  w.write(0, `Name:\t${svc.metadata.name}\n`);
  w.write(0, `Namespace:\t${svc.metadata.namespace}\n`);
  printLabels(w, 'Labels', svc.metadata.labels);
  printAnnotations(w, 'Annotations', svc.metadata.annotations);
  w.write(0, `Selector:\t${formatLabels(spec.selector).replace(/^<none>$/, '<none>')}\n`);
  w.write(0, `Type:\t${spec.type ?? ''}\n`);
  if (spec.ipFamilyPolicy) w.write(0, `IP Family Policy:\t${spec.ipFamilyPolicy}\n`);
  w.write(0, `IP Families:\t${(spec.ipFamilies ?? []).length ? spec.ipFamilies.join(',') : '<none>'}\n`);
  w.write(0, `IP:\t${spec.clusterIP ?? ''}\n`);
  w.write(0, `IPs:\t${(spec.clusterIPs ?? []).length ? spec.clusterIPs.join(',') : '<none>'}\n`);
  if ((spec.externalIPs ?? []).length) w.write(0, `External IPs:\t${spec.externalIPs.join(',')}\n`);
  if (spec.externalName) w.write(0, `External Name:\t${spec.externalName}\n`);
  for (const sp of spec.ports ?? []) {
    const name = sp.name || '<unset>';
    w.write(0, `Port:\t${name}\t${sp.port}/${sp.protocol}\n`);
    w.write(0, `TargetPort:\t${sp.targetPort}/${sp.protocol}\n`);
    if (sp.appProtocol) w.write(0, `AppProtocol:\t${sp.appProtocol}\n`);
    if (sp.nodePort) w.write(0, `NodePort:\t${name}\t${sp.nodePort}/${sp.protocol}\n`);
    w.write(0, `Endpoints:\t${formatEndpoints(slices, sp.name ?? '')}\n`);
  }
  w.write(0, `Session Affinity:\t${spec.sessionAffinity ?? ''}\n`);
  if (spec.externalTrafficPolicy) w.write(0, `External Traffic Policy:\t${spec.externalTrafficPolicy}\n`);
  if (spec.internalTrafficPolicy) w.write(0, `Internal Traffic Policy:\t${spec.internalTrafficPolicy}\n`);
  if (spec.healthCheckNodePort) w.write(0, `HealthCheck NodePort:\t${spec.healthCheckNodePort}\n`);
  describeEvents(w, events, ctx.now());
  return w.toString();
}
