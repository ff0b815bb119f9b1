/**
 * The taint eviction controller (pkg/controller/tainteviction, "taint-eviction-controller"):
 * evicts Pods from Nodes with NoExecute taints. A Pod that does not tolerate one of them is
 * deleted at once; one that tolerates them all for a limited time (the 300 s the
 * DefaultTolerationSeconds admission plugin gives every Pod for not-ready and unreachable) is
 * deleted when the shortest tolerationSeconds has passed since the controller saw the taint.
 * A taint removed in time cancels the eviction.
 */
import type { KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { EventRecorder } from '../../client/events';
import { byNodeName, type Informer } from '../../client/informer';
import type { ComponentContext } from '../../component';
import { toleratesTaint, type Taint, type Toleration } from '../../componenthelpers/scheduling/corev1/toleration';
import { withKind } from '../util/objects';

const BY_NODE = 'byNodeName';

/** A scheduled eviction (TimedWorker): when it was first scheduled, and a token so a cancelled one does nothing. */
interface Scheduled {
  createdAt: number;
  fireAt: number;
  token: number;
}

export class TaintEvictionController {
  readonly nodeInformer: Informer;
  readonly podInformer: Informer;
  private readonly recorder: EventRecorder;
  private readonly scheduled = new Map<string, Scheduled>();
  private tokens = 0;

  constructor(private readonly ctx: ComponentContext) {
    this.recorder = ctx.recorder('taint-eviction-controller');
    this.nodeInformer = ctx.informers.get('nodes');
    this.podInformer = ctx.informers.get('pods');
    this.podInformer.addIndexer(BY_NODE, byNodeName);
    const onNode = (old: KObject | undefined, n: KObject) => {
      if (old && noExecuteKey(old) === noExecuteKey(n)) return;
      for (const pod of this.podInformer.byIndex(BY_NODE, n.metadata.name!)) this.processPod(pod, n);
    };
    this.nodeInformer.addEventHandler({ onAdd: (n) => onNode(undefined, n), onUpdate: onNode });
    const onPod = (p: KObject) => {
      const node = p.spec?.nodeName && this.nodeInformer.getByName(undefined, p.spec.nodeName);
      if (node) this.processPod(p, node);
    };
    this.podInformer.addEventHandler({ onAdd: onPod, onUpdate: (_o, p) => onPod(p), onDelete: (p) => this.cancel(p, false) });
  }

  /** processPodOnNode. */
  private processPod(pod: KObject, node: KObject): void {
    if (pod.metadata.deletionTimestamp) return this.cancel(pod, false);
    const taints = noExecuteTaints(node);
    if (taints.length === 0) return this.cancel(pod, true);
    const tolerations: Toleration[] = pod.spec?.tolerations ?? [];
    const used: Toleration[] = [];
    for (const taint of taints) {
      const t = tolerations.filter((tol) => toleratesTaint(tol, taint));
      if (t.length === 0) return this.evictAt(pod, 0); // a taint it does not tolerate: at once
      used.push(...t);
    }
    // getMinTolerationTime: no tolerationSeconds means forever.
    const secs = used.map((t) => t.tolerationSeconds).filter((s): s is number => typeof s === 'number');
    if (secs.length === 0) return this.cancel(pod, true);
    const min = Math.max(0, Math.min(...secs)) * 1000;
    this.evictAt(pod, min);
  }

  private evictAt(pod: KObject, afterMs: number): void {
    const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
    const now = this.ctx.sim.clock.nowMs();
    const prev = this.scheduled.get(key);
    const createdAt = prev?.createdAt ?? now;
    const fireAt = createdAt + afterMs;
    if (prev && prev.fireAt <= fireAt) return;
    const token = ++this.tokens;
    this.scheduled.set(key, { createdAt, fireAt, token });
    this.ctx.proc.schedule(Math.max(0, fireAt - now), `evict ${key}`, () => {
      if (this.scheduled.get(key)?.token !== token) return;
      this.scheduled.delete(key);
      this.deletePod(pod.metadata.namespace!, pod.metadata.name!);
    });
  }

  private cancel(pod: KObject, withEvent: boolean): void {
    const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
    if (!this.scheduled.delete(key)) return;
    if (withEvent) this.recorder.event(withKind(pod, 'v1', 'Pod'), 'Normal', 'TaintManagerEviction', `Cancelling deletion of Pod ${key}`);
  }

  /** addConditionAndDeletePod: the DisruptionTarget condition, then a delete with the Pod's own grace period. */
  private deletePod(ns: string, name: string): void {
    const pod = this.podInformer.getByName(ns, name);
    if (!pod || pod.metadata.deletionTimestamp) return;
    this.recorder.event(withKind(pod, 'v1', 'Pod'), 'Normal', 'TaintManagerEviction', `Marking for deletion Pod ${ns}/${name}`);
    try {
      const now = this.ctx.sim.clock.nowRFC3339();
      const conditions = [
        ...(pod.status?.conditions ?? []).filter((c: any) => c.type !== 'DisruptionTarget'),
        { type: 'DisruptionTarget', status: 'True', lastTransitionTime: now, reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' },
      ];
      this.ctx.client.updateStatus('pods', ns, withKind({ ...pod, status: { ...pod.status, conditions } }, 'v1', 'Pod'));
      this.ctx.client.delete('pods', ns, name);
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
    }
  }
}

function noExecuteTaints(node: KObject): Taint[] {
  return (node.spec?.taints ?? []).filter((t: Taint) => t.effect === 'NoExecute');
}

function noExecuteKey(node: KObject): string {
  return noExecuteTaints(node)
    .map((t) => `${t.key}=${t.value ?? ''}`)
    .sort()
    .join(',');
}
