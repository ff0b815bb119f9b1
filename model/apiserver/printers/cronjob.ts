import { since } from './age';
import { AGE, CONTAINERS, IMAGES, NAME } from './columns';
import { formatLabelSelector, layoutContainerCells } from './format';
import { column, type TableHandler } from './types';

/** printCronJob (1.32): NAME SCHEDULE TIMEZONE SUSPEND ACTIVE LAST SCHEDULE AGE; wide CONTAINERS IMAGES SELECTOR. */
export const cronJobPrinter: TableHandler = {
  columns: [
    NAME,
    column('Schedule', 'string', 'The schedule in Cron format, see https://en.wikipedia.org/wiki/Cron.'),
    column('Timezone', 'string', 'The time zone name for the given schedule, see https://en.wikipedia.org/wiki/List_of_tz_database_time_zones. If not specified, this will default to the time zone of the kube-controller-manager process. The set of valid time zone names and the time zone offset is loaded from the system-wide time zone database by the API server during CronJob validation and the controller manager during execution. If no system-wide time zone database can be found a bundled version of the database is used instead. If the time zone name becomes invalid during the lifetime of a CronJob or due to a change in host configuration, the controller will stop creating new new Jobs and will create a system event with the reason UnknownTimeZone. More information can be found in https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/#time-zones'),
    column('Suspend', 'boolean', 'This flag tells the controller to suspend subsequent executions, it does not apply to already started executions.  Defaults to false.'),
    column('Active', 'integer', 'A list of pointers to currently running jobs.'),
    column('Last Schedule', 'string', 'Information when was the last time the job was successfully scheduled.'),
    AGE,
    CONTAINERS,
    IMAGES,
    column('Selector', 'string', 'A label query over pods that should match the pod count. Normally, the system sets this field for you. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors', { priority: 1 }),
  ],
  row(cj, { nowMs }) {
    const spec = cj.spec ?? {};
    const last = cj.status?.lastScheduleTime ? since(cj.status.lastScheduleTime, nowMs) : '<none>';
    // printBoolPtr: "<unset>" for nil, else True/False.
    const suspend = spec.suspend === undefined || spec.suspend === null ? '<unset>' : spec.suspend ? 'True' : 'False';
    const [names, images] = layoutContainerCells(spec.jobTemplate?.spec?.template?.spec?.containers);
    return {
      cells: [cj.metadata.name!, spec.schedule ?? '', spec.timeZone ?? '<none>', suspend, (cj.status?.active ?? []).length, last, since(cj.metadata.creationTimestamp, nowMs), names, images, formatLabelSelector(spec.jobTemplate?.spec?.selector)],
    };
  },
};
