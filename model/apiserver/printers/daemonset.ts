import { since } from './age';
import { AGE, CONTAINERS, IMAGES, NAME } from './columns';
import { formatLabels, formatLabelSelector, layoutContainerCells, templateContainers } from './format';
import { SWAGGER_DOC } from './swagger-docs';
import { column, type TableHandler } from './types';

/** printDaemonSet: DESIRED CURRENT READY UP-TO-DATE AVAILABLE (int64 cells) NODE SELECTOR AGE; wide CONTAINERS IMAGES SELECTOR. */
export const daemonSetPrinter: TableHandler = {
  columns: [
    NAME,
    column('Desired', 'integer', SWAGGER_DOC.DaemonSetStatus.desiredNumberScheduled),
    column('Current', 'integer', SWAGGER_DOC.DaemonSetStatus.currentNumberScheduled),
    column('Ready', 'integer', SWAGGER_DOC.DaemonSetStatus.numberReady),
    column('Up-to-date', 'integer', SWAGGER_DOC.DaemonSetStatus.updatedNumberScheduled),
    column('Available', 'integer', SWAGGER_DOC.DaemonSetStatus.numberAvailable),
    column('Node Selector', 'string', SWAGGER_DOC.PodSpec.nodeSelector),
    AGE,
    CONTAINERS,
    IMAGES,
    column('Selector', 'string', SWAGGER_DOC.DaemonSetSpec.selector, { priority: 1 }),
  ],
  row(ds, { nowMs }) {
    const s = ds.status ?? {};
    const [names, images] = layoutContainerCells(templateContainers(ds));
    return {
      cells: [
        ds.metadata.name!,
        s.desiredNumberScheduled ?? 0,
        s.currentNumberScheduled ?? 0,
        s.numberReady ?? 0,
        s.updatedNumberScheduled ?? 0,
        s.numberAvailable ?? 0,
        formatLabels(ds.spec?.template?.spec?.nodeSelector),
        since(ds.metadata.creationTimestamp, nowMs),
        names,
        images,
        formatLabelSelector(ds.spec?.selector),
      ],
    };
  },
};
