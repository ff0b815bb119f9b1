/**
 * batch/v1 validation (pkg/apis/batch/validation, 1.32): a Job's counts, a restartPolicy of
 * OnFailure or Never, a selector that matches its template (and, when generated, the labels
 * that carry the Job's name and UID); a CronJob's schedule as robfig/cron parses it, its time
 * zone, concurrency policy and Job template. The errors are upstream's words and paths.
 */
import { fromLabelSelector, matchesLabels } from '../../api/selectors';
import { FieldError } from '../../api/status';
import { CronError, loadLocationError, parseStandard } from '../../controllers/cronjob/cron';
import { labelSelectorValue, mapValue, plain } from './govalue';
import { validateImmutable, validateLabelSelector, validateNonnegative } from './objectmeta';
import { validatePodTemplateSpec } from './pod';
import { isSet } from './semantic';

/** The labels a generated selector needs, in the order upstream checks them (the legacy ones first). */
const GENERATED_LABELS: [string, 'uid' | 'name'][] = [
  ['controller-uid', 'uid'],
  ['job-name', 'name'],
  ['batch.kubernetes.io/controller-uid', 'uid'],
  ['batch.kubernetes.io/job-name', 'name'],
];

/** validateJobSpec: what a Job and a CronJob's Job template share. */
function validateJobSpecFields(spec: any, path: string, errs: FieldError[]): void {
  const s = spec && typeof spec === 'object' ? spec : {};
  for (const f of ['parallelism', 'completions', 'activeDeadlineSeconds', 'backoffLimit', 'ttlSecondsAfterFinished'])
    if (typeof s[f] === 'number') validateNonnegative(s[f], `${path}.${f}`, errs);
  if (s.completionMode !== undefined && s.completionMode !== 'NonIndexed' && s.completionMode !== 'Indexed')
    errs.push(FieldError.notSupported(`${path}.completionMode`, s.completionMode, ['NonIndexed', 'Indexed']));
  if (s.completionMode === 'Indexed' && (s.completions === undefined || s.completions === null))
    errs.push(FieldError.required(`${path}.completions`, 'when completion mode is Indexed'));
  if (s.podReplacementPolicy !== undefined && s.podReplacementPolicy !== 'TerminatingOrFailed' && s.podReplacementPolicy !== 'Failed')
    errs.push(FieldError.notSupported(`${path}.podReplacementPolicy`, s.podReplacementPolicy, ['Failed', 'TerminatingOrFailed']));
  validatePodTemplateSpec(s.template, `${path}.template`, errs);
  const rp = s.template?.spec?.restartPolicy;
  if (rp !== 'OnFailure' && rp !== 'Never') errs.push(FieldError.notSupported(`${path}.template.spec.restartPolicy`, rp ?? '', ['OnFailure', 'Never']));
}

function asSelector(sel: unknown) {
  try {
    return fromLabelSelector(sel as any);
  } catch {
    return undefined;
  }
}

/** validateGeneratedSelector: a generated selector's labels carry the Job's UID and name. */
function validateGeneratedSelector(job: any, errs: FieldError[]): void {
  const spec = job.spec ?? {};
  const labels = spec.template?.metadata?.labels;
  if (spec.manualSelector === true || !labels || typeof labels !== 'object' || !spec.selector) return;
  const uid = job.metadata?.uid ?? '';
  const name = job.metadata?.name ?? '';
  if (!uid) errs.push(FieldError.required('metadata.uid'));
  const expected: Record<string, string> = {};
  for (const [key, of] of GENERATED_LABELS) {
    const value = of === 'uid' ? uid : name;
    expected[key] = value;
    // ValidateHasLabel
    if (!(key in labels)) errs.push(FieldError.required(`spec.template.metadata.labels[${key}]`, value));
    else if (labels[key] !== value) errs.push(FieldError.invalid(`spec.template.metadata.labels[${key}]`, mapValue(labels), `must be '${value}'`));
  }
  const sel = asSelector(spec.selector);
  if (sel && !matchesLabels(sel, expected)) errs.push(FieldError.invalid('spec.selector', labelSelectorValue(spec.selector), '`selector` not auto-generated'));
}

/**
 * validateCompletions (ElasticIndexedJob, GA and on in 1.32): completions are immutable but for an
 * Indexed Job's, which may change in tandem with parallelism (to nil is left to the spec's check).
 */
function validateCompletionsUpdate(spec: any, old: any, errs: FieldError[]): void {
  if (spec.completionMode !== 'Indexed') {
    validateImmutable(spec.completions, old.completions, 'spec.completions', spec.completions ?? null, errs);
    return;
  }
  if ((spec.completions ?? null) === (old.completions ?? null) || !isSet(spec.completions)) return;
  if (spec.completions !== spec.parallelism) errs.push(FieldError.invalid('spec.completions', spec.completions, 'can only be modified in tandem with spec.parallelism'));
}

/** ValidateJob (create) and the strategy's ValidateUpdate. */
export function validateJob(job: any, old: any | undefined, errs: FieldError[]): void {
  validateGeneratedSelector(job, errs);
  const spec = job.spec && typeof job.spec === 'object' ? job.spec : {};
  validateJobSpecFields(spec, 'spec', errs);
  if (spec.selector === undefined || spec.selector === null) errs.push(FieldError.required('spec.selector'));
  else validateLabelSelector(spec.selector, 'spec.selector', errs);
  const sel = asSelector(spec.selector);
  if (sel && !matchesLabels(sel, spec.template?.metadata?.labels ?? {}))
    errs.push(FieldError.invalid('spec.template.metadata.labels', mapValue(spec.template?.metadata?.labels), '`selector` does not match template `labels`'));
  if (!old) return;
  const o = old.spec ?? {};
  validateCompletionsUpdate(spec, o, errs);
  validateImmutable(spec.selector, o.selector, 'spec.selector', labelSelectorValue(spec.selector), errs);
  validateImmutable(spec.template, o.template, 'spec.template', plain('core.PodTemplateSpec{…}'), errs);
  validateImmutable(spec.completionMode, o.completionMode, 'spec.completionMode', spec.completionMode ?? '', errs);
}

/** The characters a time zone name's parts may have (validTimeZoneCharacters). */
const TZ_PART = /^[A-Za-z.\-_0-9+]{1,14}$/;

/** validateTimeZone: nil, or a zone Go's time.LoadLocation finds (not "Local"). */
function validateTimeZone(tz: unknown, errs: FieldError[]): void {
  if (tz === undefined || tz === null) return;
  const p = 'spec.timeZone';
  const zone = String(tz);
  if (zone.length === 0) {
    errs.push(FieldError.invalid(p, zone, 'timeZone must be nil or non-empty string'));
    return;
  }
  for (const part of zone.split('/'))
    if (part === '.' || part === '..' || part.startsWith('-') || !TZ_PART.test(part)) {
      errs.push(FieldError.invalid(p, zone, `unknown time zone ${zone}`));
      return;
    }
  if (zone.toLowerCase() === 'local') errs.push(FieldError.invalid(p, zone, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'));
  const err = zone === 'Local' ? undefined : loadLocationError(zone);
  if (err) errs.push(FieldError.invalid(p, zone, err));
}

/** ValidateCronJobCreate / ValidateCronJobUpdate. */
export function validateCronJob(cj: any, old: any | undefined, errs: FieldError[]): void {
  const spec = cj.spec && typeof cj.spec === 'object' ? cj.spec : {};
  const schedule = typeof spec.schedule === 'string' ? spec.schedule : '';
  if (schedule.length === 0) errs.push(FieldError.required('spec.schedule'));
  else {
    try {
      parseStandard(schedule);
    } catch (e) {
      if (!(e instanceof CronError)) throw e;
      errs.push(FieldError.invalid('spec.schedule', schedule, e.message));
    }
    const allowTZ = typeof old?.spec?.schedule === 'string' && old.spec.schedule.includes('TZ');
    if (allowTZ && schedule.includes('TZ') && spec.timeZone != null) errs.push(FieldError.invalid('spec.schedule', schedule, 'cannot use both timeZone field and TZ or CRON_TZ in schedule'));
    else if (!allowTZ && schedule.includes('TZ')) errs.push(FieldError.invalid('spec.schedule', schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'));
  }
  if (typeof spec.startingDeadlineSeconds === 'number') validateNonnegative(spec.startingDeadlineSeconds, 'spec.startingDeadlineSeconds', errs);
  if (!old || old.spec?.timeZone !== spec.timeZone) validateTimeZone(spec.timeZone, errs);
  const cp = spec.concurrencyPolicy;
  if (cp === undefined || cp === '') errs.push(FieldError.required('spec.concurrencyPolicy'));
  else if (!['Allow', 'Forbid', 'Replace'].includes(cp)) errs.push(FieldError.notSupported('spec.concurrencyPolicy', cp, ['Allow', 'Forbid', 'Replace']));
  const jt = spec.jobTemplate?.spec;
  validateJobSpecFields(jt, 'spec.jobTemplate.spec', errs);
  if (jt?.selector !== undefined && jt?.selector !== null) errs.push(FieldError.invalid('spec.jobTemplate.spec.selector', labelSelectorValue(jt.selector), '`selector` will be auto-generated'));
  if (jt?.manualSelector === true) errs.push(FieldError.notSupported('spec.jobTemplate.spec.manualSelector', true, ['nil', 'false']));
  for (const f of ['successfulJobsHistoryLimit', 'failedJobsHistoryLimit']) if (typeof spec[f] === 'number') validateNonnegative(spec[f], `spec.${f}`, errs);
  // The controller appends "-<11 digits>" to name a Job, which may have 63 characters.
  if (!old && (cj.metadata?.name ?? '').length > 52) errs.push(FieldError.invalid('metadata.name', cj.metadata.name, 'must be no more than 52 characters'));
}
