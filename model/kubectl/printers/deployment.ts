import { since } from './age';
import { layoutContainerCells, selectorText, templateContainers } from './format';
import type { TablePrinter } from './types';

/** printDeployment: READY ready/desired, UP-TO-DATE, AVAILABLE; wide CONTAINERS IMAGES SELECTOR. */
export const deploymentPrinter: TablePrinter = {
  columns: [{ name: 'NAME' }, { name: 'READY' }, { name: 'UP-TO-DATE' }, { name: 'AVAILABLE' }, { name: 'AGE' }, { name: 'CONTAINERS', wide: true }, { name: 'IMAGES', wide: true }, { name: 'SELECTOR', wide: true }],
  row(d, { wide, nowMs }) {
    const s = d.status ?? {};
    const row = [d.metadata.name!, `${s.readyReplicas ?? 0}/${d.spec?.replicas ?? 0}`, String(s.updatedReplicas ?? 0), String(s.availableReplicas ?? 0), since(d.metadata.creationTimestamp, nowMs)];
    if (wide) row.push(...layoutContainerCells(templateContainers(d)), selectorText(d.spec?.selector));
    return row;
  },
};
