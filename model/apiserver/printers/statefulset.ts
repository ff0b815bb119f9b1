import { since } from './age';
import { AGE, CONTAINERS, IMAGES, NAME } from './columns';
import { layoutContainerCells, templateContainers } from './format';
import { column, type TableHandler } from './types';

/** printStatefulSet: READY as readyReplicas/spec.replicas, AGE; wide CONTAINERS IMAGES. */
export const statefulSetPrinter: TableHandler = {
  columns: [NAME, column('Ready', 'string', 'Number of the pod with ready state'), AGE, CONTAINERS, IMAGES],
  row(sts, { nowMs }) {
    const [names, images] = layoutContainerCells(templateContainers(sts));
    return { cells: [sts.metadata.name!, `${sts.status?.readyReplicas ?? 0}/${sts.spec?.replicas ?? 1}`, since(sts.metadata.creationTimestamp, nowMs), names, images] };
  },
};

/** printControllerRevision: CONTROLLER as "<kind>.<group>/<name>" of the controller reference, REVISION (int64). */
export const controllerRevisionPrinter: TableHandler = {
  columns: [
    NAME,
    column('Controller', 'string', 'Controller of the object'),
    column('Revision', 'string', 'Revision is the revision number that this ControllerRevision represents.'),
    AGE,
  ],
  row(cr, { nowMs }) {
    const ref = (cr.metadata.ownerReferences ?? []).find((r) => r.controller);
    let controller = '<none>';
    if (ref) {
      const slash = ref.apiVersion.indexOf('/');
      const group = slash < 0 ? '' : ref.apiVersion.slice(0, slash);
      controller = `${(group ? `${ref.kind}.${group}` : ref.kind).toLowerCase()}/${ref.name}`;
    }
    return { cells: [cr.metadata.name!, controller, (cr as any).revision ?? 0, since(cr.metadata.creationTimestamp, nowMs)] };
  },
};
