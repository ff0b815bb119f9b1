import { since } from './age';
import { formatLabelSelector, layoutContainerCells, templateContainers } from './format';
import type { TablePrinter } from './types';

/** printReplicaSet: DESIRED CURRENT READY; wide CONTAINERS IMAGES SELECTOR. */
export const replicaSetPrinter: TablePrinter = {
  columns: [{ name: 'NAME' }, { name: 'DESIRED' }, { name: 'CURRENT' }, { name: 'READY' }, { name: 'AGE' }, { name: 'CONTAINERS', wide: true }, { name: 'IMAGES', wide: true }, { name: 'SELECTOR', wide: true }],
  row(rs, { wide, nowMs }) {
    const s = rs.status ?? {};
    const row = [rs.metadata.name!, String(rs.spec?.replicas ?? 0), String(s.replicas ?? 0), String(s.readyReplicas ?? 0), since(rs.metadata.creationTimestamp, nowMs)];
    if (wide) row.push(...layoutContainerCells(templateContainers(rs)), formatLabelSelector(rs.spec?.selector));
    return row;
  },
};
