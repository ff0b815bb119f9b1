/**
 * The user actions of a generated case, as a user's kubectl or a second client would do them:
 * scale, delete a Pod, edit the template, delete with a propagation policy, cordon, taint with
 * NoExecute, write concurrently from stale reads, and re-apply a manifest that drops fields.
 * What the API server acknowledged goes into the ledger the safety observer checks.
 */
import yaml from 'js-yaml';
import type { KObject } from '../../model/api/meta';
import { StatusError } from '../../model/api/status';
import type { ApiClient } from '../../model/client/client';
import type { Cluster } from '../../model/cluster';
import { Shell } from '../../model/shell/shell';
import { type Action, APP_LABEL, type Case, MAINTENANCE_TAINT, MAINTENANCE_TAINTS, NS, workerName } from './case';
import type { Ledger } from './ledger';
import { EXTRA_ANNOTATION, EXTRA_LABEL, manifest, resourceOf } from './manifests';
import { isActive } from './oracle';

/** Ignores what a user would see as an error (the workload is already gone, a conflict): the case goes on. */
export function tolerant(fn: () => void): void {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
  }
}

const isConflict = (e: unknown) => e instanceof StatusError && e.status.code === 409;

/** A read-modify-write with client-go's RetryOnConflict: re-read and try again on 409. */
function retryOnConflict(fn: () => void, attempts = 5): void {
  for (let i = 1; ; i++) {
    try {
      return fn();
    } catch (e) {
      if (!isConflict(e) || i >= attempts) throw e;
    }
  }
}

/** What the user last asked of each workload: the template revision and replicas a re-apply carries. */
export interface Intent {
  revisions: number[];
  replicas: number[];
}

export const etcdKey = (resource: string, name: string) => `/registry/${resource}/${NS}/${name}`;

export class UserActions {
  private shell?: Shell;

  constructor(
    private readonly cluster: Cluster,
    private readonly c: Case,
    private readonly intent: Intent,
    private readonly ledger: Ledger,
  ) {}

  /** Schedules every action of the case on virtual time. */
  schedule(): void {
    for (const a of this.c.actions) this.cluster.sim.schedule(a.at, `user: ${a.op} ${'target' in a ? this.c.workloads[a.target].name : workerName(a.node)}`, () => tolerant(() => this.run(a)));
  }

  private get admin(): ApiClient {
    return this.cluster.admin;
  }

  private run(a: Action): void {
    if (a.op === 'cordon') return this.node(a.node, (n) => ({ ...n, spec: { ...n.spec, unschedulable: a.unschedulable || undefined } }));
    if (a.op === 'taint')
      return this.node(a.node, (n) => {
        const rest = (n.spec?.taints ?? []).filter((t: any) => t.key !== MAINTENANCE_TAINT.key);
        const taints = a.on ? [...rest, ...MAINTENANCE_TAINTS.map((t) => ({ ...t }))] : rest;
        return { ...n, spec: { ...n.spec, taints: taints.length ? taints : undefined } };
      });
    const w = this.c.workloads[a.target];
    const resource = resourceOf(w);
    if (a.op === 'scale') {
      this.admin.patch(resource, NS, w.name, 'merge', { spec: { replicas: a.replicas } });
      this.intent.replicas[a.target] = a.replicas;
    } else if (a.op === 'editTemplate') {
      this.admin.patch(resource, NS, w.name, 'merge', { spec: { template: (manifest(w, ++this.intent.revisions[a.target]).spec as any).template } });
    } else if (a.op === 'deleteWorkload') {
      const cur = this.admin.get(resource, NS, w.name);
      this.admin.delete(resource, NS, w.name, { propagationPolicy: a.policy });
      this.ledger.deletions.push({ key: etcdKey(resource, w.name), uid: cur.metadata.uid!, policy: a.policy, at: this.cluster.sim.now() });
    } else if (a.op === 'deletePod') {
      const pods = this.admin.list('pods', NS, { labelSelector: `${APP_LABEL}=${w.name}` }).items.filter(isActive);
      if (pods.length) this.admin.delete('pods', NS, pods[a.index % pods.length].metadata.name!);
    } else if (a.op === 'concurrentWrites') this.concurrentWrites(resource, w.name, a.delays);
    else if (a.op === 'reapply') this.reapply(a.target, a.gapMs);
  }

  /** kubectl cordon / taint: a read-modify-write of the Node, retried on conflict with the node lifecycle controller. */
  private node(i: number, change: (n: KObject) => KObject): void {
    retryOnConflict(() => {
      const n = this.admin.get('nodes', undefined, workerName(i));
      this.admin.update('nodes', undefined, change(n));
    });
  }

  /**
   * Two writers read the same object now; each writes its own annotation (a counter) back after
   * its delay, from its stale copy. The API server must refuse the stale one with a conflict;
   * that writer re-reads and retries. Each acknowledged counter must survive every later write.
   */
  private concurrentWrites(resource: string, name: string, delays: [number, number]): void {
    const reads = [this.admin.get(resource, NS, name), this.admin.get(resource, NS, name)];
    delays.forEach((delay, i) => {
      const writer = `kubespec.io/writer-${'ab'[i]}`;
      this.cluster.sim.schedule(delay, `user: writer ${'ab'[i]} updates ${name}`, () =>
        tolerant(() => {
          let obj = reads[i];
          retryOnConflict(() => {
            const count = (this.ledger.acked.get(etcdKey(resource, name))?.[writer] ?? 0) + 1;
            const body = { ...obj, metadata: { ...obj.metadata, annotations: { ...obj.metadata.annotations, [writer]: String(count) } } };
            try {
              this.admin.update(resource, NS, body);
            } catch (e) {
              if (isConflict(e)) obj = this.admin.get(resource, NS, name);
              throw e;
            }
            this.ledger.ack(etcdKey(resource, name), writer, count);
          });
        }),
      );
    });
  }

  /** kubectl apply with an extra label and annotation, then, gapMs later, the manifest without them: three-way merge must remove both. */
  private reapply(target: number, gapMs: number): void {
    const w = this.c.workloads[target];
    const key = etcdKey(resourceOf(w), w.name);
    const apply = (extra: boolean) => {
      const doc = manifest(w, w.kind === 'Pod' ? 0 : this.intent.revisions[target], this.intent.replicas[target], extra);
      this.shell ??= new Shell(this.cluster, '/');
      return this.shell.run('kubectl apply -f -', yaml.dump(doc)).code === 0;
    };
    this.ledger.removed.delete(key);
    if (!apply(true)) return;
    this.cluster.sim.schedule(gapMs, `user: re-apply ${w.name} without the extra fields`, () => {
      if (!apply(false)) return;
      this.ledger.removed.set(key, { labels: [EXTRA_LABEL], annotations: [EXTRA_ANNOTATION] });
      const kv = this.cluster.etcd.get(key);
      this.ledger.checkRemoved(key, kv && JSON.parse(kv.value));
    });
  }
}
