/**
 * Where Pods may go and when they must leave: no binding to a cordoned node or one whose taints
 * the Pod does not tolerate (once the scheduler has had time to see them), and no taint
 * eviction before the Pod's tolerationSeconds have passed since the node was tainted NoExecute.
 */
import type { KObject } from '../../model/api/meta';
import type { Calm } from './calm';

/** How long the scheduler may act on a node it has not yet seen change (a watch event's way). */
const SCHEDULER_GRACE_MS = 2000;

interface Taint {
  key: string;
  value?: string;
  effect: string;
}

interface NodeView {
  taints: Taint[];
  /** Since when each taint (key:effect) has been on the node. */
  taintSince: Map<string, number>;
  unschedulableSince?: number;
  /** Since when the node has had at least one NoExecute taint, and every NoExecute taint seen since. */
  noExecuteSince?: number;
  noExecuteSeen: Taint[];
}

/** v1 Toleration.ToleratesTaint, written again here so the checker does not share the model's code. */
export function tolerates(tol: any, t: Taint): boolean {
  if (tol.effect && tol.effect !== t.effect) return false;
  if (tol.operator === 'Exists') return !tol.key || tol.key === t.key;
  return tol.key === t.key && (tol.value ?? '') === (t.value ?? '');
}

const UNSCHEDULABLE: Taint = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' };
const taintKey = (t: Taint) => `${t.key}:${t.effect}`;

export class NodeChecks {
  private readonly nodes = new Map<string, NodeView>();
  private readonly boundAt = new Map<string, number>();

  constructor(
    private readonly calm: Calm,
    private readonly now: () => number,
    private readonly violate: (msg: string) => void,
  ) {}

  onNode(name: string, node: KObject | undefined): void {
    if (!node) return void this.nodes.delete(name);
    const now = this.now();
    const v: NodeView = this.nodes.get(name) ?? { taints: [], taintSince: new Map(), noExecuteSeen: [] };
    const taints: Taint[] = node.spec?.taints ?? [];
    const since = new Map<string, number>();
    for (const t of taints) since.set(taintKey(t), v.taintSince.get(taintKey(t)) ?? now);
    v.taintSince = since;
    v.taints = taints;
    v.unschedulableSince = node.spec?.unschedulable ? (v.unschedulableSince ?? now) : undefined;
    const noExecute = taints.filter((t) => t.effect === 'NoExecute');
    if (noExecute.length === 0) {
      v.noExecuteSince = undefined;
      v.noExecuteSeen = [];
    } else {
      v.noExecuteSince ??= now;
      for (const t of noExecute) if (!v.noExecuteSeen.some((s) => taintKey(s) === taintKey(t) && s.value === t.value)) v.noExecuteSeen.push(t);
    }
    this.nodes.set(name, v);
  }

  /** A Pod's first binding: every NoSchedule/NoExecute taint the scheduler has seen must be tolerated, and the node not cordoned. */
  onBind(key: string, pod: KObject, node: string): void {
    this.boundAt.set(pod.metadata.uid!, this.now());
    const v = this.nodes.get(node);
    if (!v) return;
    const tols: any[] = pod.spec?.tolerations ?? [];
    const seen = (since: number | undefined) => since !== undefined && this.calm.settled('kube-scheduler', since, SCHEDULER_GRACE_MS);
    if (seen(v.unschedulableSince) && !tols.some((t) => tolerates(t, UNSCHEDULABLE)))
      this.violate(`pod ${key} bound to ${node}, cordoned (spec.unschedulable) since ${(v.unschedulableSince! / 1000).toFixed(3)}s`);
    for (const t of v.taints) {
      if (t.effect !== 'NoSchedule' && t.effect !== 'NoExecute') continue;
      if (seen(v.taintSince.get(taintKey(t))) && !tols.some((tol) => tolerates(tol, t))) this.violate(`pod ${key} bound to ${node}, whose taint ${t.key}=${t.value ?? ''}:${t.effect} it does not tolerate`);
    }
  }

  /**
   * The taint eviction controller marked the Pod (DisruptionTarget, DeletionByTaintManager):
   * no earlier than the shortest tolerationSeconds of the NoExecute taints it has been under
   * since both it was on the node and the node was tainted (a taint not tolerated: at once).
   */
  onEviction(key: string, pod: KObject): void {
    const node = pod.spec?.nodeName;
    const v = node && this.nodes.get(node);
    if (!v || v.noExecuteSince === undefined) return this.violate(`pod ${key} evicted by the taint manager from ${node}, which has no NoExecute taint`);
    const from = Math.max(v.noExecuteSince, this.boundAt.get(pod.metadata.uid!) ?? 0);
    let minMs = Infinity;
    for (const t of v.noExecuteSeen) {
      const tol = (pod.spec?.tolerations ?? []).find((x: any) => tolerates(x, t));
      const ms = !tol ? 0 : typeof tol.tolerationSeconds !== 'number' ? Infinity : Math.max(0, tol.tolerationSeconds) * 1000;
      minMs = Math.min(minMs, ms);
    }
    const now = this.now();
    if (minMs === Infinity) this.violate(`pod ${key} evicted from ${node}, though it tolerates its NoExecute taints forever`);
    else if (now < from + minMs) this.violate(`pod ${key} evicted from ${node} ${((now - from) / 1000).toFixed(3)}s after the NoExecute taint, before its tolerationSeconds (${minMs / 1000}s)`);
  }
}
