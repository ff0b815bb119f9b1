import type { KObject } from '../../api/meta';
import { formatBytes, formatMilli, milliValue, value } from '../../api/quantity';
import { StatusError } from '../../api/status';
import { messageForError } from '../errors';
import type { Ctx } from '../kubectl';
import { since } from '../../apiserver/printers/age';
import { rfc1123z } from '../printers/rfc1123';
import { nodeRoles } from '../../apiserver/printers/node';
import { describeEvents, searchEvents } from './events';
import { PrefixWriter, printAnnotations, printLabels, printTaints } from './writer';

const ZERO_TIME = 'Mon, 01 Jan 0001 00:00:00 +0000';
const t = (ts: string | undefined) => (ts ? rfc1123z(ts) : ZERO_TIME);

/** describeNode: identity, lease, conditions, addresses, capacity, system info, the Pods on it. */
export function describeNode(ctx: Ctx, node: KObject, showEvents: boolean): string {
  const name = node.metadata.name!;
  let pods: KObject[] | undefined;
  try {
    pods = ctx.client.list('pods', undefined, { fieldSelector: `spec.nodeName=${name},status.phase!=Succeeded,status.phase!=Failed` }).items;
  } catch (e) {
    if (!(e instanceof StatusError && e.reason === 'Forbidden')) throw e;
  }
  let events: KObject[] | undefined;
  if (showEvents) {
    const byUID = searchEvents(ctx, node, { kind: 'Node' }) ?? [];
    const byName = searchEvents(ctx, node, { kind: 'Node', uid: name }) ?? [];
    events = [...byUID, ...byName];
  }
  const w = new PrefixWriter();
  const spec = node.spec ?? {};
  const status = node.status ?? {};
  w.write(0, `Name:\t${name}\n`);
  const roles = nodeRoles(node);
  w.write(0, `Roles:\t${roles.length ? roles.join(',') : '<none>'}\n`);
  printLabels(w, 'Labels', node.metadata.labels);
  printAnnotations(w, 'Annotations', node.metadata.annotations);
  w.write(0, `CreationTimestamp:\t${rfc1123z(node.metadata.creationTimestamp)}\n`);
  printTaints(w, 'Taints', spec.taints);
  w.write(0, `Unschedulable:\t${spec.unschedulable ? 'true' : 'false'}\n`);
  try {
    const lease = ctx.client.get('leases', 'kube-node-lease', name);
    w.write(0, 'Lease:\n');
    w.write(1, `HolderIdentity:\t${lease.spec?.holderIdentity ?? '<unset>'}\n`);
    w.write(1, `AcquireTime:\t${lease.spec?.acquireTime ? rfc1123z(lease.spec.acquireTime) : '<unset>'}\n`);
    w.write(1, `RenewTime:\t${lease.spec?.renewTime ? rfc1123z(lease.spec.renewTime) : '<unset>'}\n`);
  } catch (e) {
    const msg = e instanceof StatusError ? e.status.message : messageForError(e);
    w.write(0, `Lease:\tFailed to get lease: ${msg}\n`);
  }
  if (status.conditions?.length) {
    w.write(0, 'Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n');
    w.write(1, '----\t------\t-----------------\t------------------\t------\t-------\n');
    for (const c of status.conditions)
      w.write(1, `${c.type} \t${c.status} \t${t(c.lastHeartbeatTime)} \t${t(c.lastTransitionTime)} \t${c.reason ?? ''} \t${c.message ?? ''}\n`);
  }
  w.write(0, 'Addresses:\n');
  for (const a of status.addresses ?? []) w.write(1, `${a.type}:\t${a.address}\n`);
  for (const [title, list] of [['Capacity', status.capacity], ['Allocatable', status.allocatable]] as const) {
    const keys = Object.keys(list ?? {}).sort();
    if (keys.length === 0) continue;
    w.write(0, `${title}:\n`);
    for (const k of keys) w.write(0, `  ${k}:\t${list[k]}\n`);
  }
  const info = status.nodeInfo ?? {};
  w.write(0, 'System Info:\n');
  w.write(0, `  Machine ID:\t${info.machineID ?? ''}\n`);
  w.write(0, `  System UUID:\t${info.systemUUID ?? ''}\n`);
  w.write(0, `  Boot ID:\t${info.bootID ?? ''}\n`);
  w.write(0, `  Kernel Version:\t${info.kernelVersion ?? ''}\n`);
  w.write(0, `  OS Image:\t${info.osImage ?? ''}\n`);
  w.write(0, `  Operating System:\t${info.operatingSystem ?? ''}\n`);
  w.write(0, `  Architecture:\t${info.architecture ?? ''}\n`);
  w.write(0, `  Container Runtime Version:\t${info.containerRuntimeVersion ?? ''}\n`);
  w.write(0, `  Kubelet Version:\t${info.kubeletVersion ?? ''}\n`);
  w.write(0, `  Kube-Proxy Version:\t${info.kubeProxyVersion ?? ''}\n`);
  if (spec.podCIDR) w.write(0, `PodCIDR:\t${spec.podCIDR}\n`);
  if (spec.podCIDRs?.length) w.write(0, `PodCIDRs:\t${spec.podCIDRs.join(',')}\n`);
  if (spec.providerID) w.write(0, `ProviderID:\t${spec.providerID}\n`);
  if (pods) describeNodeResource(w, pods, node, ctx.now());
  else w.write(0, 'Pods:\tnot authorized\n');
  describeEvents(w, events, ctx.now());
  return w.toString();
}

interface Totals {
  cpuReq: number;
  cpuLim: number;
  memReq: number;
  memLim: number;
  ephReq: number;
  ephLim: number;
}

/** resourcehelper.PodRequestsAndLimits, reduced to cpu, memory and ephemeral-storage of containers. */
function podTotals(pod: KObject): Totals {
  const tot: Totals = { cpuReq: 0, cpuLim: 0, memReq: 0, memLim: 0, ephReq: 0, ephLim: 0 };
  for (const c of pod.spec?.containers ?? []) {
    const r = c.resources?.requests ?? {};
    const l = c.resources?.limits ?? {};
    tot.cpuReq += r.cpu !== undefined ? milliValue(r.cpu) : l.cpu !== undefined ? milliValue(l.cpu) : 0;
    tot.memReq += r.memory !== undefined ? value(r.memory) : l.memory !== undefined ? value(l.memory) : 0;
    tot.ephReq += r['ephemeral-storage'] !== undefined ? value(r['ephemeral-storage']) : 0;
    tot.cpuLim += l.cpu !== undefined ? milliValue(l.cpu) : 0;
    tot.memLim += l.memory !== undefined ? value(l.memory) : 0;
    tot.ephLim += l['ephemeral-storage'] !== undefined ? value(l['ephemeral-storage']) : 0;
  }
  return tot;
}

function describeNodeResource(w: PrefixWriter, pods: KObject[], node: KObject, nowMs: number): void {
  w.write(0, `Non-terminated Pods:\t(${pods.length} in total)\n`);
  w.write(1, 'Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n');
  w.write(1, '---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n');
  const alloc = Object.keys(node.status?.allocatable ?? {}).length ? node.status.allocatable : node.status?.capacity ?? {};
  const allocCPU = alloc.cpu !== undefined ? milliValue(alloc.cpu) : 0;
  const allocMem = alloc.memory !== undefined ? value(alloc.memory) : 0;
  const allocEph = alloc['ephemeral-storage'] !== undefined ? value(alloc['ephemeral-storage']) : 0;
  const pct = (n: number, d: number) => (d === 0 ? 0 : Math.trunc((n / d) * 100));
  const sum: Totals = { cpuReq: 0, cpuLim: 0, memReq: 0, memLim: 0, ephReq: 0, ephLim: 0 };
  for (const pod of pods) {
    const p = podTotals(pod);
    for (const k of Object.keys(sum) as (keyof Totals)[]) sum[k] += p[k];
    w.write(
      1,
      `${pod.metadata.namespace}\t${pod.metadata.name}\t\t${formatMilli(p.cpuReq)} (${pct(p.cpuReq, allocCPU)}%)\t${formatMilli(p.cpuLim)} (${pct(p.cpuLim, allocCPU)}%)\t${formatBytes(p.memReq)} (${pct(p.memReq, allocMem)}%)\t${formatBytes(p.memLim)} (${pct(p.memLim, allocMem)}%)\t${since(pod.metadata.creationTimestamp, nowMs)}\n`,
    );
  }
  w.write(0, 'Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n');
  w.write(1, 'Resource\tRequests\tLimits\n');
  w.write(1, '--------\t--------\t------\n');
  w.write(1, `cpu\t${formatMilli(sum.cpuReq)} (${pct(sum.cpuReq, allocCPU)}%)\t${formatMilli(sum.cpuLim)} (${pct(sum.cpuLim, allocCPU)}%)\n`);
  w.write(1, `memory\t${formatBytes(sum.memReq)} (${pct(sum.memReq, allocMem)}%)\t${formatBytes(sum.memLim)} (${pct(sum.memLim, allocMem)}%)\n`);
  w.write(1, `ephemeral-storage\t${formatBytes(sum.ephReq)} (${pct(sum.ephReq, allocEph)}%)\t${formatBytes(sum.ephLim)} (${pct(sum.ephLim, allocEph)}%)\n`);
  for (const k of Object.keys(alloc).filter((k) => k.startsWith('hugepages-')).sort()) w.write(1, `${k}\t0 (0%)\t0 (0%)\n`);
}
