import { since } from './age';
import { AGE, CONTAINERS, IMAGES, NAME } from './columns';
import { formatLabelSelector, layoutContainerCells, templateContainers } from './format';
import { SWAGGER_DOC } from './swagger-docs';
import { column, type TableHandler } from './types';

/** printReplicaSet: DESIRED CURRENT READY (int64 cells); wide CONTAINERS IMAGES SELECTOR. */
export const replicaSetPrinter: TableHandler = {
  columns: [
    NAME,
    column('Desired', 'integer', SWAGGER_DOC.ReplicaSetSpec.replicas),
    column('Current', 'integer', SWAGGER_DOC.ReplicaSetStatus.replicas),
    column('Ready', 'integer', SWAGGER_DOC.ReplicaSetStatus.readyReplicas),
    AGE,
    CONTAINERS,
    IMAGES,
    column('Selector', 'string', SWAGGER_DOC.ReplicaSetSpec.selector, { priority: 1 }),
  ],
  row(rs, { nowMs }) {
    const s = rs.status ?? {};
    const [names, images] = layoutContainerCells(templateContainers(rs));
    return { cells: [rs.metadata.name!, rs.spec?.replicas ?? 0, s.replicas ?? 0, s.readyReplicas ?? 0, since(rs.metadata.creationTimestamp, nowMs), names, images, formatLabelSelector(rs.spec?.selector)] };
  },
};
