import type { KObject } from '../../api/meta';
import { podQOSClass } from '../../apiserver/defaults';
import { controllerOf } from '../../api/meta';
import type { Ctx } from '../kubectl';
import { since } from '../../apiserver/printers/age';
import { rfc1123z } from '../printers/rfc1123';
import { describeContainers, describeVolumes } from './containers';
import { describeEvents, searchEvents } from './events';
import { PrefixWriter, printAnnotations, printLabels, printTolerations } from './writer';

/** describePod, field by field as kubectl v1.32 prints it. */
export function describePod(ctx: Ctx, pod: KObject, showEvents: boolean): string {
  const events = showEvents ? searchEvents(ctx, pod) : undefined;
  const w = new PrefixWriter();
  const spec = pod.spec ?? {};
  const status = pod.status ?? {};
  w.write(0, `Name:\t${pod.metadata.name}\n`);
  w.write(0, `Namespace:\t${pod.metadata.namespace}\n`);
  if (spec.priority !== undefined && spec.priority !== null) w.write(0, `Priority:\t${spec.priority}\n`);
  if (spec.priorityClassName) w.write(0, `Priority Class Name:\t${spec.priorityClassName}\n`);
  if (spec.runtimeClassName) w.write(0, `Runtime Class Name:\t${spec.runtimeClassName}\n`);
  if (spec.serviceAccountName) w.write(0, `Service Account:\t${spec.serviceAccountName}\n`);
  w.write(0, spec.nodeName ? `Node:\t${spec.nodeName}/${status.hostIP ?? ''}\n` : 'Node:\t<none>\n');
  if (status.startTime) w.write(0, `Start Time:\t${rfc1123z(status.startTime)}\n`);
  printLabels(w, 'Labels', pod.metadata.labels);
  printAnnotations(w, 'Annotations', pod.metadata.annotations);
  if (pod.metadata.deletionTimestamp && status.phase !== 'Failed' && status.phase !== 'Succeeded') {
    w.write(0, `Status:\tTerminating (lasts ${since(pod.metadata.deletionTimestamp, ctx.now())})\n`);
    w.write(0, `Termination Grace Period:\t${pod.metadata.deletionGracePeriodSeconds ?? 0}s\n`);
  } else w.write(0, `Status:\t${status.phase ?? ''}\n`);
  if (status.reason) w.write(0, `Reason:\t${status.reason}\n`);
  if (status.message) w.write(0, `Message:\t${status.message}\n`);
  if (spec.securityContext?.seccompProfile) w.write(0, `SeccompProfile:\t${spec.securityContext.seccompProfile.type}\n`);
  w.write(0, `IP:\t${status.podIP ?? ''}\n`);
  const ips: any[] = status.podIPs ?? [];
  if (ips.length === 0) w.write(0, 'IPs:\t<none>\n');
  else {
    w.write(0, 'IPs:\n');
    for (const ip of ips) w.write(1, `IP:\t${ip.ip}\n`);
  }
  const ref = controllerOf(pod);
  if (ref) w.write(0, `Controlled By:\t${ref.kind}/${ref.name}\n`);
  if (status.nominatedNodeName) w.write(0, `NominatedNodeName:\t${status.nominatedNodeName}\n`);
  if (spec.initContainers?.length) describeContainers(w, 'Init Containers', spec.initContainers, status.initContainerStatuses, '');
  describeContainers(w, 'Containers', spec.containers, status.containerStatuses, '');
  if (spec.readinessGates?.length) {
    w.write(0, 'Readiness Gates:\n  Type\tStatus\n');
    for (const g of spec.readinessGates) {
      const c = (status.conditions ?? []).find((x: any) => x.type === g.conditionType);
      w.write(1, `${g.conditionType} \t${c ? c.status : '<none>'} \n`);
    }
  }
  if (status.conditions?.length) {
    w.write(0, 'Conditions:\n  Type\tStatus\n');
    for (const c of status.conditions) w.write(1, `${c.type} \t${c.status} \n`);
  }
  describeVolumes(w, spec.volumes, '');
  w.write(0, `QoS Class:\t${status.qosClass || podQOSClass(spec)}\n`);
  printLabels(w, 'Node-Selectors', spec.nodeSelector);
  printTolerations(w, 'Tolerations', spec.tolerations);
  describeEvents(w, events, ctx.now());
  return w.toString();
}
