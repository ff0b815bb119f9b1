/**
 * batch/v1 on the API server's side, beyond validation: the scheme's defaulters
 * (SetDefaults_Job, SetDefaults_CronJob) and the Job strategy's PrepareForCreate, which
 * generates a selector from the new Job's UID unless spec.manualSelector is true.
 */
import type { KObject } from '../api/meta';
import { defaultPodSpec } from './defaults';

/** The labels a generated selector puts on the template: the new names and the legacy ones. */
export const JOB_NAME_LABEL = 'batch.kubernetes.io/job-name';
export const CONTROLLER_UID_LABEL = 'batch.kubernetes.io/controller-uid';
const LEGACY_JOB_NAME_LABEL = 'job-name';
const LEGACY_CONTROLLER_UID_LABEL = 'controller-uid';

/** SetDefaults_Job (pkg/apis/batch/v1/defaults.go, 1.32, with its beta gates on). */
export function defaultJob(job: KObject): void {
  const spec = (job.spec = job.spec && typeof job.spec === 'object' ? job.spec : {});
  // A non-parallel Job may leave both unset.
  if (spec.completions === undefined && spec.parallelism === undefined) {
    spec.completions = 1;
    spec.parallelism = 1;
  }
  if (spec.parallelism === undefined) spec.parallelism = 1;
  if (spec.backoffLimit === undefined) spec.backoffLimit = spec.backoffLimitPerIndex !== undefined ? 2147483647 : 6;
  if (spec.completionMode === undefined) spec.completionMode = 'NonIndexed';
  if (spec.suspend === undefined) spec.suspend = false;
  if (spec.podReplacementPolicy === undefined) spec.podReplacementPolicy = spec.podFailurePolicy ? 'Failed' : 'TerminatingOrFailed';
  copyTemplateLabels(job);
  defaultJobTemplatePod(spec.template);
}

/** The Job's labels default to its template's (the same map in Go, so generated labels show too). */
function copyTemplateLabels(job: KObject): void {
  const labels = job.spec?.template?.metadata?.labels;
  // Shared, as in Go: the labels PrepareForCreate generates next show on the Job as well.
  if (labels && typeof labels === 'object' && Object.keys(job.metadata.labels ?? {}).length === 0) job.metadata.labels = labels;
}

function defaultJobTemplatePod(template: any): void {
  if (!template || typeof template !== 'object') return;
  template.metadata = template.metadata ?? {};
  if (template.metadata.creationTimestamp === undefined) template.metadata.creationTimestamp = null;
  defaultPodSpec(template.spec ?? (template.spec = {}));
}

/** SetDefaults_CronJob: Allow, not suspended, three successful and one failed Job kept. */
export function defaultCronJob(cj: KObject): void {
  const spec = (cj.spec = cj.spec && typeof cj.spec === 'object' ? cj.spec : {});
  if (spec.concurrencyPolicy === undefined || spec.concurrencyPolicy === '') spec.concurrencyPolicy = 'Allow';
  if (spec.suspend === undefined) spec.suspend = false;
  if (spec.successfulJobsHistoryLimit === undefined) spec.successfulJobsHistoryLimit = 3;
  if (spec.failedJobsHistoryLimit === undefined) spec.failedJobsHistoryLimit = 1;
  const jt = spec.jobTemplate;
  if (jt && typeof jt === 'object') {
    jt.metadata = jt.metadata ?? {};
    if (jt.metadata.creationTimestamp === undefined) jt.metadata.creationTimestamp = null;
    if (jt.spec && typeof jt.spec === 'object') defaultJobTemplatePod(jt.spec.template);
  }
}

/**
 * jobStrategy.PrepareForCreate: status cleared, and (spec.manualSelector not true) the
 * template labelled with the Job's name and UID under both label names and the selector
 * matching the UID. Labels the user already set are kept (validation rejects a conflict).
 */
export function prepareJobForCreate(job: KObject, uid: string): void {
  job.metadata.uid = uid;
  job.status = {};
  const spec = job.spec;
  if (!spec || typeof spec !== 'object' || spec.manualSelector === true) return;
  const template = (spec.template = spec.template && typeof spec.template === 'object' ? spec.template : {});
  template.metadata = template.metadata && typeof template.metadata === 'object' ? template.metadata : {};
  const labels = (template.metadata.labels = template.metadata.labels && typeof template.metadata.labels === 'object' ? template.metadata.labels : {});
  for (const k of [LEGACY_JOB_NAME_LABEL, JOB_NAME_LABEL]) if (!(k in labels)) labels[k] = job.metadata.name ?? '';
  for (const k of [LEGACY_CONTROLLER_UID_LABEL, CONTROLLER_UID_LABEL]) if (!(k in labels)) labels[k] = uid;
  const selector = (spec.selector = spec.selector && typeof spec.selector === 'object' ? spec.selector : {});
  selector.matchLabels = selector.matchLabels && typeof selector.matchLabels === 'object' ? selector.matchLabels : {};
  if (!(CONTROLLER_UID_LABEL in selector.matchLabels)) selector.matchLabels[CONTROLLER_UID_LABEL] = uid;
  copyTemplateLabels(job);
}
