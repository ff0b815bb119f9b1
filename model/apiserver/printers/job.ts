import { humanDuration, since } from './age';
import { AGE, CONTAINERS, IMAGES, NAME } from './columns';
import { formatLabelSelector, layoutContainerCells, templateContainers } from './format';
import { column, type TableHandler } from './types';

/** batchv1.JobStatus / JobSpec SwaggerDoc (k8s.io/api v0.32), the columns' descriptions. */
const SUCCEEDED_DOC =
  'The number of pods which reached phase Succeeded. The value increases monotonically for a given spec. However, it may decrease in reaction to scale down of elastic indexed jobs.';
const SELECTOR_DOC =
  'A label query over pods that should match the pod count. Normally, the system sets this field for you. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors';

const hasCondition = (job: any, type: string) => (job.status?.conditions ?? []).some((c: any) => c.type === type && c.status === 'True');

/** printJob's STATUS: the terminal conditions first, then deletion, then the interim ones. */
export function jobStatusCell(job: any): string {
  if (hasCondition(job, 'Complete')) return 'Complete';
  if (hasCondition(job, 'Failed')) return 'Failed';
  if (job.metadata?.deletionTimestamp) return 'Terminating';
  if (hasCondition(job, 'Suspended')) return 'Suspended';
  if (hasCondition(job, 'FailureTarget')) return 'FailureTarget';
  if (hasCondition(job, 'SuccessCriteriaMet')) return 'SuccessCriteriaMet';
  return 'Running';
}

/** printJob (1.32): NAME STATUS COMPLETIONS DURATION AGE; wide CONTAINERS IMAGES SELECTOR. */
export const jobPrinter: TableHandler = {
  columns: [
    NAME,
    column('Status', 'string', 'Status of the job.'),
    column('Completions', 'string', SUCCEEDED_DOC),
    column('Duration', 'string', 'Time required to complete the job.'),
    AGE,
    CONTAINERS,
    IMAGES,
    column('Selector', 'string', SELECTOR_DOC, { priority: 1 }),
  ],
  row(job, { nowMs }) {
    const spec = job.spec ?? {};
    const succeeded = job.status?.succeeded ?? 0;
    let completions: string;
    if (typeof spec.completions === 'number') completions = `${succeeded}/${spec.completions}`;
    else completions = (spec.parallelism ?? 0) > 1 ? `${succeeded}/1 of ${spec.parallelism}` : `${succeeded}/1`;
    const start = job.status?.startTime ? Date.parse(job.status.startTime) : undefined;
    const end = job.status?.completionTime ? Date.parse(job.status.completionTime) : undefined;
    const duration = start === undefined ? '' : humanDuration((end ?? nowMs) - start);
    const [names, images] = layoutContainerCells(templateContainers(job));
    return { cells: [job.metadata.name!, jobStatusCell(job), completions, duration, since(job.metadata.creationTimestamp, nowMs), names, images, formatLabelSelector(spec.selector)] };
  },
};
