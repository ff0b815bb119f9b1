import type { Cluster } from '../model/cluster';
import type { TraceEntry } from '../model/sim/trace';
import { messagesOf } from './interactions';
import { podHistories } from './pod-timeline';
import { sequenceSvg } from './sequence-svg';
import { duration } from './svg';
import { timelineSvg } from './timeline-svg';

/**
 * What a scenario's report carries besides pass or fail: the sequence diagram of what the
 * components did during it, the Pods' timeline, and for a failure what was expected against
 * what happened and the stretch of trace that led there.
 */
export interface Attachment {
  fileName: string;
  mediaType: 'image/svg+xml' | 'text/plain';
  body: string;
}

/** Where the scenario's own work begins: the trace, etcd and clock once the cluster was up. */
export interface Mark {
  entries: number;
  revision: number;
  t: number;
}

export function markOf(cluster: Cluster): Mark {
  return { entries: cluster.sim.trace.entries.length, revision: cluster.etcd.currentRevision, t: cluster.sim.now() };
}

export interface Failure {
  message: string;
  /** The step that failed, and where the trace stood when it began. */
  step?: { text: string; fromEntry: number };
}

/** Entries shown before the failing step began, for context. */
const CONTEXT_BEFORE = 20;
/** At most this many lines of trace in a failure's slice (the last ones: closest to the failure). */
const SLICE_MAX = 60;

export function scenarioAttachments(cluster: Cluster, mark: Mark, name: string, failure?: Failure): Attachment[] {
  const out: Attachment[] = [];
  const all = cluster.sim.trace.entries;
  const mine = all.slice(mark.entries);
  const messages = messagesOf(mine);
  const now = cluster.sim.now();
  if (messages.length)
    out.push({
      fileName: 'sequence-diagram.svg',
      mediaType: 'image/svg+xml',
      body: sequenceSvg(messages, { title: `Component interactions: ${name}`, t0: mark.t, note: 'etcd reads not drawn; kubelet and containerd: every node' }),
    });
  const pods = podHistories(cluster.etcd, cluster.sim.trace, mark.revision + 1, mine);
  if (pods?.length) out.push({ fileName: 'pod-timeline.svg', mediaType: 'image/svg+xml', body: timelineSvg(pods, { title: `Pods over virtual time: ${name}`, t0: mark.t, t1: now }) });
  if (failure) {
    out.push({ fileName: 'expected-and-actual.txt', mediaType: 'text/plain', body: expectedAndActual(failure) });
    const from = Math.max(mark.entries, (failure.step?.fromEntry ?? all.length) - CONTEXT_BEFORE);
    const start = Math.max(from, all.length - SLICE_MAX);
    const slice = all.slice(start);
    if (slice.length) {
      out.push({ fileName: 'trace-at-failure.txt', mediaType: 'text/plain', body: traceText(all, start, mark.t, failure.step) });
      const around = messagesOf(slice);
      if (around.length) out.push({ fileName: 'sequence-at-failure.svg', mediaType: 'image/svg+xml', body: sequenceSvg(around, { title: `Interactions before the failure: ${name}`, t0: mark.t, note: 'the stretch of trace before the failure' }) });
    }
  }
  return out;
}

/** Terminal colours off: the message as a reader of the report sees it. */
export function plain(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\u001b\[[0-9;]*m/g, '');
}

/** The failing step and its message, which carries the expected and received values. */
export function expectedAndActual(f: Failure): string {
  return `${f.step ? `Step: ${f.step.text}\n\n` : ''}${plain(f.message).trimEnd()}\n`;
}

/** One trace entry a line, times from the scenario's start, the failing step's start marked. */
export function traceText(entries: readonly TraceEntry[], start: number, t0: number, step?: { text: string; fromEntry: number }): string {
  const lines: string[] = [];
  for (let i = start; i < entries.length; i++) {
    const e = entries[i];
    if (step && i === step.fromEntry) lines.push(`--- ${step.text} ---`);
    lines.push(`${`+${duration(Math.max(0, e.t - t0))}`.padStart(8)}  ${e.kind.padEnd(9)} ${e.actor} ${e.verb} ${e.target}${e.detail ? ` (${e.detail})` : ''}`);
  }
  if (step && step.fromEntry >= entries.length) lines.push(`--- ${step.text} --- (no trace after it began)`);
  return lines.join('\n') + '\n';
}
