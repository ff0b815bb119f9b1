/**
 * Indexed Jobs (pkg/controller/job/indexed_job_utils.go): each of a Job's completions has an
 * index 0..completions-1. A Pod runs one index, which it carries as the
 * `batch.kubernetes.io/job-completion-index` annotation and label, in JOB_COMPLETION_INDEX and
 * in its name and hostname (`<job>-<index>`). The Job records the indexes that succeeded as
 * intervals in status.completedIndexes ("0-2,4"); a missing index gets a new Pod, the lowest
 * first, and of two active Pods with the same index one goes.
 */
import { deepCopy, type KObject } from '../../api/meta';
import { mutant } from '../../sim/mutants';
import { timeMs } from '../util/objects';
import { isPodReady, maxContainerRestarts, podReadyCondition } from '../util/podutil';

/** batch.JobCompletionIndexAnnotation (also the label's key). */
export const COMPLETION_INDEX = 'batch.kubernetes.io/job-completion-index';
const COMPLETION_INDEX_ENV = 'JOB_COMPLETION_INDEX';
/** names.MaxGeneratedNameLength: 63 less the 5 random characters. */
const MAX_GENERATED_NAME_LENGTH = 58;

export const isIndexedJob = (job: KObject) => job.spec?.completionMode === 'Indexed';

/** getCompletionIndex: the annotation as a non-negative integer, else -1. */
export function completionIndex(pod: KObject): number {
  const v = pod.metadata.annotations?.[COMPLETION_INDEX];
  if (v === undefined || !/^[+-]?\d+$/.test(v)) return -1;
  const i = Number(v);
  return i < 0 || !Number.isSafeInteger(i) ? -1 : i;
}

interface Interval {
  first: number;
  last: number;
}

/** orderedIntervals: disjoint, sorted, never adjacent. */
export class Intervals {
  constructor(readonly list: Interval[] = []) {}

  /** succeededIndexesFromString: corrupted pieces skipped, anything at or past completions dropped. */
  static parse(text: string | undefined, completions: number): Intervals {
    const out: Interval[] = [];
    if (!text) return new Intervals(out);
    for (const piece of text.split(',')) {
      const limits = piece.split('-');
      const first = atoi(limits[0]);
      if (first === undefined) continue;
      if (first >= completions) break;
      let last = first;
      if (limits.length > 1) {
        const l = atoi(limits[1]);
        if (l === undefined) continue;
        last = Math.min(l, completions - 1);
      }
      const prev = out[out.length - 1];
      if (prev && prev.last === first - 1) prev.last = last;
      else out.push({ first, last });
    }
    return new Intervals(out);
  }

  /** withOrderedIndexes: these intervals with the given indexes (ascending) merged in. */
  withIndexes(indexes: number[]): Intervals {
    const out: Interval[] = [];
    const append = (iv: Interval) => {
      const prev = out[out.length - 1];
      if (!prev || iv.first > prev.last + 1) out.push({ ...iv });
      else if (prev.last < iv.last) prev.last = iv.last;
    };
    let i = 0;
    let j = 0;
    while (i < this.list.length && j < indexes.length) {
      if (this.list[i].first < indexes[j]) append(this.list[i++]);
      else append({ first: indexes[j], last: indexes[j++] });
    }
    while (i < this.list.length) append(this.list[i++]);
    while (j < indexes.length) append({ first: indexes[j], last: indexes[j++] });
    return new Intervals(out);
  }

  total(): number {
    return this.list.reduce((n, iv) => n + iv.last - iv.first + 1, 0);
  }

  has(ix: number): boolean {
    return this.list.some((iv) => iv.first <= ix && ix <= iv.last);
  }

  /** "0-2,4": two neighbours are written "5,6", longer runs "first-last". */
  toString(): string {
    return this.list.map((iv) => (iv.last === iv.first ? `${iv.first}` : `${iv.first}${iv.last === iv.first + 1 ? ',' : '-'}${iv.last}`)).join(',');
  }
}

/** strconv.Atoi for what the status may hold. */
function atoi(s: string | undefined): number | undefined {
  if (s === undefined || !/^[+-]?\d+$/.test(s)) return undefined;
  return Number(s);
}

/**
 * firstPendingIndexes: up to count indexes below completions that neither succeeded nor have an
 * active Pod, lowest first. The mutant `indexed-job-reuses-index` forgets the active Pods, so
 * an index still running is handed out a second time.
 */
export function firstPendingIndexes(active: KObject[], succeeded: Intervals, count: number, completions: number): number[] {
  if (count === 0) return [];
  const running = mutant('indexed-job-reuses-index') ? [] : [...new Set(active.map(completionIndex).filter((i) => i >= 0))].sort((a, b) => a - b);
  const nonPending = succeeded.withIndexes(running);
  const out: number[] = [];
  let candidate = 0;
  for (const iv of nonPending.list) {
    for (; candidate < completions && out.length < count && candidate < iv.first; candidate++) out.push(candidate);
    if (candidate < iv.last + 1) candidate = iv.last + 1;
  }
  for (; candidate < completions && out.length < count; candidate++) out.push(candidate);
  return out;
}

/**
 * appendDuplicatedIndexPodsForRemoval: in index order (Pods without a valid index first), Pods
 * without an index go, and so do those at or past completions; of Pods sharing an index all but
 * the one controller.ActivePods ranks last (the most advanced) go.
 */
export function duplicatedIndexPodsForRemoval(pods: KObject[], completions: number): { rm: KObject[]; left: KObject[] } {
  const rm: KObject[] = [];
  const left: KObject[] = [];
  const sorted = [...pods].sort((a, b) => completionIndex(a) - completionIndex(b));
  const group = (same: KObject[], ix: number) => {
    if (same.length === 0) return;
    if (ix < 0) rm.push(...same);
    else if (same.length === 1) left.push(same[0]);
    else {
      const ranked = [...same].sort(activePodsOrder);
      rm.push(...ranked.slice(0, -1));
      left.push(ranked[ranked.length - 1]);
    }
  };
  let start = 0;
  let end = sorted.length;
  for (let i = 0; i < sorted.length; i++) {
    const ix = completionIndex(sorted[i]);
    if (ix >= completions) {
      rm.push(...sorted.slice(i));
      end = i;
      break;
    }
    if (ix !== completionIndex(sorted[start])) {
      group(sorted.slice(start, i), completionIndex(sorted[start]));
      start = i;
    }
  }
  group(sorted.slice(start, end), start < end ? completionIndex(sorted[start]) : -1);
  return { rm, left };
}

/**
 * calculateSucceededIndexes: the indexes status.completedIndexes already lists (within
 * completions), and those with the indexes of the Succeeded Pods not yet counted added.
 */
export function calculateSucceededIndexes(job: KObject, pods: KObject[], counted: (pod: KObject) => boolean): { prev: Intervals; all: Intervals } {
  const completions = job.spec?.completions ?? 0;
  const prev = Intervals.parse(job.status?.completedIndexes, completions);
  const fresh = new Set<number>();
  for (const p of pods) {
    const ix = completionIndex(p);
    if (p.status?.phase === 'Succeeded' && ix >= 0 && ix < completions && counted(p)) fresh.add(ix);
  }
  return { prev, all: prev.withIndexes([...fresh].sort((a, b) => a - b)) };
}

/**
 * sort.Sort(controller.ActivePods): the order in which the Job controller deletes its active Pods.
 * Unassigned before assigned; Pending before Unknown before Running; not ready before ready; of
 * two ready Pods the one ready for less time (no transition time first); more container
 * restarts (regular containers, then sidecars) first; no creation time, then the newer, first.
 */
export function activePodsOrder(a: KObject, b: KObject): number {
  return activePodsLess(a, b) ? -1 : activePodsLess(b, a) ? 1 : 0;
}

const PHASE_ORDINAL: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

function activePodsLess(a: KObject, b: KObject): boolean {
  const na = a.spec?.nodeName ?? '';
  const nb = b.spec?.nodeName ?? '';
  if (na !== nb && (na === '' || nb === '')) return na === '';
  const oa = PHASE_ORDINAL[a.status?.phase] ?? 0;
  const ob = PHASE_ORDINAL[b.status?.phase] ?? 0;
  if (oa !== ob) return oa < ob;
  const ra = isPodReady(a);
  const rb = isPodReady(b);
  if (ra !== rb) return !ra;
  if (ra) {
    const ta = timeMs(podReadyCondition(a)?.lastTransitionTime);
    const tb = timeMs(podReadyCondition(b)?.lastTransitionTime);
    if (ta !== tb) return afterOrZero(ta, tb);
  }
  const xa = maxContainerRestarts(a);
  const xb = maxContainerRestarts(b);
  if (xa.regular !== xb.regular) return xa.regular > xb.regular;
  if (xa.sidecar !== xb.sidecar) return xa.sidecar > xb.sidecar;
  const ca = timeMs(a.metadata.creationTimestamp);
  const cb = timeMs(b.metadata.creationTimestamp);
  return ca !== cb && afterOrZero(ca, cb);
}

/** afterOrZero: a zero time first, else the later one. */
const afterOrZero = (t1: number, t2: number) => (!t1 || !t2 ? !t1 : t1 > t2);

/** addCompletionIndexEnvVariables: JOB_COMPLETION_INDEX from the label (PodIndexLabel is on in 1.32). */
export function withCompletionIndexEnv(template: any): any {
  const t = deepCopy(template ?? {});
  t.spec = t.spec ?? {};
  for (const c of [...(t.spec.initContainers ?? []), ...(t.spec.containers ?? [])]) {
    if ((c.env ?? []).some((e: any) => e?.name === COMPLETION_INDEX_ENV)) continue;
    c.env = [...(c.env ?? []), { name: COMPLETION_INDEX_ENV, valueFrom: { fieldRef: { fieldPath: `metadata.labels['${COMPLETION_INDEX}']` } } }];
  }
  return t;
}

/** The template of one index's Pod: annotation, label and hostname, and its generateName. */
export function templateForIndex(job: KObject, template: any, index: number): { template: any; generateName: string } {
  const t = deepCopy(template);
  t.metadata = t.metadata ?? {};
  t.metadata.annotations = { ...(t.metadata.annotations ?? {}), [COMPLETION_INDEX]: String(index) };
  t.metadata.labels = { ...(t.metadata.labels ?? {}), [COMPLETION_INDEX]: String(index) };
  t.spec = { ...(t.spec ?? {}), hostname: `${job.metadata.name}-${index}` };
  return { template: t, generateName: podGenerateNameWithIndex(job.metadata.name!, index) };
}

/** podGenerateNameWithIndex: `<job>-<index>-`, the job's name cut so the whole fits. */
export function podGenerateNameWithIndex(jobName: string, index: number): string {
  const suffix = `-${index}-`;
  const prefix = jobName + suffix;
  return prefix.length > MAX_GENERATED_NAME_LENGTH ? prefix.slice(0, MAX_GENERATED_NAME_LENGTH - suffix.length) + suffix : prefix;
}
