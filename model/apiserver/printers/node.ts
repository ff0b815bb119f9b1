import type { KObject } from '../../api/meta';
import { since } from './age';
import { AGE, NAME } from './columns';
import { SWAGGER_DOC } from './swagger-docs';
import { column, type TableHandler } from './types';

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
export const nodePrinter: TableHandler = {
  columns: [
    NAME,
    column('Status', 'string', 'The status of the node'),
    column('Roles', 'string', 'The roles of the node'),
    AGE,
    column('Version', 'string', SWAGGER_DOC.NodeSystemInfo.kubeletVersion),
    column('Internal-IP', 'string', SWAGGER_DOC.NodeStatus.addresses, { priority: 1 }),
    column('External-IP', 'string', SWAGGER_DOC.NodeStatus.addresses, { priority: 1 }),
    column('OS-Image', 'string', SWAGGER_DOC.NodeSystemInfo.osImage, { priority: 1 }),
    column('Kernel-Version', 'string', SWAGGER_DOC.NodeSystemInfo.kernelVersion, { priority: 1 }),
    column('Container-Runtime', 'string', SWAGGER_DOC.NodeSystemInfo.containerRuntimeVersion, { priority: 1 }),
  ],
  row(node, { nowMs }) {
    const status: string[] = [];
    const ready = (node.status?.conditions ?? []).find((c: any) => c.type === 'Ready');
    if (ready) status.push(ready.status === 'True' ? 'Ready' : 'NotReady');
    if (status.length === 0) status.push('Unknown');
    if (node.spec?.unschedulable) status.push('SchedulingDisabled');
    const roles = nodeRoles(node).join(',') || '<none>';
    const info = node.status?.nodeInfo ?? {};
    return {
      cells: [
        node.metadata.name!,
        status.join(','),
        roles,
        since(node.metadata.creationTimestamp, nowMs),
        info.kubeletVersion ?? '',
        address(node, 'InternalIP'),
        address(node, 'ExternalIP'),
        info.osImage || '<unknown>',
        info.kernelVersion || '<unknown>',
        info.containerRuntimeVersion || '<unknown>',
      ],
    };
  },
};
