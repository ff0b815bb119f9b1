import { since } from './age';
import { AGE, CONTAINERS, IMAGES, NAME } from './columns';
import { layoutContainerCells, selectorText, templateContainers } from './format';
import { SWAGGER_DOC } from './swagger-docs';
import { column, type TableHandler } from './types';

/** printDeployment: READY ready/desired, UP-TO-DATE and AVAILABLE (int64 cells); wide CONTAINERS IMAGES SELECTOR. */
export const deploymentPrinter: TableHandler = {
  columns: [
    NAME,
    column('Ready', 'string', 'Number of the pod with ready state'),
    column('Up-to-date', 'string', SWAGGER_DOC.DeploymentStatus.updatedReplicas),
    column('Available', 'string', SWAGGER_DOC.DeploymentStatus.availableReplicas),
    AGE,
    CONTAINERS,
    IMAGES,
    column('Selector', 'string', SWAGGER_DOC.DeploymentSpec.selector, { priority: 1 }),
  ],
  row(d, { nowMs }) {
    const s = d.status ?? {};
    const [names, images] = layoutContainerCells(templateContainers(d));
    return { cells: [d.metadata.name!, `${s.readyReplicas ?? 0}/${d.spec?.replicas ?? 0}`, s.updatedReplicas ?? 0, s.availableReplicas ?? 0, since(d.metadata.creationTimestamp, nowMs), names, images, selectorText(d.spec?.selector)] };
  },
};
