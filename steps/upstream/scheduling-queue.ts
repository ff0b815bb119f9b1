/**
 * Upstream's scheduling queue tests (fixtures/upstream/scheduling-queue.json) on the model's
 * PriorityQueue, driven as NewTestQueue drives it: a fake clock only the test moves, the flush
 * loops called by the test, Pods in and out through Add, Pop, AddUnschedulableIfNotPresent and
 * MoveAllToActiveOrBackoffQueue.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { KObject } from '../../model/api/meta';
import { PriorityQueue, type ClusterEvent } from '../../model/scheduler/queue/scheduling-queue';
import { backoffDuration, backoffExpiry, queueKey, type QueuedPodInfo } from '../../model/scheduler/queue/queued-pod-info';
import { failuresOf, same, upstreamTable } from './fixtures';

const FILE = 'scheduling-queue';
const fixture = () => JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'upstream', `${FILE}.json`), 'utf8'));

/** A set every plugin is in: a wildcard event (UnschedulableTimeout) concerns them all. */
const EVERY_PLUGIN: ReadonlySet<string> = Object.assign(new Set<string>(), { has: () => true });

interface PodFixture {
  namespace?: string;
  priority?: number;
  /** A variant: the named Pod with these changes. */
  base?: string;
  annotations?: Record<string, string>;
  nominatedNodeName?: string;
  tolerations?: unknown[];
  schedulingGates?: string[];
}

class QueueTest {
  now = 0;
  /** The queue's timers (its flush loops), run by 'step' when the case lets them run. */
  private timers: { at: number; seq: number; fn: () => void }[] = [];
  private timerSeq = 0;
  readonly q = new PriorityQueue({
    now: () => this.now,
    schedule: (ms, _label, fn) => {
      if (this.withTimers) this.timers.push({ at: this.now + ms, seq: this.timerSeq++, fn });
    },
    onActive: () => undefined,
  });
  private readonly popped = new Map<string, QueuedPodInfo>();
  private seq = 1_000_000;
  private readonly marks = new Map<string, number>();

  constructor(
    private readonly pods: Record<string, PodFixture>,
    private readonly events: Record<string, { plugins: string[] | '*' }>,
    private readonly withTimers = false,
  ) {}

  /** Moves the clock on by ms, running each timer that falls due on the way, in order. */
  private advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers.splice(this.timers.indexOf(due), 1);
      this.now = due.at;
      due.fn();
    }
    this.now = end;
  }

  /** st.MakePod() by name; a variant is its base Pod (same name) with the variant's changes. */
  pod(ref: string): KObject {
    const v = this.pods[ref];
    if (!v) throw new Error(`no pod ${ref} in the fixture`);
    const name = v.base ?? ref;
    const p = v.base ? this.pods[v.base] : v;
    const spec: any = { containers: [], ...(p.priority !== undefined ? { priority: p.priority } : {}) };
    if (v.tolerations) spec.tolerations = v.tolerations;
    if (v.schedulingGates) spec.schedulingGates = v.schedulingGates.map((g) => ({ name: g }));
    const pod: KObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: p.namespace, ...(v.annotations ? { annotations: v.annotations } : {}) }, spec };
    if (v.nominatedNodeName) pod.status = { nominatedNodeName: v.nominatedNodeName };
    return pod;
  }

  event(name: string): ClusterEvent {
    const e = this.events[name];
    return { label: name, plugins: e.plugins === '*' ? EVERY_PLUGIN : new Set(e.plugins), wildcard: e.plugins === '*', hint: () => true };
  }

  /** The Pod names in each sub-queue. */
  names(): Record<string, string[]> {
    const p = this.q.pendingPods();
    const n = (l: QueuedPodInfo[]) => l.map((i) => i.pod.metadata.name!);
    return { active: n(p.active), backoff: n(p.backoff), unschedulable: n(p.unschedulable) };
  }

  run(step: any): string | undefined {
    if (step.add) this.q.add(this.pod(step.add));
    else if (step.update) this.q.update(this.pod(step.update[0]), this.pod(step.update[1]));
    else if (step.delete) this.q.delete(this.pod(step.delete));
    else if (step.popNone) {
      const p = this.q.pop();
      if (p) return `popped ${p.pod.metadata.name}, want nothing`;
    } else if (step.pop) {
      const p = this.q.pop();
      if (!p || p.pod.metadata.name !== step.pop) return `popped ${p?.pod.metadata.name}, want ${step.pop}`;
      if (step.attempts !== undefined && p.attempts !== step.attempts) return `${step.pop} has ${p.attempts} attempts, want ${step.attempts}`;
      this.popped.set(step.pop, p);
    } else if (step.unschedulable) {
      const info: QueuedPodInfo = step.popped
        ? this.popped.get(step.unschedulable)!
        : { pod: this.pod(step.unschedulable), timestamp: this.now, attempts: step.attempts ?? 1, unschedulablePlugins: new Set(step.plugins), gated: false, seq: this.seq++ };
      if (step.plugins) info.unschedulablePlugins = new Set(step.plugins);
      const cycle = typeof step.cycle === 'string' ? this.marks.get(step.cycle)! : step.cycle;
      this.q.addUnschedulableIfNotPresent(info, cycle ?? this.q.schedulingCycle);
    } else if (step.cycleMark) {
      this.marks.set(step.cycleMark, this.q.schedulingCycle);
    } else if (step.move) this.q.moveAllToActiveOrBackoffQueue(this.event(step.move));
    else if (step.moveExcept) {
      // MoveAllToActiveOrBackoffQueue with a preCheck that keeps one Pod where it is.
      const keep = queueKey(this.pod(step.moveExcept.pod));
      this.q.moveAllToActiveOrBackoffQueue(this.event(step.moveExcept.event), (p) => queueKey(p.pod) !== keep);
    } else if (step.step !== undefined) this.advance(step.step);
    else if (step.flushBackoff) this.q.flushBackoffQCompleted();
    else if (step.flushUnschedulable) this.q.flushUnschedulablePodsLeftover();
    else if (step.popBackoffCompleted) this.q.popBackoffCompleted();
    else if (step.expectIn) {
      const got = this.names();
      for (const [queue, want] of Object.entries(step.expectIn as Record<string, string[]>)) {
        const p = same([...got[queue]].sort(), [...want].sort());
        if (p) return `${queue}: ${p}`;
      }
    } else if (step.expectOrder) {
      // The order each sub-queue hands its Pods out (activeQ by priority, backoffQ by expiry).
      const got = this.names();
      for (const [queue, want] of Object.entries(step.expectOrder as Record<string, string[]>)) {
        const p = same(got[queue], want);
        if (p) return `${queue} order: ${p}`;
      }
    } else if (step.expectCount) {
      const got = this.names();
      for (const [queue, want] of Object.entries(step.expectCount as Record<string, number>))
        if (got[queue].length !== want) return `${queue} holds ${got[queue].length} (${got[queue].join(', ')}), want ${want}`;
    } else if (step.expectPodIn) {
      // The queued Pod is the given version of it (an update replaced it where it waits).
      const { queue, pod } = step.expectPodIn;
      const want = this.pod(pod);
      const list: QueuedPodInfo[] = (this.q.pendingPods() as any)[queue];
      const got = list.find((i) => queueKey(i.pod) === queueKey(want));
      if (!got) return `${queueKey(want)} is not in ${queue} (${JSON.stringify(this.names())})`;
      const p = same(got.pod, want);
      if (p) return `${queueKey(want)} in ${queue}: ${p}`;
    } else if (step.expectGated !== undefined) {
      const p = this.q.pendingPods().unschedulable.find((i) => i.pod.metadata.name === step.expectGated.pod);
      if (!!p?.gated !== step.expectGated.gated) return `${step.expectGated.pod} gated ${!!p?.gated}, want ${step.expectGated.gated}`;
    } else if (step.expectBackoff) {
      const info = this.q.pendingPods().backoff.find((i) => queueKey(i.pod) === queueKey(this.pod(step.expectBackoff.pod)));
      if (!info) return `${step.expectBackoff.pod} is not in backoffQ`;
      const got = backoffExpiry(info) - this.now;
      if (got !== step.expectBackoff.ms) return `back-off of ${step.expectBackoff.pod}: ${got} ms, want ${step.expectBackoff.ms}`;
    } else throw new Error(`unknown step ${JSON.stringify(step)}`);
    return undefined;
  }
}

function runCase(c: any): string | undefined {
  const { pods, events } = fixture();
  const t = new QueueTest(pods, events, c.timers === true);
  for (const [i, step] of c.steps.entries()) {
    const p = t.run(step);
    if (p) return `step ${i + 1} (${JSON.stringify(step)}): ${p}`;
  }
  return undefined;
}

export const SCHEDULING_QUEUE_TABLES: Record<string, () => string[]> = {
  // TestPriorityQueue_calculateBackoffDuration.
  backoffDuration: () => failuresOf(upstreamTable(FILE, 'backoffDuration'), (c) => same(backoffDuration(c.attempts, c.initial, c.max), c.want)),
  cases: () => failuresOf(upstreamTable(FILE, 'cases'), runCase),
  // The flush loops on their timers, the in-flight event rules, and the sub-queues' order.
  loops: () => failuresOf(upstreamTable(FILE, 'loops'), runCase),
};
