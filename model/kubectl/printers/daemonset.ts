import { since } from './age';
import { formatLabels, formatLabelSelector, layoutContainerCells, templateContainers } from './format';
import type { TablePrinter } from './types';

/** printDaemonSet: DESIRED CURRENT READY UP-TO-DATE AVAILABLE NODE SELECTOR AGE. */
export const daemonSetPrinter: TablePrinter = {
  columns: [
    { name: 'NAME' },
    { name: 'DESIRED' },
    { name: 'CURRENT' },
    { name: 'READY' },
    { name: 'UP-TO-DATE' },
    { name: 'AVAILABLE' },
    { name: 'NODE SELECTOR' },
    { name: 'AGE' },
    { name: 'CONTAINERS', wide: true },
    { name: 'IMAGES', wide: true },
    { name: 'SELECTOR', wide: true },
  ],
  row(ds, { wide, nowMs }) {
    const s = ds.status ?? {};
    const row = [
      ds.metadata.name!,
      String(s.desiredNumberScheduled ?? 0),
      String(s.currentNumberScheduled ?? 0),
      String(s.numberReady ?? 0),
      String(s.updatedNumberScheduled ?? 0),
      String(s.numberAvailable ?? 0),
      formatLabels(ds.spec?.template?.spec?.nodeSelector),
      since(ds.metadata.creationTimestamp, nowMs),
    ];
    if (wide) row.push(...layoutContainerCells(templateContainers(ds)), formatLabelSelector(ds.spec?.selector));
    return row;
  },
};
