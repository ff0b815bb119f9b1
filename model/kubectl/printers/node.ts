import type { KObject } from '../../api/meta';
import { since } from './age';
import type { TablePrinter } from './types';

/** findNodeRoles: node-role.kubernetes.io/<role> labels and kubernetes.io/role=<role>, sorted. */
export function nodeRoles(node: KObject): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata.labels ?? {})) {
    if (k.startsWith('node-role.kubernetes.io/')) {
      const r = k.slice('node-role.kubernetes.io/'.length);
      if (r) roles.add(r);
    } else if (k === 'kubernetes.io/role' && v) roles.add(v);
  }
  return [...roles].sort();
}

function address(node: KObject, type: string): string {
  return (node.status?.addresses ?? []).find((a: any) => a.type === type)?.address ?? '<none>';
}

/** printNode: STATUS from the Ready condition (+SchedulingDisabled), ROLES, VERSION; wide addresses and node info. */
export const nodePrinter: TablePrinter = {
  columns: [
    { name: 'NAME' },
    { name: 'STATUS' },
    { name: 'ROLES' },
    { name: 'AGE' },
    { name: 'VERSION' },
    { name: 'INTERNAL-IP', wide: true },
    { name: 'EXTERNAL-IP', wide: true },
    { name: 'OS-IMAGE', wide: true },
    { name: 'KERNEL-VERSION', wide: true },
    { name: 'CONTAINER-RUNTIME', wide: true },
  ],
  row(node, { wide, nowMs }) {
    const status: string[] = [];
    const ready = (node.status?.conditions ?? []).find((c: any) => c.type === 'Ready');
    if (ready) status.push(ready.status === 'True' ? 'Ready' : 'NotReady');
    if (status.length === 0) status.push('Unknown');
    if (node.spec?.unschedulable) status.push('SchedulingDisabled');
    const roles = nodeRoles(node).join(',') || '<none>';
    const info = node.status?.nodeInfo ?? {};
    const row = [node.metadata.name!, status.join(','), roles, since(node.metadata.creationTimestamp, nowMs), info.kubeletVersion ?? ''];
    if (wide) row.push(address(node, 'InternalIP'), address(node, 'ExternalIP'), info.osImage || '<unknown>', info.kernelVersion || '<unknown>', info.containerRuntimeVersion || '<unknown>');
    return row;
  },
};
