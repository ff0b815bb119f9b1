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
import { mutant } from '../../sim/mutants';

const BY_NODE = 'byNodeName';
/** deletePodHandler's retries. */
const DELETE_RETRIES = 5;

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
  /**
   * TimedWorkerQueue's workers by Pod key: null once the eviction has run (upstream keeps a nil
   * worker then, so that no eviction is added again until the work is cancelled).
   */
  private readonly scheduled = new Map<string, Scheduled | null>();
  private tokens = 0;

  constructor(private readonly ctx: ComponentContext) {
    this.recorder = ctx.recorder('taint-eviction-controller');
    this.nodeInformer = ctx.informers.get('nodes');
    this.podInformer = ctx.informers.get('pods');
    this.podInformer.addIndexer(BY_NODE, byNodeName);
    // NodeUpdated: only when the NoExecute taints differ (Semantic.DeepEqual: order and timeAdded count).
    const onNode = (old: KObject | undefined, n: KObject) => {
      if (old && noExecuteKey(old) === noExecuteKey(n)) return;
      for (const pod of this.podInformer.byIndex(BY_NODE, n.metadata.name!)) this.processPod(pod, n);
    };
    this.nodeInformer.addEventHandler({ onAdd: (n) => onNode(undefined, n), onUpdate: onNode });
    const onPod = (p: KObject) => {
      const node = p.spec?.nodeName && this.nodeInformer.getByName(undefined, p.spec.nodeName);
      if (node) this.processPod(p, node);
    };
    this.podInformer.addEventHandler({
      onAdd: onPod,
      // PodUpdated: only when the tolerations or the node change (a Pod's deletion with a grace period does not).
      onUpdate: (o, p) => {
        if (o.spec?.nodeName === p.spec?.nodeName && JSON.stringify(o.spec?.tolerations ?? []) === JSON.stringify(p.spec?.tolerations ?? [])) return;
        onPod(p);
      },
      // handlePodUpdate: a Pod no longer in the lister cancels its eviction with an Event (cancelWorkWithEvent).
      onDelete: (p) => this.cancel(p, true),
    });
  }

  /** processPodOnNode. */
  private processPod(pod: KObject, node: KObject): void {
    const taints = noExecuteTaints(node);
    if (taints.length === 0) return this.cancel(pod, true);
    const { allTolerated, used } = getMatchingTolerations(taints, pod.spec?.tolerations ?? []);
    if (!allTolerated) return this.evictNow(pod);
    const min = getMinTolerationTime(used);
    if (min < 0) return this.cancel(pod, true); // tolerated forever
    if (mutant('taint-eviction-fifth-of-toleration')) return this.evictAt(pod, min / 5);
    this.evictAt(pod, mutant('taint-eviction-ignores-toleration-seconds') ? 0 : min);
  }

  /** The eviction scheduled for a Pod ("namespace/name"), as upstream's GetWorkerUnsafe shows it. */
  scheduledEviction(key: string): { createdAt: number; fireAt: number } | undefined {
    const s = this.scheduled.get(key);
    return s ? { createdAt: s.createdAt, fireAt: s.fireAt } : undefined;
  }

  /** A taint the Pod does not tolerate: any scheduled eviction is replaced by one now. */
  private evictNow(pod: KObject): void {
    this.cancel(pod, true);
    const now = this.ctx.sim.clock.nowMs();
    this.addWork(pod, now, now);
  }

  /**
   * Tolerated for `afterMs`: evict then, unless an eviction is already scheduled from an earlier
   * instant (upstream keeps that one, so neither a longer nor a shorter toleration moves it).
   */
  private evictAt(pod: KObject, afterMs: number): void {
    const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
    const now = this.ctx.sim.clock.nowMs();
    const prev = this.scheduled.get(key);
    let createdAt = now;
    if (prev) {
      createdAt = prev.createdAt;
      if (createdAt + afterMs < now + afterMs) return;
      this.cancel(pod, true);
    }
    this.addWork(pod, createdAt, now + afterMs);
  }

  /**
   * TimedWorkerQueue.AddWork: runs the eviction at fireAt; nothing when work for the Pod exists,
   * even work that has run. Once run, the work stays (as null) when the eviction succeeded, and is
   * dropped when it failed.
   */
  private addWork(pod: KObject, createdAt: number, fireAt: number): void {
    const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
    if (this.scheduled.has(key)) return;
    const token = ++this.tokens;
    this.scheduled.set(key, { createdAt, fireAt, token });
    this.ctx.proc.schedule(Math.max(0, fireAt - this.ctx.sim.clock.nowMs()), `evict ${key}`, () => {
      if (this.scheduled.get(key)?.token !== token) return;
      if (this.deletePod(pod.metadata.namespace!, pod.metadata.name!)) this.scheduled.set(key, null);
      else this.scheduled.delete(key);
    });
  }

  private cancel(pod: KObject, withEvent: boolean): void {
    const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
    const worker = this.scheduled.get(key);
    this.scheduled.delete(key);
    // CancelWork says true only for work that has not run.
    if (!worker) return;
    if (withEvent) this.recorder.event(withKind(pod, 'v1', 'Pod'), 'Normal', 'TaintManagerEviction', `Cancelling deletion of Pod ${key}`);
  }

  /**
   * deletePodHandler: the Marking for deletion Event, then addConditionAndDeletePod tried up to
   * five times (upstream sleeps 10 ms between tries; here they follow at once). A retry reads the
   * Pod from the API server, as every upstream try does (the first try here uses the informer's copy).
   */
  private deletePod(ns: string, name: string): boolean {
    const cached = this.podInformer.getByName(ns, name);
    if (!cached) return false;
    this.recorder.event(withKind(cached, 'v1', 'Pod'), 'Normal', 'TaintManagerEviction', `Marking for deletion Pod ${ns}/${name}`);
    for (let i = 0; i < DELETE_RETRIES; i++) {
      try {
        this.addConditionAndDeletePod(i === 0 ? cached : this.ctx.client.get('pods', ns, name));
        return true;
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        if (e.code === 404) return false;
      }
    }
    return false;
  }

  /**
   * addConditionAndDeletePod: the DisruptionTarget condition (patched only when it changes:
   * apipod.UpdatePodCondition), then a delete with the Pod's own grace period.
   */
  private addConditionAndDeletePod(pod: KObject): void {
    const ns = pod.metadata.namespace!;
    const name = pod.metadata.name!;
    const condition = { type: 'DisruptionTarget', status: 'True', reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' };
    const old = (pod.status?.conditions ?? []).find((c: any) => c?.type === condition.type);
    if (!old || old.status !== condition.status || old.reason !== condition.reason || old.message !== condition.message) {
      // utilpod.PatchPodStatus: a strategic merge patch of the condition, guarded by the Pod's UID.
      const lastTransitionTime = old?.status === condition.status ? old.lastTransitionTime : this.ctx.sim.clock.nowRFC3339();
      this.ctx.client.patch('pods', ns, name, 'strategic', { metadata: { uid: pod.metadata.uid }, status: { conditions: [{ type: condition.type, status: condition.status, lastTransitionTime, reason: condition.reason, message: condition.message }] } }, { subresource: 'status' });
    }
    this.ctx.client.delete('pods', ns, name);
  }
}

/**
 * v1helper.GetMatchingTolerations: every taint must be tolerated; for each, the first toleration
 * that tolerates it is the one used (a later, shorter one for the same taint does not count).
 */
export function getMatchingTolerations(taints: Taint[], tolerations: Toleration[]): { allTolerated: boolean; used: Toleration[] } {
  const used: Toleration[] = [];
  for (const taint of taints) {
    const t = tolerations.find((tol) => toleratesTaint(tol, taint));
    if (!t) return { allTolerated: false, used: [] };
    used.push(t);
  }
  return { allTolerated: true, used };
}

/**
 * getMinTolerationTime, in ms: 0 for no tolerations or one of at most 0 s, -1 when none has
 * tolerationSeconds (tolerated forever), else the shortest.
 */
export function getMinTolerationTime(tolerations: Toleration[]): number {
  if (tolerations.length === 0) return 0;
  let min = Infinity;
  for (const t of tolerations) {
    if (typeof t.tolerationSeconds !== 'number') continue;
    if (t.tolerationSeconds <= 0) return 0;
    min = Math.min(min, t.tolerationSeconds);
  }
  return min === Infinity ? -1 : min * 1000;
}

function noExecuteTaints(node: KObject): Taint[] {
  return (node.spec?.taints ?? []).filter((t: Taint) => t.effect === 'NoExecute');
}

/** The NoExecute taints in order, with their timeAdded, for Semantic.DeepEqual. */
function noExecuteKey(node: KObject): string {
  return JSON.stringify(noExecuteTaints(node).map((t) => [t.key, t.value ?? '', t.timeAdded ?? '']));
}
