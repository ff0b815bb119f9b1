/**
 * Safety of Jobs and StatefulSets at every etcd write (a passive watch on /registry/, as
 * safety.ts): what upstream's controllers guarantee whatever the faults.
 *
 * StatefulSets (OrderedReady): web-n is created only once web-0 … web-(n-1) have each been
 * Running and Ready; a scale-down deletes the highest ordinal first (no Pod above one being
 * deleted is still there); a claim, once made, is never deleted.
 * Jobs: never more than parallelism active Pods; an Indexed Job never runs one index in two
 * active Pods; status.succeeded never goes down and never passes completions.
 * CronJobs with concurrencyPolicy Forbid or Replace: never two of their Jobs running at once.
 */
import type { KObject } from '../../model/api/meta';
import type { Cluster } from '../../model/cluster';
import { NS } from './case';
import { isActive, isReady } from './oracle';

const ctrl = (o: KObject) => (o.metadata.ownerReferences ?? []).find((r: any) => r.controller);
const INDEX = 'batch.kubernetes.io/job-completion-index';

/** `<set>-<ordinal>`: the ordinal of a StatefulSet's Pod, or -1. */
function ordinalOf(set: string, pod: string): number {
  const m = new RegExp(`^${set}-(\\d+)$`).exec(pod);
  return m ? Number(m[1]) : -1;
}

export class BatchSafety {
  readonly violations: string[] = [];
  private readonly pods = new Map<string, KObject>();
  private readonly sets = new Map<string, KObject>();
  private readonly jobs = new Map<string, KObject>();
  /** CronJobs by UID (a Job names its CronJob by UID in its controller reference). */
  private readonly cronJobs = new Map<string, KObject>();
  /** Pod names (per set) that have been Running and Ready at some write. */
  private readonly everReady = new Set<string>();
  private readonly claims = new Set<string>();
  private readonly cancel: () => void;

  constructor(private readonly cluster: Cluster) {
    this.cancel = cluster.etcd.watch('/registry/', cluster.etcd.currentRevision + 1, (events) => {
      for (const e of events) this.onEvent(e.kv.key, e.type === 'PUT' ? JSON.parse(e.kv.value) : undefined);
    });
  }

  stop(): void {
    this.cancel();
  }

  private violate(msg: string): void {
    if (this.violations.length < 5) this.violations.push(`at ${(this.cluster.sim.now() / 1000).toFixed(3)}s: ${msg}`);
  }

  private onEvent(key: string, obj: KObject | undefined): void {
    const [, , resource, ns, name] = key.split('/');
    if (ns !== NS) return;
    if (resource === 'statefulsets') obj ? this.sets.set(name, obj) : this.sets.delete(name);
    else if (resource === 'cronjobs') obj ? this.cronJobs.set(obj.metadata.uid!, obj) : undefined;
    else if (resource === 'jobs') this.onJob(name, obj);
    else if (resource === 'persistentvolumeclaims') {
      if (obj) this.claims.add(name);
      else if (this.claims.has(name)) this.violate(`claim ${name} was deleted: a StatefulSet's claims stay when its Pods go`);
    } else if (resource === 'pods') this.onPod(name, obj);
  }

  private onPod(name: string, pod: KObject | undefined): void {
    const before = this.pods.get(name);
    if (pod) this.pods.set(name, pod);
    else this.pods.delete(name);
    const owner = ctrl(pod ?? before ?? ({ metadata: {} } as KObject));
    if (owner?.kind === 'StatefulSet') this.onSetPod(owner.name, name, before, pod);
    if (owner?.kind === 'Job' && pod) this.checkJobPods(owner.name);
  }

  private onSetPod(setName: string, name: string, before: KObject | undefined, pod: KObject | undefined): void {
    const set = this.sets.get(setName);
    const ordinal = ordinalOf(setName, name);
    if (pod && pod.status?.phase === 'Running' && isReady(pod) && !pod.metadata.deletionTimestamp) this.everReady.add(name);
    if (!set || set.spec?.podManagementPolicy === 'Parallel' || ordinal < 0) return;
    if (pod && !before) {
      // Created: every lower ordinal has been Running and Ready.
      for (let k = 0; k < ordinal; k++)
        if (!this.everReady.has(`${setName}-${k}`)) this.violate(`${name} was created before ${setName}-${k} was ever Running and Ready (OrderedReady)`);
    }
    if (pod && before && !before.metadata.deletionTimestamp && pod.metadata.deletionTimestamp && ordinal >= (set.spec?.replicas ?? 1)) {
      // Scaled down: nothing above it is left.
      for (const other of this.pods.keys()) {
        const k = ordinalOf(setName, other);
        if (k > ordinal) this.violate(`${name} is being deleted while ${other} is still there (scale-down goes from the highest ordinal)`);
      }
    }
  }

  private onJob(name: string, job: KObject | undefined): void {
    const before = this.jobs.get(name);
    if (!job) {
      this.jobs.delete(name);
      return;
    }
    this.jobs.set(name, job);
    const owner = ctrl(job);
    if (owner?.kind === 'CronJob') this.checkConcurrency(owner.uid);
    const was = before?.status?.succeeded ?? 0;
    const now = job.status?.succeeded ?? 0;
    if (now < was) this.violate(`job ${name}: status.succeeded went down from ${was} to ${now}`);
    if (now > (job.spec?.completions ?? Infinity)) this.violate(`job ${name}: status.succeeded ${now} is more than its completions ${job.spec.completions}`);
  }

  /** Forbid and Replace: at most one of the CronJob's Jobs running (not finished, not being deleted). */
  private checkConcurrency(uid: string): void {
    const cj = this.cronJobs.get(uid);
    const policy = cj?.spec?.concurrencyPolicy;
    if (policy !== 'Forbid' && policy !== 'Replace') return;
    const finished = (j: KObject) => (j.status?.conditions ?? []).some((c: any) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
    const running = [...this.jobs.values()].filter((j) => ctrl(j)?.uid === uid && !finished(j) && !j.metadata.deletionTimestamp);
    if (running.length > 1) this.violate(`cronjob ${cj!.metadata.name} (${policy}) has ${running.length} jobs running at once: ${running.map((j) => j.metadata.name).join(', ')}`);
  }

  private checkJobPods(jobName: string): void {
    const job = this.jobs.get(jobName);
    if (!job) return;
    const active = [...this.pods.values()].filter((p) => ctrl(p)?.kind === 'Job' && ctrl(p)?.uid === job.metadata.uid && isActive(p));
    const parallelism = job.spec?.parallelism ?? 1;
    if (active.length > parallelism) this.violate(`job ${jobName}: ${active.length} active pods, more than parallelism ${parallelism}`);
    if (job.spec?.completionMode !== 'Indexed') return;
    const seen = new Map<string, string>();
    for (const p of active) {
      const ix = p.metadata.annotations?.[INDEX] ?? '?';
      if (seen.has(ix)) this.violate(`job ${jobName}: index ${ix} runs in both ${seen.get(ix)} and ${p.metadata.name}`);
      seen.set(ix, p.metadata.name!);
    }
  }
}
